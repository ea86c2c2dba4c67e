import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// The birthday list in the collation locale's language: dates, "turns N" and how soon from
/// ICU's CLDR data; English byte for byte as before; TSV the same in every language (#41 item 10).
@Suite struct ListLanguageTests {
    static let today = day(2026, 12, 24)

    private func list(_ locale: String?, _ people: [PersonInfo]) throws -> String {
        let memory = MemoryOutput()
        let sink = FormattedOutput(format: ListFormat(dates: DateContext(today: Self.today), showsDaysUntil: true, locale: locale),
                                   output: TextOutput(memory))
        for p in people { try sink.consume(p) }
        try sink.finish()
        return memory.text
    }

    private func person(_ name: String, _ birthday: PartialDate, died: PartialDate? = nil) -> PersonInfo {
        var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
        p.formattedName = name
        p.birthday = birthday
        p.deathDate = died
        return p
    }

    private var people: [PersonInfo] {
        [person("Anna Berg", date(1985, 3, 15)), person("Bo Ek", date(nil, 12, 25)), person("Cy Lind", date(2000, 12, 24))]
    }

    /// Each language's first line (15 March 1985, turning 42 in 81 days), the year-less date of
    /// tomorrow, and today, as CLDR words them.
    @Test(arguments: [
        ("de", "15. März 1985  Anna Berg  wird 42  in 81 Tagen", "25. Dez.", "morgen", "heute"),
        ("fr_FR", "15 mars 1985  Anna Berg  aura 42 ans  dans 81 jours", "25 déc.", "demain", "aujourd’hui"),
        ("sv", "15 mars 1985  Anna Berg  fyller 42  om 81 dagar", "25 dec.", "i morgon", "i dag"),
        ("pl", "15 mar 1985  Anna Berg  kończy 42 lata  za 81 dni", "25 gru", "jutro", "dzisiaj"),
        ("es", "15 mar 1985  Anna Berg  cumple 42 años  dentro de 81 días", "25 dic", "mañana", "hoy"),
        ("ja", "1985年3月15日  Anna Berg  42歳  81 日後", "12月25日", "明日", "今日"),
    ])
    func inTheLanguage(locale: String, first: String, tomorrow: String, tomorrowWord: String, todayWord: String) throws {
        let lines = try list(locale, people).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].split(separator: " ").joined(separator: " ") == first.split(separator: " ").joined(separator: " "), "\(lines[0])")
        #expect(lines[1].hasPrefix(tomorrow) && lines[1].hasSuffix(tomorrowWord), "\(lines[1])")
        #expect(lines[2].hasSuffix(todayWord), "\(lines[2])")
    }

    /// The columns line up by terminal width, whatever the language's letters.
    @Test(arguments: ["de", "fr", "pl", "ja", "ko", "ar", "th"])
    func columnsAlign(locale: String) throws {
        let lines = try list(locale, people + [person("Dee Holm", date(1950, 1, 5))]).split(separator: "\n").map(String.init)
        let names = ["Anna Berg", "Bo Ek", "Cy Lind", "Dee Holm"]
        let starts = lines.map { line in
            let name = names.first { line.contains($0) }!
            return displayWidth(String(line[..<line.range(of: name)!.lowerBound]))
        }
        #expect(Set(starts).count == 1, "\(lines)")
    }

    /// English, the root locale, and a language ICU has no words for: the list as it always was.
    @Test(arguments: [nil, "en", "en_GB", "root", "C", "xx", "tlh"])
    func englishIsUnchanged(locale: String?) throws {
        #expect(try list(locale, people) == """
            15 Mar 1985  Anna Berg  turns 42  in 81 days
            25 Dec       Bo Ek                tomorrow
            24 Dec 2000  Cy Lind    turns 26  today

            """)
    }

    /// A day of death in the language.
    @Test func deathInTheLanguage() throws {
        let text = try list("de", [person("Eva Sund", date(1920, 5, 1), died: date(2001, 2, 3))])
        #expect(text.contains("† 3. Feb. 2001"), "\(text)")
    }

    /// TSV is a contract for scripts: the same in every language.
    @Test func tsvIsTheSameInEveryLanguage() {
        let card = Array("BEGIN:VCARD\nVERSION:3.0\nFN:Anna Berg\nBDAY:1985-03-15\nEND:VCARD\n".utf8)
        let english = run(card, path: "c.vcf", to: .tsv) { $0.selection.locale = "en" }.stdout
        for locale in ["de", "ja", "ar", "pl"] {
            #expect(run(card, path: "c.vcf", to: .tsv) { $0.selection.locale = locale }.stdout == english, "\(locale)")
        }
    }
}
