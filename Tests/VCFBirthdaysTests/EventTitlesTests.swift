import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

@Suite struct EventTitlesTests {
    private func title(_ template: String?, locale: String = "en", withAge: Bool = true, age: Int?,
                       kind: EventTitles.EventKind = .birthday) -> String {
        EventTitles(template: template, locale: locale, withAge: withAge)
            .title(kind: kind, name: "Anna Müller", age: age, year: 2027, date: CalendarDate(year: 2027, month: 4, day: 15))
    }

    /// (template, age, title): `{age}` is the number, `{age-years}` the words; `{{` and `}}` are braces.
    static let filled: [(String, Int?, String)] = [
        ("{kind} {year}: {name} turns {age} on {date}", 41, "Birthday 2027: Anna Müller turns 41 on 2027-04-15"),
        ("{name} turns {age-years}", 41, "Anna Müller turns 41 years"),
        ("{name} ({age})", 1, "Anna Müller (1)"),
        ("{name} {{age}}", 41, "Anna Müller {age}"),
        ("{{{name}}} }}{{", 41, "{Anna Müller} }{"),
        // An empty placeholder takes the brackets around it when nothing else in them has a value,
        // else the text back to the filled one before it (in the brackets: or on to the one after).
        ("{kind}: {name} ({age})", nil, "Birthday: Anna Müller"),
        ("🎂 {name} [{age-years}] 🎂", nil, "🎂 Anna Müller 🎂"),
        ("{name} turns {age}", nil, "Anna Müller"),
        ("{age}: {name}", nil, ": Anna Müller"),
        ("{kind}: ({name}, {age})", nil, "Birthday: (Anna Müller)"),
        ("({age}, {name})", nil, "(Anna Müller)"),
        ("{kind}: [{year}: {name}, {age}]", nil, "Birthday: [2027: Anna Müller]"),
        ("{name} ({age}) {{x}}", nil, "Anna Müller {x}"),
    ]

    @Test(arguments: filled.indices)
    func placeholders(_ row: Int) {
        let (template, age, expected) = Self.filled[row]
        #expect(title(template, age: age) == expected, "\(template)")
    }

    /// What `--title` refuses, and says why.
    @Test(arguments: [("{name} {unknown}", "unknown placeholder {unknown}; the placeholders are {name}, {age}, {age-years}, {year}, {date}, {kind} ({{ and }} are braces)"),
                      ("{name} {Age}", "unknown placeholder {Age}; the placeholders are {name}, {age}, {age-years}, {year}, {date}, {kind} ({{ and }} are braces)"),
                      ("{name} {age", "'{' with no placeholder; write {{ for a brace"),
                      ("{name} age}", "'}' with no placeholder; write }} for a brace"),
                      ("{kind}: {age}", "it needs {name} in it, so that each event says whose it is"),
                      ("{{name}}", "it needs {name} in it, so that each event says whose it is")] as [(String, String?)]
              + [("{name}", nil), ("{{ {name} }}", nil), ("{kind}: {name} ({age-years}) {year} {date}", nil)])
    func templateProblems(_ template: String, _ problem: String?) {
        #expect(EventTitles.problem(in: template) == problem, "\(template)")
    }

    /// The language's words, and "N years" in the plural form ICU's rules choose.
    @Test(arguments: [("en", 1, "Birthday: Anna Müller (1 year)"), ("en", 41, "Birthday: Anna Müller (41 years)"),
                      ("de_DE", 1, "Geburtstag: Anna Müller (1 Jahr)"), ("de", 50, "Geburtstag: Anna Müller (50 Jahre)"),
                      ("fr", 1, "Anniversaire : Anna Müller (1 an)"), ("fr_CA", 2, "Anniversaire : Anna Müller (2 ans)"),
                      ("es", 30, "Cumpleaños: Anna Müller (30 años)"), ("it", 1, "Compleanno: Anna Müller (1 anno)"),
                      ("nl", 7, "Verjaardag: Anna Müller (7 jaar)"), ("sv_SE.UTF-8", 3, "Födelsedag: Anna Müller (3 år)"),
                      ("pl", 1, "Urodziny: Anna Müller (1 rok)"), ("pl", 22, "Urodziny: Anna Müller (22 lata)"),
                      ("pl", 25, "Urodziny: Anna Müller (25 lat)"), ("pt_BR", 1, "Aniversário: Anna Müller (1 ano)"),
                      ("root", 2, "Birthday: Anna Müller (2 years)"), ("ja", 2, "Birthday: Anna Müller (2 years)")])
    func localizedDefaults(locale: String, age: Int, expected: String) {
        #expect(title(nil, locale: locale, age: age) == expected)
    }

    @Test func recurringEventsKeepTheirTitles() {
        #expect(title(nil, withAge: false, age: nil) == "Birthday: Anna Müller")
        #expect(title(nil, withAge: false, age: nil, kind: .anniversary) == "Anniversary: Anna Müller")
        #expect(title(nil, withAge: false, age: nil, kind: .labelled("Graduation")) == "Graduation: Anna Müller")
        #expect(title(nil, locale: "de", withAge: false, age: nil) == "Geburtstag: Anna Müller")
    }

    /// `--years`: single events on the next occurrences from today, each with that year's age
    /// and a UID of its own that the next run gives again; none after a death.
    @Test func singleEventsForTheNextYears() throws {
        let contacts = Array(("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:a\r\nFN:Ann\r\nBDAY:1985-11-20\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bo\r\nBDAY:--12-01\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Cy\r\nBDAY:19400101\r\nDEATHDATE:20280615\r\nEND:VCARD\r\n").utf8)
        func ics() -> [String] {
            let out = run(contacts, path: "c.vcf", to: .ics) { $0.calendar.years = 3 }
            return String(decoding: out.stdout, as: UTF8.self).split(separator: "\r\n").map(String.init)
        }
        let lines = ics()
        #expect(!lines.contains { $0.hasPrefix("RRULE") })
        #expect(lines.filter { $0.hasPrefix("DTSTART") } == [
            "DTSTART;VALUE=DATE:20271120", "DTSTART;VALUE=DATE:20281120", "DTSTART;VALUE=DATE:20291120",
            "DTSTART;VALUE=DATE:20261201", "DTSTART;VALUE=DATE:20271201", "DTSTART;VALUE=DATE:20281201",
            "DTSTART;VALUE=DATE:20270101", "DTSTART;VALUE=DATE:20280101"])
        #expect(lines.filter { $0.hasPrefix("SUMMARY") } == [
            "SUMMARY:Birthday: Ann (42 years)", "SUMMARY:Birthday: Ann (43 years)", "SUMMARY:Birthday: Ann (44 years)",
            "SUMMARY:Birthday: Bo", "SUMMARY:Birthday: Bo", "SUMMARY:Birthday: Bo",
            "SUMMARY:Birthday: Cy (87 years)", "SUMMARY:Birthday: Cy (88 years)"])
        let uids = lines.filter { $0.hasPrefix("UID:") }
        #expect(Set(uids).count == 8 && ics().filter { $0.hasPrefix("UID:") } == uids)
    }
}
