import ContactsCore
import ContactFormats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    // Changed for every person, on the sink's thread only: no run-time exclusivity checks (they
    // cost more than the copy).
    @exclusivity(unchecked) private var blocks: [(base: UnsafeMutableRawPointer, capacity: Int)] = []
    @exclusivity(unchecked) private var used = 0  // bytes used in the last block
    @exclusivity(unchecked) private var allocated = 0  // bytes of all blocks
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// The memory the records may take before `isOverBudget`.
    let budget: Int

    /// Records held in memory up to about `budget` bytes (blocks and index together).
    init(budget: Int = .max) {
        self.budget = budget
        blockSize = min(4 << 20, max(1 << 12, budget / 8))
    }

    /// Whether the records take more memory than the budget: time to `spill` them.
    var isOverBudget: Bool { allocated + entries.capacity * MemoryLayout<Entry>.stride > budget }

    var isEmpty: Bool { entries.isEmpty }

    deinit { release() }

    /// Adds a record: `key` (cut to 65,535 bytes, which no real name reaches) and `payload`.
    func append(key: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) {
        let key = UnsafeRawBufferPointer(rebasing: key.prefix(Int(UInt16.max)))
        let size = key.count + payload.count
        if blocks.isEmpty || used + size > blocks[blocks.count - 1].capacity {
            let capacity = max(blockSize, size)
            blocks.append((UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8), capacity))
            allocated += capacity
            used = 0
        }
        let base = blocks[blocks.count - 1].base + used
        if let k = key.baseAddress { base.copyMemory(from: k, byteCount: key.count) }
        if let p = payload.baseAddress { (base + key.count).copyMemory(from: p, byteCount: payload.count) }
        var prefix: UInt64 = 0
        if key.count >= 8 {
            prefix = UInt64(bigEndian: key.loadUnaligned(as: UInt64.self))
        } else {
            for (i, byte) in key.enumerated() { prefix |= UInt64(byte) << (56 - 8 * i) }
        }
        entries.append(Entry(prefix: prefix, offset: UInt32(used), payloadLength: UInt32(payload.count),
                             block: UInt16(blocks.count - 1), keyLength: UInt16(key.count)))
        used += size
    }

    /// Sorts the records (on `threads` too) and writes them to `runs` as one run, passing each
    /// payload to `visit` in that order, and empties the store.
    func spill(into runs: SpilledRuns, threads: WorkerThreads?, visit: (UnsafeRawBufferPointer) -> Void) throws {
        defer { removeAll() }
        let sorted = sortedPayloads(threads: threads)
        try runs.startRun()
        for i in sorted.indices {
            try runs.append(key: sorted.key(i), payload: sorted[i])
            visit(sorted[i])
        }
        try runs.endRun()
    }

    /// The payloads sorted by key, valid until `removeAll()`. Given `threads`, and at least
    /// `parallelFrom` records, one half is sorted on a worker while this thread sorts the other,
    /// and the halves are merged.
    func sortedPayloads(threads: WorkerThreads? = nil, parallelFrom: Int = 32_768) -> Payloads {
        let order = KeyOrder(bases: blocks.map(\.base))
        // Swift's sort is stable: equal keys stay in the order they came.
        if let threads, entries.count >= max(2, parallelFrom) {
            let half = entries.count / 2
            entries.withUnsafeMutableBufferPointer { all in
                let lower = SharedEntries(buffer: UnsafeMutableBufferPointer(rebasing: all[..<half]))
                let sorted = Promise<Bool>()
                threads.submit {
                    var buffer = lower.buffer  // the same memory
                    buffer.sort(by: order.precedes)
                    sorted.fulfil(true)
                }
                var upper = UnsafeMutableBufferPointer(rebasing: all[half...])
                upper.sort(by: order.precedes)
                _ = sorted.wait()
            }
            entries = Self.merged(entries, at: half, order)
        } else {
            entries.sort(by: order.precedes)
        }
        return Payloads(bases: order.bases, entries: entries)
    }

    /// The two sorted runs of `entries` (before and from `half`) as one; on equal keys the
    /// first run's entry comes first, so that the order stays stable.
    private static func merged(_ entries: [Entry], at half: Int, _ order: KeyOrder) -> [Entry] {
        var out: [Entry] = []
        out.reserveCapacity(entries.count)
        var i = 0, j = half
        while i < half && j < entries.count {
            if order.precedes(entries[j], entries[i]) {
                out.append(entries[j]); j += 1
            } else {
                out.append(entries[i]); i += 1
            }
        }
        out += entries[i..<half]
        out += entries[j...]
        return out
    }

    /// Compares keys bytewise, a key before the keys it is a prefix of: negative when `a`
    /// comes first, 0 when they are equal.
    static func compareKeys(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let c = memcmp(a.baseAddress!, b.baseAddress!, common)
            if c != 0 { return Int(c) }
        }
        return a.count - b.count
    }

    /// Bytewise by key, a key before the keys it is a prefix of.
    fileprivate struct KeyOrder: @unchecked Sendable {  // the blocks are only read while sorting
        let bases: [UnsafeMutableRawPointer]

        func precedes(_ a: Entry, _ b: Entry) -> Bool {
            // A shorter key's prefix is its bytes then 0s, which never put it after a key it is
            // a prefix of: different prefixes order the keys as their bytes do.
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            let keyA = UnsafeRawPointer(bases[Int(a.block)] + Int(a.offset))
            let keyB = UnsafeRawPointer(bases[Int(b.block)] + Int(b.offset))
            return SortedRecords.compareKeys(UnsafeRawBufferPointer(start: keyA, count: Int(a.keyLength)),
                                             UnsafeRawBufferPointer(start: keyB, count: Int(b.keyLength))) < 0
        }
    }

    /// Entries one worker sorts while no other thread touches them.
    private struct SharedEntries: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Entry>
    }

    /// Payloads in the order of `entries`; other threads may read them (until `removeAll()`).
    struct Payloads: RandomAccessCollection, @unchecked Sendable {
        fileprivate let bases: [UnsafeMutableRawPointer]
        fileprivate let entries: [Entry]
        var startIndex: Int { 0 }
        var endIndex: Int { entries.count }
        subscript(i: Int) -> UnsafeRawBufferPointer {
            let entry = entries[i]
            return UnsafeRawBufferPointer(start: bases[Int(entry.block)] + Int(entry.offset) + Int(entry.keyLength),
                                          count: Int(entry.payloadLength))
        }
        /// The key of the record at `i`.
        func key(_ i: Int) -> UnsafeRawBufferPointer {
            let entry = entries[i]
            return UnsafeRawBufferPointer(start: bases[Int(entry.block)] + Int(entry.offset), count: Int(entry.keyLength))
        }
    }

    func removeAll() {
        entries = []
        release()
    }

    private func release() {
        for block in blocks { block.base.deallocate() }
        blocks = []
        used = 0
        allocated = 0
    }
}
