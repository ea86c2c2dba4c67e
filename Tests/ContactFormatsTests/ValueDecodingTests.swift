import Testing
@testable import ContactsCore
@testable import ContactFormats
import ContactsTesting
import ContactFormatsTesting

@Suite struct ValueDecodingTests {
    /// A phone number loses its `tel:` schemes (in any case, repeated) as the first four
    /// characters tell them, whether the fifth byte is ASCII (told by the bytes) or not (by the
    /// characters): the same answer as taking the first four characters and lower-casing them.
    @Test(arguments: ["tel:+1 555", "TEL:+1", "Tel:tel:+1 2", " tel: +1 ", "tel:", "tel: ", "tel:1", "tel", "te", "",
                      "tel:\u{301}1", "tel:é", "te\u{301}l:1", "tél:1", "tel;1", "tel:tel:", "TeL:+49 (0)30", "tel:\ttel:5",
                      "ｔel:1", "tel:佐藤", "xtel:1"])
    func phoneNumbersLoseTheirScheme(value: String) {
        var expected = value.trimmingSpaces()
        while expected.utf8.count > 4, expected.prefix(4).lowercased() == "tel:" {
            expected = String(expected.dropFirst(4)).trimmingSpaces()
        }
        #expect(ValueDecoding.phoneNumber(value) == expected)
    }

    /// ASCII letters, and only they, lower-cased; every other character as it was.
    @Test func asciiLowercasingChangesOnlyASCIILetters() {
        var random = SplitMix(state: 3)
        let pieces = ["A", "z", "Z", "@", "[", "`", "{", "É", "é", "ß", "İ", "Ω", "佐", "\u{301}", " ", "HOME", "Work", ""]
        for _ in 0..<2000 {
            let text = (0..<random.int(0...6)).map { _ in random.pick(pieces) }.joined()
            let expected = String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
            #expect(text.asciiLowercased() == expected, "\(text.debugDescription)")
        }
    }

    @Test func unescapesTextValues() {
        #expect(ValueDecoding.unescape(Array("a\\, b\\; c\\nd\\Ne\\\\f http\\://x".utf8)) == "a, b; c\nd\ne\\f http://x")
        #expect(ValueDecoding.unescape(Array("keep \\q as is".utf8)) == "keep \\q as is")
    }

    @Test func structuredValuesAndLists() {
        let parts = ValueDecoding.structured(Array("Public;John;Quinlan,Paul;Mr.;Esq\\,.".utf8), lists: true)
        #expect(parts == [["Public"], ["John"], ["Quinlan", "Paul"], ["Mr."], ["Esq,."]])
        let noLists = ValueDecoding.structured(Array("a,b;c\\;d".utf8), lists: false)
        #expect(noLists == [["a,b"], ["c;d"]])
    }

    /// The items of a structured value are `structured`'s, trimmed, without the empty ones
    /// (or with them); a text list splits at commas only.
    @Test func structuredItemsAreTheTrimmedNonEmptyParts() {
        var r = SplitMix(state: 5)
        let alphabet = Array("ab ;,\\\tü".utf8)
        for _ in 0..<2000 {
            let bytes = (0..<r.int(0...24)).map { _ in r.pick(alphabet) }
            for lists in [true, false] {
                var items: [[String]] = Array(repeating: [], count: 8)
                ValueDecoding.forEachItem(bytes, lists: lists) { items[min($0, 7)].append($1) }
                let expected = ValueDecoding.structured(bytes, lists: lists)
                    .map { $0.map { $0.trimmingSpaces() }.filter { !$0.isEmpty } }
                for k in 0..<7 {
                    #expect(items[k] == (k < expected.count ? expected[k] : []), "\(bytes) lists: \(lists)")
                }
            }
            // Every component, empty ones too (ADR, ORG).
            var components: [String] = []
            ValueDecoding.forEachItem(bytes, lists: false, keepsEmpty: true) { k, part in
                #expect(k == components.count)
                components.append(part)
            }
            #expect(components == ValueDecoding.structured(bytes, lists: false).map { $0[0].trimmingSpaces() }, "\(bytes)")
            // A text list: commas only.
            let list = ValueDecoding.split(bytes, on: UInt8(ascii: ",")).map { ValueDecoding.unescape(bytes[$0]).trimmingSpaces() }
            #expect(ValueDecoding.textList(bytes) == list.filter { !$0.isEmpty }, "\(bytes)")
        }
    }

