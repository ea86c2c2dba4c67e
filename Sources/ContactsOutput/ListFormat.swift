import ContactsCore
import ContactFormats

/// The birthday list for people: date, name, and the age being reached (for someone who died,
/// `†` and the day of death instead); with `showsDaysUntil` also how soon. Columns are aligned by terminal width (CJK characters take two columns), so
/// each person becomes a row and the rows are laid out together at the end.
///
///     15 Apr 1985  Anna Müller     turns 41  in 3 days
///     16 Apr       田中 太郎                  in 4 days
///
/// In the language of `locale` (ICU's CLDR words, `Language`), English otherwise:
///
///     15. Apr. 1985  Anna Müller  wird 41  in 3 Tagen
public struct ListFormat: AlignedFormat {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// The months' bytes, for the row.
    private static let monthBytes = months.map { Array($0.utf8) }
    /// Longer names are not padded further, so one long name does not push every line.
    private static let maximumNameWidth = 40

    private let dates: DateContext
    private let showsDaysUntil: Bool
    /// The words of a language other than English; nil: English.
    private let language: Language?

    /// The list for these dates; `showsDaysUntil` adds "in N days"; in the language of `locale`
    /// (nil, `root`, `en…` or a language ICU has no words for: English).
    public init(dates: DateContext, showsDaysUntil: Bool, locale: String? = nil) {
        self.dates = dates
        self.showsDaysUntil = showsDaysUntil
        language = locale.flatMap(Language.init)
    }

    /// A row for each birthday: a lunar one beside the Gregorian one is listed on its own day.
    public var rowPerBirthday: Bool { true }

    /// Dates, ages and days in a language: ICU's (`LanguageWords`), and "turns N" in the
    /// languages we have it for, else the number of years as ICU words it (`41 Jahre`).
    struct Language: Sendable {
        let words: LanguageWords
        /// "turns N": `#` the number, `{years}` ICU's number of years.
        let turns: String

        /// The phrases, by language.
        static let turnsPhrases = [
            "de": "wird #", "nl": "wordt #", "sv": "fyller #", "da": "fylder #", "nb": "fyller #", "nn": "fyller #",
            "no": "fyller #", "fi": "täyttää #", "fr": "aura {years}", "es": "cumple {years}", "it": "compie {years}",
            "pt": "faz {years}", "pl": "kończy {years}", "ja": "#歳", "zh": "#岁", "ko": "#세",
        ]

        init?(locale: String) {
            let language = String(locale.lowercased().prefix { $0.isLetter })
            guard !["", "en", "root", "c", "posix"].contains(language), let words = LanguageWords(locale: locale) else { return nil }
            self.words = words
            turns = Self.turnsPhrases[language] ?? "{years}"
        }

        func turns(_ age: Int) -> String {
            turns.replacingAll("{years}", with: words.years(age)).replacingAll("#", with: "\(age)")
        }
    }

    /// The row: the name's width in columns, the date, the name, the age and how soon, each
    /// ended by a 0 byte (which no field holds: the name's unsafe characters, `LineText`, are spaces).
    public func append(_ person: PersonInfo, to row: inout [UInt8]) {
        let shown = person.displayName
        let name = shown.isEmpty ? "(no name)" : LineText.spaced(shown)
        row.appendDecimal(displayWidth(name))
        row.append(0)
        var age = "", when = ""
        var turns: Int?  // the usual age, "turns N", written as bytes
        // Another calendar's birthday is shown on the day it falls on next, its own date beside the age.
        let other = person.birthday == nil ? person.calendarBirthday : nil
        if let upcoming = person.birthday != nil || other != nil ? dates.upcoming(of: person) : nil {
            let birthday = person.birthday ?? PartialDate(year: nil, month: upcoming.date.month, day: upcoming.date.day)!
            if let language {
                row.appendUTF8(language.words.date(birthday))
                age = person.deathDate.map { "† " + language.words.date($0) } ?? upcoming.age.map(language.turns) ?? ""
                if showsDaysUntil { when = language.words.daysFromToday(upcoming.days) }
            } else {
                if birthday.day < 10 { row.append(0x20) }
                row.appendDecimal(birthday.day)
                row.append(0x20)
                row.append(contentsOf: ListFormat.monthBytes[birthday.month - 1])
                if let year = birthday.year {
                    row.append(0x20)
                    row.appendDecimal(year, width: 4)
                }
                if let death = person.deathDate { age = "† " + ListFormat.shown(death) } else { turns = upcoming.age }
                if showsDaysUntil {
                    when = upcoming.days == 0 ? "today" : upcoming.days == 1 ? "tomorrow" : "in \(upcoming.days) days"
                }
            }
            if let other {
                if let years = turns { age = ListFormat.turnsPrefix + String(years) }
                turns = nil
                age = (age.isEmpty ? "" : age + " ") + "(\(other.calendar) \(other.monthAndDay))"
            }
        }
        row.append(0)
        func field(_ text: String) {
            row.appendUTF8(text)
            row.append(0)
        }
        field(name)
        if let turns {
            row.append(contentsOf: ListFormat.turnsBytes)
            row.appendDecimal(turns)
            row.append(0)
        } else {
            field(age)
        }
        field(when)
    }

