import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import VCFBirthdays
import VCFBirthdaysTesting

private let ldifFixtures = ["ldif/thunderbird.ldif", "ldif/abook.ldif", "ldif/ldap-dump.ldif"]

private func read(_ text: String, split: Int? = nil, scope: DecodeScope = .full) throws -> (people: [PersonInfo], diagnostics: RecordingDiagnostics) {
    try readContacts(Array(text.utf8), format: .ldif, scope: scope, split: split)
}

@Suite struct LDIFReaderTests {
    @Test func thunderbirdExport() throws {
        let (people, diagnostics) = try readContacts(fixtureBytes("ldif/thunderbird.ldif"), format: .ldif)
        #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
        #expect(people.map(\.formattedName) == ["Sanne van der Meer", "Lars Östberg", "Book club"])
        let sanne = people[0]
        #expect(sanne.givenNames == ["Sanne"] && sanne.familyNames == ["van der Meer"] && sanne.nicknames == ["San"])
        #expect(sanne.emails.map(\.value) == ["sanne@vandermeer.example", "s.meer@werk.example"])
        #expect(sanne.phones == [ContactPoint(value: "+31 6 12345678", types: ["cell"]),
                                 ContactPoint(value: "+31 20 555 0101", types: ["work"])])
        #expect(sanne.addresses.count == 1 && sanne.addresses[0].street == "Prinsengracht 12"
                && sanne.addresses[0].locality == "Amsterdam" && sanne.addresses[0].postalCode == "1015 DV"
                && sanne.addresses[0].country == "Netherlands" && sanne.addresses[0].types == ["home"])
        #expect(sanne.organization == "Volksuniversiteit" && sanne.organizationUnits == ["Talen"] && sanne.title == "Docent")
        #expect(sanne.urls == ["https://vu.example/sanne"])
        #expect(sanne.birthday == PartialDate(year: 1991, month: 7, day: 14))
        // What no field holds travels along, the entry's name too.
        #expect(sanne.extraProperties.map(\.name) == ["X-LDIF", "X-LDIF"])
        #expect(sanne.extraProperties.map { $0.parameters[0].values } == [["dn"], ["mozillaCustom1"]])
        #expect(sanne.extraProperties[1].value == "Dutch class")
        let lars = people[1]
        #expect(lars.familyNames == ["Östberg"] && lars.addresses[0].locality == "Göteborg")
        #expect(lars.birthday == PartialDate(year: nil, month: 2, day: 29))
        #expect(lars.note == "Met at the conference.\nLikes sailing.")
        // A mailing list keeps its object classes and members, and is a group card in vCard.
        let list = people[2]
        #expect(list.extraProperties.map { $0.parameters.first?.values[0] ?? $0.name + ":" + $0.value }
                 == ["dn", "member", "member", "objectclass", "objectclass", "KIND:group"])
    }

    @Test func abookExport() throws {
        let (people, diagnostics) = try readContacts(fixtureBytes("ldif/abook.ldif"), format: .ldif)
        #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
        #expect(people.map(\.formattedName) == ["Mira Kowalski", "Tomas Novak"])
        #expect(people[0].source.line == 4 && people[1].source.line == 21)
        #expect(people[0].emails.map(\.value) == ["mira@kowalski.example", "mira.k@uni.example"])
        #expect(people[0].phones.map(\.types) == [["home"], []])
        #expect(people[0].addresses.first?.street == "ul. Dluga 5" && people[0].addresses.first?.locality == "Krakow")
        #expect(people[0].nicknames == ["Mirka"] && people[0].urls == ["https://mira.example"])
        // A folded line: the first space of the next line is the fold, the second is text.
        #expect(people[1].note == "Bike repair, ask about the spare wheel")
        // abook writes the birthday as `anniversary`.
        #expect(people.map(\.birthday) == [date(1990, 3, 12), PartialDate(year: nil, month: 7, day: 9)])
        #expect(people.allSatisfy { $0.anniversary == nil })
    }

    /// `anniversary` is abook's birthday in an entry of only `top` and `person` with no birth date
    /// of its own, and the anniversary anywhere else (Evolution's `evolutionPerson`) (#41 item 12).
    @Test(arguments: [
        ("objectclass: top\nobjectclass: person\nanniversary: 1985-04-15\n", date(1985, 4, 15), nil),
        ("objectclass: person\nanniversary: --04-15\n", PartialDate(year: nil, month: 4, day: 15), nil),
        ("objectclass: top\nobjectclass: person\nobjectclass: evolutionPerson\nbirthDate: 1980-01-02\nanniversary: 2005-06-07\n",
         date(1980, 1, 2), date(2005, 6, 7)),
        ("objectclass: inetOrgPerson\nanniversary: 2005-06-07\n", nil, date(2005, 6, 7)),
        ("objectclass: person\nbirthyear: 1970\nbirthmonth: 2\nbirthday: 3\nanniversary: 2005-06-07\n", date(1970, 2, 3), date(2005, 6, 7)),
        ("objectclass: person\nbirthDate: 19800102000000Z\n", date(1980, 1, 2), nil),
    ] as [(String, PartialDate?, PartialDate?)])
    func anniversaryIsAbooksBirthday(_ attributes: String, _ birthday: PartialDate?, _ anniversary: PartialDate?) throws {
        let (people, _) = try read("dn: cn=Ann\ncn: Ann\n" + attributes)
        #expect(people.first?.birthday == birthday && people.first?.anniversary == anniversary, "\(attributes)")
    }

    @Test func ldapDump() throws {
        let (people, diagnostics) = try readContacts(fixtureBytes("ldif/ldap-dump.ldif"), format: .ldif)
        // OpenLDAP's person class and a residential person are people; the groups are read as
        // entries (their members get their names in the run: ContactGroupsTests).
        #expect(people.map(\.formattedName) == ["Anna Berg", "Erik Berg", "Mirja Lindqvist", "Tove Holm", "Staff", "Choir", "Hana Sato"])
        // The domain and the organizational units are no people; the change record is rejected.
        #expect(diagnostics.warnings.map(\.code) == [.notAPerson, .notAPerson, .notAPerson])
        #expect(diagnostics.warnings.map(\.line) == [1, 7, 61])
        #expect(diagnostics.rejections.map { $0.diagnostic?.code } == [.changeRecord])
        #expect(diagnostics.rejections.first?.rawText == "dn: uid=old,ou=people,dc=example,dc=org\nchangetype: delete\n")
        let anna = people[0]
        #expect(anna.addresses.first?.street == "Example Org\nHauptstr. 1\n10115 Berlin")
        #expect(anna.urls == ["https://example.org/~aberg"])
        #expect(anna.note == "A very long description line that an LDAP tool folds at seventy-six characters, continued on the next line.")
        #expect(anna.extraProperties.contains { $0.name == "PHOTO" && $0.value.hasPrefix("/9j/") })
        // The second cn and the display name are kept, not lost.
        let kept = anna.extraProperties.filter { $0.name == "X-LDIF" }.map { ($0.parameters[0].values[0], $0.value) }
        #expect(kept.contains { $0 == ("cn", "Anna") } && kept.contains { $0 == ("displayName", "Anna Berg (Sales)") })
        #expect(people[1].birthday == PartialDate(year: 1980, month: 5, day: 12))
    }

    /// Attribute options: the plain value is the name, a language variant an alternative name
    /// (vCard 4.0 `ALTID` and `LANGUAGE`), a phonetic variant the phonetic name; other
    /// attributes' variants are kept as they are.
    @Test func languageAndPhoneticVariantsOfNames() throws {
        let (people, diagnostics) = try read("""
            dn: cn=Hana Sato
            cn: Hana Sato
            cn;lang-ja: 佐藤 花
            sn;lang-ja: 佐藤
            sn: Sato
            sn;lang-ja;phonetic: さとう
            givenName: Hana
            givenName;lang-ja: 花
            givenName;lang-ja;phonetic: はな
            o;lang-ja: 例
            o: Example

            """)
        #expect(diagnostics.warnings.isEmpty)
        let hana = try #require(people.first)
        #expect(hana.familyNames == ["Sato"] && hana.givenNames == ["Hana"] && hana.formattedName == "Hana Sato")
        #expect(hana.phoneticFamilyName == "さとう" && hana.phoneticGivenName == "はな")
        #expect(hana.organization == "Example")
        let alternatives = hana.extraProperties.filter { $0.name != VCardProperty.ldifAttribute }
        #expect(alternatives.map { "\($0.name);\($0.parameters.map { $0.name + "=" + $0.values[0] }.joined(separator: ";")):\($0.value)" }
                == ["FN;ALTID=1;LANGUAGE=ja:佐藤 花", "N;ALTID=1;LANGUAGE=ja:佐藤;花;;;"])
        #expect(hana.extraProperties.contains { $0.value == "例" && $0.parameters.contains { $0.values == ["lang-ja"] } })
        // Written: the model's name is the plain alternative; valid vCard 4.0; LDIF again with its options.
        let card = String(decoding: run(Array(Self.hanaLDIF.utf8), path: "h.ldif", to: .vcard4).stdout, as: UTF8.self)
        #expect(card.contains("FN;ALTID=1:Hana Sato\r\nN;ALTID=1:Sato;Hana;;;\r\n"))
        let checked = run(Array(card.utf8), path: "h.vcf", to: .list) { $0.diagnostics.checksOnly = true }
        #expect(checked.status == .success && !checked.stderr.contains("error"), "\(checked.stderr)")
        let ldif = String(decoding: run(Array(Self.hanaLDIF.utf8), path: "h.ldif", to: .ldif).stdout, as: UTF8.self)
        let (back, _) = try read(ldif)
        let (plain, _) = try read(Self.hanaLDIF)
        #expect(back.map(\.familyNames) == [["Sato"]] && back.map(\.formattedName) == ["Hana Sato"])
        #expect(back.first?.extraProperties.filter { $0.name != VCardProperty.ldifAttribute }
                    .map { var p = $0; p.line = 0; return p }
                == plain.first?.extraProperties.filter { $0.name != VCardProperty.ldifAttribute }.map { var p = $0; p.line = 0; return p })
        #expect(ldif.contains("cn;lang-ja:: \(base64("佐藤 花"))\nsn;lang-ja:: \(base64("佐藤"))\ngivenName;lang-ja:: \(base64("花"))\n"))
    }

    static let hanaLDIF = "dn: cn=Hana Sato\ncn: Hana Sato\ncn;lang-ja: 佐藤 花\nsn: Sato\nsn;lang-ja: 佐藤\ngivenName: Hana\n"
        + "givenName;lang-ja: 花\n\n"

    private func base64(_ text: String) -> String {
        var out: [UInt8] = []
        Base64.encode(Array(text.utf8), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test(arguments: ldifFixtures)
    func sameResultAtEverySplitAndOnThreads(fixture: String) throws {
        let bytes = fixtureBytes(fixture)
        let whole = try readContacts(bytes, format: .ldif)
        for split in 0...bytes.count {
            let part = try readContacts(bytes, format: .ldif, split: split)
            #expect(part.people == whole.people, "split at \(split)")
            #expect(part.diagnostics.warnings == whole.diagnostics.warnings && part.diagnostics.rejections.map(\.rawText) == whole.diagnostics.rejections.map(\.rawText))
        }
        for partBytes in [16, 64, 181] {
            #expect(convertOnThreads(bytes, threads: 3, partBytes: partBytes, maxRecordBytes: 4096)
                    == convertOnThreads(bytes, threads: 1, partBytes: partBytes, maxRecordBytes: 4096), "parts of \(partBytes)")
        }
    }

    @Test func base64ValuesAndVersionLine() throws {
        let (people, diagnostics) = try read("version: 1\ndn: cn=x\ncn:: WsO2w6s=\nsn: Berg\nmail:: bm90IGJhc2U2NA=!=\n")
        #expect(people.map(\.formattedName) == ["Zöë"])
        #expect(diagnostics.warnings.map(\.code) == [.notAnAttribute] && diagnostics.warnings[0].line == 5)
    }

    /// `version: 1` is no attribute, after a comment too (a record of its own), as a part
    /// read on a thread sees it.
    @Test func versionAfterAComment() throws {
        let (people, diagnostics) = try read("# export\n\nversion: 1\ndn: cn=a\ncn: A\n")
        #expect(diagnostics.warnings.isEmpty && people.count == 1)
        #expect(people.first?.extraProperties.map { $0.parameters[0].values[0] } == ["dn"])
    }

    @Test func linesThatAreNoAttributes() throws {
        let (people, diagnostics) = try read(" stray\ndn: cn=a\ncn: A\nno colon here\n\u{1B}[31m: x\n")
        #expect(people.map(\.formattedName) == ["A"])
        #expect(diagnostics.warnings.map(\.code) == [.notAnAttribute, .notAnAttribute, .notAnAttribute])
        #expect(diagnostics.warnings.map(\.line) == [1, 4, 5])
        #expect(!diagnostics.warnings[2].message.contains("\u{1B}"))
    }

    @Test func birthdayPartsThatAreNoDate() throws {
        let (people, diagnostics) = try read("dn: cn=a\ncn: A\nbirthmonth: 13\nbirthday: 2\n\ndn: cn=b\ncn: B\nbirthday: x\n")
        #expect(people.allSatisfy { $0.birthday == nil })
        #expect(diagnostics.warnings.map(\.code) == [.impossibleDate, .invalidDate])
        // Kept as they were.
        #expect(people[0].extraProperties.map(\.value) == ["cn=a", "13", "2"])
    }

    @Test func entriesWithNothingToReadAndOversizedOnesAreRejected() throws {
        let text = "dn: cn=x\nobjectclass: person\n\ndn: cn=big\ncn: " + String(repeating: "b", count: 200) + "\n\ndn: cn=ok\ncn: OK\n"
        let (people, diagnostics) = try readContacts(Array(text.utf8), format: .ldif, maxRecordBytes: 100)
        #expect(people.map(\.formattedName) == ["OK"])
        #expect(diagnostics.rejections.map { $0.diagnostic?.code } == [.noContactField, .recordTooLarge])
        #expect(diagnostics.rejections[0].rawText == "dn: cn=x\nobjectclass: person\n")
    }

    @Test func crlfCommentsAndFoldedComments() throws {
        let (people, diagnostics) = try read("# a comment\r\n  folded into it\r\ndn: cn=a\r\ncn: An\r\n na\r\n# inside\r\nsn: B\r\n\r\n\r\n")
        #expect(diagnostics.warnings.isEmpty)
        #expect(people.map(\.formattedName) == ["Anna"] && people[0].familyNames == ["B"])
    }

    @Test func formatIsDetectedByContent() {
        #expect(InputReader.detectFormat(Array("version: 1\ndn: cn=a\n".utf8)) == .ldif)
        #expect(InputReader.detectFormat(Array("# export\n\nDN: cn=a\n".utf8)) == .ldif)
        #expect(InputReader.detectFormat(Array("dn,cn\na,b\n".utf8)) == .csv)
        #expect(InputReader.detectFormat(Array("BEGIN:VCARD\r\n".utf8)) == .vcard)
        #expect(InputListing.isContactsFileName("book.LDIF") && !InputListing.isContactsFileName(".hidden.ldif"))
    }
}
