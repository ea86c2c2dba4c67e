/// Writes one vCard content line (unfolded): `group.NAME;PARAM=a,b:value`. Parameter values are
/// quoted when they hold `:`, `;` or `,`, and RFC 6868-escaped (`^^`, `^n`, `^'`).
enum VCardLineWriter {
    static func line(_ property: VCardProperty) -> String {
        var out = ""
        if let group = property.group, !group.isEmpty { out += group + "." }
        out += property.name
        for parameter in property.parameters {
            out += ";" + parameter.name + "=" + parameter.values.map(parameterValue).joined(separator: ",")
        }
        return out + ":" + property.value
    }

    static func parameterValue(_ value: String) -> String {
        var escaped = ""
        for c in value.unicodeScalars {
            switch c {
            case "^": escaped += "^^"
            case "\n": escaped += "^n"
            case "\"": escaped += "^'"
            case "\r": continue
            default: escaped.unicodeScalars.append(c)
            }
        }
        return escaped.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + escaped + "\"" : escaped
    }
}