    /// English's "turns N" before the number, as text and as bytes.
    private static let turnsPrefix = "turns "
    private static let turnsBytes = Array(turnsPrefix.utf8)

    /// `5 Jan 1990`, `15 Apr`: a day of death (the rare row; the birthday is appended as bytes).
    static func shown(_ date: PartialDate) -> String {
        "\(date.day) " + months[date.month - 1] + (date.year.map { " " + PartialDate.pad($0, 4) } ?? "")
    }

    /// A row's fields: the name's width, then date, name, age and how soon, each ended by a 0.
    private struct Row {
        var nameWidth = 0
        var date, name, age, when: UnsafeRawBufferPointer.SubSequence

        init(_ bytes: UnsafeRawBufferPointer) {
            let widthEnd = Row.end(of: bytes, from: 0)
            for digit in bytes[0..<widthEnd] { nameWidth = nameWidth &* 10 &+ Int(digit &- 0x30) }
            let dateEnd = Row.end(of: bytes, from: widthEnd + 1), nameEnd = Row.end(of: bytes, from: dateEnd + 1)
            let ageEnd = Row.end(of: bytes, from: nameEnd + 1), whenEnd = Row.end(of: bytes, from: ageEnd + 1)
            date = bytes[min(widthEnd + 1, dateEnd)..<dateEnd]
            name = bytes[min(dateEnd + 1, nameEnd)..<nameEnd]
            age = bytes[min(nameEnd + 1, ageEnd)..<ageEnd]
            when = bytes[min(ageEnd + 1, whenEnd)..<whenEnd]
        }

        /// Where the field that starts at `start` ends: its 0, or the end of the row. Looked
        /// for 8 bytes at a time (a row is read twice, to measure it and to lay it out).
        private static func end(of bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
            var i = start
            while i &+ 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
                // The high bit of each byte that is 0, and of no other byte.
                let zeros = ~((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | word) & 0x8080_8080_8080_8080
                if zeros != 0 { return i &+ zeros.trailingZeroBitCount >> 3 }
                i &+= 8
            }
            while i < bytes.count && bytes[i] != 0 { i &+= 1 }
            return min(i, bytes.count)
        }
    }

    /// Widens the date, name (at most `maximumNameWidth`) and age columns to fit the row.
    package func measure(_ row: UnsafeRawBufferPointer, into widths: inout ColumnWidths) {
        let row = Row(row)
        widths.widen(to: SIMD4(width(row.date), min(row.nameWidth, ListFormat.maximumNameWidth), width(row.age), 0))
    }

    /// The terminal columns of a date or an age: in English its bytes (ASCII, but a death's `†`),
    /// else as `displayWidth` counts them (`15. März`, `4月15日`).
    private func width(_ field: UnsafeRawBufferPointer.SubSequence) -> Int {
        language == nil && field.first != 0xE2 ? field.count : displayWidth(String(decoding: field, as: UTF8.self))
    }

    /// The row's line: date, name, age and how soon, in columns as wide as `widths`.
    package func appendLine(_ bytes: UnsafeRawBufferPointer, widths: ColumnWidths, to line: inout [UInt8]) {
        let row = Row(bytes)
        let (dateWidth, nameWidth, ageWidth) = (widths.columns[0], widths.columns[1], widths.columns[2])
        let afterDate = max(0, dateWidth - width(row.date) + 2)
        let afterAge = max(0, ageWidth - width(row.age)) + 2
        /// Each field with the spaces after it. The line is made with one append of spaces and
        /// the fields copied in: an append per field and per padding cost more than the row.
        func layOut(_ field: (UnsafeRawBufferPointer.SubSequence, Int) -> Void) {
            field(row.date, afterDate)
            guard !row.age.isEmpty || !row.when.isEmpty else { return field(row.name, 0) }
            field(row.name, max(0, nameWidth - row.nameWidth) + 2)
            guard !row.when.isEmpty else { return field(row.age, 0) }
            if !row.age.isEmpty || ageWidth > 0 { field(row.age, afterAge) }  // the age column, padded, even when empty
            field(row.when, 0)
        }
        var length = 0
        layOut { length += $0.count + $1 }
        let start = line.count
        line.append(contentsOf: repeatElement(0x20, count: length))
        line.withUnsafeMutableBytes { out in
            var at = start
            layOut { field, padding in
                UnsafeMutableRawBufferPointer(rebasing: out[at..<at + field.count]).copyMemory(from: UnsafeRawBufferPointer(rebasing: field))
                at += field.count + padding
            }
        }
        while line.count > start && line.last == 0x20 { line.removeLast() }
        line.append(0x0A)
    }


}
