import ContactsCore

/// A set of 64-bit keys (the calendar's UIDs, hashed) in bounded memory: up to `memoryKeys`
/// are held in memory; beyond that they are sorted and written as a run to a
/// scratch file, and each run keeps only a Bloom filter (10 bits a key) and every 512th key in
/// memory. A run as long as the one before it is merged with it, as a binary counter carries:
/// there are never more runs than the bits of the number of keys, and a key is written a
/// logarithmic number of times. A key is looked up in a run only when the filter says it may
/// be there: one read of 4 KiB, about one lookup in a hundred. Membership is exact.
final class SpillingKeySet {
    /// The fewest keys a caller should hold in memory (32 KiB): fewer make a run of every few keys.
    static let leastMemoryKeys = 4096
    private let memoryKeys: Int
    private let makeScratch: (() throws -> ScratchFile)?
    private var inMemory = Set<UInt64>()
    private var scratch: ScratchFile?
    private var written = 0
    private var runs: [KeyRun] = []

    /// Keys in memory up to `memoryKeys` (all of them when `makeScratch` is nil), the rest in
    /// runs in the scratch file `makeScratch` makes when the first run is written.
    init(memoryKeys: Int, makeScratch: (() throws -> ScratchFile)?) {
        self.memoryKeys = max(1, memoryKeys)
        self.makeScratch = makeScratch
    }

    /// The runs in the scratch file (for tests: it stays logarithmic).
    var runCount: Int { runs.count }

    /// Adds `key`; false when it was there already.
    func insert(_ key: UInt64) throws -> Bool {
        if inMemory.contains(key) { return false }
        for run in runs where try run.contains(key) { return false }
        inMemory.insert(key)
        if inMemory.count >= memoryKeys, let makeScratch { try spill(makeScratch) }
        return true
    }

    private func spill(_ makeScratch: () throws -> ScratchFile) throws {
        if scratch == nil { scratch = try makeScratch() }
        let sorted = inMemory.sorted()
        inMemory.removeAll()
        var run = KeyRun(count: sorted.count, at: written, in: scratch!)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sorted.count * 8)
        for (index, key) in sorted.enumerated() {
            run.add(key, index)
            bytes.appendLittleEndian(key)
        }
        try write(bytes)
        runs.append(run)
        while runs.count >= 2 && runs[runs.count - 1].count >= runs[runs.count - 2].count {
            let last = runs.removeLast(), before = runs.removeLast()
            runs.append(try merged(before, last))
        }
    }

    /// Two runs as one, written after the others: read and written in blocks.
    private func merged(_ a: KeyRun, _ b: KeyRun) throws -> KeyRun {
        var run = KeyRun(count: a.count + b.count, at: written, in: scratch!)
        var left = KeyReader(a), right = KeyReader(b)
        var out: [UInt8] = []
        out.reserveCapacity(KeyRun.blockKeys * 8 * 8)
        var index = 0
        while true {
            let l = try left.peek(), r = try right.peek()
            guard l != nil || r != nil else { break }
            let key: UInt64
            if let l, r == nil || l < r! {
                key = l
                left.next()
            } else {
                key = r!
                right.next()
            }
            run.add(key, index)
            index += 1
            out.appendLittleEndian(key)
            if out.count >= KeyRun.blockKeys * 8 * 8 {
                try write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        try write(out)
        return run
    }

    /// Appends keys' bytes to the scratch file.
    private func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        try scratch!.write(bytes.span)
        written += bytes.count
    }
}

/// A sorted run of keys in the scratch file: its Bloom filter, and its first key of every block.
private struct KeyRun {
    static let blockKeys = 512
    let scratch: ScratchFile
    let offset: Int, count: Int
    private var firstKeys: [UInt64] = []
    private var filter: [UInt64]

    /// A run of `count` keys at `offset`, its keys to be added in order (`add`).
    init(count: Int, at offset: Int, in scratch: ScratchFile) {
        self.scratch = scratch
        self.offset = offset
        self.count = count
        filter = [UInt64](repeating: 0, count: max(1, (count * 10 + 63) / 64))
        firstKeys.reserveCapacity((count + Self.blockKeys - 1) / Self.blockKeys)
    }

    /// Adds the key at `index` of the run (in order).
    mutating func add(_ key: UInt64, _ index: Int) {
        if index % Self.blockKeys == 0 { firstKeys.append(key) }
        let bits = filter.count * 64
        Self.forEachBit(of: key, in: bits) { filter[$0 >> 6] |= 1 << UInt64($0 & 63) }
    }

    /// The 7 bits of a key in a filter of `bits` bits (double hashing).
    private static func forEachBit(of key: UInt64, in bits: Int, _ body: (Int) -> Void) {
        let bits = UInt64(bits)
        let h1 = key &* 0x9E37_79B9_7F4A_7C15
        let h2 = (key ^ (key >> 29)) &* 0xBF58_476D_1CE4_E5B9 | 1
        for i in 0..<7 as Range<UInt64> { body(Int((h1 &+ i &* h2) % bits)) }
    }

    func contains(_ key: UInt64) throws -> Bool {
        var maybe = true
        Self.forEachBit(of: key, in: filter.count * 64) { if filter[$0 >> 6] & (1 << UInt64($0 & 63)) == 0 { maybe = false } }
        guard maybe else { return false }
        // The block whose first key is the last one not above `key`.
        var low = 0, high = firstKeys.count
        while low < high {
            let mid = (low + high) / 2
            if firstKeys[mid] <= key { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return false }
        return try self.block(low - 1).contains(key)
    }

    /// The keys of block `index`.
    func block(_ index: Int) throws -> [UInt64] {
        let keys = min(Self.blockKeys, count - index * Self.blockKeys)
        var bytes = [UInt8](repeating: 0, count: keys * 8)
        var span = bytes.mutableSpan
        try scratch.readWritten(at: offset + index * Self.blockKeys * 8, into: &span)
        let read = bytes.span
        return (0..<keys).map { read.littleEndianWord(at: $0 * 8) }
    }
}

/// Reads a run's keys in order, a block at a time.
private struct KeyReader {
    private let run: KeyRun
    private var block: [UInt64] = []
    private var blockIndex = -1, position = 0, consumed = 0

    init(_ run: KeyRun) { self.run = run }

    /// The next key; nil at the end of the run.
    mutating func peek() throws -> UInt64? {
        guard consumed < run.count else { return nil }
        if position == block.count {
            blockIndex += 1
            block = try run.block(blockIndex)
            position = 0
        }
        return block[position]
    }

    mutating func next() {
        position += 1
        consumed += 1
    }
}
