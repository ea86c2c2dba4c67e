import Testing
@testable import ContactsCore
@testable import ContactFormats
import ContactsTesting
import ContactFormatsTesting

@Suite struct ParserTests {
    /// A card left open never takes the cards after it: a `BEGIN:VCARD` is a nested card only
    /// right after an empty `AGENT`, and starts a new card anywhere else, whatever is open.
    @Test(arguments: [
        "BEGIN:VCARD\nFN:Parent\nAGENT:\nBEGIN:VCARD\nFN:Agent\nEND:VCARD\n",  // the parent is not closed
        "BEGIN:VCARD\nFN:Parent\nAGENT:\nBEGIN:VCARD\nFN:Agent\n",  // nor is the agent
        "BEGIN:VCARD\nFN:Parent\nitem1.AGENT;TYPE=x:\nBEGIN:VCARD\nFN:Agent\nAGENT:\nBEGIN:VCARD\nFN:Agent's\nEND:VCARD\n",
        "BEGIN:VCARD\nFN:Big\nNOTE:" + String(repeating: "x", count: 2000) + "\nAGENT:\nBEGIN:VCARD\nFN:Agent\nEND:VCARD\n",
    ])
    func anUnclosedCardLosesNoCardAfterIt(open: String) throws {
        let good = (1...50).map { "BEGIN:VCARD\nFN:Good \($0)\nEND:VCARD\n" }.joined()
        for chunk in [1, 7, Int.max] {
            let sink = SpySink()
            let diagnostics = RecordingDiagnostics()
            let parser = VCardParser(path: "t.vcf", sink: sink, diagnostics: diagnostics,
                                     options: VCardParser.Options(scope: .full, keepsRawText: true, maxRecordBytes: 1024))
            try feed(parser, Array((open + good).utf8), chunkSize: chunk)
            #expect(sink.people.map(\.formattedName) == (1...50).map { "Good \($0)" }, "\(chunk)")
            #expect(diagnostics.rejections.count == 1)
            #expect(diagnostics.rejections.first?.rawText == open || open.contains("Big"))
        }
    }

    /// A card's size (`--max-record-bytes`) counts its own nested cards, all of them, and not
    /// the text of an agent left open in the card before it.
    @Test func aCardsSizeCountsItsOwnNestedCardsOnly() throws {
        func parse(_ text: String) throws -> (names: [String], rejected: [String]) {
            let sink = SpySink(), diagnostics = RecordingDiagnostics()
            let parser = VCardParser(path: "t.vcf", sink: sink, diagnostics: diagnostics,
                                     options: VCardParser.Options(scope: .full, keepsRawText: true, maxRecordBytes: 400))
            try feed(parser, Array(text.utf8), chunkSize: Int.max)
            return (sink.people.map { $0.formattedName ?? "" }, diagnostics.rejections.map { $0.diagnostic?.message ?? "" })
        }
        let note = "NOTE:" + String(repeating: "x", count: 200) + "\n"
        let afterOpenAgent = try parse("BEGIN:VCARD\nFN:Parent\nAGENT:\nBEGIN:VCARD\nFN:Agent\n" + note
            + "BEGIN:VCARD\nFN:Next\n" + note + "END:VCARD\n")
        #expect(afterOpenAgent.names == ["Next"])
        #expect(afterOpenAgent.rejected.count == 1 && afterOpenAgent.rejected[0].contains("not closed"))
        let agent = "AGENT:\nBEGIN:VCARD\nFN:Agent\n" + note + "END:VCARD\n"
        let twoAgents = try parse("BEGIN:VCARD\nFN:Parent\n" + agent + agent + "END:VCARD\n")
        #expect(twoAgents.names.isEmpty)
        #expect(twoAgents.rejected.count == 1 && twoAgents.rejected[0].contains("larger than 400 bytes"))
    }

