// The process's C interfaces that take pointers (the environment, `posix_spawn`, threads and
// their locks), behind safe functions (scripts/unsafe-census.txt lists the files that still hold unsafe code).
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
