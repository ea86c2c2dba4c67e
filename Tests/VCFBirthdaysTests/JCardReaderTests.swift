import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Reading `bytes` cut into two chunks anywhere (every `every` bytes) gives what reading them
/// whole gives: the people, the warnings, the rejections.
func expectChunksDoNotMatter(_ bytes: [UInt8], format: RunOptions.InputFormat, every: Int) throws {
    let whole = try readContacts(bytes, format: format)
    for cut in stride(from: 0, through: bytes.count, by: every) {
        let split = try readContacts(bytes, format: format, split: cut)
        #expect(split.people == whole.people, "cut at \(cut)")
        #expect(split.diagnostics.warnings.map(\.description) == whole.diagnostics.warnings.map(\.description), "cut at \(cut)")
        #expect(split.diagnostics.rejections.map(\.rawText) == whole.diagnostics.rejections.map(\.rawText), "cut at \(cut)")
    }
}

/// jCard files through the whole program: the RFC's example both ways, the forms of a file,
/// what is wrong in one, detection, `--check`.
@Suite struct JCardReaderTests {
    /// RFC 7095 Appendix B.1 gives one card as vCard and as jCard: they are one person.
    @Test func bothSidesOfTheRFCsExampleAreOnePerson() throws {
        let fromVCard = try readContacts(fixtureBytes("jcard/rfc7095-b1.vcf"), format: .vcard).people
        let fromJCard = try readContacts(fixtureBytes("jcard/rfc7095-b1.json"), format: .jcard).people
        #expect(fromJCard.count == 1)
        #expect(fromJCard.map(PropertyRoundTripTests.fields) == fromVCard.map(PropertyRoundTripTests.fields))
        #expect(fromJCard.first?.birthday == PartialDate(year: nil, month: 2, day: 3))
    }

    /// Written again, the RFC's jCard is what the RFC shows (as JSON: white space aside).
    @Test func writesTheRFCsJCard() throws {
        let fixture = fixtureBytes("jcard/rfc7095-b1.json")
        let written = run(fixture, path: "b1.json", to: .jcard).stdout
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [Any])
        let expected = try JSONSerialization.jsonObject(with: Data(fixture))
        #expect(cards.count == 1)
        #expect((cards.first as? NSArray) == (expected as? NSArray))
    }

    /// A file of cards, a card to a line, and an array of them read alike; the result does not
    /// depend on where the input is cut into chunks.
    @Test(arguments: ["jcard/cards.json", "jcard/card-per-line.json", "jcard/problems.json", "jcard/rfc7095-b1.json"])
    func chunksDoNotMatter(fixture: String) throws {
        try expectChunksDoNotMatter(fixtureBytes(fixture), format: .jcard, every: 7)
    }

    /// What is wrong in a file is said with its line; every other card is read, the rejected
    /// ones are in the rejects file as they were, and the run ends with 65.
    @Test func problemsAreSaidAndTheRestIsRead() throws {
        let (people, diagnostics) = try readContacts(fixtureBytes("jcard/problems.json"), format: .jcard)
        #expect(people.map(\.displayName) == ["Good Before", "Odd Properties", "Good After"])
        #expect(diagnostics.rejections.map { $0.diagnostic.map { "\($0.line) \($0.code.rawValue)" } ?? "" }
                    == ["3 unclosed-card", "14 unclosed-card"])
        #expect(diagnostics.rejections.first?.rawText.contains("Broken JSON") == true)
        #expect(diagnostics.warnings.map { "\($0.line) \($0.code.rawValue)" }
                    == ["9 invalid-jcard-property", "10 invalid-jcard-property", "11 invalid-jcard-property"])
        // The odd card keeps the e-mail address whose bad parameter was left out.
        #expect(people[1].emails.map(\.value) == ["odd@example.org"])
        #expect(run(fixtureBytes("jcard/problems.json"), path: "problems.json", to: .list).status == .dataError)
    }

    /// A card that is no JSON, no jCard, too large; text between cards.
    @Test(arguments: [
        (#"[["vcard",[["fn",{},"text","A"] ["fn"]]],["vcard",[["fn",{},"text","B"]]]]"#, ["1 invalid-json"]),
        (#"[{"fn":"A"},["vcard",[["fn",{},"text","B"]]]]"#, ["1 not-a-jcard"]),
        (#"[["vcard"],["vcard",[["fn",{},"text","B"]]]]"#, ["1 not-a-jcard"]),
        ("hello world\n" + #"["vcard",[["fn",{},"text","B"]]]"#, ["1 outside-card"]),
        (#"[["vcard",[["note",{},"text",""# + String(repeating: "x", count: 300) + #""]]],["vcard",[["fn",{},"text","B"]]]]"#,
         ["1 record-too-large"]),
    ])
    func aBadCardIsRejectedAndTheNextRead(text: String, rejected: [String]) throws {
        let (people, diagnostics) = try readContacts(Array(text.utf8), format: .jcard, maxRecordBytes: 256)
        #expect(people.map(\.displayName) == ["B"])
        #expect(diagnostics.rejections.map { $0.diagnostic.map { "\($0.line) \($0.code.rawValue)" } ?? "" } == rejected)
    }

    /// jCard is told by its start; JSON of other kinds and files that merely mention it are not jCard.
    @Test(arguments: [(#"["vcard",[]]"#, RunOptions.InputFormat.jcard), ("\u{FEFF}\n [ [ \"VCARD\", []]]", .jcard),
                      ("[\n  [\"vcard\",\n", .jcard), (#"{"vcard":[]}"#, .csv), (#"["vcards",[]]"#, .csv),
                      ("Name,Note\nA,\"[\"\"vcard\"\"]\"\n", .csv), ("BEGIN:VCARD\r\nNOTE:[\"vcard\"\r\nEND:VCARD\r\n", .vcard)])
    func detection(head: String, format: RunOptions.InputFormat) {
        let bytes = Array(head.utf8)
        #expect(InputReader.detectFormat(bytes) == format)
    }

    /// `--check` applies vCard 4.0's rules to each card, at the lines of the JSON.
    @Test func checkSaysTheRulesAtTheirLines() {
        let text = "[\n[\"vcard\",[[\"version\",{},\"text\",\"4.0\"],[\"n\",{},\"text\",[\"A\",\"B\",\"\",\"\",\"\"]]]],\n"
            + "[\"vcard\",[[\"version\",{},\"text\",\"4.0\"],[\"fn\",{},\"text\",\"C\"],\n[\"bday\",{},\"date\",\"1985-02-30\"]]]\n]\n"
        let result = run(Array(text.utf8), path: "c.json", to: .json) { $0.diagnostics.checksOnly = true; $0.diagnostics.quiet = false }
        #expect(result.stderr.contains("c.json:2: error: ") && result.stderr.contains("FN"), "\(result.stderr)")
        #expect(result.stderr.contains("c.json:4: error: "), "\(result.stderr)")
        #expect(result.status == .dataError)
    }
}
