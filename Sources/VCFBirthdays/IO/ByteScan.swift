/// Finds the first of a few byte values looking at 8 bytes at a time (one 64-bit word compared
/// with each value at once), for the loops that pass over runs of ordinary bytes: the text of a
/// content line up to its line end, a CSV field up to its next quote or delimiter, the ASCII
/// start of a value that is checked to be UTF-8.
enum ByteScan {
    /// The index of the first LF or CR at or after `from`; the count when there is none.
    static func firstLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard let base = bytes.baseAddress else { return from }
        let n = bytes.count
        var i = from
        while i + 8 <= n {
            let word = load(base + i)
            let marks = zeroBytes(word ^ lfs) | zeroBytes(word ^ crs)
            if marks != 0 { return i + marks.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < n && base[i] != 0x0A && base[i] != 0x0D { i += 1 }
        return i
    }

    /// The index of the first of `a`, `b`, LF or CR at or after `from`; the count when there is none.
    static func firstOf(_ a: UInt8, _ b: UInt8, orLineEnd bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard let base = bytes.baseAddress else { return from }
        let n = bytes.count
        let (spreadA, spreadB) = (spread(a), spread(b))
        var i = from
        while i + 8 <= n {
            let word = load(base + i)
            let marks = zeroBytes(word ^ spreadA) | zeroBytes(word ^ spreadB) | zeroBytes(word ^ lfs) | zeroBytes(word ^ crs)
            if marks != 0 { return i + marks.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < n {
            let c = base[i]
            if c == a || c == b || c == 0x0A || c == 0x0D { return i }
            i += 1
        }
        return n
    }

    /// The index of the first byte at or after `from` with its high bit set (not ASCII); the
    /// count when there is none.
    static func firstNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard let base = bytes.baseAddress else { return from }
        let n = bytes.count
        var i = from
        while i + 8 <= n {
            let high = load(base + i) & 0x8080_8080_8080_8080
            if high != 0 { return i + high.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < n && base[i] < 0x80 { i += 1 }
        return i
    }

    private static let lfs = spread(0x0A), crs = spread(0x0D)

    private static func spread(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    private static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte that is zero. A byte above a zero byte may be marked too, so
    /// only the lowest mark is sure, and only it is used.
    private static func zeroBytes(_ v: UInt64) -> UInt64 {
        (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
    }
}
