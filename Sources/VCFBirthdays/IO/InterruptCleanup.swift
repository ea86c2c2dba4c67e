#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes unfinished temporary output files when the program is interrupted (SIGINT, SIGTERM,
/// SIGHUP), then ends it by the same signal, so `-o` never leaves a partial file behind.
/// The signal handler only calls `unlink` on paths prepared beforehand: it is async-signal-safe.
public enum InterruptCleanup {
    private static let capacity = 16
    nonisolated(unsafe) private static var paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 16)
    nonisolated(unsafe) private static var installed = false

    /// Installs the handlers (once). A SIGINT ignored at start-up, as for background jobs, stays
    /// ignored; signals a parent blocked are unblocked, so an interruption is always noticed.
    public static func install() {
        guard !installed else { return }
        installed = true
        paths.initialize(repeating: nil, count: capacity)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var old = sigaction()
            sigaction(sig, nil, &old)
            if sig == SIGINT && isIgnored(old) { continue }
            var action = sigaction()
            setHandler(&action)
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, nil)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, sig)
            sigprocmask(SIG_UNBLOCK, &set, nil)
        }
    }

    /// Runs `body` with the handled signals held back (delivered when it returns), so that a
    /// file it creates and watches cannot be left behind by a signal that comes in between.
    static func holdingSignals<R>(_ body: () throws -> R) rethrows -> R {
        var held = sigset_t(), old = sigset_t()
        sigemptyset(&held)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, sig) }
        sigprocmask(SIG_BLOCK, &held, &old)
        defer { sigprocmask(SIG_SETMASK, &old, nil) }
        return try body()
    }

    /// Watches a temporary file until `forget` is called with the same path.
    static func watch(_ path: String) {
        for i in 0..<capacity where paths[i] == nil {
            paths[i] = strdup(path)
            return
        }
    }

    static func forget(_ path: String) {
        for i in 0..<capacity {
            if let p = paths[i], String(cString: p) == path {
                paths[i] = nil
                free(p)
            }
        }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #else
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #endif
    }

    private static func setHandler(_ action: inout sigaction) {
        let handler: @convention(c) (Int32) -> Void = { sig in
            for i in 0..<InterruptCleanup.capacity {
                if let p = InterruptCleanup.paths[i] { unlink(p) }
            }
            signal(sig, SIG_DFL)
            raise(sig)
        }
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
    }
}