    /// The fast path for ASCII parameter lists gives what unquoting and splitting the string gives.
    @Test func asciiParameterListsSplitAsTheirStringsDo() {
        var r = SplitMix(state: 3)
        let alphabet = Array("aB ,\"\t^\r\n".utf8) + [0xC3, 0xA9]
        var fastOnes = 0
        for _ in 0..<3000 {
            let bytes = (0..<r.int(0...12)).map { _ in r.pick(alphabet) }
            var items: [String] = []
            let fast = ValueDecoding.forEachASCIIListItem(bytes.span) { items.append(String(utf8: $0)) }
            let wrapped = bytes.count >= 2 && bytes.first == UInt8(ascii: "\"") && bytes.last == UInt8(ascii: "\"")
            let inner = wrapped ? bytes.dropFirst().dropLast() : bytes[...]
            #expect(fast == !inner.contains { $0 >= 0x80 || $0 == UInt8(ascii: "^") || $0 == UInt8(ascii: "\"") }, "\(bytes)")
            guard fast else { #expect(items.isEmpty); continue }
            fastOnes += 1
            let expected = ValueDecoding.parameterList(bytes).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            #expect(items == expected, "\(bytes)")
        }
        #expect(fastOnes > 300)
    }

    /// List parameters read back as the writer writes them (each value quoted on its own when
    /// it holds `:`, `;` or `,`), and as RFC 6350 quotes a whole list.
    @Test func listParametersReadBackAsWritten() {
        #expect(ValueDecoding.parameterList(Array("\"voice,home\"".utf8)) == ["voice", "home"])
        #expect(ValueDecoding.parameterList(Array("\"a\",\"b\",c".utf8)) == ["a", "b", "c"])
        #expect(ValueDecoding.parameterList(Array("^'voice,\"cel:x;y=^'v\"".utf8)) == ["\"voice", "cel:x;y=\"v"])
        // Plain items (nothing to unquote or decode): as they are, empty ones left out.
        #expect(ValueDecoding.parameterList(Array("home,,work, x y ,é".utf8)) == ["home", "work", " x y ", "é"])
        #expect(ValueDecoding.parameterList(Array(",".utf8)) == [] && ValueDecoding.parameterList([UInt8]()) == [])
        var r = SplitMix(state: 17)
        let pieces = ["a", "B", ":", ";", "\"", "^", " ", "é", "\n"]
        for _ in 0..<2000 {
            let values = (0..<r.int(1...3)).map { _ in (0..<r.int(1...5)).map { _ in r.pick(pieces) }.joined() }
            let written = values.map(VCardLineWriter.parameterValue).joined(separator: ",")
            #expect(ValueDecoding.parameterList(Array(written.utf8)) == values, "\(values) written \(written)")
        }
    }

    /// Contiguous bytes (told at once whether anything is to be undone) unescape as any other
    /// collection of them does (asked byte by byte).
    @Test func unescapeOfContiguousBytesAsOfAnyBytes() {
        var r = SplitMix(state: 23)
        let pieces: [[UInt8]] = [Array("\\n".utf8), Array("\\,".utf8), Array("\\\\".utf8), [0x5C], [0x0D], [0x0D, 0x0A], [0x0A],
                                 Array("é".utf8), Array("plain text ".utf8), Array("12345678".utf8)]
        for _ in 0..<3000 {
            let bytes = (0..<r.int(0...8)).flatMap { _ in r.pick(pieces) }
            let lazy = (0..<bytes.count).lazy.map { bytes[$0] }  // no contiguous storage
            #expect(ValueDecoding.unescape(bytes) == ValueDecoding.unescape(lazy), "\(bytes)")
        }
    }

    /// A value's spaces and tabs are trimmed as bytes before it is unescaped: the same text as
    /// trimming the unescaped string, with backslashes and escapes next to the white space.
    @Test func trimmingBeforeUnescapingAsAfter() {
        var r = SplitMix(state: 29)
        let pieces: [[UInt8]] = [[0x20], [0x09], [0x5C], Array("\\n".utf8), Array("\\,".utf8), Array("\\\\".utf8), Array("\\ ".utf8),
                                 [0x0D], [0x0D, 0x0A], [0x0A], Array("é".utf8), Array("ab".utf8), Array("\\\t".utf8)]
        for _ in 0..<5000 {
            let bytes = (0..<r.int(0...7)).flatMap { _ in r.pick(pieces) }
            let trimmed = ValueDecoding.unescape(bytes[ValueDecoding.trimmedSpaces(bytes.span, 0..<bytes.count)])
            #expect(trimmed == ValueDecoding.unescape(bytes).trimmingSpaces(), "\(bytes)")
        }
    }

    /// The UTF-8 check agrees with the standard library's validation, byte for byte.
    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        var r = SplitMix(state: 9)
        let interesting: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xA0, 0x9F, 0xED, 0xEF,
                                    0xF0, 0x90, 0x8F, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20000 {
            // ASCII runs of up to two 8-byte words, which are checked a word at a time, between other bytes.
            let bytes = (0..<r.int(1...3)).flatMap { _ in
                Array(repeating: 0x41, count: r.int(0...17)) + (0..<r.int(0...6)).map { _ in r.pick(interesting) }
            }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect(ValueDecoding.isValidUTF8(bytes) == valid, "\(bytes)")
            #expect(ValueDecoding.isValidUTF8(([0x41, 0x42, 0x43] + bytes)[3...]) == valid, "slice of \(bytes)")
        }
        #expect(ValueDecoding.isValidUTF8(Array("Zoë 🎂 田中".utf8)))
    }

