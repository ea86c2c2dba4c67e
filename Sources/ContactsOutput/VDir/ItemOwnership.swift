import ContactsCore
import ContactFormats

/// Whether a vdir file is an item this tool wrote, and so one it may replace or remove: the file
/// holds exactly one item (one `component` at the top, nothing outside it; a calendar's events
/// all of one UID) whose own top-level `PRODID` property, unfolded and decoded, is `productID`.
/// A `PRODID` anywhere else (a note that mentions it, a nested card, a second card of a
/// hand-made file) makes nothing ours.
enum ItemOwnership {
    static func isOwn(_ bytes: [UInt8], component: String, productID: String) -> Bool {
        var depth = 0, components = 0, ownProducts = 0, otherProducts = 0
        var uid: [UInt8]?
        var owned = true
        var softBreak = false  // a quoted-printable value ended with `=`: the next line is more of it
        forEachLogicalLine(bytes) { line in
            guard owned else { return }
            if softBreak {
                softBreak = line.last == UInt8(ascii: "=")
                return
            }
            let (nameBytes, parameters, value) = split(line)
            let name = String(decoding: nameBytes, as: UTF8.self)
            softBreak = isQuotedPrintable(parameters) && value.last == UInt8(ascii: "=")
            if name == "BEGIN" {
                if depth == 0 {
                    components += 1
                    if components > 1 || asciiUppercased(value) != Array(component.utf8) { owned = false }
                }
                depth += 1
            } else if name == "END" {
                depth -= 1
                if depth < 0 { owned = false }
            } else if depth == 0 {
                owned = false  // text outside the item
            } else if depth == 1 && name == "PRODID" {
                if decoded(value, parameters) == Array(productID.utf8) { ownProducts += 1 } else { otherProducts += 1 }
            } else if depth == 2 && name == "UID" && component == "VCALENDAR" {
                if let uid, uid != value { owned = false }
                uid = value
            }
        }
        return owned && depth == 0 && components == 1 && ownProducts == 1 && otherProducts == 0
    }

    /// Calls `body` with each logical line (folded lines joined, CR and LF taken off, blank lines skipped).
    private static func forEachLogicalLine(_ bytes: [UInt8], _ body: ([UInt8]) -> Void) {
        var line: [UInt8] = []
        var i = 0
        while i < bytes.count {
            var end = i
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var physical = bytes[i..<end]
            if physical.last == 0x0D { physical = physical.dropLast() }
            if let first = physical.first, first == 0x20 || first == 0x09 {
                line += physical.dropFirst()
            } else {
                if !line.isEmpty { body(line) }
                line = Array(physical)
            }
            i = end + 1
        }
        if !line.isEmpty { body(line) }
    }

    /// The upper-cased name (with its group, if any), the parameters and the value of a content line.
    private static func split(_ line: [UInt8]) -> (name: [UInt8], parameters: [UInt8], value: [UInt8]) {
        var quoted = false
        var nameEnd: Int?
        for (i, byte) in line.enumerated() {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if nameEnd == nil && byte == UInt8(ascii: ";") { nameEnd = i }
            if byte == UInt8(ascii: ":") && !quoted {
                let end = nameEnd ?? i
                return (asciiUppercased(line[..<end]), Array(line[end..<i]), Array(line[(i + 1)...]))
            }
        }
        return (asciiUppercased(line[...]), [], [])
    }

    private static func asciiUppercased<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] {
        bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
    }

    /// Whether the parameters say `QUOTED-PRINTABLE` (`ENCODING=` or 2.1's bare form).
    private static func isQuotedPrintable(_ parameters: [UInt8]) -> Bool {
        let marker = Array("QUOTED-PRINTABLE".utf8), upper = asciiUppercased(parameters)
        guard upper.count >= marker.count else { return false }
        return (0...(upper.count - marker.count)).contains { upper[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    /// The value as text: quoted-printable decoded when the parameters say so, else vCard's
    /// backslash escapes taken off.
    private static func decoded(_ value: [UInt8], _ parameters: [UInt8]) -> [UInt8] {
        isQuotedPrintable(parameters) ? ValueDecoding.decodeQuotedPrintable(value) : Array(ValueDecoding.unescape(value).utf8)
    }
}