    /// A 2.1 value that ends with a soft line break never continues into the next card.
    @Test func aSoftLineBreakNeverContinuesIntoTheNextCard() throws {
        let text = "BEGIN:VCARD\nVERSION:2.1\nN:One\nNOTE;ENCODING=QUOTED-PRINTABLE:broken=\n"
            + "BEGIN:VCARD\nVERSION:2.1\nN:Two\nTEL:+1 555 0100\nEND:VCARD\n"
            + "BEGIN:VCARD\nVERSION:2.1\nN:Three\nEND:VCARD\n"
        let (people, diagnostics) = try parse(Array(text.utf8))
        #expect(people.map(\.familyNames) == [["Two"], ["Three"]])
        #expect(people.first?.phones.map(\.value) == ["+1 555 0100"])
        #expect(diagnostics.rejections.map(\.diagnostic?.line) == [1])
    }

    @Test(arguments: vcardFixtures)
    func feedingOneByteAtATimeGivesTheSameResult(fixture: String) throws {
        let bytes = fixtureBytes(fixture)
        let whole = try parse(bytes)
        for chunk in [1, 7] {
            let pieces = try parse(bytes, chunkSize: chunk)
            #expect(pieces.people == whole.people)
            #expect(pieces.diagnostics.warnings == whole.diagnostics.warnings)
            #expect(pieces.diagnostics.rejections.map(\.rawText) == whole.diagnostics.rejections.map(\.rawText))
        }
    }

    @Test func appleContacts() throws {
        let (people, diagnostics) = try parse(fixtureBytes("apple-contacts.vcf"), path: "apple.vcf")
        #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
        #expect(people.count == 5)
        let asa = people[0]
        #expect(asa.familyNames == ["Öberg"] && asa.givenNames == ["Åsa"])
        #expect(asa.formattedName == "Åsa Öberg")
        #expect(asa.birthday == date(1988, 2, 29))
        #expect(asa.anniversary == date(2014, 6, 14))  // item3.X-ABDATE labelled _$!<Anniversary>!$_
        #expect(asa.organization == "Nordljus AB" && asa.organizationUnits == ["Ekonomi"])
        #expect(asa.emails == [ContactPoint(value: "asa.oberg@example.se", types: ["home"], preferred: true)])
        #expect(asa.phones == [ContactPoint(value: "+46 70 123 45 67", types: ["cell", "voice"], preferred: true)])
        #expect(asa.addresses.first?.street == "Storgatan 12" && asa.addresses.first?.postalCode == "753 20")
        #expect(asa.addresses.first?.types == ["home"] && asa.addresses.first?.preferred == true)
        #expect(asa.note == "Träffades på Kafé Linné, Uppsala.\nGillar blåbär; inte hallon.")
        #expect(asa.uid == "6B29FC40-CA47-1067-B31D-00DD010662DA")
        #expect(asa.source == SourcePosition(path: "apple.vcf", line: 1))
        #expect(asa.extraProperties.map(\.name) == ["PRODID", "X-ABADR", "X-ABLabel", "X-ABUID"])
        #expect(asa.extraProperties[1].group == "item2")

        let juergen = people[1]
        #expect(juergen.honorificPrefixes == ["Dr."])
        #expect(juergen.birthday == date(nil, 12, 3))  // X-APPLE-OMIT-YEAR=1604
        #expect(juergen.emails.first?.types == ["praxis"])  // custom X-ABLabel
        #expect(juergen.urls == ["http://praxis-mueller.example/team"])  // escaped colon
        let photo = try #require(juergen.extraProperties.first { $0.name == "PHOTO" })
        #expect(photo.value.hasPrefix("/9j/4AAQ") && photo.value.count > 600)
        #expect(photo.parameters == [VCardParameter(name: "ENCODING", values: ["b"]), VCardParameter(name: "TYPE", values: ["JPEG"])])

        let orjan = people[2]
        #expect(orjan.birthday == date(nil, 7, 21))  // iOS 1604 without the marker
        #expect(orjan.anniversary == nil)  // X-ABDATE labelled Graduation is not one
        #expect(orjan.extraProperties.contains { $0.name == "X-ABDATE" && $0.value == "2001-09-01" })

        let company = people[3]
        #expect(!company.hasNameParts && company.displayName == "Zimmerei Zander GmbH")
        #expect(people[4].nicknames == ["Zozo"] && people[4].categories == ["Familj", "Vänner"])
    }

