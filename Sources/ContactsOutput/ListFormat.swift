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

    /// The row: a header (`Row.Header`: the name's width in columns and the fields' lengths),
    /// then the date, the name, the age and how soon.
    public func append(_ person: PersonInfo, to row: inout [UInt8]) {
        let shown = person.displayName
        let name = shown.isEmpty ? "(no name)" : LineText.spaced(shown)
        let start = row.count
        row.append(contentsOf: Row.Header.room)
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
                ListFormat.appendDate(birthday, to: &row)
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
        let dateEnd = row.count
        row.appendUTF8(name)
        let nameEnd = row.count
        if let turns {
            ListFormat.appendTurns(turns, to: &row)
        } else {
            row.appendUTF8(age)
        }
        let ageEnd = row.count
        row.appendUTF8(when)
        let header = Row.Header(nameWidth: displayWidth(name), date: dateEnd - start - Row.Header.size,
                                name: nameEnd - dateEnd, age: ageEnd - nameEnd, when: row.count - ageEnd)
        header.store(into: &row, at: start)
    }

    /// The spaces a usual line is made of before its fields are copied in (a copy of these
    /// costs less than appending each).
    private static let spaces = [UInt8](repeating: 0x20, count: 256)

    /// English's "turns N" before the number.
    private static let turnsPrefix = "turns "

    /// The months' three bytes as words, the first byte lowest, for the row.
    private static let monthWords: [UInt64] = months.map { $0.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) } }

    /// `15 Apr 1985`, ` 9 Apr`: the row's English date, made in two words and appended at once
    /// (an append per part cost more than the rest of the row).
    private static func appendDate(_ date: PartialDate, to row: inout [UInt8]) {
        let tens: UInt64 = date.day < 10 ? 0x20 : 0x30 + UInt64(date.day / 10)
        var low = tens | (0x30 + UInt64(date.day % 10)) << 8 | 0x20 << 16 | monthWords[date.month - 1] << 24
        var high: UInt64 = 0
        var count = 6
        if let year = date.year {  // 1 to 9999, four digits
            low |= 0x20 << 48 | (0x30 + UInt64(year / 1000)) << 56
            high = (0x30 + UInt64(year / 100 % 10)) | (0x30 + UInt64(year / 10 % 10)) << 8 | (0x30 + UInt64(year % 10)) << 16
            count = 11
        }
        row.appendLittleEndian(low, high, count: count)
    }

    /// `turns 41`: the English age, appended at once as `appendDate` appends the date.
    private static func appendTurns(_ age: Int, to row: inout [UInt8]) {
        guard age >= 0 && age < 1000 else {
            row.appendUTF8(turnsPrefix)
            return row.appendDecimal(age)
        }
        // "turns " in the first 6 bytes, then the age's 1 to 3 digits.
        var low: UInt64 = 0x2073_6E72_7574, high: UInt64 = 0
        var count = 7
        if age < 10 {
            low |= (0x30 + UInt64(age)) << 48
        } else if age < 100 {
            low |= (0x30 + UInt64(age / 10)) << 48 | (0x30 + UInt64(age % 10)) << 56
            count = 8
        } else {
            low |= (0x30 + UInt64(age / 100)) << 48 | (0x30 + UInt64(age / 10 % 10)) << 56
            high = 0x30 + UInt64(age % 10)
            count = 9
        }
        row.appendLittleEndian(low, high, count: count)
    }

    /// `5 Jan 1990`, `15 Apr`: a day of death (the rare row; the birthday is appended as bytes).
    static func shown(_ date: PartialDate) -> String {
        "\(date.day) " + months[date.month - 1] + (date.year.map { " " + PartialDate.pad($0, 4) } ?? "")
    }

    /// A row's fields: the name's width, then date, name, age and how soon.
    private struct Row {
        /// What comes before a row's fields: the name's width in columns (at most 65,535, far
        /// wider than a column is padded to) and the fields' lengths in bytes; read in place when
        /// the row is measured and when it is laid out.
        struct Header {
            var nameWidth, date, name, age, when: Int
            /// Its bytes: little-endian, the name's length in 4 (a name may be long), the others in 2.
            static let size = 12
            static let room = [UInt8](repeating: 0, count: size)

            init(nameWidth: Int, date: Int, name: Int, age: Int, when: Int) {
                (self.nameWidth, self.date, self.name, self.age, self.when) = (min(nameWidth, 0xFFFF), date, name, age, when)
            }

            init(_ bytes: Span<UInt8>) {
                func load<T: FixedWidthInteger & BitwiseCopyable>(_ offset: Int, _: T.Type) -> Int {
                    Int(T(littleEndian: bytes.load(T.self, at: offset)))
                }
                (nameWidth, name) = (load(0, UInt16.self), load(2, UInt32.self))
                (date, age, when) = (load(6, UInt16.self), load(8, UInt16.self), load(10, UInt16.self))
            }

            /// Writes the header over the `size` bytes of `row` from `start` (in two stores: one
            /// per field cost more than the rest of the header).
            func store(into row: inout [UInt8], at start: Int) {
                row.storeLittleEndian(UInt64(UInt16(nameWidth)) | UInt64(UInt32(name)) << 16 | UInt64(UInt16(date)) << 48, at: start)
                row.storeLittleEndian(UInt32(UInt16(age)) | UInt32(UInt16(when)) << 16, at: start + 8)
            }
        }

        var nameWidth: Int
        /// Where the fields lie in the row's bytes.
        var date, name, age, when: Range<Int>

        init(_ bytes: Span<UInt8>) {
            let header = Header(bytes)
            nameWidth = header.nameWidth
            let dateEnd = Header.size + header.date, nameEnd = dateEnd + header.name, ageEnd = nameEnd + header.age
            date = Header.size..<dateEnd
            name = dateEnd..<nameEnd
            age = nameEnd..<ageEnd
            when = ageEnd..<ageEnd + header.when
        }
    }

    /// Widens the date, name (at most `maximumNameWidth`) and age columns to fit the row.
    package func measure(_ bytes: Span<UInt8>, into widths: inout ColumnWidths) {
        let row = Row(bytes)
        widths.widen(to: SIMD4(width(bytes.extracting(row.date)), min(row.nameWidth, ListFormat.maximumNameWidth),
                               width(bytes.extracting(row.age)), 0))
    }

    /// The terminal columns of a date or an age: in English its bytes (ASCII, but a death's `†`),
    /// else as `displayWidth` counts them (`15. März`, `4月15日`).
    private func width(_ field: Span<UInt8>) -> Int {
        language == nil && (field.isEmpty || field[0] != 0xE2) ? field.count : displayWidth(String(utf8: field))
    }

    /// The row's line: date, name, age and how soon, in columns as wide as `widths`.
    package func appendLine(_ bytes: Span<UInt8>, widths: ColumnWidths, to line: inout [UInt8]) {
        let row = Row(bytes)
        let (dateWidth, nameWidth, ageWidth) = (widths.columns[0], widths.columns[1], widths.columns[2])
        let afterDate = max(0, dateWidth - width(bytes.extracting(row.date)) + 2)
        let afterAge = max(0, ageWidth - width(bytes.extracting(row.age))) + 2
        /// Each field with the spaces after it. The line is made with one append of spaces and
        /// the fields copied in: an append per field and per padding cost more than the row.
        func layOut(_ field: (Range<Int>, Int) -> Void) {
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
        if length <= ListFormat.spaces.count {
            line.append(span: ListFormat.spaces.span.extracting(0..<length))
        } else {
            line.append(contentsOf: repeatElement(0x20, count: length))
        }
        line.withMutableSpan(start..<line.count) { out in
            var at = 0
            layOut { field, padding in
                out.copy(bytes.extracting(field), to: at)
                at += field.count + padding
            }
        }
        while line.count > start && line.last == 0x20 { line.removeLast() }
        line.append(0x0A)
    }


}
