import Foundation
import Testing
@testable import ContactsCore
@testable import ContactsOutput
import ContactFormats
import VCFBirthdays
import VCFBirthdaysTesting

@Suite struct DuplicateMergerTests {
    /// The people of vCard text (CRLF added), read for vCard output.
    private func people(_ cards: String...) throws -> [PersonInfo] {
        let text = cards.map { "BEGIN:VCARD\nVERSION:3.0\n\($0)\nEND:VCARD\n" }.joined().replacingOccurrences(of: "\n", with: "\r\n")
        return try readContacts(Array(text.utf8), csv: false, scope: .card).people
    }

    /// Everyone through a merger into a spy, as vCard 4.0 lines (unfolded, without BEGIN/VERSION/END).
    private func merged(_ people: [PersonInfo], budget: Int = 64 << 20, scratch: MemoryScratchFile = MemoryScratchFile())
        throws -> (people: [PersonInfo], cards: [[String]], summary: String) {
        let spy = SpySink()
        var summary = ""
        let merger = DuplicateMerger(next: spy, region: "DE", scope: .card,
                                     budget: MemoryBudget(bytes: budget, makeScratch: { scratch }), summary: { summary = $0 })
        for person in people { try merger.consume(person) }
        try merger.finish()
        let cards = spy.people.map { person in
            var bytes: [UInt8] = []
            VCardEncoder(version: .v4, appleCompat: false).append(person, to: &bytes)
            return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
                .split(separator: "\r\n").map(String.init).filter { !["BEGIN:VCARD", "VERSION:4.0", "END:VCARD"].contains($0) }
        }
        return (spy.people, cards, summary)
    }

