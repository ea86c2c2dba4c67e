import ContactsCore

/// Sorted runs of records written to a scratch file when the records outgrow memory, as
/// `sort(1)` does, and merged at the end: record after record in key order, and on equal keys
/// in the order the runs were written (so a stable sort stays stable across runs).
///
/// A record in a run is its key's length and its payload's length (4 bytes each, little-endian),
/// then the key and the payload.
final class SpilledRuns {
    private let makeScratch: () throws -> ScratchFile
    private var scratch: ScratchFile?
    private var runs: [Range<Int>] = []
    private var written = 0
    private var runStart = 0
    private var pending: [UInt8] = []
    /// The memory the merge may use for its read buffers, all runs together.
    private let mergeBytes: Int

    /// Runs in a scratch file `makeScratch` makes when the first run is written; the merge
    /// reads them through `mergeBytes` of buffers in all.
    init(mergeBytes: Int, makeScratch: @escaping () throws -> ScratchFile) {
        self.makeScratch = makeScratch
        self.mergeBytes = mergeBytes
    }

    var isEmpty: Bool { runs.isEmpty }

    /// Starts a run; its records follow, in order.
    func startRun() throws {
        if scratch == nil { scratch = try makeScratch() }
        runStart = written
    }

    func append(key: Span<UInt8>, payload: Span<UInt8>) throws {
        pending.appendLittleEndian(UInt32(key.count))
        pending.appendLittleEndian(UInt32(payload.count))
        pending.append(span: key)
        pending.append(span: payload)
        if pending.count >= 1 << 20 { try flush() }
    }

    func endRun() throws {
        try flush()
        if written > runStart { runs.append(runStart..<written) }
    }

    private func flush() throws {
        guard !pending.isEmpty, let scratch else { return }
        do {
            let bytes = pending  // (a local: a span of a class's property cannot be proven to outlive it)
            try scratch.write(bytes.span)
        }
        written += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    /// The most runs merged at once: with more, they are merged in passes of this many into
    /// longer runs first, as `sort(1)` does, so that the merge's buffers (at least 4 KiB a run)
    /// stay bounded whatever the number of runs (a tiny `--buffer-size` makes many).
    static let fanIn = 32

    /// Passes every payload of every run to `body`, merged in key order (a payload is valid
    /// during the call), and forgets the runs.
    func merge(_ body: (Span<UInt8>) throws -> Void) throws {
        defer { runs = []; scratch = nil; written = 0 }
        guard let scratch else { return }
        while runs.count > Self.fanIn {
            var longer: [Range<Int>] = []
            for start in stride(from: 0, to: runs.count, by: Self.fanIn) {
                let group = Array(runs[start..<min(start + Self.fanIn, runs.count)])
                guard group.count > 1 else {
                    longer += group
                    continue
                }
                let begin = written
                try Self.merge(group, of: scratch, bufferBytes: max(4096, mergeBytes / group.count)) { key, payload in
                    try append(key: key, payload: payload)
                }
                try flush()
                longer.append(begin..<written)
            }
            runs = longer
        }
        try Self.merge(runs, of: scratch, bufferBytes: max(4096, mergeBytes / max(1, runs.count))) { try body($1) }
    }

    /// Passes the records of `runs` to `body` in key order, equal keys in the order of the runs.
    private static func merge(_ runs: [Range<Int>], of scratch: ScratchFile, bufferBytes: Int,
                              _ body: (_ key: Span<UInt8>, _ payload: Span<UInt8>) throws -> Void) throws {
        let cursors = runs.map { RunCursor(scratch: scratch, run: $0, bufferBytes: bufferBytes) }
        var heap = RunHeap()
        for (index, cursor) in cursors.enumerated() where try cursor.advance() { heap.push(index, cursors) }
        while let index = heap.pop(cursors) {
            try cursors[index].withRecord(body)
            if try cursors[index].advance() { heap.push(index, cursors) }
        }
    }
}

/// Where the merge stands in one run: the current record, in a buffer refilled from the file.
private final class RunCursor {
    private let scratch: ScratchFile
    private var next: Int
    private let end: Int
    /// The bytes read and not yet passed: the current record from `start`, then those after it.
    private var storage: [UInt8] = []
    private var start = 0, current = 0
    private var key = 0..<0, payload = 0..<0

    init(scratch: ScratchFile, run: Range<Int>, bufferBytes: Int) {
        self.scratch = scratch
        next = run.lowerBound
        end = run.upperBound
        storage.reserveCapacity(bufferBytes)
    }

    /// Calls `body` with the current record's key and payload.
    func withRecord<R>(_ body: (_ key: Span<UInt8>, _ payload: Span<UInt8>) throws -> R) rethrows -> R {
        let bytes = storage  // (a local: a span of a class's property cannot be proven to outlive it)
        return try body(bytes.span.extracting(key), bytes.span.extracting(payload))
    }

    /// Compares the current record's key with `other`'s, as `Span.compareBytes` does.
    func compareKey(with other: RunCursor) -> Int {
        let mine = storage, theirs = other.storage
        return mine.span.extracting(key).compareBytes(theirs.span.extracting(other.key))
    }

    /// Moves to the next record; false at the end of the run.
    func advance() throws -> Bool {
        start += current
        current = 0
        guard try available(8) else { return false }
        let keyLength = length(at: start), payloadLength = length(at: start + 4)
        guard try available(8 + keyLength + payloadLength) else {
            throw IOFailure(path: "a temporary file", reason: "a sorted run ends inside a record")
        }
        key = start + 8..<start + 8 + keyLength
        payload = key.upperBound..<key.upperBound + payloadLength
        current = 8 + keyLength + payloadLength
        return true
    }

    /// The length in the 4 bytes at `offset` of the buffer.
    private func length(at offset: Int) -> Int {
        let bytes = storage
        return Int(UInt32(littleEndian: bytes.span.load(UInt32.self, at: offset)))
    }

    /// Whether `count` bytes from `start` are in the buffer, reading more (the buffer grows for
    /// a record larger than it) when not; false when the run ends first.
    private func available(_ count: Int) throws -> Bool {
        if storage.count - start >= count { return true }
        if next == end { return false }
        storage.removeSubrange(0..<start)
        start = 0
        if storage.count < count {  // the buffer's room, or the run's rest
            let want = min(max(storage.capacity, count) - storage.count, end - next)
            let at = storage.count
            storage.append(contentsOf: repeatElement(0, count: want))
            try storage.withMutableSpan(at..<at + want) { try scratch.readWritten(at: next, into: &$0) }
            next += want
        }
        return storage.count >= count
    }
}

/// The runs' cursors by their current record: smallest key first, and of equal keys the
/// earlier run.
private struct RunHeap {
    private var items: [Int] = []

    private static func precedes(_ a: Int, _ b: Int, _ cursors: [RunCursor]) -> Bool {
        let order = cursors[a].compareKey(with: cursors[b])
        return order != 0 ? order < 0 : a < b
    }

    mutating func push(_ index: Int, _ cursors: [RunCursor]) {
        items.append(index)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(items[child], items[parent], cursors) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop(_ cursors: [RunCursor]) -> Int? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count && Self.precedes(items[left], items[smallest], cursors) { smallest = left }
                if right < items.count && Self.precedes(items[right], items[smallest], cursors) { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
