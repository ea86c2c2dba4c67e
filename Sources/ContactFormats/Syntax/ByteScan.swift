import ContactsCore

/// Finds the first of a few byte values looking at 8 bytes at a time (one 64-bit word compared
/// with each value at once), for the loops that pass over runs of ordinary bytes: the text of a
/// content line up to its line end, a CSV field up to its next quote or delimiter, the ASCII
/// start of a value that is checked to be UTF-8.
package enum ByteScan {
    /// As `contains(ignoringCase:in:)` over a span, for an array.
    package static func contains(ignoringCase upper: [UInt8], in bytes: [UInt8]) -> Bool {
        contains(ignoringCase: upper, in: bytes.span)
    }

    /// Whether `upper` (upper-case ASCII) occurs in the bytes, letters in any case: its first
    /// byte found by `memchr` in either case, then the rest compared.
    package static func contains(ignoringCase upper: [UInt8], in bytes: Span<UInt8>) -> Bool {
        guard let head = upper.first else { return true }
        for first in Set([head, asciiLower(head)]) {
            var from = 0
            while let at = bytes.firstIndex(of: first, from: from) {
                if at + upper.count <= bytes.count && (1..<upper.count).allSatisfy({ asciiUpper(bytes[at + $0]) == upper[$0] }) {
                    return true
                }
                from = at + 1
            }
        }
        return false
    }

    /// The index of the first LF or CR at or after `from`; the count when there is none.
    static func firstLineEnd(_ bytes: Span<UInt8>, from: Int) -> Int {
        bytes.firstIndex(from: from, marks: { zeroBytes($0 ^ lfs) | zeroBytes($0 ^ crs) },
                         stops: { $0 == 0x0A || $0 == 0x0D })
    }

    /// The index of the first of `a`, `b`, LF or CR at or after `from`; the count when there is none.
    static func firstOf(_ a: UInt8, _ b: UInt8, orLineEnd bytes: Span<UInt8>, from: Int) -> Int {
        let (spreadA, spreadB) = (spread(a), spread(b))
        return bytes.firstIndex(from: from,
                                marks: { zeroBytes($0 ^ spreadA) | zeroBytes($0 ^ spreadB) | zeroBytes($0 ^ lfs) | zeroBytes($0 ^ crs) },
                                stops: { $0 == a || $0 == b || $0 == 0x0A || $0 == 0x0D })
    }

    /// The index of the first of `a`, `b` or `c` at or after `from`; the count when there is none.
    @inline(__always)
    static func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: Span<UInt8>, from: Int) -> Int {
        let (spreadA, spreadB, spreadC) = (spread(a), spread(b), spread(c))
        return bytes.firstIndex(from: from, marks: { zeroBytes($0 ^ spreadA) | zeroBytes($0 ^ spreadB) | zeroBytes($0 ^ spreadC) },
                                stops: { $0 == a || $0 == b || $0 == c })
    }

    /// The index of the first byte a JSON string escapes (a control character, `"` or `\`) at
    /// or after `from`; the count when there is none.
    @inline(__always)
    static func firstJSONEscape(_ bytes: Span<UInt8>, from: Int) -> Int {
        let (quotes, backslashes) = (spread(UInt8(ascii: "\"")), spread(UInt8(ascii: "\\")))
        return bytes.firstIndex(from: from,
                                // A byte below 0x20 borrows when 0x20 is taken from it (and may mark the bytes above it).
                                marks: { ($0 &- 0x2020_2020_2020_2020) & ~$0 & 0x8080_8080_8080_8080 | zeroBytes($0 ^ quotes) | zeroBytes($0 ^ backslashes) },
                                stops: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
    }

    /// Whether the text holds `a`, `b`, LF or CR.
    package static func holds(_ a: UInt8, _ b: UInt8, orLineEnd text: String) -> Bool {
        text.withUTF8Span { firstOf(a, b, orLineEnd: $0, from: 0) < $0.count }
    }

    /// Whether the text holds LF or CR.
    package static func holdsLineEnd(_ text: String) -> Bool {
        text.withUTF8Span { firstLineEnd($0, from: 0) < $0.count }
    }

    /// How often `byte` is in the text, counted up to `limit`.
    package static func count(_ byte: UInt8, in text: String, upTo limit: Int) -> Int {
        text.withUTF8Span { bytes in
            var count = 0, at = 0
            while count < limit, let k = bytes.firstIndex(of: byte, from: at) {
                count += 1
                at = k + 1
            }
            return count
        }
    }

    /// Whether the text holds a lower-case ASCII letter.
    package static func holdsLowerCase(_ text: String) -> Bool {
        text.withUTF8Span { bytes in
            for i in bytes.indices where bytes[i] >= UInt8(ascii: "a") && bytes[i] <= UInt8(ascii: "z") { return true }
            return false
        }
    }

    /// Whether the text starts with `X-` (a private name, upper case).
    package static func isPrivateName(_ text: String) -> Bool {
        text.withUTF8Span { $0.count >= 2 && $0[0] == UInt8(ascii: "X") && $0[1] == UInt8(ascii: "-") }
    }

    /// The index of the first byte at or after `from` with its high bit set (not ASCII); the
    /// count when there is none.
    static func firstNonASCII(_ bytes: Span<UInt8>, from: Int) -> Int {
        bytes.firstIndex(from: from, marks: { $0 & 0x8080_8080_8080_8080 }, stops: { $0 >= 0x80 })
    }

    /// A 64-bit hash of the bytes with ASCII letters folded to lower case, mixed into `seed`,
    /// 8 bytes at a time (equal text in any case gives an equal hash; for counting repeats).
    package static func foldedHash(_ bytes: Span<UInt8>, seed: UInt64) -> UInt64 {
        var hash = seed ^ UInt64(bytes.count)
        @inline(__always) func mix(_ word: UInt64) {
            // ASCII A–Z (high bit clear, from 0x41 to 0x5A) get 0x20, in every byte at once.
            let low = word & 0x7F7F_7F7F_7F7F_7F7F
            let upper = (low &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(low &+ 0x2525_2525_2525_2525) & ~word & 0x8080_8080_8080_8080
            hash = (hash ^ (word | upper >> 2)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        let n = bytes.count
        if n < 8 {
            var word: UInt64 = 0
            for j in 0..<n { word |= UInt64(bytes[j]) << (8 * UInt64(j)) }
            mix(word)
            return hash
        }
        var i = 0
        while i + 8 <= n {
            mix(bytes.littleEndianWord(at: i))
            i += 8
        }
        // The last bytes as the word that ends with them (some hashed twice: the same for the same bytes).
        if i < n { mix(bytes.littleEndianWord(at: n - 8)) }
        return hash
    }

    private static let lfs: UInt64 = 0x0A0A_0A0A_0A0A_0A0A, crs: UInt64 = 0x0D0D_0D0D_0D0D_0D0D  // spread(LF), spread(CR)

    private static func spread(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The high bit of each byte that is zero. A byte above a zero byte may be marked too, so
    /// only the lowest mark is sure, and only it is used.
    private static func zeroBytes(_ v: UInt64) -> UInt64 {
        (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
    }
}
