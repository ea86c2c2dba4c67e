import ContactsCore
import ContactFormats

/// Records waiting to be sorted: each a sort key and a payload of bytes, kept together in large
/// blocks of memory; only small index entries are moved while sorting. Ties keep the order in
/// which records were added. Records that outgrow a memory budget are sorted and written out
/// as a run (`spill`), and the runs merged at the end (`SpilledRuns`).
final class SortedRecords {
    fileprivate struct Entry {  // 24 bytes
        /// The key's first 8 bytes as a big-endian number (0 bytes after a shorter key): most
        /// keys differ in them, and they compare without reading the key.
        var prefix: UInt64
        var offset: UInt32
        var payloadLength: UInt32
        var block: UInt16
        var keyLength: UInt16
    }

    private let blockSize: Int
    // Changed for every person, on the sink's thread only: in a cell without run-time exclusivity
    // checks (they cost more than the copy).
    private let store = UncheckedCell(Store())
    /// The memory the records may take before `isOverBudget`.
    let budget: Int

    /// Records held in memory up to about `budget` bytes (blocks and index together).
    init(budget: Int = .max) {
        self.budget = budget
        blockSize = min(4 << 20, max(1 << 12, budget / 8))
    }

    /// Whether the records take more memory than the budget: time to `spill` them.
    var isOverBudget: Bool { store.value.allocated + store.value.entries.capacity * MemoryLayout<Entry>.stride > budget }

    var isEmpty: Bool { store.value.entries.isEmpty }

    /// Adds a record: `key` (cut to 65,535 bytes, which no real name reaches) and `payload`.
    func append(key: Span<UInt8>, payload: Span<UInt8>) {
        store.value.append(key: key.extracting(first: Int(UInt16.max)), payload: payload, blockSize: blockSize)
    }

    /// The records' bytes and index. The block appended to is `current`, up to the capacity it
    /// was made with (so that it never moves); `blocks` holds those before it.
    private struct Store {
        var blocks: [[UInt8]] = []
        var current: [UInt8] = []
        var allocated = 0  // bytes of all blocks
        var entries: [Entry] = []

        mutating func append(key: Span<UInt8>, payload: Span<UInt8>, blockSize: Int) {
            let size = key.count + payload.count
            if current.count + size > current.capacity {
                if current.capacity > 0 { blocks.append(current) }
                current = []
                current.reserveCapacity(max(blockSize, size))
                allocated += current.capacity
            }
            let offset = current.count
            current.append(span: key)
            current.append(span: payload)
            var prefix: UInt64 = 0
            if key.count >= 8 {
                prefix = UInt64(bigEndian: key.load(UInt64.self, at: 0))
            } else {
                for i in key.indices { prefix |= UInt64(key[i]) << (56 - 8 * i) }
            }
            entries.append(Entry(prefix: prefix, offset: UInt32(offset), payloadLength: UInt32(payload.count),
                                 block: UInt16(blocks.count), keyLength: UInt16(key.count)))
        }
    }

    /// Sorts the records (on `threads` too) and writes them to `runs` as one run, passing each
    /// payload to `visit` in that order, and empties the store.
    func spill(into runs: SpilledRuns, threads: WorkerThreads?, visit: (Span<UInt8>) -> Void) throws {
        defer { removeAll() }
        let sorted = sortedPayloads(threads: threads)
        try runs.startRun()
        for i in 0..<sorted.count {
            try sorted.withRecord(i) { key, payload in
                try runs.append(key: key, payload: payload)
                visit(payload)
            }
        }
        try runs.endRun()
    }

    /// The payloads sorted by key, valid until `removeAll()`. Given `threads`, and at least
    /// `parallelFrom` records, one half is sorted on a worker while this thread sorts the other,
    /// and the halves are merged.
    func sortedPayloads(threads: WorkerThreads? = nil, parallelFrom: Int = 32_768) -> Payloads {
        let order = KeyOrder(blocks: store.value.blocks + [store.value.current])
        // Swift's sort is stable: equal keys stay in the order they came.
        if let threads, store.value.entries.count >= max(2, parallelFrom) {
            let half = store.value.entries.count / 2
            let lower = Array(store.value.entries[..<half])
            let sorted = Promise<[Entry]>()
            threads.submit {
                var lower = lower
                lower.sort(by: order.precedes)
                sorted.fulfil(lower)
            }
            var upper = Array(store.value.entries[half...])
            upper.sort(by: order.precedes)
            store.value.entries = Self.merged(sorted.wait(), upper, order)
        } else {
            store.value.entries.sort(by: order.precedes)
        }
        return Payloads(blocks: order.blocks, entries: store.value.entries)
    }

    /// Two sorted runs as one; on equal keys the `first` run's entry comes first, so that the
    /// order stays stable.
    private static func merged(_ first: [Entry], _ second: [Entry], _ order: KeyOrder) -> [Entry] {
        var out: [Entry] = []
        out.reserveCapacity(first.count + second.count)
        var i = 0, j = 0
        while i < first.count && j < second.count {
            if order.precedes(second[j], first[i]) {
                out.append(second[j]); j += 1
            } else {
                out.append(first[i]); i += 1
            }
        }
        out += first[i...]
        out += second[j...]
        return out
    }

    /// Bytewise by key, a key before the keys it is a prefix of.
    fileprivate struct KeyOrder: Sendable {  // the blocks are only read while sorting
        let blocks: [[UInt8]]

        func precedes(_ a: Entry, _ b: Entry) -> Bool {
            // A shorter key's prefix is its bytes then 0s, which never put it after a key it is
            // a prefix of: different prefixes order the keys as their bytes do.
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            let all = blocks.span  // the blocks borrowed through a span of them: no reference counting
            let keyA = all[Int(a.block)].span.extracting(Int(a.offset)..<Int(a.offset) + Int(a.keyLength))
            return keyA.compareBytes(all[Int(b.block)].span.extracting(Int(b.offset)..<Int(b.offset) + Int(b.keyLength))) < 0
        }
    }

    /// Payloads in the order of `entries`; other threads may read them.
    struct Payloads: Sendable {
        fileprivate let blocks: [[UInt8]]
        fileprivate let entries: [Entry]

        var count: Int { entries.count }

        /// Calls `body` with the key and the payload of the record at `i`.
        func withRecord<R>(_ i: Int, _ body: (_ key: Span<UInt8>, _ payload: Span<UInt8>) throws -> R) rethrows -> R {
            let entry = entries[i]
            let all = blocks.span
            let block = all[Int(entry.block)].span
            let start = Int(entry.offset), keyEnd = start + Int(entry.keyLength)
            return try body(block.extracting(start..<keyEnd), block.extracting(keyEnd..<keyEnd + Int(entry.payloadLength)))
        }

        /// Calls `body` with the payload of the record at `i`.
        func withPayload<R>(_ i: Int, _ body: (Span<UInt8>) throws -> R) rethrows -> R {
            try withRecord(i) { try body($1) }
        }
    }

    func removeAll() {
        store.value = Store()
    }
}
