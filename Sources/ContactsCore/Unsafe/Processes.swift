// The process's C interfaces that take pointers (the environment, `posix_spawn`, threads and
// their locks, the signal handlers that clean up after an interruption), behind safe functions (scripts/unsafe-census.txt lists the files that still hold unsafe code).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables, as `NAME=value` pairs split at their first `=`.
package func processEnvironment() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let pair = String(cString: pointer)
        if let equals = pair.firstIndex(of: "=") {
            variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        entry += 1
    }
    return variables
}

/// Starts `arguments[0]` (found in `PATH` when `searchesPath`, else a path) with `arguments`
/// and this process's environment; its standard output goes to `output` when given, and
/// `closing` is closed in it. The child's process id, or the error number it could not start by.
package func spawnProcess(_ arguments: [String], searchesPath: Bool, output: Int32? = nil, closing: Int32? = nil) -> Result<pid_t, Errno> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) }
    if let closing { posix_spawn_file_actions_addclose(&actions, closing) }
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = searchesPath ? posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
                               : posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    return spawned == 0 ? .success(pid) : .failure(Errno(code: spawned))
}

/// An error number (`errno`) as an error.
package struct Errno: Error, Equatable {
    /// The number.
    package var code: Int32
    /// What the system says it means.
    package var reason: String { System.errorText(code) }
}

/// Starts a detached thread that runs `body`; false when none could be made.
package func startThread(_ body: @escaping () -> Void) -> Bool {
    let context = Unmanaged.passRetained(ThreadBody(body))
    var thread = pthread_t()
    let made = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context.toOpaque())
    guard made == 0 else {
        context.release()
        return false
    }
    pthread_detach(thread)
    return true
}

/// The body of one thread, handed to `pthread_create` through an unmanaged pointer.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// A mutex with one condition variable.
package final class ThreadLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func locked<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a signal; call with the lock held.
    func wait() { pthread_cond_wait(condition, mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }
}

/// Removes unfinished temporary output files when a signal ends the program (every signal
/// that ends it by default and can be caught: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1,
/// SIGALRM, a crash's SIGSEGV or SIGILL, …), then ends it by the same signal, so an output never
/// leaves a partial file behind. On a crash, the handler that was there before (the Swift
/// runtime's backtrace, a sanitizer's) runs after the files are removed. Only SIGKILL (and a power cut)
/// leaves one: `.NAME.tmp-XXXXXX` beside the output. The handler only calls `unlink` on paths prepared beforehand: it is
/// async-signal-safe. The list of paths changes only with the signals held back, and worker
/// threads start with them held back too, so the handler never sees it half changed; threads
/// that open outputs at once (a library's users, the tests) change it one at a time.
public enum InterruptCleanup {
    nonisolated(unsafe) private static var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var capacity = 0
    nonisolated(unsafe) private static var handled = sigset_t()
    nonisolated(unsafe) private static var installed = false
    /// Held while the list of paths changes.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    /// The action each signal had before, by number.
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 128)

    /// The signals that end a program by default and can be caught.
    static var terminatingSignals: [Int32] {
        var signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV,
                                SIGUSR2, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS]
        #if os(Linux)
        signals += [SIGSTKFLT, SIGPOLL, SIGPWR]
        signals += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        #endif
        return signals
    }

    /// Installs the handlers (once). A signal ignored at start-up (`nohup`, background jobs)
    /// stays ignored. Signals a parent blocked are unblocked, so an interruption is always noticed.
    public static func install() {
        guard !installed else { return }
        installed = true
        sigemptyset(&handled)
        previous.initialize(repeating: sigaction(), count: 128)
        for sig in terminatingSignals where sig < 128 {
            guard sigaction(sig, nil, previous + Int(sig)) == 0, !isIgnored(previous[Int(sig)]) else { continue }
            var action = sigaction()
            setHandler(&action)
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO
            guard sigaction(sig, &action, nil) == 0 else { continue }
            sigaddset(&handled, sig)
        }
        sigprocmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Runs `body` with the handled signals held back (delivered when it returns): a file it
    /// creates and watches cannot be left behind by a signal that comes in between, and a
    /// thread it starts starts with them held back.
    static func holdingSignals<R>(_ body: () throws -> R) rethrows -> R {
        var old = sigset_t()
        pthread_sigmask(SIG_BLOCK, &handled, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        return try body()
    }

    /// `holdingSignals`, with the list of paths to itself.
    private static func changingPaths(_ body: () -> Void) {
        holdingSignals {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            body()
        }
    }

    /// Watches a temporary file until `forget` is called with the same path.
    static func watch(_ path: String) {
        changingPaths {
            if let free = (0..<capacity).first(where: { paths![$0] == nil }) {
                paths![free] = strdup(path)
                return
            }
            let grown = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: max(16, capacity * 2))
            grown.initialize(repeating: nil, count: max(16, capacity * 2))
            if let old = paths {
                grown.update(from: old, count: capacity)
                old.deallocate()
            }
            grown[capacity] = strdup(path)
            paths = grown
            capacity = max(16, capacity * 2)
        }
    }

    static func forget(_ path: String) {
        changingPaths {
            for i in 0..<capacity {
                if let p = paths![i], String(cString: p) == path {
                    paths![i] = nil
                    free(p)
                }
            }
        }
    }

    private static func isCrash(_ sig: Int32) -> Bool {
        sig == SIGILL || sig == SIGTRAP || sig == SIGABRT || sig == SIGBUS || sig == SIGFPE || sig == SIGSEGV || sig == SIGSYS
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return action.sa_flags & SA_SIGINFO == 0 && handler.map { unsafeBitCast($0, to: Int.self) == 1 } == true  // SIG_IGN
    }

    private static func setHandler(_ action: inout sigaction) {
        let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { sig, info, context in
            if let paths = InterruptCleanup.paths {
                for i in 0..<InterruptCleanup.capacity {
                    if let p = paths[i] { unlink(p) }
                }
            }
            let old = InterruptCleanup.previous[Int(sig)]
            #if canImport(Glibc)
            let (plain, withInfo) = (old.__sigaction_handler.sa_handler, old.__sigaction_handler.sa_sigaction)
            #else
            let (plain, withInfo) = (old.__sigaction_u.__sa_handler, old.__sigaction_u.__sa_sigaction)
            #endif
            // A crash goes on to the handler that was there (the runtime's backtrace); any
            // other signal ends the program as it would have without us.
            if !InterruptCleanup.isCrash(sig) {
                signal(sig, SIG_DFL)
                raise(sig)
            } else if old.sa_flags & SA_SIGINFO != 0, let withInfo {
                withInfo(sig, info, context)
            } else if let plain {
                plain(sig)
            } else {
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
        #if canImport(Glibc)
        action.__sigaction_handler.sa_sigaction = handler
        #else
        action.__sigaction_u.__sa_sigaction = handler
        #endif
    }
}
