import ContactsCore

/// Writes one vCard content line (unfolded): `group.NAME;PARAM=a,b:value`. Parameter values are
/// quoted when they hold `:`, `;` or `,`, and RFC 6868-escaped (`^^`, `^n`, `^'`).
package enum VCardLineWriter {
    package static func line(_ property: VCardProperty) -> String {
        var bytes: [UInt8] = []
        append(property, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line's bytes (a writer folds them: `ContentLineFolding`).
    package static func append(_ property: VCardProperty, to out: inout [UInt8]) {
        if let group = property.group, !group.isEmpty {
            out.appendUTF8(group)
            out.append(UInt8(ascii: "."))
        }
        out.appendUTF8(property.name)
        for parameter in property.parameters {
            out.append(UInt8(ascii: ";"))
            out.appendUTF8(parameter.name)
            out.append(UInt8(ascii: "="))
            for (k, value) in parameter.values.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                appendParameterValue(value, to: &out)
            }
        }
        out.append(UInt8(ascii: ":"))
        out.appendUTF8(property.value)
    }

    static func parameterValue(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendParameterValue(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A parameter value, RFC 6868-escaped, in quotes when it holds `:`, `;` or `,`.
    private static func appendParameterValue(_ value: String, to out: inout [UInt8]) {
        var escapes = false, quotes = false
        for b in value.utf8 {
            switch b {
            case 0x5E, 0x0A, 0x22, 0x0D: escapes = true
            case 0x3A, 0x3B, 0x2C: quotes = true
            default: break
            }
        }
        if quotes { out.append(UInt8(ascii: "\"")) }
        if escapes {
            // Byte by byte: every character handled here is ASCII, never part of a longer one.
            for b in value.utf8 {
                switch b {
                case UInt8(ascii: "^"): out.append(UInt8(ascii: "^")); out.append(UInt8(ascii: "^"))
                case 0x0A: out.append(UInt8(ascii: "^")); out.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "^")); out.append(UInt8(ascii: "'"))
                case 0x0D: continue
                default: out.append(b)
                }
            }
        } else {
            out.appendUTF8(value)
        }
        if quotes { out.append(UInt8(ascii: "\"")) }
    }
}
