import ContactsCore

/// vCard value escaping, the inverse of `ValueDecoding`: text (`\\ \, \; \n`), text lists and
/// structured values (components at `;`, list items at `,`).
package enum VCardText {
    /// Escapes `\`, `,`, `;` and line breaks (a CR LF or lone CR is one line break).
    package static func escape(_ text: String) -> String {
        escaping(text, specials: .textSeparators)
    }

    /// A URI (`URL`): `\` and line breaks escaped, as the reader unescapes it, `,` and `;` as
    /// they are (URIs use them; other readers take them literally).
    package static func escapingURI(_ value: String) -> String {
        escaping(value, specials: .backslash)
    }

    /// Items escaped and joined with `,`.
    package static func list(_ items: [String]) -> String {
        items.map(escape).joined(separator: ",")
    }

    /// Components joined with `;`, each a list joined with `,`.
    package static func structured(_ components: [[String]]) -> String {
        components.map(list).joined(separator: ";")
    }

    /// An escaped value with each comma not already escaped escaped (a vCard 2.1 value, where a
    /// comma is not a list separator, made ready for 3.0 and 4.0).
    static func escapingBareCommas(_ value: String) -> String {
        guard value.utf8.contains(0x2C) else { return value }
        var out = ""
        var escaped = false
        for c in value.unicodeScalars {
            if c == "," && !escaped { out += "\\" }
            escaped = c == "\\" && !escaped
            out.unicodeScalars.append(c)
        }
        return out
    }

    /// `\,` and `\;` as the characters they escape; any other backslash (`\n`, `\\`) stays.
    package static func unescapingSeparators(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var out = "", escaped = false
        for c in text {
            if escaped {
                if c != "," && c != ";" { out.append("\\") }
                out.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    /// Line breaks as `\n`, everything else as it is (values of unknown type, kept verbatim).
    package static func escapingLineBreaks(_ value: String) -> String {
        escaping(value, specials: .none)
    }

    /// What is backslash-escaped besides line breaks.
    private enum Specials {
        case none, backslash, textSeparators  // textSeparators: \ , ;

        @inline(__always) func contains(_ b: UInt8) -> Bool {
            switch self {
            case .none: return false
            case .backslash: return b == 0x5C
            case .textSeparators: return b == 0x5C || b == 0x2C || b == 0x3B
            }
        }
    }

    /// Line breaks as `\n` and the `specials` backslash-escaped.
    private static func escaping(_ text: String, specials: Specials) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || specials.contains($0) }) else { return text }
        // Byte by byte: every character handled here is ASCII, never part of a longer one.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        var afterCR = false
        for b in text.utf8 {
            defer { afterCR = b == 0x0D }
            switch b {
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0A: if !afterCR { out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n")) }
            default:
                if specials.contains(b) { out.append(UInt8(ascii: "\\")) }
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
