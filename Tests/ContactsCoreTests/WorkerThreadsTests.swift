import Testing
@testable import ContactsCore
import ContactsTesting

/// Stands for what a piece of work holds (a part's bytes): watched through a weak reference.
private final class Payload: @unchecked Sendable {}

/// A weak reference that threads may share.
private final class Watch: @unchecked Sendable {
    weak var payload: Payload?
}

@Suite struct WorkerThreadsTests {
    /// Work that is done is freed at once, with what it holds, even while later work keeps the
    /// queue from emptying (the threaded readers rely on it: their parts would pile up).
    @Test func doneWorkIsFreedWhileTheQueueIsBusy() {
        let threads = WorkerThreads(count: 1)
        let watch = Watch()
        let first = Promise<Bool>(), checked = Promise<Bool>(), blocking = Promise<Bool>()
        do {
            let payload = Payload()
            watch.payload = payload
            threads.submit { withExtendedLifetime(payload) { first.fulfil(true) } }
        }
        threads.submit {
            blocking.fulfil(true)
            _ = checked.wait()
        }
        threads.submit {}  // keeps the queue from emptying while the second work runs
        _ = first.wait()
        _ = blocking.wait()
        #expect(watch.payload == nil, "the first work, done, still holds its payload")
        checked.fulfil(true)
    }

    /// Every piece of work runs once, in submission order on one thread.
    @Test func workRunsOnceInOrder() {
        let threads = WorkerThreads(count: 1)
        let log = Log()
        let done = Promise<Bool>()
        for i in 0..<200 { threads.submit { log.append(i) } }
        threads.submit { done.fulfil(true) }
        _ = done.wait()
        #expect(log.values == Array(0..<200))
    }
}

/// Numbers appended from a worker thread.
private final class Log: @unchecked Sendable {
    private let lock = ThreadLock()
    private var items: [Int] = []

    func append(_ i: Int) { lock.locked { items.append(i) } }
    var values: [Int] { lock.locked { items } }
}
