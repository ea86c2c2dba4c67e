import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
import ContactsTesting
import ContactFormatsTesting

private func write(_ people: [PersonInfo], _ make: (TextOutput) -> PeopleSink) throws -> String {
    let memory = MemoryOutput()
    let writer = make(TextOutput(memory))
    for p in people { try writer.consume(p) }
    try writer.finish()
    return memory.text
}

private func person(_ fn: String, family: [String] = [], given: [String] = [], birthday: PartialDate? = nil) -> PersonInfo {
    var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
    p.formattedName = fn
    p.familyNames = family
    p.givenNames = given
    p.birthday = birthday
    return p
}

@Suite struct WriterTests {
    @Test func jsonKeysOrderEscapesAndOmissions() throws {
        var p = person("Ann \"Q\" \\ Lee\n", family: ["Lee"], given: ["Ann"], birthday: date(nil, 4, 15))
        p.uid = "u1"
        p.additionalNames = ["B", "C"]
        p.note = "tab\there\u{1}"
        p.emails = [ContactPoint(value: "a@b", types: ["home"], preferred: true)]
        p.phones = [ContactPoint(value: "1")]
        var address = PostalAddress()
        address.street = "Main 1"
        address.types = ["work"]
        p.addresses = [address]
        p.categories = ["x"]
        let json = try write([p, person("")]) { FormattedOutput(format: JSONLinesFormat(), output: $0) }
        #expect(json == """
            {"uid":"u1","formattedName":"Ann \\"Q\\" \\\\ Lee\\n","familyName":"Lee","givenName":"Ann",\
            "additionalNames":["B","C"],"birthday":"--04-15","note":"tab\\there\\u0001",\
            "emails":[{"value":"a@b","types":["home"],"preferred":true}],\
            "phones":[{"value":"1","types":[],"preferred":false}],\
            "addresses":[{"street":"Main 1","types":["work"],"preferred":false}],"categories":["x"]}
            {}

            """)
    }

    /// A name's parts are written joined by spaces (nicknames by ", ") without the joined text
    /// made first, and dates digit by digit: what a JSON reader reads back is the joined text and
    /// the date's ISO form, for parts that need escapes or not, empty parts, and every kind of date.
    @Test(arguments: [[], [""], ["", ""], ["Lee"], ["de", "la", "Cruz"], ["O\"Brien", "x"], ["a\\b"], ["tab\t", "nl\n"],
                      ["Müller", "佐藤"], [" "], ["\u{1}", ""]])
    func jsonJoinsNamePartsAndWritesDates(parts: [String]) throws {
        var p = person("F", family: parts, given: parts.reversed(), birthday: date(nil, 2, 29))
        p.nicknames = parts
        p.anniversary = date(1, 1, 1)
        p.deathDate = date(9999, 12, 31)
        let line = try write([p]) { FormattedOutput(format: JSONLinesFormat(), output: $0) }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let joined = parts.joined(separator: " "), reversed = parts.reversed().joined(separator: " ")
        #expect(object["familyName"] as? String == (joined.isEmpty ? nil : joined))
        #expect(object["givenName"] as? String == (reversed.isEmpty ? nil : reversed))
        let nicknames = parts.joined(separator: ", ")
        #expect(object["nickname"] as? String == (nicknames.isEmpty ? nil : nicknames))
        #expect(object["birthday"] as? String == "--02-29" && object["anniversary"] as? String == "0001-01-01"
                && object["deathDate"] as? String == "9999-12-31")
    }

    @Test func decimalDigitsAsStringsWouldWriteThem() {
        // Every small number (a day, month, year or age, written a byte at a time) at every
        // width, and the rest through the general path.
        let small = (-12...10_012).flatMap { value in [0, 1, 2, 3, 4, 5].map { (value, $0) } }
        for (value, width) in small + [(0, 1), (7, 2), (42, 1), (5, 4), (-3, 1), (-12, 4), (12345, 4), (Int.max, 1), (Int.min, 1),
                                       (Int.max, 24), (7, 25), (-42, 30)] {
            var bytes: [UInt8] = [0x41]
            bytes.appendDecimal(value, width: width)
            let digits = String(value.magnitude)
            let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
            #expect(String(decoding: bytes, as: UTF8.self) == "A" + (value < 0 ? "-" : "") + padded, "\(value) width \(width)")
        }
        #expect(date(nil, 2, 29).description == "--02-29" && date(987, 12, 1).description == "0987-12-01")
        #expect(day(2026, 1, 9).description == "2026-01-09")
    }

    /// A TSV line kept in its compact form while sorting is expanded to the line itself.
    @Test func compactTSVExpandsToTheLine() {
        let format = TSVFormat(dates: DateContext(today: day(2026, 2, 28), feb29: .mar1))
        var withBirthdays = 0
        for seed in 0..<500 {
            var person = RandomPeople.person(seed)
            if seed % 7 == 0 { person.birthday = date(seed % 2 == 0 ? nil : 2000, 2, 29) }
            if person.birthday != nil { withBirthdays += 1 }
            var line: [UInt8] = [], compact: [UInt8] = [], expanded: [UInt8] = []
            format.append(person, to: &line)
            format.appendCompact(person, to: &compact)
            format.expand(compact.span, to: &expanded)
            #expect(String(decoding: expanded, as: UTF8.self) == String(decoding: line, as: UTF8.self), "seed \(seed)")
            #expect(compact.count < line.count || person.birthday == nil)
        }
        #expect(withBirthdays > 100)
    }

    @Test func tsvColumnsAndEscapes() throws {
        var p = person("Ann\tLee", family: ["Lee"], given: ["Ann"], birthday: date(1985, 12, 24))
        p.uid = "back\\slash\nnl"
        p.nicknames = ["Annie", "A"]
        let tsv = try write([p, person("No Date")]) { FormattedOutput(format: TSVFormat(dates: DateContext(today: day(2026, 12, 20))), output: $0) }
        #expect(tsv == "1985-12-24\t2026-12-24\t41\tAnn\\tLee\tLee\tAnn\t\t\t\tAnnie, A\t4\tback\\\\slash\\nnl\n"
            + "\t\t\tNo Date\t\t\t\t\t\t\t\t\n")
    }

    /// No raw control character (ESC, NUL, DEL, C1) reaches a terminal or a script: TSV writes
    /// them as `\xHH`, the list as spaces.
    @Test func controlCharactersNeverPassRaw() throws {
        let hostile = "A\u{1B}]0;title\u{07}\u{0}B\u{7F}\u{9B}2J\u{C9}"
        let tsv = try write([person(hostile)]) { FormattedOutput(format: TSVFormat(dates: DateContext(today: day(2026, 12, 20))), output: $0) }
        #expect(tsv == "\t\t\tA\\x1B]0;title\\x07\\x00B\\x7F\\x9B2J\u{C9}\t\t\t\t\t\t\t\t\n")
        let list = try write([person(hostile, birthday: date(1985, 12, 24))]) {
            FormattedOutput(format: ListFormat(dates: DateContext(today: day(2026, 12, 20)), showsDaysUntil: false), output: $0)
        }
        #expect(list == "24 Dec 1985  A ]0;title  B  2J\u{C9}  turns 41\n")
    }

    /// Without `FN` the fourth column is the display name made of the name parts (or the
    /// organization, a nickname, an e-mail), escaped like every value.
    @Test func tsvDisplayNameWithoutFN() throws {
        var parts = person("", family: ["Lee", "Ng"], given: ["Ann\tMarie"])
        parts.formattedName = nil
        parts.honorificPrefixes = ["Dr.", ""]
        parts.honorificSuffixes = ["PhD"]
        var company = person("")
        company.organization = "Zander GmbH"
        var nickname = person("")
        nickname.nicknames = ["", "Bo"]
        var email = person("")
        email.emails = [ContactPoint(value: "x@example.org", types: [], preferred: false)]
        let people = [parts, company, nickname, email, person("")]
        let tsv = try write(people) { FormattedOutput(format: TSVFormat(dates: DateContext(today: day(2026, 12, 20))), output: $0) }
        let names = tsv.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false)[3] }
        // A phone number names a card with nothing else (its FN was empty).
        var phone = person("")
        phone.phones = [ContactPoint(value: "+1 555 0100")]
        #expect(phone.displayName == "+1 555 0100")
        // The honorific prefix ("Dr.") is no part of the name shown; the suffix is.
        #expect(names == ["Ann\\tMarie Lee Ng PhD", "Zander GmbH", "Bo", "x@example.org", ""])
        #expect(people.map(\.displayName) == ["Ann\tMarie Lee Ng PhD", "Zander GmbH", "Bo", "x@example.org", ""])
    }

    @Test func listAlignsByDisplayWidth() throws {
        let people = [person("佐藤 太郎", birthday: date(1980, 1, 15)), person("Ann Lee", birthday: date(nil, 1, 5)),
                      person("Bo", birthday: date(2000, 12, 24))]
        let list = try write(people) { FormattedOutput(format: ListFormat(dates: DateContext(today: day(2026, 12, 24)), showsDaysUntil: true), output: $0) }
        #expect(list == """
            15 Jan 1980  佐藤 太郎  turns 47  in 22 days
             5 Jan       Ann Lee              in 12 days
            24 Dec 2000  Bo         turns 26  today

            """)
    }

    @Test func listWithoutDaysAndWithoutBirthdays() throws {
        let people = [person("Ann", birthday: date(1990, 3, 1)), person("Line\nBreak"), person("")]
        let list = try write(people) { FormattedOutput(format: ListFormat(dates: DateContext(today: day(2026, 1, 1)), showsDaysUntil: false), output: $0) }
        #expect(list == " 1 Mar 1990  Ann         turns 36\n             Line Break\n             (no name)\n")
    }

    /// The list's English date and age are made in words: each month, days of one and two
    /// digits, years of one to four digits (written as four) and none, ages of one to four
    /// digits (from 1,000 the longer way), as they are spelled out.
    @Test func listDatesAndAgesAreSpelledOut() throws {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for year in [nil, 1, 9, 10, 99, 100, 999, 1000, 1026, 1027, 1926, 1927, 2016, 2017, 2025] as [Int?] {
            for month in 1...12 {
                for dayOfMonth in [2, 9, 10, 28] {
                    let list = try write([person("Ann", birthday: date(year, month, dayOfMonth))]) {
                        FormattedOutput(format: ListFormat(dates: DateContext(today: day(2026, 1, 1)), showsDaysUntil: false), output: $0)
                    }
                    let shownYear = year.map { " " + String(repeating: "0", count: 4 - String($0).count) + String($0) } ?? ""
                    let turns = year.map { "  turns \(2026 - $0)" } ?? ""
                    #expect(list == "\(dayOfMonth < 10 ? " " : "")\(dayOfMonth) \(months[month - 1])\(shownYear)  Ann\(turns)\n")
                }
            }
        }
    }

    @Test func tomorrowIsSaidSo() throws {
        let list = try write([person("Ann", birthday: date(nil, 1, 2))]) {
            FormattedOutput(format: ListFormat(dates: DateContext(today: day(2026, 1, 1)), showsDaysUntil: true), output: $0)
        }
        #expect(list == " 2 Jan  Ann  tomorrow\n")
    }
}
