import ContactsCore

/// The lines of vCard 2.1 (the versit specification), which old phones, car kits and desktop
/// clients read, from properties in their 3.0 form (`VCardPropertyConverter`: 2.1 has 3.0's
/// properties):
///
/// - Types are bare parameters in capitals (`TEL;CELL;PREF:`); other parameters keep their name;
///   `ENCODING=b` is `ENCODING=BASE64`, `VALUE=uri` is `VALUE=URL`.
/// - Text is 2.1's: a comma is a comma (only `CATEGORIES` and `NICKNAME` list items with commas,
///   a comma in an item escaped), a semicolon is escaped (`\;`), a backslash is written as one
///   unless it would read as an escape (`\\`), as one at a value's end would.
/// - A value that is not printable ASCII, holds a line break, or would make its line longer
///   than 75 octets is quoted-printable (`ENCODING=QUOTED-PRINTABLE`, with `CHARSET=UTF-8` when
///   it is not ASCII): a line break is `=0D=0A`, and the lines are at most 76 octets, each but
///   the last ending in a soft line break (`=`). Nothing else is folded, which 2.1 readers
///   disagree on.
/// - Base64 (an inline photo) is folded with a leading space, and an empty line ends it.
enum VCard21Lines {
    /// Appends the 2.1 lines of `property`, whose value is in its 3.0 form.
    static func append(_ property: VCardProperty, to out: inout [UInt8]) {
        let kind = PropertyTable.kind(written: property.name.uppercased()) ?? .raw
        var head = (property.group.map { $0 + "." } ?? "") + property.name
        var isBase64 = false
        for parameter in property.parameters {
            switch parameter.name.uppercased() {
            case "TYPE" where parameter.values.allSatisfy(isBareType):
                for value in parameter.values { head += ";" + value.uppercased() }
            case "ENCODING" where parameter.values.first?.lowercased() == "b":
                head += ";ENCODING=BASE64"
                isBase64 = true
            case "VALUE" where parameter.values.first?.lowercased() == "uri":
                head += ";VALUE=URL"
            default:
                head += ";" + parameter.name + "=" + parameter.values.map(VCardLineWriter.parameterValue).joined(separator: ",")
            }
        }
        if isBase64 {
            ContentLineFolding.append(head + ":" + property.value, to: &out)
            out += [0x0D, 0x0A]  // the empty line that ends 2.1 base64
            return
        }
        let value = Array(text(property.value, kind: kind).utf8)
        let isASCII = value.allSatisfy { $0 < 0x80 }
        let isPlain = isASCII && value.allSatisfy { $0 >= 0x20 && $0 < 0x7F } && head.utf8.count + 1 + value.count <= 75
        if isPlain {
            out += Array(head.utf8) + [UInt8(ascii: ":")] + value + [0x0D, 0x0A]
            return
        }
        head += (isASCII ? "" : ";CHARSET=UTF-8") + ";ENCODING=QUOTED-PRINTABLE:"
        quotedPrintable(value, after: Array(head.utf8), to: &out)
    }

    /// Whether a type can stand bare (`HOME`): letters, digits and `-`.
    private static func isBareType(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "-")
        }
    }

    /// The value as 2.1 writes it, from its 3.0 form.
    static func text(_ value: String, kind: PropertyValueKind) -> String {
        let bytes = Array(value.utf8)
        switch kind {
        case .text, .phone, .uri:
            return escaped(ValueDecoding.unescape(bytes), comma: false)
        case .textList:
            return ValueDecoding.split(bytes, on: UInt8(ascii: ",")).map { escaped(ValueDecoding.unescape(bytes[$0]), comma: true) }
                .joined(separator: ",")
        case .name, .address, .organization:
            // 2.1 has no lists in a component: the items of one are joined by commas, as readers
            // of lists take them: without the spaces around them (`Dr., Prof.` is "Dr." and
            // "Prof."), an empty one left out (`Nils,` would read back as "Nils,").
            return ValueDecoding.structured(bytes, lists: kind == .name).map { items in
                let shown = kind == .name && items.count > 1 ? items.map { $0.trimmingSpaces() } : items
                return shown.filter { !$0.isEmpty }.map { escaped($0, comma: false) }.joined(separator: ",")
            }.joined(separator: ";")
        case .date, .binary, .gender, .geo, .timeZone, .timestamp, .raw:
            return value
        }
    }

    /// `;` escaped, and `,` when it separates items; a backslash doubled only where it would
    /// read as an escape.
    private static func escaped(_ text: String, comma: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 0x3B || $0 == 0x5C || ($0 == 0x2C && comma) }) else { return text }
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        for (i, b) in bytes.enumerated() {
            switch b {
            case 0x3B: out += [0x5C, 0x3B]
            case 0x2C where comma: out += [0x5C, 0x2C]
            case 0x5C:
                // At the end, what follows is the next component's `;` or item's `,` (or the line's end).
                let next = i + 1 < bytes.count ? bytes[i + 1] : 0x3B
                out += "\\,;:nN".utf8.contains(next) ? [0x5C, 0x5C] : [0x5C]
            default: out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `head` and the value in quoted-printable (RFC 2045): `=`, controls, bytes beyond ASCII
    /// and a space or tab before a line break or the end as `=XX`, a line break as `=0D=0A`,
    /// soft line breaks keeping every line at most 76 octets (a line after one never starting with
    /// a plain `B` or `E`, which could read as `BEGIN:VCARD` or `END:VCARD`).
    private static func quotedPrintable(_ value: [UInt8], after head: [UInt8], to out: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        var line = head
        var i = 0
        while i < value.count {
            let b = value[i]
            let plain: [UInt8]
            if b == 0x0D || b == 0x0A {
                // CR LF, CR or LF: one line break.
                if b == 0x0D && i + 1 < value.count && value[i + 1] == 0x0A { i += 1 }
                plain = Array("=0D=0A".utf8)
            } else if b == UInt8(ascii: "=") || b < 0x20 || b >= 0x7F
                        || ((b == 0x20 || b == 0x09) && (i + 1 == value.count || value[i + 1] == 0x0D || value[i + 1] == 0x0A)) {
                plain = [UInt8(ascii: "="), hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
            } else {
                plain = [b]
            }
            // Room for the soft line break (a space before it is no space at a line's end).
            var encoded = plain
            if line.count + encoded.count > 75 {
                out += line + [UInt8(ascii: "="), 0x0D, 0x0A]
                line = []
                // A line that starts with B or E could read as a card's BEGIN:VCARD or END:VCARD: its first letter encoded.
                if encoded.count == 1 && (b | 0x20 == UInt8(ascii: "b") || b | 0x20 == UInt8(ascii: "e")) {
                    encoded = [UInt8(ascii: "="), hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
                }
            }
            line += encoded
            i += 1
        }
        out += line + [0x0D, 0x0A]
    }
}
