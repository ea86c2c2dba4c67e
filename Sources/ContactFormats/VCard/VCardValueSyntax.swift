import ContactsCore

/// The syntax of the values `--check` looks into beyond dates: URIs (RFC 3986) with `tel:`
/// (RFC 3966) and `geo:` (RFC 5870) looked into, vCard 3.0's `GEO` floats, language tags
/// (RFC 5646), UTC offsets, timestamps and media types (RFC 6350 §4, §5.7). Each check takes
/// the value as written (vCard escapes undone where a URI may carry them) and gives nil when it
/// is well-formed, else why it is not.
enum VCardValueSyntax {
    /// A URI: a scheme, `:`, and only characters a URI may hold (RFC 3986 §2–3); a `tel:` or
    /// `geo:` URI is checked as its RFC says. `\,` and `\;` are read as the commas and
    /// semicolons they escape (RFC 6350 erratum 3846).
    static func uri(_ written: String) -> String? {
        let text = VCardText.unescapingSeparators(written)
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter,
              text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return "'\(shown(written))' is no URI: it has no scheme such as https: (RFC 3986 §3.1)" }
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) else {
                    return "'\(shown(written))': a % in a URI starts two hexadecimal digits (RFC 3986 §2.1)"
                }
                i += 3
                continue
            }
            if b <= 0x20 || b >= 0x7F || "\"<>\\^`{|}".utf8.contains(b) {
                let what = b == 0x20 ? "a space" : b >= 0x80 ? "a character beyond ASCII" : "'\(Diagnostic.safeText(String(UnicodeScalar(b)), limit: 4))'"
                return "'\(shown(written))' has \(what), which a URI writes percent-encoded (RFC 3986 §2)"
            }
            i += 1
        }
        let rest = String(text[text.index(after: colon)...])
        switch text[..<colon].lowercased() {
        case "tel": return tel(rest)
        case "geo": return geo(rest)
        default: return nil
        }
    }

    /// The part of a `tel:` URI after the scheme: a global number (`+` and digits, with
    /// `-.()` as separators) or a local one with its `phone-context`, then parameters.
    static func tel(_ body: String) -> String? {
        let parts = body.split(separator: ";", omittingEmptySubsequences: false)
        let number = parts[0]
        let visual = "-.()"
        if number.hasPrefix("+") {
            let digits = number.dropFirst()
            guard digits.contains(where: \.isASCIIDigit), digits.allSatisfy({ $0.isASCIIDigit || visual.contains($0) }) else {
                return "tel:\(shown(body)): a global number is + and digits, with - . ( ) between them (RFC 3966 §5.1.4)"
            }
        } else {
            guard number.contains(where: { $0.isHexDigit || $0 == "*" || $0 == "#" }),
                  number.allSatisfy({ $0.isASCII && ($0.isHexDigit || "*#".contains($0) || visual.contains($0)) }) else {
                return "tel:\(shown(body)): no phone number; a global one starts with + (RFC 3966 §3)"
            }
            guard parts.dropFirst().contains(where: { $0.lowercased().hasPrefix("phone-context=") }) else {
                return "tel:\(shown(body)): a local number needs ;phone-context= (RFC 3966 §5.1.5); a global one starts with +"
            }
        }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = pair.first, !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                return "tel:\(shown(body)): parameter '\(shown(String(parameter)))' has no name (RFC 3966 §3)"
            }
            if name.lowercased() == "ext", pair.count < 2 || pair[1].isEmpty
                || !pair[1].allSatisfy({ $0.isASCIIDigit || visual.contains($0) }) {
                return "tel:\(shown(body)): an extension is digits (RFC 3966 §5.2)"
            }
        }
        return nil
    }

    /// The part of a `geo:` URI after the scheme: latitude, longitude and maybe altitude,
    /// within range, then parameters (RFC 5870 §3.3).
    static func geo(_ body: String) -> String? {
        let parts = body.split(separator: ";", omittingEmptySubsequences: false)
        let coordinates = parts[0].split(separator: ",", omittingEmptySubsequences: false).map { decimal($0) }
        guard (2...3).contains(coordinates.count), coordinates.allSatisfy({ $0 != nil }) else {
            return "geo:\(shown(body)): coordinates are latitude,longitude[,altitude] in decimal degrees (RFC 5870 §3.3)"
        }
        let otherCRS = parts.dropFirst().contains { $0.lowercased().hasPrefix("crs=") && $0.lowercased() != "crs=wgs84" }
        if !otherCRS, let range = outOfRange(latitude: coordinates[0]!, longitude: coordinates[1]!) {
            return "geo:\(shown(body)): \(range) (RFC 5870 §3.4.2)"
        }
        return nil
    }

    /// vCard 2.1's and 3.0's `GEO`: latitude and longitude as decimals, `;` between them (2.1
    /// also writes `,`).
    static func geoFloats(_ text: String, version: VCardVersion) -> String? {
        let separators: Set<Character> = version == .v21 ? [";", ","] : [";"]
        let parts = text.split(omittingEmptySubsequences: false) { separators.contains($0) }.map { decimal(Substring(String($0).trimmingSpaces())) }
        let rfc = version == .v21 ? "vCard 2.1 §2.4.1" : "RFC 2426 §3.4.2"
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1] else {
            return "'\(shown(text))' is not latitude;longitude in decimal degrees (\(rfc)); vCard 4.0 writes geo:latitude,longitude"
        }
        return outOfRange(latitude: latitude, longitude: longitude).map { "\($0) (\(rfc))" }
    }

    /// A language tag: subtags of 1–8 letters and digits joined by `-`, the first 2–8 letters
    /// (or `x`/`i` for private and grandfathered tags) (RFC 5646 §2.1).
    static func languageTag(_ text: String) -> String? {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed = subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            && subtags[0].allSatisfy(\.isLetter) && (subtags[0].count >= 2 || ["x", "i"].contains(subtags[0].lowercased()) && subtags.count > 1)
        return wellFormed ? nil : "'\(shown(text))' is no language tag such as en or de-CH (RFC 5646 §2.1)"
    }

    /// A UTC offset: `-0500`, `+01` (4.0); 3.0 writes `-05:00`. `extended` tells the form.
    static func utcOffset(_ text: String) -> (valid: Bool, extended: Bool) {
        let s = Array(text.utf8)
        guard s.count >= 3, s[0] == UInt8(ascii: "+") || s[0] == UInt8(ascii: "-"), let hours = number(s[1..<3]), hours <= 23 else {
            return (false, false)
        }
        switch s.count {
        case 3: return (true, false)
        case 5: return (number(s[3..<5]).map { $0 <= 59 } ?? false, false)
        case 6: return (s[3] == UInt8(ascii: ":") && (number(s[4..<6]).map { $0 <= 59 } ?? false), true)
        default: return (false, false)
        }
    }

    /// A date and time of day with every part (`19961022T140000Z`, RFC 6350 §4.3.5), or in 3.0
    /// also a date alone (`1997-11-15`); `extended` tells ISO 8601's form with `-` and `:`.
    static func timestamp(_ text: String, dateAlone: Bool) -> (valid: Bool, extended: Bool) {
        let parts = text.split(maxSplits: 1, omittingEmptySubsequences: false) { $0 == "T" || $0 == "t" }
        let date = Array(parts[0].utf8)
        let dateExtended = date.count == 10 && date[4] == UInt8(ascii: "-") && date[7] == UInt8(ascii: "-")
        guard date.count == 8 && date.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) || dateExtended,
              case .date = DateParsing.parse(date) else { return (false, false) }
        guard parts.count == 2 else { return (dateAlone, dateExtended) }
        var time = Array(parts[1].utf8)
        var zoneExtended = false
        if time.last == UInt8(ascii: "Z") || time.last == UInt8(ascii: "z") {
            time.removeLast()
        } else if let sign = time.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
            let zone = utcOffset(String(decoding: time[sign...], as: UTF8.self))
            guard zone.valid else { return (false, false) }
            zoneExtended = zone.extended
            time.removeSubrange(sign...)
        }
        if let dot = time.firstIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) {
            guard time[(dot + 1)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), dot + 1 < time.count else { return (false, false) }
            time.removeSubrange(dot...)
        }
        let timeExtended = time.count == 8 && time[2] == UInt8(ascii: ":") && time[5] == UInt8(ascii: ":")
        if timeExtended { time = [time[0], time[1], time[3], time[4], time[6], time[7]] }
        guard time.count == 6, let h = number(time[0..<2]), let m = number(time[2..<4]), let sec = number(time[4..<6]),
              h <= 23, m <= 59, sec <= 60 else { return (false, false) }
        return (true, dateExtended || timeExtended || zoneExtended)
    }

    /// What a vCard 4.0 `date-and-or-time` value (RFC 6350 §4.3.4) holds.
    enum DateForm: Equatable {
        /// Not of the type's grammar.
        case invalid
        /// A day of a month (`19850412`, `--0412`, with or without a time): a day to check.
        case day
        /// A form with no day of a month: a year, a year and month, a month, a day alone, a time.
        case withoutDay
    }

    /// The form of a vCard 4.0 date, date-time or time (RFC 6350 §4.3.1–4.3.4), by its grammar.
    static func dateAndOrTime(_ text: String) -> DateForm {
        let s = Array(text.utf8)
        guard let first = s.first else { return .invalid }
        if first == UInt8(ascii: "T") || first == UInt8(ascii: "t") { return time(s[1...], truncated: true) ? .withoutDay : .invalid }
        let t = s.firstIndex { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }
        let date = s[..<(t ?? s.count)]
        let month = { (at: Int) in number(date[at..<(at + 2)]).map { (1...12).contains($0) } ?? false }
        let day = { (at: Int) in number(date[at..<(at + 2)]).map { (1...31).contains($0) } ?? false }
        let dashes = date.prefix { $0 == UInt8(ascii: "-") }.count
        let form: DateForm
        switch (dashes, date.count) {
        case (0, 8) where number(date[0..<4]) != nil && month(4) && day(6): form = .day         // 19850412
        case (2, 6) where month(2) && day(4): form = .day                                        // --0412
        case (3, 5) where day(3): form = .withoutDay                                              // ---12
        case (0, 4) where number(date[0..<4]) != nil && t == nil: form = .withoutDay              // 1985
        case (0, 7) where number(date[0..<4]) != nil && date[4] == UInt8(ascii: "-") && month(5) && t == nil:
            form = .withoutDay                                                                    // 1985-04
        case (2, 4) where month(2) && t == nil: form = .withoutDay                                // --04
        default: return .invalid
        }
        if let t { return time(s[(t + 1)...], truncated: false) ? form : .invalid }
        return form
    }

    /// A time of day (RFC 6350 §4.3.2): hour, minute, second, each after the one before, then a
    /// zone; `truncated`: the hour (`-MMSS`) or hour and minute (`--SS`) may be left out.
    private static func time(_ s: ArraySlice<UInt8>, truncated: Bool) -> Bool {
        var rest = s
        var zone: ArraySlice<UInt8> = []
        if rest.last == UInt8(ascii: "Z") || rest.last == UInt8(ascii: "z") {
            rest = rest.dropLast()
        } else if let sign = rest.dropFirst(2).lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
            zone = rest[sign...]
            rest = rest[..<sign]
            guard zone.count == 3 || zone.count == 5, utcOffset(String(decoding: zone, as: UTF8.self)) == (true, false) else { return false }
        }
        let leading = rest.prefix { $0 == UInt8(ascii: "-") }.count
        guard leading == 0 || truncated, leading <= 2 else { return false }
        let digits = rest.dropFirst(leading)
        guard digits.count % 2 == 0, (2...(6 - 2 * leading)).contains(digits.count), number(digits) != nil else { return false }
        let limits = [23, 59, 60].dropFirst(leading)
        return zip(stride(from: digits.startIndex, to: digits.endIndex, by: 2), limits).allSatisfy { at, limit in
            number(digits[at..<(at + 2)])! <= limit
        }
    }

    /// A media type: `type/subtype` and parameters (RFC 6350 §5.7, RFC 6838 §4.2).
    static func mediaType(_ text: String) -> String? {
        let main = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0].split(separator: "/", omittingEmptySubsequences: false)
        let token: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$&-^_.+".contains($0)) } }
        return main.count == 2 && main.allSatisfy(token) ? nil : "'\(shown(text))' is no media type such as image/jpeg (RFC 6838 §4.2)"
    }

    // MARK: Parts

    private static func decimal(_ text: Substring) -> Double? {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : text
        let halves = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(halves.count), halves.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return Double(text)
    }

    private static func outOfRange(latitude: Double, longitude: Double) -> String? {
        if abs(latitude) > 90 { return "latitude \(latitude) is beyond ±90" }
        if abs(longitude) > 180 { return "longitude \(longitude) is beyond ±180" }
        return nil
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func isHex(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66)
    }

    private static func shown(_ text: String) -> String { Diagnostic.safeText(text, limit: 60) }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
