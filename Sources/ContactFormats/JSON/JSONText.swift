/// Writing JSON text.
package enum JSONText {
    /// Whether the UTF-8 goes into a JSON string as it is, with no escape (looked at 8 bytes at
    /// a time: most values need none).
    static func isPlain(_ utf8: Span<UInt8>) -> Bool {
        ByteScan.firstJSONEscape(utf8, from: 0) == utf8.count
    }

    /// A JSON string literal: `"` `\\` and control characters escaped, everything else as UTF-8.
    package static func appendString(_ value: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        let plain = value.withUTF8Span { utf8 in
            guard isPlain(utf8) else { return false }
            buffer.append(span: utf8)
            return true
        }
        if !plain {
            for b in value.utf8 {
                switch b {
                case UInt8(ascii: "\""): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                               hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                default: buffer.append(b)
                }
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}
