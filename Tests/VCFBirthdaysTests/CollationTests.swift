import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

private func sorted(_ names: [String], locale: String) throws -> [String] {
    let collator = try Collator(locale: locale)
    return names.map { (collator.sortKey($0), $0) }
        .sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
}

@Suite struct CollationTests {
    @Test func swedishPutsÅÄÖAfterZ() throws {
        #expect(try sorted(["Öberg", "Zorn", "Åberg", "Ahl", "Ärla"], locale: "sv") == ["Ahl", "Zorn", "Åberg", "Ärla", "Öberg"])
    }

    @Test func germanPutsÄWithA() throws {
        #expect(try sorted(["Zander", "Bär", "Äpfel", "Apfel", "Azur"], locale: "de") == ["Apfel", "Äpfel", "Azur", "Bär", "Zander"])
    }

    @Test func rootOrdersAccentsAsBaseLetters() throws {
        #expect(try sorted(["Öberg", "Zorn", "Oakley", "Åberg"], locale: "root") == ["Åberg", "Oakley", "Öberg", "Zorn"])
    }

    @Test func tabSeparatedFieldsCompareFieldByField() throws {
        // "Ab, c" must come before "Abc, a": the separator sorts before every letter.
        #expect(try sorted(["Abc\ta", "Ab\tc"], locale: "root") == ["Ab\tc", "Abc\ta"])
        #expect(try sorted(["Müller\tZoe", "Muller\tAnna", "Müller\tAnna"], locale: "de") == ["Muller\tAnna", "Müller\tAnna", "Müller\tZoe"])
    }

    @Test func compareAgreesWithSortKeys() throws {
        let collator = try Collator(locale: "sv")
        #expect(collator.compare("Zorn", "Åberg") < 0)
        #expect(collator.compare("Åberg", "Åberg") == 0)
    }

    /// A sort key orders text as ICU's comparison of the UTF-8 does: the key's text goes to ICU
    /// as UTF-16 widened here while it is ASCII and converted by ICU from the first other byte.
    @Test func sortKeysOrderAsTheComparisonDoes() throws {
        let collator = try Collator(locale: "de")
        let words = ["Muller", "Müller", "Mueller", "Mu\u{308}ller", "Ab\tc", "Abc\ta", "Zoë", "Zoe", "佐藤 Anna", "Anna 佐藤",
                     "Ärla", "Arla", "Straße", "Strasse", "O'Brien", "Øre", "ß", "", "anna", "Anna", "Émile", "Emile", "x\u{10400}y",
                     // Keys longer than the collator's first buffer, which differ only at their end.
                     String(repeating: "Müller\t", count: 80) + "Anna", String(repeating: "Müller\t", count: 80) + "anna",
                     String(repeating: "Müller\t", count: 80) + "Zoe"]
        func key(_ text: String) -> [UInt8] { collator.sortKey(text) }
        for a in words {
            for b in words {
                let (ka, kb) = (key(a), key(b))
                let byKey = ka == kb ? 0 : ka.lexicographicallyPrecedes(kb) ? -1 : 1
                #expect(byKey == collator.compare(a, b), "\(a) and \(b)")
                // A key made of parts (a person's sort name) is the key of the parts joined.
                var parts: [UInt8] = []
                collator.beginText()
                collator.addText(a)
                collator.addText(ascii: 0x09)
                collator.addText(b)
                collator.appendTextKey(to: &parts)
                #expect(parts == key(a + "\t" + b), "\(a) and \(b) in parts")
            }
        }
    }

    @Test func displayWidthCountsWideCharactersTwice() {
        #expect(displayWidth("Anna") == 4)
        #expect(displayWidth("佐藤 太郎") == 9)
        #expect(displayWidth("e\u{301}") == 1)  // combining acute accent
        #expect(displayWidth("👨‍👩‍👧") == 2)  // one ZWJ emoji sequence
        #expect(displayWidth("한국") == 4)
    }

    @Test func localeFromEnvironmentVariables() {
        #expect(Preferences(variables: ["LANG": "sv_SE.UTF-8"]).locale == "sv_SE")
        #expect(Preferences(variables: ["LANG": "sv_SE.UTF-8", "LC_COLLATE": "de_DE@euro"]).locale == "de_DE")
        #expect(Preferences(variables: ["LC_ALL": "C", "LANG": "sv_SE"]).locale == "root")
        #expect(Preferences(variables: ["LC_ALL": "", "LANG": "POSIX"]).locale == "root")
        #expect(Preferences(variables: [:]).locale == nil)
        #expect(Preferences(variables: ["VCF2BIRTHDAYS_SORT": "first"]).sortOrder == "first")
        // ICU's own keywords are no POSIX modifier: they stay.
        #expect(Preferences.icuLocale("de_DE.UTF-8@euro") == "de_DE" && Preferences.icuLocale("C.UTF-8") == "root")
        #expect(Preferences.icuLocale("de@collation=phonebook") == "de@collation=phonebook")
    }