    @Test func everyValueKeptOnceAndConflictsCarried() throws {
        let (out, cards, summary) = try merged(try people(
            "FN:Robert Smith\nN:Smith;Robert;;;\nEMAIL;TYPE=work:bob@x.example\nTEL:+49 30 1234567\nNOTE:Met in Berlin.\n"
                + "CATEGORIES:Friends\nORG:Acme\nUID:u1",
            "FN:Zoë Ek\nN:Ek;Zoë;;;",
            "FN:Bob Smith\nN:Smith;Bob;;;\nEMAIL;TYPE=home,WORK:BOB@x.example\nEMAIL:bob@home.example\nTEL;TYPE=cell:030 1234567\nNOTE:Plays chess.\n"
                + "CATEGORIES:friends,Work\nORG:Other Co\nUID:u2\nBDAY:1980-03-15"))
        #expect(out.count == 2)
        #expect(out.map(\.source.line) == [1, 12])
        #expect(cards[0] == [
            "FN:Robert Smith", "N:Smith;Robert;;;", "BDAY:19800315", "EMAIL;TYPE=work,home:bob@x.example", "TEL;TYPE=cell:+49 30 1234567",
            "NOTE:Met in Berlin.\\n\\nPlays chess.", "CATEGORIES:Friends", "ORG:Acme", "UID:u1", "X-MERGED-FN:Bob Smith",
            "X-MERGED-N:Smith;Bob;;;", "EMAIL:bob@home.example", "CATEGORIES:Work", "X-MERGED-ORG:Other Co", "X-MERGED-UID:u2",
        ])
        #expect(out[0].emails.map(\.value) == ["bob@x.example", "bob@home.example"])
        #expect(out[0].phones.count == 1 && out[0].categories == ["Friends", "Work"] && out[0].birthday?.year == 1980)
        #expect(out[1].displayName == "Zoë Ek")
        #expect(summary == "merged 2 people into 1 (groups of duplicates: --dupes lists them), 0 conflicts left apart")
    }

    @Test func theFullestNameAndTheBirthdayWithItsYear() throws {
        let (out, cards, _) = try merged(try people(
            "FN:A. Berg\nN:Berg;A.;;;\nTEL;TYPE=home:+46 8 123 456\nBDAY:--0501",
            "FN:Anna Berg\nN:Berg;Anna;;;\nTEL:+46 8-123 456\nBDAY:1990-05-01",
            "FN:Erik Berg\nN:Berg;Erik;;;\nTEL:+46 8 123 456"))
        #expect(out.map(\.displayName) == ["Anna Berg", "Erik Berg"])
        #expect(cards[0] == ["FN:Anna Berg", "N:Berg;Anna;;;", "BDAY:19900501", "X-MERGED-FN:A. Berg", "X-MERGED-N:Berg;A.;;;",
                             "TEL;TYPE=home:+46 8 123 456"])
    }

    /// The fullest name's member gives its phonetic parts too: they say how that name sounds.
    @Test func theFullestNameKeepsItsPhoneticParts() throws {
        let (_, cards, _) = try merged(try people(
            "FN:H. Yamada\nN:Yamada;H.;;;\nEMAIL:hy@example.org\nX-PHONETIC-LAST-NAME:yamada",
            "FN:Hanako Yamada\nN:Yamada;Hanako;;;\nEMAIL:hy@example.org\nX-PHONETIC-FIRST-NAME:hanako\nX-PHONETIC-LAST-NAME:jamada"))
        #expect(cards[0].filter { $0.contains("PHONETIC") } == [
            "X-PHONETIC-FIRST-NAME:hanako", "X-PHONETIC-LAST-NAME:jamada", "X-MERGED-X-PHONETIC-LAST-NAME:yamada",
        ])
    }

    @Test func conflictsAreNotMergedAndGroupsStayWhole() throws {
        let (out, _, summary) = try merged(try people(
            "FN:Anna Berg\nEMAIL:anna@example.org\nBDAY:1990-05-01",
            "FN:Anna Berg\nEMAIL:anna@example.org\nBDAY:1991-05-01"))
        #expect(out.count == 2)
        #expect(summary.hasSuffix("1 conflict left apart"))
        let (labelled, cards, _) = try merged(try people(
            "FN:Kim Lee\nEMAIL:kim@example.org\nitem1.TEL:+1 202 555 0100\nitem1.X-ABLabel:Boat",
            "FN:Kim Lee\nEMAIL:kim@example.org\nitem1.TEL:+1 202 555 0199\nitem1.X-ABLabel:Cabin\nitem2.TEL:+1 202 555 0100\n"
                + "item2.X-ABLabel:Boat"))
        #expect(labelled.count == 1)
        #expect(cards[0].filter { $0.contains(".") && !$0.hasPrefix("EMAIL") } == [
            "item1.TEL:+1 202 555 0100", "item1.X-ABLabel:Boat", "item1-2.TEL:+1 202 555 0199", "item1-2.X-ABLabel:Cabin",
        ])
    }

    /// A property no card can hold (`X-A/B`: no vCard name) goes around the merged card, at its
    /// line, once where members repeat it: CSV output carries it, vCard output warns of it.
    @Test func whatNoCardHoldsIsCarriedAround() throws {
        let (out, _, _) = try merged(try people(
            "FN:Anna Berg\nEMAIL:anna@example.org\nX-A/B:one",
            "FN:Anna Berg\nEMAIL:anna@example.org\nX-A/B:two\nX-A/B:one"))
        #expect(out.count == 1)
        #expect(out[0].cardProperties.filter { $0.name == "X-A/B" }.map { "\($0.value)@\($0.line)" } == ["one@5", "two@11"])
        #expect(out[0].extraProperties.filter { $0.name == "X-A/B" }.map(\.value) == ["one", "two"])
    }

    /// Held in a scratch file (a budget of nothing), everyone comes back equal, in order and not.
    @Test func peopleHeldInAScratchFileComeBackEqual() throws {
        var everyone: [PersonInfo] = []
        for file in vcardFixtures + ["csv/google-contacts.csv", "csv/outlook-com.csv", "ldif/thunderbird.ldif"] {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Fixtures/" + file)))
            let format: RunOptions.InputFormat = file.hasSuffix(".csv") ? .csv : file.hasSuffix(".ldif") ? .ldif : .vcard
            everyone += try readContacts(bytes, format: format, scope: .card).people
        }
        #expect(everyone.count > 30)
        #expect(Mirror(reflecting: everyone[0]).children.count == PersonBytes.fieldCount)
        let scratch = MemoryScratchFile()
        let held = HeldPeople(budget: MemoryBudget(bytes: 0, makeScratch: { scratch }))
        for person in everyone { try held.append(person) }
        #expect(scratch.bytes.count > 1000)
        #expect(try everyone.indices.map { try held.person($0, inOrder: true) } == everyone)
        #expect(try everyone.indices.reversed().map { try held.person($0, inOrder: false) } == everyone.reversed())
    }

    @Test func theSameMergeInMemoryAndFromAScratchFile() throws {
        let group = try people("FN:Kim Lee\nEMAIL:kim@example.org\nNOTE:one", "FN:Al Ek", "FN:K. Lee\nEMAIL:KIM@example.org\nNOTE:two")
        let scratch = MemoryScratchFile()
        let fromFile = try merged(group + group, budget: 0, scratch: scratch)
        #expect(!scratch.bytes.isEmpty)
        let inMemory = try merged(group + group)
        #expect(fromFile.people == inMemory.people)
        #expect(inMemory.people.map(\.displayName) == ["Kim Lee", "Al Ek", "Al Ek"])
        #expect(inMemory.people[0].note == "one\n\ntwo")
    }
}
