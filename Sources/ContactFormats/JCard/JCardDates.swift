/// Dates, times and UTC offsets between vCard 4.0's basic ISO 8601 form and jCard's extended
/// one (RFC 7095 §3.5.3–§3.5.7, §3.5.10): `19850412` is `1985-04-12`, `--0412` is `--04-12`,
/// `102200-0500` is `10:22:00-05:00`; the reduced forms `1985`, `1985-04`, `--04`, `---12`
/// and the truncated times (`-2200`, `--00`) keep their hyphens.
package enum JCardDates {
    /// The value types written in ISO 8601's forms.
    package static let types: Set<String> = ["date", "time", "date-time", "date-and-or-time", "timestamp", "utc-offset"]

    /// The extended form of a vCard value of this type; nil when it is no such value.
    package static func extended(_ value: String, type: String) -> String? {
        let bytes = Array(value.utf8)
        switch type {
        case "time": return time(bytes[...])
        case "utc-offset": return zone(bytes[...])
        default:
            let t = bytes.firstIndex { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }
            let datePart = bytes[..<(t ?? bytes.count)]
            guard let date = datePart.isEmpty && t != nil ? "" : date(datePart) else { return nil }
            guard let t else { return date }
            guard let clock = time(bytes[(t + 1)...]) else { return nil }
            return date + "T" + clock
        }
    }

    /// The basic form of a jCard value of this type (its colons and the date's hyphens gone, but
    /// those that mark a reduced or truncated form or a time zone's sign).
    package static func basic(_ value: String, type: String) -> String {
        let bytes = Array(value.utf8)
        switch type {
        case "time", "utc-offset": return String(decoding: bytes.filter { $0 != UInt8(ascii: ":") }, as: UTF8.self)
        default:
            let t = bytes.firstIndex { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") } ?? bytes.count
            var out = basicDate(bytes[..<t])
            out += bytes[t...].filter { $0 != UInt8(ascii: ":") }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Whether `bytes` are an integer (`-12`) or a float (`1.5`, `-0.25`) as vCard writes them.
    package static func isNumber(_ bytes: [UInt8], integer: Bool) -> Bool {
        var i = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") ? 1 : 0
        let digitsStart = i
        while i < bytes.count && isDigit(bytes[i]) { i += 1 }
        guard i > digitsStart else { return false }
        // JSON has no leading zeros or plus sign: such a number stays text.
        if bytes.first == UInt8(ascii: "+") || (i - digitsStart > 1 && bytes[digitsStart] == UInt8(ascii: "0")) { return false }
        if integer { return i == bytes.count }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fraction = i
            while i < bytes.count && isDigit(bytes[i]) { i += 1 }
            guard i > fraction else { return false }
        }
        return i == bytes.count
    }

    /// `YYYYMMDD` → `YYYY-MM-DD`, `--MMDD` → `--MM-DD`; `YYYY`, `YYYY-MM`, `--MM`, `---DD` and
    /// dates already extended as they are.
    private static func date(_ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let digits = bytes.filter(isDigit).count
        let shape = bytes.map { isDigit($0) ? UInt8(ascii: "9") : $0 }
        switch String(decoding: shape, as: UTF8.self) {
        case "99999999":
            return String(text.prefix(4)) + "-" + String(text.dropFirst(4).prefix(2)) + "-" + String(text.suffix(2))
        case "--9999":
            return "--" + String(text.dropFirst(2).prefix(2)) + "-" + String(text.suffix(2))
        case "9999", "9999-99", "--99", "---99", "9999-99-99", "--99-99":
            return digits > 0 ? text : nil
        default:
            return nil
        }
    }

    /// `hhmmss` → `hh:mm:ss` (or `hh:mm`, `hh`), `-mmss` → `-mm:ss`, `--ss`; a zone after it
    /// (`Z`, `-0500` → `-05:00`); a fraction of a second kept.
    private static func time(_ bytes: ArraySlice<UInt8>) -> String? {
        var i = bytes.startIndex
        var out = ""
        while i < bytes.endIndex && bytes[i] == UInt8(ascii: "-") && out.count < 2 {
            out += "-"
            i += 1
        }
        var pairs: [String] = []
        while i < bytes.endIndex, isDigit(bytes[i]) || bytes[i] == UInt8(ascii: ":") {
            if bytes[i] == UInt8(ascii: ":") { i += 1; continue }
            guard i + 1 < bytes.endIndex, isDigit(bytes[i + 1]) else { return nil }
            pairs.append(String(decoding: bytes[i...(i + 1)], as: UTF8.self))
            i += 2
        }
        guard !pairs.isEmpty, pairs.count + out.count <= 3 else { return nil }
        out += pairs.joined(separator: ":")
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") {
            let start = i
            i += 1
            while i < bytes.endIndex && isDigit(bytes[i]) { i += 1 }
            guard i > start + 1 else { return nil }
            out += String(decoding: bytes[start..<i], as: UTF8.self)
        }
        guard i < bytes.endIndex else { return out }
        guard let zone = zone(bytes[i...]) else { return nil }
        return out + zone
    }

    /// `Z`, `+hh`, `+hhmm` → `+hh:mm` (or already `+hh:mm`).
    private static func zone(_ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        if text == "Z" || text == "z" { return "Z" }
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let shape = String(decoding: bytes.dropFirst().map { isDigit($0) ? UInt8(ascii: "9") : $0 }, as: UTF8.self)
        switch shape {
        case "99", "99:99": return text
        case "9999": return String(text.prefix(3)) + ":" + String(text.suffix(2))
        default: return nil
        }
    }

    /// A date's hyphens gone but the leading ones (`--04-12` → `--0412`) and `YYYY-MM`'s.
    private static func basicDate(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        if bytes.count == 7, bytes[bytes.startIndex + 4] == UInt8(ascii: "-"), !bytes.prefix(4).contains(UInt8(ascii: "-")) {
            return Array(bytes)
        }
        var out: [UInt8] = []
        var leading = true
        for b in bytes {
            if b == UInt8(ascii: "-") && !leading { continue }
            leading = leading && b == UInt8(ascii: "-")
            out.append(b)
        }
        return out
    }

}