    /// A locale ICU has no collation for sorts as the root locale does, and says so.
    @Test func collationDataIsKnown() throws {
        #expect(try Collator(locale: "sv_SE").hasCollationData)
        #expect(try Collator(locale: "de").hasCollationData)  // German uses the root rules, but it is German's
        #expect(try Collator(locale: "root").hasCollationData)
        #expect(try !Collator(locale: "klingon").hasCollationData && !Collator(locale: "xx_YY").hasCollationData)
    }
}

@Suite struct SortingTests {
    private func person(_ family: String, _ given: String, _ birthday: PartialDate? = nil, fn: String? = nil) -> PersonInfo {
        var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
        p.familyNames = family.isEmpty ? [] : [family]
        p.givenNames = given.isEmpty ? [] : [given]
        p.birthday = birthday
        p.formattedName = fn ?? "\(given) \(family)"
        return p
    }

    private func order(_ people: [PersonInfo], _ order: SortOrder, locale: String = "root",
                       today: CalendarDate = day(2026, 11, 22)) throws -> [String] {
        let memory = MemoryOutput()
        let sorter = FormattedOutput(format: NameLines(), selection: nil, order: order, collator: try Collator(locale: locale),
                                     dates: DateContext(today: today), output: TextOutput(memory))
        for p in people { try sorter.consume(p) }
        try sorter.finish()
        return memory.text.split(separator: "\n").map(String.init)
    }

    private var people: [PersonInfo] {
        [person("Zorn", "Anders", date(1990, 1, 5)), person("Åberg", "Bo", date(nil, 12, 1)),
         person("Berg", "Cecilia", date(1985, 11, 23)), person("Berg", "Adam"),
         person("", "", date(2000, 11, 22), fn: "Acme AB")]
    }

    @Test func byLastNameInSwedish() throws {
        #expect(try order(people, .last, locale: "sv") == ["Acme AB", "Adam Berg", "Cecilia Berg", "Anders Zorn", "Bo Åberg"])
    }

    @Test func byFirstName() throws {
        #expect(try order(people, .first) == ["Acme AB", "Adam Berg", "Anders Zorn", "Bo Åberg", "Cecilia Berg"])
    }

    @Test func byDateThenName() throws {
        #expect(try order(people, .date) == ["Anders Zorn", "Acme AB", "Cecilia Berg", "Bo Åberg", "Adam Berg"])
    }

    @Test func upcomingWrapsTheYearEnd() throws {
        #expect(try order(people, .upcoming) == ["Acme AB", "Cecilia Berg", "Bo Åberg", "Anders Zorn", "Adam Berg"])
    }

    @Test func noneKeepsInputOrder() throws {
        #expect(try order(people, .none) == people.map(\.displayName))
    }

    @Test func sortAsAndPhoneticNamesDecide() throws {
        var sato = person("佐藤", "太郎")
        sato.sortAs = ["サトウ", "タロウ"]
        var abe = person("阿部", "花子")
        abe.phoneticFamilyName = "アベ"
        let kato = person("加藤", "一")  // no reading: sorts by its kanji, after kana
        #expect(try order([kato, sato, abe], .last, locale: "ja") == ["花子 阿部", "太郎 佐藤", "一 加藤"])
    }

    @Test func equalKeysKeepInputOrder() throws {
        let a = person("Berg", "Anna", fn: "first")
        let b = person("Berg", "Anna", fn: "second")
        let c = person("Berg", "Anna", fn: "third")
        #expect(try order([b, a, c], .last) == ["second", "first", "third"])
    }

    @Test func selectionKeepsBirthdaysWithinDays() throws {
        let selection = BirthdaySelection(includesEveryone: false, withinDays: 14, dates: DateContext(today: day(2026, 12, 20)))
        let people = [person("A", "a", date(1990, 1, 3)), person("B", "b", date(nil, 1, 4)), person("C", "c", date(1990, 12, 19)),
                      person("D", "d")]
        #expect(people.filter(selection.includes).map(\.familyName) == ["A"])
    }

    @Test func selectionDropsPeopleWithoutBirthdayUnlessEveryone() throws {
        for everyone in [false, true] {
            let selection = BirthdaySelection(includesEveryone: everyone, withinDays: nil, dates: DateContext(today: day(2026, 1, 1)))
            let people = [person("A", "a"), person("B", "b", date(nil, 5, 5))]
            #expect(people.filter(selection.includes).count == (everyone ? 2 : 1))
        }
    }
}

/// A line per person: the name it is shown by.
private struct NameLines: PersonEncoder {
    func append(_ person: PersonInfo, to bytes: inout [UInt8]) {
        bytes += Array((person.displayName + "\n").utf8)
    }
}