    @Test func quotedPrintable() {
        #expect(ValueDecoding.decodeQuotedPrintable(Array("Caf=C3=A9 =3D ok=".utf8)) == Array("Café = ok=".utf8))
        #expect(ValueDecoding.decodeQuotedPrintable(Array("=zz".utf8)) == Array("=zz".utf8))
    }

    @Test func rfc6868ParameterEscapes() {
        #expect(ValueDecoding.parameterValue(Array("\"Haus ^'Sonne^' ^^ Hof^nOrt\"".utf8)) == "Haus \"Sonne\" ^ Hof\nOrt")
        #expect(ValueDecoding.parameterValue(Array("plain^x".utf8)) == "plain^x")
    }
}

@Suite struct DateTests {
    private func parsed(_ text: String, omitYear: Int? = nil) -> DateParsing.Result {
        DateParsing.parse(Array(text.utf8), omitYear: omitYear)
    }

    @Test(arguments: [
        ("1985-04-15", 1985), ("19850415", 1985), ("1985-04-15T10:00:00Z", 1985),
        ("1985-04-15T23:30:00-0800", 1985), (" 1985-04-15 ", 1985),
    ])
    func fullDates(text: String, year: Int) {
        #expect(parsed(text) == .date(date(year, 4, 15)))
    }

    @Test(arguments: ["--0415", "--04-15", "1604-04-15", "0000-04-15"])
    func yearlessDates(text: String) {
        #expect(parsed(text) == .date(date(nil, 4, 15)))
    }

    @Test func appleOmitYear() {
        #expect(parsed("1900-04-15", omitYear: 1900) == .date(date(nil, 4, 15)))
        #expect(parsed("1985-04-15", omitYear: 1604) == .date(date(1985, 4, 15)))
    }

    @Test func partialDatesSayWhatIsMissing() {
        #expect(parsed("1985") == .invalid(.invalidDate, "date '1985' has only a year"))
        #expect(parsed("T1030") == .invalid(.invalidDate, "'T1030' is a time with no date"))
        #expect(parsed("1985-04") == .invalid(.invalidDate, "date '1985-04' has no day"))
        #expect(parsed("---15") == .invalid(.invalidDate, "date '---15' has no month"))
        #expect(parsed("--0415T1030") == .date(date(nil, 4, 15)))
    }

    @Test func emptyIsNotAnError() {
        #expect(parsed("") == .empty)
        #expect(parsed("  ") == .empty)
    }

    @Test(arguments: ["1990-02-30", "1991-02-29", "--02-30", "1985-13-01", "1985-04", "---15", "April 15", "1985-04-15x", "20"])
    func invalidDates(text: String) {
        guard case .invalid = parsed(text) else {
            Issue.record("'\(text)' should be invalid")
            return
        }
    }

    @Test func leapDays() {
        #expect(parsed("2000-02-29") == .date(date(2000, 2, 29)))
        #expect(parsed("--0229") == .date(date(nil, 2, 29)))
        #expect(PartialDate(year: 1900, month: 2, day: 29) == nil)
    }

    @Test func nextOccurrenceAndAge() {
        let birthday = date(1985, 4, 15)
        #expect(birthday.nextOccurrence(onOrAfter: day(2026, 4, 15)) == day(2026, 4, 15))
        #expect(birthday.nextOccurrence(onOrAfter: day(2026, 4, 16)) == day(2027, 4, 15))
        #expect(Upcoming(birthday: birthday, today: day(2026, 4, 14)).age == 41)
        #expect(Upcoming(birthday: birthday, today: day(2026, 12, 20)).days == 116)
    }

