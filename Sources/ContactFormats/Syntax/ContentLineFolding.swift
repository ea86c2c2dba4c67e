import ContactsCore

/// Content lines as RFC 5545 and RFC 6350 want them written: folded at 75 octets (a CRLF and a
/// space before each continuation), never inside a UTF-8 sequence, each ended by CRLF.
package enum ContentLineFolding {
    package static func append(_ line: String, to out: inout [UInt8]) {
        append(line: line.utf8.span, to: &out)  // the line's own bytes, not a copy (a photo's line is megabytes)
    }

    /// The same for a line's bytes.
    package static func append(line bytes: [UInt8], to out: inout [UInt8]) {
        append(line: bytes.span, to: &out)
    }

    private static func append(line bytes: Span<UInt8>, to out: inout [UInt8]) {
        // A raw line break would end the line there (a photo's value decoded from quoted-printable
        // can hold one): written as vCard's and iCalendar's escape, `\n`.
        if ByteScan.firstLineEnd(bytes, from: 0) < bytes.count {
            return append(escapingLineBreaks(String(utf8: bytes)), to: &out)
        }
        // Room for the whole folded line at once (growing by doubling, a photo's line would
        // be copied and held twice), and as much again for the lines after (so that short
        // lines do not grow the buffer one by one).
        let needed = out.count + bytes.count + bytes.count / 74 * 3 + 5
        if needed > out.capacity { out.reserveCapacity(max(needed, 2 * out.capacity)) }
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            var cut = start + limit
            while cut > start && (bytes[cut] & 0xC0) == 0x80 { cut -= 1 }  // not inside a character
            out.append(span: bytes.extracting(start..<cut))
            out.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = cut
            limit = 74
        }
        out.append(span: bytes.extracting(start..<bytes.count))
        out.append(contentsOf: [0x0D, 0x0A])
    }

    /// CRLF, CR and LF each as the two characters `\n`.
    static func escapingLineBreaks(_ line: String) -> String {
        var out: [UInt8] = []
        var previousCR = false
        for byte in line.utf8 {
            if byte == 0x0A && previousCR {
                previousCR = false
                continue
            }
            previousCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D { out += [UInt8(ascii: "\\"), UInt8(ascii: "n")] } else { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A stable identifier from text: 128 bits of two FNV-1a hashes, as 32 hex digits. The same
/// text always gives the same identifier, on every machine.
package enum StableID {
    package static func make(_ text: String) -> String {
        let (a, b) = digest(text)
        return hex(a) + hex(b)
    }

    /// The two hashes `make` writes out.
    static func digest(_ text: String) -> (UInt64, UInt64) {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b << 13) | (b >> 51)
        }
        return (a, b)
    }

    /// The identifier as 64 bits (both hashes mixed), to remember many identifiers in little memory.
    package static func key(_ text: String) -> UInt64 {
        let (a, b) = digest(text)
        return a ^ (b &* 0x9E37_79B9_7F4A_7C15)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
