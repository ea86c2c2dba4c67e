import Foundation
import Testing
@testable import ContactsCore
@testable import ContactsOutput
import ContactFormats
import VCFBirthdays
import VCFBirthdaysTesting

@Suite struct DuplicateMergerTests {
    /// The people of vCard text (CRLF added), read for vCard output.
    private func people(_ cards: String...) throws -> [PersonInfo] { try people(cards) }

    private func people(_ cards: [String]) throws -> [PersonInfo] {
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

    /// #38: values that differ are both kept: a number with another extension (or none), a web
    /// address whose path differs in case, a repeated value whose parameter says otherwise; a
    /// repeated value gains the other's parameters; a note is left out only when it is the same
    /// text, white space aside.
    @Test func nothingThatDiffersIsDropped() throws {
        let (out, cards, _) = try merged(try people(
            "FN:Anna Berg\nEMAIL:anna@example.org\nTEL;TYPE=work:+49 30 123456 ext. 12\nURL:https://bit.ly/AbC\n"
                + "ADR;TYPE=home:;;Main St 1;Town;;12345;\nIMPP:xmpp:anna@chat.example\nNOTE:allergic to nuts\n"
                + "item1.TEL:+49 170 1111111\nitem1.X-ABLabel:Mobile",
            "FN:Anna Berg\nEMAIL:anna@example.org\nTEL;TYPE=home:+49 30 123456\nTEL:030 123456 x13\nURL:HTTPS://BIT.LY/AbC\n"
                + "URL:https://bit.ly/abc\nADR;LABEL=\"Main St 1\\nTown\":;;Main St 1;Town;;12345;\n"
                + "IMPP;X-SERVICE-TYPE=Jabber:xmpp:anna@chat.example\nNOTE:not allergic to nuts\nNOTE:allergic  to\\n nuts\n"
                + "item1.TEL:+49 170 1111111\nitem1.X-ABLabel:Work"))
        #expect(out.count == 1)
        let lines = cards[0]
        #expect(lines.filter { $0.hasPrefix("TEL") }
            == ["TEL;TYPE=work:+49 30 123456 ext. 12", "TEL;TYPE=home:+49 30 123456", "TEL:030 123456 x13"])
        #expect(lines.filter { $0.hasPrefix("URL") } == ["URL:https://bit.ly/AbC", "URL:https://bit.ly/abc"])
        #expect(lines.filter { $0.hasPrefix("ADR") } == [#"ADR;TYPE=home;LABEL=Main St 1\nTown:;;Main St 1;Town;;12345;"#])
        #expect(lines.filter { $0.hasPrefix("IMPP") } == ["IMPP;X-SERVICE-TYPE=Jabber:xmpp:anna@chat.example"])
        #expect(out[0].note == "allergic to nuts\n\nnot allergic to nuts")
        #expect(lines.filter { $0.hasPrefix("item") }
            == ["item1.TEL:+49 170 1111111", "item1.X-ABLabel:Mobile", "item1-2.TEL:+49 170 1111111", "item1-2.X-ABLabel:Work"])
        // A parameter that says otherwise keeps both values.
        let (_, labelled, _) = try merged(try people(
            "FN:Bo Ek\nEMAIL:bo@example.org\nADR;LABEL=Home:;;Main St 1;Town;;;", "FN:Bo Ek\nEMAIL:bo@example.org\nADR;LABEL=Office:;;Main St 1;Town;;;"))
        #expect(labelled[0].filter { $0.hasPrefix("ADR") } == ["ADR;LABEL=Home:;;Main St 1;Town;;;", "ADR;LABEL=Office:;;Main St 1;Town;;;"])
    }

    /// #45: people a role address joins are merged as any group is.
    @Test func aRoleAddressGroupIsMerged() throws {
        let (out, cards, summary) = try merged(try people(
            "FN:Борис Орлов\nN:Орлов;Борис;;;\nEMAIL;TYPE=work:office@orlov-design.example",
            "FN:Boris Orlov\nN:Orlov;Boris;;;\nEMAIL:Office@orlov-design.example\nTEL:+49 30 5550001",
            "FN:Lars Orlov\nN:Orlov;Lars;;;\nEMAIL:office@orlov-design.example"))
        #expect(out.count == 2 && summary.hasPrefix("merged 2 people into 1"))
        #expect(cards[0].contains("X-MERGED-FN:Boris Orlov") && cards[0].contains("TEL:+49 30 5550001"))
        #expect(out[1].displayName == "Lars Orlov")
    }

    @Test func phoneExtensionsAndWebAddressesAsCompared() {
        for (number, ext) in [("+49 30 123456 ext. 12", "12"), ("+1 202 555 0100 x7", "7"), ("tel:+1-202-555-0100;ext=99", "99"),
                              ("030 123456#5", "5"), ("030 123456 Durchwahl 21", "21"), ("+49 30 123456", ""), ("0170 1234", "")] {
            #expect(CardMerge.phoneExtension(number) == ext, "\(number)")
        }
        #expect(CardMerge.caselessSchemeAndHost("HTTPS://Bit.LY/AbC?Q=1#F") == "https://bit.ly/AbC?Q=1#F")
        #expect(CardMerge.caselessSchemeAndHost("WWW.Example.COM/Path") == "www.example.com/Path")
    }

    /// #38: for random groups of cards, every value, parameter and note of every member is in
    /// the merged card (a single value that differs as `X-MERGED-…`), as the man page promises.
    @Test(arguments: 0..<60)
    func aMergedCardHoldsEveryMembersValues(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let members = (0..<random.int(2...5)).map { _ in randomCard(&random) }
        let group = try people(members.map { $0.joined(separator: "\n") })
        let (out, cards, _) = try merged(group)
        #expect(out.count == 1, "\(members)")
        let merged = cards[0]
        let notes = Set((out[0].note ?? "").components(separatedBy: "\n\n").map(CardMerge.spaced))
        let categories = Set(out[0].categories.map { $0.lowercased() })
        for member in group {
            // As the merge sees it: the member's card in vCard 4.0.
            var bytes: [UInt8] = []
            VCardEncoder(version: .v4, appleCompat: false).append(member, to: &bytes)
            let card = try #require(try readContacts(bytes, csv: false, scope: .card).people.first)
            #expect(member.categories.allSatisfy { categories.contains($0.lowercased()) }, "seed \(seed)")
            if let birthday = member.birthday { #expect(out[0].birthday.map { DuplicateFinder.compatible($0, birthday) } == true) }
            for property in card.cardProperties
            where !["VERSION", "PRODID", "REV", "KIND", "CATEGORIES", "BDAY"].contains(property.name.uppercased()) {
                if property.name.uppercased() == "NOTE" {
                    #expect(notes.contains(CardMerge.spaced(ValueDecoding.unescape(Array(property.value.utf8)))), "seed \(seed): \(property.value)")
                    continue
                }
                let found = out[0].cardProperties.contains { kept in
                    (kept.name.uppercased() == property.name.uppercased() || kept.name.uppercased() == "X-MERGED-" + property.name.uppercased())
                        && same(kept.value, property.value, property.name.uppercased())
                        && (property.group == nil) == (kept.group == nil)
                        && property.parameters.allSatisfy { parameter in
                            parameter.name.uppercased() == "PREF" || kept.parameters.contains { k in
                                k.name.uppercased() == parameter.name.uppercased()
                                    && parameter.values.allSatisfy { v in k.values.contains { $0.lowercased() == v.lowercased() } }
                            }
                        }
                }
                #expect(found, "seed \(seed): \(property) is not in \(merged)")
            }
        }
    }
}

