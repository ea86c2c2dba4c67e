import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// JSContact files through the whole program: a Card of every kind of member read as the person
/// it is, the forms of a file, what is wrong in one, detection, `--check`, groups.
@Suite struct JSContactReaderTests {
    /// A Card with a member of each kind (modelled on RFC 9553's examples) is the person it says.
    @Test func aCardIsThePersonItSays() throws {
        let (people, diagnostics) = try readContacts(fixtureBytes("jscontact/card.json"), format: .jscontact)
        #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
        let person = try #require(people.first)
        #expect(people.count == 1)
        #expect(person.uid == "urn:uuid:5f0b8c6e-2f3a-4d3e-9a61-0c7e9d1b2a34")
        #expect(person.displayName == "Dr. Henrike Marie Vogelsang MBA")
        #expect(person.familyName == "Vogelsang" && person.givenName == "Henrike")
        #expect(person.birthday == PartialDate(year: nil, month: 6, day: 21))
        #expect(person.emails.map(\.value) == ["henrike@nordwind.example", "rike.v@example.net"])
        #expect(person.emails.map(\.types) == [["work"], ["home"]])
        #expect(person.emails.map(\.preferred) == [true, false])
        #expect(person.phones.map(\.value) == ["+49-40-555-0142", "+49 170 5550199"])
        #expect(person.phones[1].types.contains("cell"))
        #expect(person.organization == "Nordwind Segelschule")
        #expect(person.title == "Schulleiterin")
        #expect(person.categories == ["Segeln", "Kunden"])
        #expect(person.note == "Trifft man sonntags am Steg.")
        #expect(person.urls == ["https://nordwind.example/team/rike"])
        #expect(person.addresses.first?.locality == "Hamburg")
    }

