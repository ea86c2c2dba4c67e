import ContactsCore

/// Case-insensitive ASCII matching over bytes, as vCard names, parameters and markers need.

@inline(__always)
package func asciiUpper(_ b: UInt8) -> UInt8 {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) ? b - 32 : b
}

@inline(__always)
func asciiLower(_ b: UInt8) -> UInt8 {
    (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) ? b + 32 : b
}

/// Eight bytes at once with each a–z upper-cased (bytes of 0x80 and above are left alone, as
/// `asciiUpper` leaves them): the high bit of `lower` marks the lower-case letters.
@inline(__always)
func asciiUpper(word: UInt64) -> UInt64 {
    let seven = word & 0x7F7F_7F7F_7F7F_7F7F
    let atLeastA = seven &+ 0x1F1F_1F1F_1F1F_1F1F      // 0x80 - 0x61 ('a')
    let aboveZ = seven &+ 0x0505_0505_0505_0505        // 0x80 - 0x7B (past 'z')
    let lower = atLeastA & ~aboveZ & ~word & 0x8080_8080_8080_8080
    return word ^ (lower &>> 2)
}

/// The bytes equal `upper` (upper-case ASCII), ignoring case.
package func matchesIgnoringCase<C: Collection<UInt8>>(_ bytes: C, _ upper: StaticString) -> Bool {
    guard bytes.count == upper.utf8CodeUnitCount else { return false }
    return upper.withUTF8Span { pattern in
        var k = 0
        for b in bytes {
            if asciiUpper(b) != pattern[k] { return false }
            k += 1
        }
        return true
    }
}

/// As `matchesIgnoringCase(_:_:)` over a collection, for a span.
func matchesIgnoringCase(_ bytes: Span<UInt8>, _ upper: StaticString) -> Bool {
    guard bytes.count == upper.utf8CodeUnitCount else { return false }
    return upper.withUTF8Span { pattern in
        for k in 0..<pattern.count where asciiUpper(bytes[k]) != pattern[k] { return false }
        return true
    }
}

/// `upper` (upper-case ASCII) occurs somewhere in the bytes, ignoring case.
func containsIgnoringCase(_ bytes: Span<UInt8>, _ upper: StaticString) -> Bool {
    let count = upper.utf8CodeUnitCount
    var start = 0
    while start + count <= bytes.count {
        if matchesIgnoringCase(bytes.extracting(start..<(start + count)), upper) { return true }
        start += 1
    }
    return false
}

/// Whether a byte is an ASCII digit.
@inline(__always)
func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
