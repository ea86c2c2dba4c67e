/// A fixed set of threads that run submitted work in submission order (first come, first
/// taken). The threads start with the first piece of work and end when the pool is released.
package final class WorkerThreads: @unchecked Sendable {
    /// How many threads there are at most.
    package let count: Int
    private let queue: WorkQueue

    package init(count: Int) {
        self.count = max(1, count)
        queue = WorkQueue(threads: self.count)
    }

    deinit {
        queue.stop()
    }

    /// About how many input bytes the threaded parsers hand a worker at a time, and how many
    /// they read at once: with `count + 1` parts in flight, this bounds the input held in memory.
    package static let partBytes = 64 << 10

    package func submit(_ work: @escaping @Sendable () -> Void) {
        guard queue.add(work) else { return }
        let queue = self.queue  // each thread keeps the queue alive until it stops
        // Started with the signals held back: only the main thread takes them (InterruptCleanup).
        let started = InterruptCleanup.holdingSignals { startThread { queue.run() } }
        if !started {  // no thread: do the work here rather than never
            queue.threadFailed()
            queue.run(untilEmpty: true)
        }
    }
}

/// The work waiting for the threads of a `WorkerThreads`.
private final class WorkQueue: @unchecked Sendable {
    private let threads: Int
    private let lock = ThreadLock()
    /// Work not yet taken starts at `head`; a taken slot is emptied at once, so that its work
    /// (and what the work holds: a part's bytes) is freed when done, not when the queue empties.
    private var pending: [(@Sendable () -> Void)?] = []
    private var head = 0
    private var started = 0
    private var stopping = false

    init(threads: Int) {
        self.threads = threads
    }

    /// Queues the work; true when a new thread should be started for it.
    func add(_ work: @escaping @Sendable () -> Void) -> Bool {
        let start = lock.locked { () -> Bool in
            pending.append(work)
            guard started < threads else { return false }
            started += 1
            return true
        }
        lock.broadcast()
        return start
    }

    /// A thread `add` asked for could not be started.
    func threadFailed() {
        lock.locked { started -= 1 }
    }

    func stop() {
        lock.locked { stopping = true }
        lock.broadcast()
    }

    /// Takes and does work until stopped (or until none is left).
    func run(untilEmpty: Bool = false) {
        while let work = next(waiting: !untilEmpty) { work() }
    }

    private func next(waiting: Bool) -> (@Sendable () -> Void)? {
        lock.locked {
            while head == pending.count && !stopping && waiting { lock.wait() }
            guard head < pending.count, !stopping else { return nil }
            let work = pending[head].take()
            head += 1
            if head == pending.count {
                pending.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64 && head * 2 >= pending.count {
                pending.removeFirst(head)
                head = 0
            }
            return work
        }
    }
}

/// A result filled in by one thread and awaited by another.
package final class Promise<Value>: @unchecked Sendable {
    private let lock = ThreadLock()
    private var value: Value?

    package init() {}

    package func fulfil(_ value: Value) {
        lock.locked { self.value = value }
        lock.broadcast()
    }

    package func wait() -> Value {
        lock.locked {
            while value == nil { lock.wait() }
            return value!
        }
    }
}