/// The same value as the merge compares it (the test's own table of what is one).
private func same(_ a: String, _ b: String, _ name: String) -> Bool {
    let phones: [Set<String>] = [["+49 30 123456", "030 123456", "+49 (30) 123456"]]
    switch name {
    case "EMAIL", "ADR", "IMPP": return a.lowercased() == b.lowercased()
    case "URL": return CardMerge.caselessSchemeAndHost(a) == CardMerge.caselessSchemeAndHost(b)
    case "TEL": return a == b || phones.contains { $0.contains(a) && $0.contains(b) }
    default: return a == b
    }
}

/// One member of a random group: all share an e-mail address (so they are one group), and
/// draw the rest from pools built to meet: case variants, extensions, parameters that agree
/// or not, notes inside notes, Apple's labelled groups.
private func randomCard(_ r: inout SplitMix) -> [String] {
    var lines = [r.pick(["FN:Anna Berg\nN:Berg;Anna;;;", "FN:A. Berg\nN:Berg;A.;;;", "FN:Anna Berg"]), "EMAIL:anna@example.org"]
    let optional: [[String]] = [
        ["EMAIL;TYPE=home:ANNA@home.example", "EMAIL;TYPE=work:anna@home.example", "EMAIL:a.berg@work.example"],
        ["TEL;TYPE=work:+49 30 123456", "TEL:030 123456", "TEL;TYPE=home:+49 30 123456 ext. 12", "TEL:+49 30 123456 ext. 13",
         "TEL;TYPE=cell;PREF=1:+49 (30) 123456", "TEL:+49 30 654321"],
        ["URL:https://bit.ly/AbC", "URL:HTTPS://bit.ly/AbC", "URL:https://bit.ly/abc", "URL;TYPE=work:https://example.org/Anna"],
        ["ADR;TYPE=home:;;Main St 1;Town;;12345;", "ADR;LABEL=Home:;;main st 1;Town;;12345;", "ADR;LABEL=Office:;;Main St 1;Town;;12345;"],
        ["IMPP:xmpp:anna@chat.example", "IMPP;X-SERVICE-TYPE=Jabber:xmpp:anna@chat.example", "IMPP;X-SERVICE-TYPE=Skype:skype:anna.b"],
        ["NOTE:allergic to nuts", "NOTE:not allergic to nuts", "NOTE:allergic  to nuts", "NOTE:Plays chess.", "NOTE:chess"],
        ["CATEGORIES:Friends", "CATEGORIES:friends,Work", "CATEGORIES:Chess Club"],
        ["item1.TEL:+49 170 1111111\nitem1.X-ABLabel:Mobile", "item1.TEL:+49 170 1111111\nitem1.X-ABLabel:Work",
         "item2.TEL:+49 170 2222222\nitem2.X-ABLabel:Boat"],
        ["ORG:Acme", "ORG:Other Co", "TITLE:Engineer"],
        ["BDAY:1990-05-01", "BDAY:--0501"],
    ]
    for pool in optional where r.int(0...2) > 0 {
        lines.append(r.pick(pool))
        if r.int(0...3) == 0 { lines.append(r.pick(pool)) }
    }
    // One card cannot hold two single values (a second BDAY, ORG, TITLE): the first stays.
    var seen = Set<String>()
    return lines.filter { line in
        let name = String(line.prefix { $0 != ":" && $0 != ";" })
        return !["BDAY", "ORG", "TITLE"].contains(name) || seen.insert(name).inserted
    }
}