    @Test func googleContacts() throws {
        let (people, diagnostics) = try parse(fixtureBytes("google-contacts.vcf"))
        #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
        #expect(people.map(\.displayName) == ["Priya Sharma", "Mateo García de la Cruz", "Chen Wei", "Olivia Brown"])
        #expect(people[0].emails.map(\.types) == [["home"], ["work"]])
        #expect(people[0].anniversary == date(2019, 12, 8))  // Google's plain "Anniversary" label
        #expect(people[1].birthday == date(nil, 3, 17))
        #expect(people[1].addresses.first?.street == "Calle Mayor 5, 2º")
        #expect(people[1].familyNames == ["García de la Cruz"])
        #expect(people[2].phoneticFamilyName == "Chen" && people[2].familyNames == ["陈"])
        #expect(people[2].extraProperties.map(\.name) == ["FN"])  // the second FN is kept, not lost
        #expect(people[3].birthday == nil)
    }

    @Test func android21() throws {
        let (people, diagnostics) = try parse(fixtureBytes("android-2.1.vcf"), path: "android.vcf")
        #expect(diagnostics.rejections.isEmpty)
        #expect(diagnostics.warnings.map(\.description) == ["android.vcf:61: warning: empty vCard"])
        // The nested AGENT card is not a person of its own.
        #expect(people.map(\.displayName) == ["Żaneta Łukasiewicz", "Jan Kowalski", "Amélie Lefèvre", "佐藤 花子", "John Smith", ""])
        let zaneta = people[0]
        #expect(zaneta.familyNames == ["Łukasiewicz"] && zaneta.givenNames == ["Żaneta"])
        #expect(zaneta.note == "Pierwsza linia\nDruga linia: zażółć gęślą jaźń")  // QP CR LF → one newline
        #expect(zaneta.phones == [ContactPoint(value: "+48601234567", types: ["cell"], preferred: true),
                                  ContactPoint(value: "+48221234567", types: ["home"])])
        #expect(zaneta.emails == [ContactPoint(value: "zaneta.l@example.pl", types: ["home"])])
        #expect(zaneta.birthday == date(1990, 4, 12) && zaneta.anniversary == date(2015, 8, 22))

        let jan = people[1]
        #expect(jan.birthday == date(nil, 7, 9))
        let agent = try #require(jan.extraProperties.first { $0.name == "AGENT" })
        #expect(agent.value.hasPrefix("BEGIN:VCARD\\nVERSION:2.1\\nN:Nowak\\;Ewa\\;\\;\\;\\n"))
        #expect(agent.value.hasSuffix("END:VCARD"))
        let photo = try #require(jan.extraProperties.first { $0.name == "PHOTO" })
        // The same bytes as the Apple fixture's 3.0 photo: folds and the ending blank line removed.
        let applePhoto = try parse(fixtureBytes("apple-contacts.vcf")).people[1].extraProperties.first { $0.name == "PHOTO" }
        #expect(photo.value == applePhoto?.value)

        #expect(people[2].familyNames == ["Lefèvre"] && people[2].givenNames == ["Amélie"])  // ISO-8859-1 QP
        #expect(people[3].familyNames == ["佐藤"] && people[3].phoneticFamilyName == "サトウ")  // Shift_JIS
        #expect(people[4].birthday == date(1960, 6, 1))  // duplicate VERSION lines
    }

    @Test func nextcloud40() throws {
        let (people, diagnostics) = try parse(fixtureBytes("nextcloud-4.0.vcf"))
        #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
        let taro = people[0]
        #expect(taro.sortAs == ["サトウ", "タロウ"])
        #expect(taro.birthday == date(1980, 1, 15) && taro.anniversary == date(2010, 5, 1))
        #expect(taro.emails == [ContactPoint(value: "taro.sato@example.jp", types: ["work"], preferred: true)])
        #expect(taro.phones == [ContactPoint(value: "+81-90-1234-5678", types: ["voice", "cell"])])
        #expect(taro.uid == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
        let label = try #require(taro.addresses.first)
        #expect(label.locality == "Chuo-ku")
        #expect(people[1].birthday == date(nil, 2, 29))
        #expect(people[1].extraProperties.map(\.name) == ["PRODID", "IMPP", "GENDER"])
        #expect(people[2].birthday == date(1972, 8, 9))  // date-time: the date as written
        #expect(people[3].birthday == nil)  // VALUE=text
        #expect(people[3].extraProperties.contains { $0.name == "BDAY" && $0.value == "circa 1800" })
    }

    @Test func problemsAreReportedWithPositionsAndEveryGoodCardIsKept() throws {
        let (people, diagnostics) = try parse(fixtureBytes("problems.vcf"), path: "p.vcf")
        #expect(people.map(\.displayName) == ["First Good", "Case Lower", "Classic Mac", "Empty Birthday"])
        #expect(people[0].birthday == nil)
        #expect(people[1].birthday == date(nil, 12, 24))
        #expect(people[2].birthday == date(1984, 1, 24))
        #expect(diagnostics.warnings.map(\.description) == ["p.vcf:5: warning: impossible date '1990-02-30': no birthday taken"])
        #expect(diagnostics.rejections.map { $0.diagnostic?.description } == [
            "p.vcf:7: error: text outside of any vCard: 'this line is not part of any card'",
            "p.vcf:14: error: vCard is not closed: BEGIN:VCARD on line 19 comes before END:VCARD",
            "p.vcf:31: error: vCard is not closed: no END:VCARD before the end of the input",
        ])
        #expect(diagnostics.rejections.map(\.rawText) == [
            "this line is not part of any card\r\n",
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Open;Never;;;\r\nFN:Never Open\r\nBDAY:1970-01-01\r\n",
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Truncated;Last;;;\r\nFN:Last Truncated\r\nBDAY:2000-01-01\r\n",
        ])
    }

    @Test func aThrowingHandlerStopsAtTheFirstRejection() throws {
        let sink = SpySink()
        let diagnostics = RecordingDiagnostics(stopsAtFirstRejection: true)
        let parser = VCardParser(path: "p", sink: sink, diagnostics: diagnostics)
        #expect(throws: RecordingDiagnostics.Stop.self) {
            try parser.feed(fixtureBytes("problems.vcf"))
            try parser.finish()
        }
        #expect(sink.people.map(\.displayName) == ["First Good"])
        #expect(diagnostics.rejections.count == 1)
    }

    @Test func rfc6868AndParameterForms() throws {
        let text = "BEGIN:VCARD\nVERSION:4.0\nFN:A\nTEL;TYPE=work;TYPE=\"voice,pref\":1\nEMAIL;TYPE=HOME,Pref:a@b\n"
            + "ADR;LABEL=\"x ^'y^' ^^^nz\";TYPE=home:;;s;l;r;p;c\nEND:VCARD\n"
        let (people, _) = try parse(text, chunkSize: 1)
        #expect(people[0].phones == [ContactPoint(value: "1", types: ["work", "voice"], preferred: true)])
        #expect(people[0].emails == [ContactPoint(value: "a@b", types: ["home"], preferred: true)])
        #expect(people[0].addresses[0].country == "c")
        #expect(people[0].extraProperties.isEmpty)
    }

    @Test func anniversariesOfEveryClient() throws {
        for name in ["ANNIVERSARY", "X-ANNIVERSARY", "X-MS-ANNIVERSARY", "X-EVOLUTION-ANNIVERSARY", "X-KADDRESSBOOK-X-Anniversary"] {
            let (people, _) = try parse("BEGIN:VCARD\nFN:A\n\(name):2001-02-03\nEND:VCARD\n")
            #expect(people[0].anniversary == date(2001, 2, 3), "\(name)")
        }
    }

    @Test func invalidUTF8WithoutCharsetIsReadAsWindows1252() throws {
        let card: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ren".utf8) + [0xE9] + Array("e\r\nNOTE:Caf".utf8) + [0xE9]
            + Array("\r\nEND:VCARD\r\n".utf8)
        let (people, diagnostics) = try parse(card + card)
        #expect(people.map(\.formattedName) == ["Renée", "Renée"] && people[1].note == "Café")
        // Said once for the whole input, not for every value.
        #expect(diagnostics.warnings.map(\.description) == ["test.vcf:3: warning: value is not valid UTF-8; read as Windows-1252 (said once per file)"])
    }

    @Test func unknownCharsetWarnsAndReadsUTF8() throws {
        let (people, diagnostics) = try parse("BEGIN:VCARD\nVERSION:2.1\nFN;CHARSET=X-NOPE:Ann\nEND:VCARD\n")
        #expect(people[0].formattedName == "Ann")
        #expect(diagnostics.warnings.map(\.message) == ["unknown CHARSET 'X-NOPE'; values read as UTF-8 (said once per file)"])
    }

    /// A line that is no property continues the value before it (an unescaped line break),
    /// with a warning; right after BEGIN:VCARD there is nothing to continue and it is ignored.
    @Test func lineWithoutColonContinuesTheValueBefore() throws {
        let (people, diagnostics) = try parse("BEGIN:VCARD\nVERSION:3.0\nno property\nFN:Kept\nNOTE:a\nmore text\nEND:VCARD\n")
        #expect(people.map(\.displayName) == ["Kept"] && people.first?.note == "a\nmore text")
        #expect(diagnostics.warnings.map(\.description) == [
            "test.vcf:3: warning: not a vCard property (no name or no ':'), ignored: 'no property'",
            "test.vcf:6: warning: not a vCard property: 'more text' is read as a new line of the value before it "
                + "(a line break the exporter did not escape)",
        ])
        #expect(diagnostics.rejections.isEmpty)
        // A quoted-printable value goes on with an encoded line break; a skipped one stays skipped.
        let qp = try parse("BEGIN:VCARD\nVERSION:2.1\nN:A\nNOTE;ENCODING=QUOTED-PRINTABLE:caf=C3=A9\nsecond\nEND:VCARD\n").people
        #expect(qp.first?.note == "café\nsecond")
        let skipped = try parse(Array("BEGIN:VCARD\nVERSION:3.0\nFN:B\nNOTE:a\nmore\nBDAY:2000-01-02\nEND:VCARD\n".utf8), scope: .namesAndDates)
        #expect(skipped.people.first?.birthday == date(2000, 1, 2) && skipped.diagnostics.warnings.map(\.line) == [5])
    }

    /// #37: a stray line continues only a value that may hold a line break (NOTE, ADR, LABEL);
    /// after a name, a number or a date it is skipped with a warning, never glued into the value.
    @Test(arguments: [
        ("FN:Walt Noisy", "this line has no colon", false),
        ("N:Noisy;Walt;;;", "# a comment", false),
        ("TEL:+49 30 1234", "ext 5", false),
        ("BDAY:1990-01-02", "junk", false),
        ("NOTE:first", "second", true),
        ("ADR:;;Main St 1;Town;;12345;", "Building B", true),
        ("LABEL:Main St 1", "Town", true),
        ("item1.ADR:;;Main St 1;Town;;;", "Building B", true),
    ])
    func aStrayLineContinuesOnlyMultiLineValues(_ property: String, _ stray: String, _ continues: Bool) throws {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:Walt Noisy\n\(property)\n\(stray)\nEND:VCARD\n"
        let (people, diagnostics) = try parse(text)
        let person = try #require(people.first)
        #expect(person.formattedName == "Walt Noisy" && person.displayName == "Walt Noisy")
        #expect(diagnostics.warnings.map(\.code) == [continues ? .continuationLine : .notAProperty], "\(property)")
        #expect(diagnostics.rejections.isEmpty)
        let everything = [person.note ?? "", person.phones.map(\.value).joined(), person.addresses.map { "\($0)" }.joined(),
                          "\(person.extraProperties)", "\(person.cardProperties)"].joined()
        #expect(everything.contains(stray) == continues, "\(property): \(everything)")
    }

    @Test func namesAndDatesScopeSkipsTheRest() throws {
        let (people, _) = try parse(fixtureBytes("apple-contacts.vcf"), scope: .namesAndDates)
        #expect(people[0].birthday == date(1988, 2, 29) && people[0].anniversary == date(2014, 6, 14))
        #expect(people[0].emails.isEmpty && people[0].note == nil && people[0].extraProperties.isEmpty)
        #expect(people[3].displayName == "Zimmerei Zander GmbH")
    }

    @Test func sinkIsNotFinishedByTheParser() throws {
        let sink = SpySink()
        let parser = VCardParser(path: "p", sink: sink, diagnostics: RecordingDiagnostics())
        try parser.feed(Array("BEGIN:VCARD\nFN:A\nEND:VCARD\n".utf8))
        try parser.finish()
        #expect(sink.people.count == 1 && sink.finishCount == 0)
        #expect(parser.statistics.people == 1)
    }
}
