/// Base64 decoding (RFC 4648), skipping white space; nil for anything else that is not base64.
package enum Base64 {
    /// The media type (as written, possibly empty) and base64 text of a `data:…;base64,…` URI;
    /// nil for anything else, including data URIs that are not base64.
    package static func dataURI(_ value: String) -> (mediaType: Substring, data: Substring)? {
        guard value.lowercased().hasPrefix("data:"), let comma = value.firstIndex(of: ",") else { return nil }
        let header = value[value.index(value.startIndex, offsetBy: 5)..<comma]
        guard header.lowercased().hasSuffix(";base64") else { return nil }
        return (header.dropLast(7), value[value.index(after: comma)...])
    }

    package static func decode(_ text: Substring) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for c in text.utf8 {
            let value: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(c - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(c - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="), 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out.isEmpty ? nil : out
    }

    /// Appends the bytes as base64 (RFC 4648, with padding, no line breaks).
    package static func encode<C: Collection<UInt8>>(_ bytes: C, to out: inout [UInt8]) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
        var i = bytes.startIndex
        while i != bytes.endIndex {
            var group: UInt32 = 0
            var count = 0
            while count < 3 && i != bytes.endIndex {
                group |= UInt32(bytes[i]) << (16 - 8 * UInt32(count))
                bytes.formIndex(after: &i)
                count += 1
            }
            for k in 0..<4 {
                out.append(k <= count ? alphabet[Int(group >> (18 - 6 * UInt32(k)) & 63)] : UInt8(ascii: "="))
            }
        }
    }
}
