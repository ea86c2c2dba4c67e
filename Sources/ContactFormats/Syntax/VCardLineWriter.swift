import ContactsCore

/// Writes one vCard content line (unfolded): `group.NAME;PARAM=a,b:value`. Parameter values are
/// quoted when they hold `:`, `;` or `,`, and RFC 6868-escaped (`^^`, `^n`, `^'`).
package enum VCardLineWriter {
    package static func line(_ property: VCardProperty) -> String {
        var out = ""
        if let group = property.group, !group.isEmpty { out += group + "." }
        out += property.name
        for parameter in property.parameters {
            out += ";" + parameter.name + "=" + parameter.values.map(parameterValue).joined(separator: ",")
        }
        return out + ":" + property.value
    }

    static func parameterValue(_ value: String) -> String {
        // Byte by byte: every character handled here is ASCII, never part of a longer one.
        var escaped = value
        if value.utf8.contains(where: { $0 == 0x5E || $0 == 0x0A || $0 == 0x22 || $0 == 0x0D }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(value.utf8.count + 8)
            for b in value.utf8 {
                switch b {
                case UInt8(ascii: "^"): bytes.append(UInt8(ascii: "^")); bytes.append(UInt8(ascii: "^"))
                case 0x0A: bytes.append(UInt8(ascii: "^")); bytes.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "^")); bytes.append(UInt8(ascii: "'"))
                case 0x0D: continue
                default: bytes.append(b)
                }
            }
            escaped = String(decoding: bytes, as: UTF8.self)
        }
        return escaped.utf8.contains(where: { $0 == 0x3A || $0 == 0x3B || $0 == 0x2C }) ? "\"" + escaped + "\"" : escaped
    }
}
