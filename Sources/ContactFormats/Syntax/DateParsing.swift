import ContactsCore

/// Reads the date forms contacts carry: `1985-04-15`, `19850415`, date-times
/// (`1985-04-15T10:00:00Z`, the date as written), year-less `--0415` and `--04-15`.
/// Years 1604 (Apple's "no year") and 0000 mean the year is unknown.
public enum DateParsing {
    /// What a date value holds.
    public enum Result: Equatable {
        /// A date, maybe without a year.
        case date(PartialDate)
        /// No value at all.
        case empty
        /// Not a date, and why.
        case invalid(Diagnostic.Code, String)
    }

    /// The year Apple writes for dates without a year (with or without `X-APPLE-OMIT-YEAR`).
    public static let appleNoYear = 1604

    /// As `parse(_:omitYear:)` over a span, for an array.
    public static func parse(_ text: [UInt8], omitYear: Int? = nil) -> Result {
        parse(text.span, omitYear: omitYear)
    }

    /// As `parse(_:omitYear:)` over a span, for a part of an array.
    public static func parse(_ text: ArraySlice<UInt8>, omitYear: Int? = nil) -> Result {
        parse(text.span, omitYear: omitYear)
    }

    /// Reads a date value's bytes; `omitYear`: the year Apple's `X-APPLE-OMIT-YEAR` says means none.
    package static func parse(_ text: Span<UInt8>, omitYear: Int? = nil) -> Result {
        var lo = 0, hi = text.count
        while lo < hi, text[lo] == 0x20 || text[lo] == 0x09 { lo += 1 }
        while hi > lo, text[hi - 1] == 0x20 || text[hi - 1] == 0x09 { hi -= 1 }
        if lo == hi { return .empty }
        let n = hi - lo
        @inline(__always) func at(_ k: Int) -> UInt8 { text[lo &+ k] }
        var i = 0

        func digits(_ count: Int) -> Int? {
            guard i + count <= n else { return nil }
            var value = 0
            for k in i..<(i + count) {
                let d = at(k)
                guard d >= UInt8(ascii: "0") && d <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(d - UInt8(ascii: "0"))
            }
            i += count
            return value
        }
        func skipDash() -> Bool {
            if i < n && at(i) == UInt8(ascii: "-") { i += 1; return true }
            return false
        }
        // The value in a message: made only for one.
        var shown: String { String(utf8: text.extracting(lo..<hi)) }

        if at(0) == UInt8(ascii: "T") || at(0) == UInt8(ascii: "t") { return .invalid(.invalidDate, "'\(shown)' is a time with no date") }
        var year: Int?
        if n >= 2 && at(0) == UInt8(ascii: "-") && at(1) == UInt8(ascii: "-") {
            i = 2
            if i < n && at(i) == UInt8(ascii: "-") { return .invalid(.invalidDate, "date '\(shown)' has no month") }
        } else {
            guard let y = digits(4) else { return .invalid(.invalidDate, "invalid date '\(shown)'") }
            if i == n { return .invalid(.invalidDate, "date '\(shown)' has only a year") }
            year = y
            _ = skipDash()
        }
        guard let month = digits(2) else { return .invalid(.invalidDate, "invalid date '\(shown)'") }
        let dashed = skipDash()
        guard let day = digits(2) else {
            return i == n && !dashed ? .invalid(.invalidDate, "date '\(shown)' has no day") : .invalid(.invalidDate, "invalid date '\(shown)'")
        }
        if i < n {
            // The rest must be a time: `T10:00:00Z`, or after a space.
            guard at(i) == UInt8(ascii: "T") || at(i) == UInt8(ascii: "t") || at(i) == 0x20 else {
                return .invalid(.invalidDate, "invalid date '\(shown)'")
            }
        }
        if let y = year, y == 0 || y == appleNoYear || y == omitYear { year = nil }
        guard let date = PartialDate(year: year, month: month, day: day) else {
            return .invalid(.impossibleDate, "impossible date '\(shown)'")
        }
        return .date(date)
    }

    /// A date and time in the target's form: `19960415T201243+0400` in 4.0 (ISO 8601's basic
    /// form, RFC 6350 §4.3.3), `1996-04-15T20:12:43+04:00` in 3.0 (the extended form RFC 2426
    /// shows). A fraction of a second, which 4.0 has no place for, goes. Nil when the value is
    /// not an ISO 8601 date and time.
    package static func dateTime(_ value: String, basic: Bool) -> String? {
        let parts = value.trimmingSpaces().split(maxSplits: 1, omittingEmptySubsequences: false) { $0 == "T" || $0 == "t" }
        guard parts.count == 2, case .date(let date) = DateParsing.parse(Array(parts[0].utf8)) else { return nil }
        let month = PartialDate.pad(date.month, 2), day = PartialDate.pad(date.day, 2)
        let year = parts[0].hasPrefix("--") ? "--" : String(parts[0].prefix(4))
        let datePart = basic ? year + month + day : year + (year == "--" ? "" : "-") + month + "-" + day
        var clock: [String] = [], zone = "", zoneDigits: [String] = []
        var field = "", inFraction = false, inZone = false
        for c in parts[1] {
            if c.isASCII && c.isNumber {
                if !inFraction { field.append(c) }
                if field.count == 2 { (inZone ? { zoneDigits.append(field) } : { clock.append(field) })(); field = "" }
            } else if (c == "." || c == ",") && !inZone && field.isEmpty {
                inFraction = true
            } else if c == ":" && field.isEmpty {
                inFraction = false
            } else if (c == "Z" || c == "z" || c == "+" || c == "-") && !inZone && field.isEmpty {
                inZone = true
                inFraction = false
                zone = c == "z" ? "Z" : String(c)
            } else {
                return nil
            }
        }
        guard field.isEmpty, !clock.isEmpty, clock.count <= 3, zoneDigits.count <= 2,
              zone == "Z" ? zoneDigits.isEmpty : (zone.isEmpty || !zoneDigits.isEmpty) else { return nil }
        let separator = basic ? "" : ":"
        return datePart + "T" + clock.joined(separator: separator) + zone + zoneDigits.joined(separator: separator)
    }
}
