import ContactsCore
import ContactFormats

/// Tab-separated lines for scripts, no header. Columns:
/// 1 birthday (`YYYY-MM-DD` or `--MM-DD`), 2 next occurrence, 3 age then, 4 display name,
/// 5 family name, 6 given name, 7 additional names, 8 honorific prefixes, 9 honorific suffixes,
/// 10 nickname, 11 days until the next birthday, 12 UID. Empty where unknown (a birthday of
/// another calendar has no column 1, and columns 2, 3 and 11 from its next Gregorian day). In values a
/// backslash, tab, newline and carriage return are written `\\`, `\t`, `\n`, `\r`, other
/// control characters `\xHH`, line separators and bidirectional controls `\u{HHHH}`.
public struct TSVFormat: CompactFormat {
    private let dates: DateContext

    /// The TSV lines for these dates.
    public init(dates: DateContext) {
        self.dates = dates
    }

    /// A line for each birthday: a lunar one beside the Gregorian one has its own.
    public var rowPerBirthday: Bool { true }

    /// Appends the person's line.
    public func append(_ person: PersonInfo, to line: inout [UInt8]) {
        let upcoming = person.birthday.map { dates.upcoming($0) } ?? person.calendarBirthday.flatMap { _ in dates.upcoming(of: person) }
        person.birthday?.appendISO(to: &line)
        line.append(0x09)
        appendUpcoming(upcoming, to: &line)
        appendNames(person, to: &line)
        appendDaysAndUID(upcoming?.days, person, to: &line)
    }

    /// The line without the columns that depend on today (2, 3 and 11), which `expand` adds.
    package func appendCompact(_ person: PersonInfo, to line: inout [UInt8]) {
        person.birthday?.appendISO(to: &line)
        if person.birthday == nil, let other = person.calendarBirthday {
            // Another calendar's birthday, for `expand` to find its next day: `~chinese:4622-08-15`.
            line.append(contentsOf: ("~" + other.calendar.rawValue + ":" + other.description).utf8)
        }
        line.append(0x09)
        appendNames(person, to: &line)
        TSVFormat.appendEscaped(person.uid ?? "", to: &line)
        line.append(0x0A)
    }

    /// Appends the line a compact row stands for.
    package func expand(_ bytes: Span<UInt8>, to line: inout [UInt8]) {
        var firstTab = 0, lastTab = bytes.count - 1
        while bytes[firstTab] != 0x09 { firstTab += 1 }
        while bytes[lastTab] != 0x09 { lastTab -= 1 }
        let upcoming: Upcoming?
        if bytes[0] == UInt8(ascii: "~") {
            let text = String(utf8: bytes.extracting(1..<firstTab))
            let colon = text.firstIndex(of: ":") ?? text.endIndex
            let other = OtherCalendarDate(calendar: String(text[..<colon]), text: String(text[colon...].dropFirst()))
            upcoming = other.flatMap { OtherCalendars.next($0, onOrAfter: dates.today) }
            line.append(0x09)
        } else {
            let birthday = PartialDate(iso: bytes.extracting(0..<firstTab))
            upcoming = birthday.map { dates.upcoming($0) }
            line.append(span: bytes.extracting(0...firstTab))
        }
        appendUpcoming(upcoming, to: &line)
        line.append(span: bytes.extracting((firstTab + 1)...lastTab))
        if let days = upcoming?.days { line.appendDecimal(days) }
        line.append(0x09)
        line.append(span: bytes.extracting((lastTab + 1)..<bytes.count))
    }

    /// Columns 2 and 3: the next occurrence and the age then.
    private func appendUpcoming(_ upcoming: Upcoming?, to line: inout [UInt8]) {
        upcoming?.date.appendISO(to: &line)
        line.append(0x09)
        if let age = upcoming?.age { line.appendDecimal(age) }
        line.append(0x09)
    }

    /// Columns 4 to 10, each followed by a tab.
    private func appendNames(_ person: PersonInfo, to line: inout [UInt8]) {
        func list(_ values: [String], _ separator: String) {
            for (i, value) in values.enumerated() {
                if i > 0 { line.append(contentsOf: separator.utf8) }
                TSVFormat.appendEscaped(value, to: &line)
            }
            line.append(0x09)
        }
        var first = true
        person.forEachDisplayNamePart { part in
            if !first { line.append(UInt8(ascii: " ")) }
            TSVFormat.appendEscaped(part, to: &line)
            first = false
        }
        line.append(0x09)
        list(person.familyNames, " ")
        list(person.givenNames, " ")
        list(person.additionalNames, " ")
        list(person.honorificPrefixes, " ")
        list(person.honorificSuffixes, " ")
        list(person.nicknames, ", ")
    }

    /// Columns 11 and 12, and the line end.
    private func appendDaysAndUID(_ days: Int?, _ person: PersonInfo, to line: inout [UInt8]) {
        if let days { line.appendDecimal(days) }
        line.append(0x09)
        TSVFormat.appendEscaped(person.uid ?? "", to: &line)
        line.append(0x0A)
    }

    /// `\\`, `\t`, `\n` and `\r` as such, every other control character (C0, DEL, C1) as
    /// `\xHH`, the line separators and bidirectional controls as `\u{HHHH}` (`LineText`): no raw
    /// ESC, NUL or override reaches whatever reads the line.
    static func appendEscaped(_ value: String, to line: inout [UInt8]) {
        do {
            let bytes = value.utf8.span
            var start = 0
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                var code: UInt8?  // the control character written as \xHH
                var width = 1
                let escaped: UInt8
                if (b == 0xE2 || b == 0xD8) && i + 1 < bytes.count {
                    let (scalar, length) = Self.scalar(in: bytes, at: i)
                    if LineText.isForbidden(scalar) {
                        line.append(span: bytes.extracting(start..<i))
                        line.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".utf8)
                        i += length
                        start = i
                        continue
                    }
                }
                switch b {
                case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
                case 0x09: escaped = UInt8(ascii: "t")
                case 0x0A: escaped = UInt8(ascii: "n")
                case 0x0D: escaped = UInt8(ascii: "r")
                case 0x00..<0x20, 0x7F:
                    escaped = UInt8(ascii: "x")
                    code = b
                case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]):
                    escaped = UInt8(ascii: "x")
                    code = bytes[i + 1]
                    width = 2
                default:
                    i += 1
                    continue
                }
                line.append(span: bytes.extracting(start..<i))
                line.append(UInt8(ascii: "\\"))
                line.append(escaped)
                if let code {
                    for digit in [code >> 4, code & 0x0F] { line.append(digit < 10 ? 0x30 + digit : 0x37 + digit) }
                }
                i += width
                start = i
            }
            line.append(span: bytes.extracting(start..<bytes.count))
        }
    }

    /// The character whose UTF-8 starts at `i` (a lead byte of two or three bytes), and its length.
    private static func scalar(in bytes: Span<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let length = bytes[i] >= 0xE0 ? 3 : 2
        guard i + length <= bytes.count else { return (" ", 1) }
        var value = UInt32(bytes[i] & (length == 3 ? 0x0F : 0x1F))
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (Unicode.Scalar(value) ?? " ", length)
    }
}
