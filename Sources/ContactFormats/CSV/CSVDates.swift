import ContactsCore

/// Dates as CSV exports write them: ISO and vCard forms (`1985-04-15`, `--04-15`), Outlook's
/// `M/D/YYYY` with `0/0/00` for none, European `D.M.YYYY` (also year-less `15.04.`), and
/// `D/M/YYYY`; slashed dates whose day and month could be swapped follow a `DateOrder`, and
/// one that is valid only the other way round is read that way.
enum CSVDates {
    struct Parsed: Equatable {
        var result: DateParsing.Result
        /// Day and month were both 12 or less and differ, so the order decided.
        var ambiguous = false
        /// The order asked for gave no date, the other one did (`20/01/1991` month first).
        var swapped = false
    }

    static func parse(_ text: String, order: DateOrder) -> Parsed {
        // The usual ISO date (Google's `1985-04-15`, `--04-15`), with no space anywhere, read
        // from the string's own bytes.
        let iso = text.withUTF8Span { bytes -> Parsed? in
            let n = bytes.count
            guard n >= 5, bytes[0] != 0x09, bytes[n - 1] != 0x09, bytes.firstIndex(of: 0x20, from: 0) == nil,
                  bytes[0] == UInt8(ascii: "-") && bytes[1] == UInt8(ascii: "-") || isISO(bytes) else { return nil }
            return Parsed(result: DateParsing.parse(bytes))
        }
        if let iso { return iso }
        let trimmed = text.trimmingSpaces()
        if trimmed.isEmpty { return Parsed(result: .empty) }
        let bytes = Array(trimmed.utf8)
        // The date part only: Outlook may add a time ("4/15/1985 12:00:00 AM").
        let datePart = bytes[..<(bytes.firstIndex(of: UInt8(ascii: " ")) ?? bytes.count)]
        var invalid: Parsed { Parsed(result: .invalid(.invalidDate, "invalid date '\(trimmed)'")) }
        if datePart.starts(with: "--".utf8) || isISO(datePart.span) || datePart.allSatisfy(isDigit) {
            return Parsed(result: DateParsing.parse(bytes))
        }
        guard let separator = datePart.first(where: { !isDigit($0) }), "/.-".utf8.contains(separator) else {
            return invalid
        }
        var pieces = datePart.split(separator: separator, omittingEmptySubsequences: false)
        if separator == UInt8(ascii: ".") && pieces.count == 2 { pieces.append([]) }  // "15.04": no year
        guard pieces.count == 3, pieces.allSatisfy({ $0.allSatisfy(isDigit) }) else { return invalid }
        let numbers = pieces.map { Int(String(decoding: $0, as: UTF8.self)) }
        if numbers.allSatisfy({ $0 == nil || $0 == 0 }) { return Parsed(result: .empty) }  // 0/0/00
        guard let a = numbers[0], let b = numbers[1] else { return invalid }
        var year: Int?
        var month: Int, day: Int
        var ambiguous = false
        if pieces[0].count == 4 {  // YYYY/MM/DD
            year = a
            month = b
            guard let c = numbers[2] else { return invalid }
            day = c
        } else {
            if let c = numbers[2] {
                guard pieces[2].count == 4 else {
                    return Parsed(result: .invalid(.invalidDate, "date '\(trimmed)' has a two-digit year"))
                }
                year = c
            } else if separator != UInt8(ascii: ".") {
                return invalid
            }
            let dayFirst = separator == UInt8(ascii: ".") || order == .dmy
            (day, month) = dayFirst ? (a, b) : (b, a)
            ambiguous = separator != UInt8(ascii: ".") && a <= 12 && b <= 12 && a != b
        }
        if let y = year, y == 0 || y == DateParsing.appleNoYear { year = nil }
        guard let date = PartialDate(year: year, month: month, day: day) else {
            // Only valid the other way round: a day-first date in a month-first file, say.
            if pieces[0].count != 4 && separator != UInt8(ascii: "."), let date = PartialDate(year: year, month: day, day: month) {
                return Parsed(result: .date(date), swapped: true)
            }
            return Parsed(result: .invalid(.impossibleDate, "impossible date '\(trimmed)'"))
        }
        return Parsed(result: .date(date), ambiguous: ambiguous)
    }

    /// Starts with four digits and a hyphen (`1985-…`).
    private static func isISO(_ text: Span<UInt8>) -> Bool {
        text.count >= 5 && (0..<4).allSatisfy { isDigit(text[$0]) } && text[4] == UInt8(ascii: "-")
    }
}
