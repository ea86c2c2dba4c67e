import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

private func person(_ name: String, categories: [String] = [], nicknames: [String] = []) -> PersonInfo {
    var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
    p.formattedName = name
    p.categories = categories
    p.nicknames = nicknames
    p.birthday = PartialDate(year: nil, month: 1, day: 2)
    return p
}

@Suite struct PeopleFilterTests {
    @Test(arguments: [("Müller", "muller"), ("MÜLLER", "muller"), ("Zoë", "zoe"), ("Łódź", "lodz"), ("Ærø", "aero"),
                      ("Straße", "strasse"), ("Ｆｕｌｌ", "full"), ("Ångström", "angstrom"), ("İstanbul", "istanbul")])
    func foldingSetsCaseAndAccentsAside(text: String, expected: String) {
        #expect(folded(text) == expected)
    }

    /// ASCII is folded on its bytes, as ICU folds it: every printable character, and names.
    @Test func asciiFoldsAsICUFoldsIt() {
        let printable = String((0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) })
        for text in [printable, "Anna BERG", "o'Brien-Smith", "", "Mc\tDonald", "AZaz@[`{"] {
            let icu = icuFolded(text.utf8.span)
            #expect(folded(text) == icu, "\(text)")
        }
        #expect(folded("Anna BERG") == "anna berg")
    }

    @Test func matchFindsASubstringOfTheNameOrANickname() {
        let filter = PeopleFilter(match: "MULL")
        #expect(filter.includes(person("Dr. Jürgen Müller")))
        #expect(!filter.includes(person("Anna Berg")))
        #expect(PeopleFilter(match: "zoe").includes(person("Zoë Lee")))
        #expect(PeopleFilter(match: "bibi").includes(person("Birgitta Ek", nicknames: ["Bibi"])))
        #expect(PeopleFilter(match: "").isEmpty)
    }

    @Test func categoriesAreAnyOfAndExclusionsWin() {
        let family = person("A", categories: ["Family", "myContacts"])
        let work = person("B", categories: ["Work"])
        let none = person("C")
        let anyOf = PeopleFilter(categories: ["family", "WORK"])
        #expect([family, work, none].filter(anyOf.includes).map(\.displayName) == ["A", "B"])
        let excluding = PeopleFilter(excludedCategories: ["WORK"])
        #expect([family, work, none].filter(excluding.includes).map(\.displayName) == ["A", "C"])
        let both = PeopleFilter(categories: ["family"], excludedCategories: ["mycontacts"])
        #expect(!both.includes(family))
    }

    /// The filters apply to every output, from every input format.
    @Test func everyOutputIsFiltered() {
        let google = fixtureBytes("csv/google-contacts.csv")
        for format in RunOptions.Format.allCases {
            let result = run(google, path: "g.csv", to: format) { $0.selection.categories = ["cousins"] }
            let all = run(google, path: "g.csv", to: format)
            #expect(result.stdout.count < all.stdout.count, "\(format)")
        }
        let vcard = run(fixtureBytes("apple-contacts.vcf"), path: "a.vcf", to: .tsv) { $0.selection.match = "muller" }
        #expect(String(decoding: vcard.stdout, as: UTF8.self).split(separator: "\n").count == 1)
        let apple = fixtureBytes("apple-contacts.vcf")
        for format in RunOptions.Format.allCases {
            let family = run(apple, path: "a.vcf", to: format) { $0.selection.categories = ["FAMILJ"] }
            // LDIF writes names in base64, vCard 2.1 in quoted-printable: read back.
            let readBack = format == .ldif || format == .vcard21
            let text = String(decoding: readBack ? run(family.stdout, path: format == .ldif ? "f.ldif" : "f.vcf", to: .json).stdout
                                                 : family.stdout, as: UTF8.self)
            // (mutt lists e-mail addresses, and Zoë has none.)
            #expect(text.contains("Zoë") || format == .mutt, "\(format)")
            #expect(!text.contains("Müller"), "\(format)")
        }
    }
}
