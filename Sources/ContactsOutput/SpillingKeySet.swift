import ContactsCore

/// A set of 64-bit keys (the calendar's UIDs, hashed) in bounded memory: up to `memoryKeys`
/// are held in memory; beyond that they are sorted and written as a run to a scratch file, and
/// each run keeps only a Bloom filter (10 bits a key) and every 512th key in memory. A key is
/// looked up in a run only when the filter says it may be there: one read of 4 KiB, about one
/// lookup in a hundred. Membership is exact.
final class SpillingKeySet {
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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sorted.count * 8)
        for key in sorted { withUnsafeBytes(of: key.littleEndian) { bytes.append(contentsOf: $0) } }
        try scratch!.write(bytes.span)
        runs.append(KeyRun(sorted, at: written, in: scratch!))
        written += bytes.count
    }
}

/// A sorted run of keys in the scratch file: its Bloom filter, and its first key of every block.
private struct KeyRun {
    static let blockKeys = 512
    private let scratch: ScratchFile
    private let offset: Int, count: Int
    private let firstKeys: [UInt64]
    private let filter: [UInt64]

    init(_ sorted: [UInt64], at offset: Int, in scratch: ScratchFile) {
        self.scratch = scratch
        self.offset = offset
        count = sorted.count
        firstKeys = stride(from: 0, to: sorted.count, by: Self.blockKeys).map { sorted[$0] }
        var filter = [UInt64](repeating: 0, count: max(1, (sorted.count * 10 + 63) / 64))
        let bits = filter.count * 64
        for key in sorted { Self.forEachBit(of: key, in: bits) { filter[$0 >> 6] |= 1 << UInt64($0 & 63) } }
        self.filter = filter
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
        let block = low - 1
        let keys = min(Self.blockKeys, count - block * Self.blockKeys)
        var bytes = [UInt8](repeating: 0, count: keys * 8)
        var span = bytes.mutableSpan
        let n = try scratch.read(at: offset + block * Self.blockKeys * 8, into: &span)
        guard n == bytes.count else { throw IOFailure(path: "a temporary file", reason: "it is shorter than what was written") }
        return bytes.withUnsafeBytes { raw in
            (0..<keys).contains { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) == key }
        }
    }
}