    @Test func leapDayInCommonYearsFallsOnFebruary28() {
        let leap = date(1988, 2, 29)
        #expect(leap.nextOccurrence(onOrAfter: day(2026, 11, 22)) == day(2027, 2, 28))
        #expect(leap.nextOccurrence(onOrAfter: day(2027, 11, 22)) == day(2028, 2, 29))
    }

    @Test func leapDayPolicies() {
        let leap = date(1988, 2, 29)
        #expect(leap.nextOccurrence(onOrAfter: day(2026, 11, 22), feb29: .mar1) == day(2027, 3, 1))
        #expect(leap.nextOccurrence(onOrAfter: day(2027, 3, 1), feb29: .mar1) == day(2027, 3, 1))
        #expect(leap.nextOccurrence(onOrAfter: day(2027, 3, 2), feb29: .mar1) == day(2028, 2, 29))
        #expect(DateContext(today: day(2027, 2, 28), feb29: .feb28).upcoming(leap).days == 0)
        #expect(DateContext(today: day(2027, 2, 28), feb29: .mar1).upcoming(leap).days == 1)
        #expect(DateContext(today: day(2027, 2, 28), feb29: .mar1).upcoming(leap).age == 39)
    }

    /// A context keeps today's day number, also when its day is changed: every birthday of a
    /// leap year comes as the reckoning from the day itself says, on days around the year's end,
    /// 29 February and a day changed in place.
    @Test func aContextReckonsAsTheDayItselfDoes() {
        for (today, feb29) in [(day(2026, 12, 20), Feb29Policy.feb28), (day(2027, 2, 28), .mar1), (day(2024, 2, 29), .feb28),
                               (day(1, 1, 1), .feb28)] {
            var context = DateContext(today: day(2000, 6, 15), feb29: feb29)
            context.today = today
            for month in 1...12 {
                for dayOfMonth in [1, 15, 28, 29] {
                    for year in [nil, 1988] as [Int?] {
                        guard let birthday = PartialDate(year: year, month: month, day: dayOfMonth) else { continue }
                        #expect(context.upcoming(birthday) == Upcoming(birthday: birthday, today: today, feb29: feb29),
                                "\(birthday) from \(today)")
                    }
                }
            }
        }
    }

    @Test func wrapsAroundTheYearEnd() {
        let up = Upcoming(birthday: date(1990, 1, 3), today: day(2026, 12, 20))
        #expect(up.date == day(2027, 1, 3))
        #expect(up.days == 14)
        #expect(up.age == 37)
    }

    @Test func calendarDateParsingAndArithmetic() {
        #expect(CalendarDate(iso: "2026-11-22") == day(2026, 11, 22))
        #expect(CalendarDate(iso: "2026-02-29") == nil)
        #expect(CalendarDate(iso: "22.11.2026") == nil)
        #expect(day(1970, 1, 1).daysSinceEpoch == 0)
        #expect(day(2000, 3, 1).daysSinceEpoch - day(2000, 2, 28).daysSinceEpoch == 2)
    }
}

@Suite struct TranscoderTests {
    @Test func wholeValuesConvertIndependently() throws {
        let sjis = try Transcoder(charset: "Shift_JIS")
        // A value ending in half a character, then a clean one: no state leaks between them.
        let broken = sjis.utf8(from: [0x8D, 0xB2, 0x93])  // 佐 and the first byte of 藤
        #expect(broken.substitutions == 1)
        #expect(String(decoding: broken.bytes, as: UTF8.self) == "佐\u{FFFD}")
        let clean = sjis.utf8(from: [0x8D, 0xB2, 0x93, 0xA1])
        #expect(clean.substitutions == 0)
        #expect(String(decoding: clean.bytes, as: UTF8.self) == "佐藤")
        let latin = try Transcoder(charset: "windows-1252")
        #expect(String(decoding: latin.utf8(from: [0x52, 0x65, 0x6E, 0xE9, 0x80]).bytes, as: UTF8.self) == "René€")
    }

    @Test func streamingAcrossChunksKeepsSplitCharacters() throws {
        let utf16 = try Transcoder(charset: "UTF-16LE")
        var out: [UInt8] = []
        for byte in Array("Zoë 佐藤".utf16).flatMap({ [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) {
            let chunk = [byte]
            utf16.convert(chunk.span, flush: false) { out.append(span: $0) }
        }
        utf16.convert([UInt8]().span, flush: true) { out.append(span: $0) }
        #expect(String(decoding: out, as: UTF8.self) == "Zoë 佐藤")
        #expect(utf16.substitutions == 0)
    }
}