    /// Written as JSContact again, the Card is the same Card (its components in N's order, which
    /// a name that is not `isOrdered` does not say): every member came back, those of
    /// no vCard property through `JSPROP` (`localizations`, a vendor's member), the title's
    /// organization through a group.
    @Test func aCardWrittenAgainIsTheSameCard() throws {
        let fixture = fixtureBytes("jscontact/card.json")
        let written = run(fixture, path: "card.json", to: .jscontact).stdout
        let again = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? NSDictionary)
        let source = try #require(try JSONSerialization.jsonObject(with: Data(fixture)) as? NSDictionary)
        #expect(again == source)
    }

    /// An array of Cards and Cards a line each read alike; the result does not depend on where
    /// the input is cut into chunks.
    @Test(arguments: ["jscontact/cards.json", "jscontact/card-per-line.json", "jscontact/problems.json", "jscontact/card.json"])
    func chunksDoNotMatter(fixture: String) throws {
        try expectChunksDoNotMatter(fixtureBytes(fixture), format: .jscontact, every: 11)
        if fixture == "jscontact/cards.json" {
            let whole = try readContacts(fixtureBytes(fixture), format: .jscontact)
            let perLine = try readContacts(fixtureBytes("jscontact/card-per-line.json"), format: .jscontact).people
            #expect(whole.people.map(PropertyRoundTripTests.fields) == perLine.map(PropertyRoundTripTests.fields))
        }
    }

    /// A group Card's members get its name as a category, as Apple's group cards' do; a name
    /// of ordered components is read in their order; a birthday as UTC date and time is a birthday.
    @Test func groupsOrderedNamesAndTimestamps() {
        let result = run(fixtureBytes("jscontact/cards.json"), path: "cards.json", to: .tsv) { $0.selection.includesEveryone = true }
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.contains("Tomasz Wierzbicki") && text.contains("1979-11-30"), "\(text)")
        #expect(text.contains("Ingrid Haugland") && text.contains("1990-02-28"), "\(text)")
        let json = String(decoding: run(fixtureBytes("jscontact/cards.json"), path: "cards.json", to: .json).stdout, as: UTF8.self)
        #expect(json.split(separator: "\n").filter { $0.contains("\"Segelclub\"") }.count >= 2, "\(json)")
    }

    /// The birthday list, the calendar, `--dupes` and `--merge` read a JSContact file as they
    /// read the cards it was written from (#43 item 5): the same output, byte for byte (for cards
    /// with their UIDs: one JSContact makes up is a new duplicate key, and an event's UID).
    @Test(arguments: ["apple-contacts.vcf", "nextcloud-4.0.vcf"])
    func everyJobReadsJSContactAsTheVCard(fixture: String) {
        let cards = run(fixtureBytes(fixture), path: fixture, to: .jscontact).stdout
        let jobs: [(RunOptions.Format, (inout RunOptions) -> Void)] = [
            (.list, { $0.selection.includesEveryone = false }), (.ics, { _ in }), (.tsv, { _ in }),
            (.list, { $0.output.reportsDuplicates = true }), (.json, { $0.output.mergesDuplicates = true }),
        ]
        for (format, configure) in jobs {
            let fromCards = run(cards + cards, path: "cards.json", to: format, configure: configure)
            let fromVCard = run(fixtureBytes(fixture) + fixtureBytes(fixture), path: fixture, to: format, configure: configure)
            #expect(fromCards.status == fromVCard.status, "\(fixture) \(format)")
            var expected = String(decoding: fromVCard.stdout, as: UTF8.self), actual = String(decoding: fromCards.stdout, as: UTF8.self)
            expected = expected.replacingOccurrences(of: fixture, with: "cards.json")
            if format == .list && fromCards.stdout.contains(UInt8(ascii: ":")) {  // --dupes: PATH:LINE differs
                actual = actual.replacingOccurrences(of: #":[0-9]+\n"#, with: "\n", options: .regularExpression)
                expected = expected.replacingOccurrences(of: #":[0-9]+\n"#, with: "\n", options: .regularExpression)
            }
            #expect(actual == expected, "\(fixture) \(format)")
        }
    }

    /// What is wrong in a file is said with its line; every other Card is read, the rejected
    /// ones are in the rejects file as they were, and the run ends with 65.
    @Test func problemsAreSaidAndTheRestIsRead() throws {
        let (people, diagnostics) = try readContacts(fixtureBytes("jscontact/problems.json"), format: .jscontact)
        #expect(people.map(\.displayName) == ["Good Before", "Odd Members", "Good After"])
        #expect(diagnostics.rejections.map { $0.diagnostic.map { "\($0.line) \($0.code.rawValue)" } ?? "" }
                    == ["3 invalid-json", "4 not-a-jscontact"])
        #expect(diagnostics.rejections.first?.rawText.contains("Broken JSON") == true)
        #expect(diagnostics.warnings.map { "\($0.line) \($0.code.rawValue)" }
                    == ["6 invalid-jscontact-member", "7 invalid-jscontact-member", "8 invalid-jscontact-member",
                        "9 invalid-jscontact-member"])
        // The odd Card keeps its good e-mail address, and what it could not read as JSPROP.
        #expect(people[1].emails.map(\.value) == ["odd@example.org"])
        #expect(people[1].familyName == "Members")
        #expect(people[1].extraProperties.filter { $0.name == "JSPROP" }.count == 2)
        #expect(run(fixtureBytes("jscontact/problems.json"), path: "problems.json", to: .list).status == .dataError)
    }

    /// A Card's member in other letters (`nickNames`) is most likely a mistake: said, and kept as
    /// JSPROP; a member of no name JSContact knows (`foo`, a vendor's) is kept without a word.
    @Test func aMemberInOtherLettersIsSaid() throws {
        let text = #"{"@type":"Card","version":"1.0","uid":"a","name":{"full":"A"},"foo":1,"example.com:x":2,"#
            + "\n" + #""nickNames":{"n1":{"name":"Johnny"}}}"#
        let (people, diagnostics) = try readContacts(Array(text.utf8), format: .jscontact)
        #expect(diagnostics.warnings.map { "\($0.line) \($0.code.rawValue)" } == ["2 invalid-jscontact-member"])
        #expect(diagnostics.warnings.first?.message.contains("'nicknames' is one") == true)
        #expect(people.first?.extraProperties.filter { $0.name == "JSPROP" }.count == 3)
    }

    /// A Card that is no JSON, no Card, too large; text between Cards.
    @Test(arguments: [
        (#"[{"@type":"Card","uid":"a" "name":{}},{"@type":"Card","uid":"b","name":{"full":"B"}}]"#, ["1 invalid-json"]),
        (#"[{"@type":"Cards"},{"@type":"Card","uid":"b","name":{"full":"B"}}]"#, ["1 not-a-jscontact"]),
        // A member named twice (I-JSON): either could be meant.
        (#"[{"@type":"Card","uid":"a","name":{"full":"A"},"name":{"full":"Z"}},{"@type":"Card","uid":"b","name":{"full":"B"}}]"#,
         ["1 invalid-json"]),
        (#"[["vcard",[]],{"@type":"Card","uid":"b","name":{"full":"B"}}]"#, ["1 not-a-jscontact"]),
        ("hello world\n" + #"{"@type":"Card","uid":"b","name":{"full":"B"}}"#, ["1 outside-card"]),
        (#"[{"@type":"Card","notes":{"n":{"note":""# + String(repeating: "x", count: 300) + #""}}},{"@type":"Card","uid":"b","name":{"full":"B"}}]"#,
         ["1 record-too-large"]),
    ])
    func aBadCardIsRejectedAndTheNextRead(text: String, rejected: [String]) throws {
        let (people, diagnostics) = try readContacts(Array(text.utf8), format: .jscontact, maxRecordBytes: 256)
        #expect(people.map(\.displayName) == ["B"])
        #expect(diagnostics.rejections.map { $0.diagnostic.map { "\($0.line) \($0.code.rawValue)" } ?? "" } == rejected)
    }

    /// JSContact is told by a Card object at its start; JSON of other kinds and files that merely mention it are not.
    @Test(arguments: [(#"{"@type":"Card","uid":"a"}"#, RunOptions.InputFormat.jscontact),
                      ("\u{FEFF}\n [ {\n  \"uid\": \"a\",\n  \"@type\" : \"Card\"}]", .jscontact),
                      (#"{"@type":"Group"}"#, .csv), (#"{"type":"Card"}"#, .csv), (#"["vcard",[]]"#, .jcard),
                      ("Name,Note\nA,\"{\"\"@type\"\":\"\"Card\"\"}\"\n", .csv),
                      ("BEGIN:VCARD\r\nNOTE:{\"@type\":\"Card\"}\r\nEND:VCARD\r\n", .vcard)])
    func detection(head: String, format: RunOptions.InputFormat) {
        #expect(InputReader.detectFormat(Array(head.utf8)) == format)
    }

    /// `--check` applies vCard 4.0's rules to the card each Card stands for, at the lines of the JSON.
    @Test func checkSaysTheRulesAtTheirLines() {
        let text = "[\n{\"@type\":\"Card\",\"uid\":\"a\",\n\"anniversaries\":{\"b\":{\"kind\":\"birth\",\"date\":{\"year\":1985,\"month\":2,\"day\":30}}}}\n]\n"
        let result = run(Array(text.utf8), path: "c.json", to: .json) { $0.diagnostics.checksOnly = true; $0.diagnostics.quiet = false }
        #expect(result.stderr.contains("c.json:2: error: ") && result.stderr.contains("FN"), "\(result.stderr)")
        #expect(result.stderr.contains("c.json:3: error: "), "\(result.stderr)")
        #expect(result.status == .dataError)
    }
}
