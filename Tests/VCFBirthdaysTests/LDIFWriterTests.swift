import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import VCFBirthdays
import VCFBirthdaysTesting

@Suite struct LDIFWriterTests {
    private func encoded(_ person: PersonInfo) -> String {
        var bytes: [UInt8] = []
        LDIFEncoder().append(person, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func sample() -> PersonInfo {
        var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
        p.formattedName = "Zoë Andersson, Jr."
        p.givenNames = ["Zoë"]
        p.familyNames = ["Andersson"]
        p.honorificSuffixes = ["Jr."]
        p.emails = [ContactPoint(value: "zoe@example.org", types: ["home"], preferred: true),
                    ContactPoint(value: "zoe@work.example", types: ["work"])]
        p.phones = [ContactPoint(value: "+46 70 123 45 67", types: ["cell"]), ContactPoint(value: "+46 8 123", types: ["voice"])]
        p.birthday = PartialDate(year: nil, month: 11, day: 23)
        p.note = String(repeating: "A long note. ", count: 10)
        p.categories = ["family"]
        return p
    }

    @Test func thunderbirdAttributesBase64AndFolding() {
        let text = encoded(sample())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(String(lines[0]) == "dn:: " + base64("cn=Zoë Andersson\\, Jr.,mail=zoe@example.org"))
        #expect(lines.contains("givenName:: " + base64("Zoë")) && lines.contains("sn: Andersson"))
        #expect(lines.contains("mail: zoe@example.org") && lines.contains("mozillaSecondEmail: zoe@work.example"))
        #expect(lines.contains("mobile: +46 70 123 45 67") && lines.contains("telephoneNumber: +46 8 123"))
        #expect(lines.contains("birthmonth: 11") && lines.contains("birthday: 23") && !text.contains("birthyear"))
        #expect(lines.contains("objectclass: mozillaAbPersonAlpha"))
        // Every line within 76 bytes; a value that goes on starts its next line with a space.
        #expect(lines.allSatisfy { $0.utf8.count <= 76 })
        #expect(lines.contains { $0.hasPrefix(" ") })
        // What the attributes cannot hold is carried: the e-mail types, the suffix, the category.
        #expect(lines.contains("x-vcard: EMAIL;TYPE=home;PREF=1:zoe@example.org") && lines.contains("x-vcard: CATEGORIES:family"))
        #expect(text.hasSuffix("\n\n"))
    }

    @Test(arguments: GoldenTests.fixtures)
    func readsBackAsTheSamePeople(fixture: String) {
        let direct = run(fixtureBytes(fixture), path: fixture, to: .json)
        let ldif = run(fixtureBytes(fixture), path: fixture, to: .ldif)
        let back = run(ldif.stdout, path: "out.ldif", to: .json) { $0.diagnostics.quiet = false }
        #expect(back.stdout == direct.stdout, "\(fixture)")
        #expect(back.stderr.hasSuffix(" 0 warnings, 0 rejected\n"), "\(fixture): \(back.stderr)")
    }

    @Test func anEditedEntryIsReadFromItsAttributes() throws {
        var text = encoded(sample())
        text = text.replacingAll("mail: zoe@example.org", with: "mail: zoe@new.example")
        let (people, diagnostics) = try readContacts(Array(text.utf8), format: .ldif)
        #expect(diagnostics.warnings.map(\.code) == [.editedEntry])
        #expect(people.first?.emails.map(\.value) == ["zoe@new.example", "zoe@work.example"])
        #expect(people.first?.givenNames == ["Zoë"])
        // Unchanged, the carried card is the person.
        let whole = try readContacts(Array(encoded(sample()).utf8), format: .ldif)
        #expect(whole.diagnostics.warnings.isEmpty && whole.people.first?.emails == sample().emails)
        #expect(whole.people.first?.honorificSuffixes == ["Jr."] && whole.people.first?.categories == ["family"])
    }

    /// Attributes no field holds go back under their names; the dn and the object classes are
    /// the writer's own (#38: no input makes an entry an account).
    @Test func attributesReadFromLDIFGoBackUnderTheirNames() {
        let input = "dn: uid=aberg,ou=people,dc=example,dc=org\nobjectClass: inetOrgPerson\ncn: Anna Berg\ndepartmentNumber;x-opt: 42\n"
        let out = String(decoding: run(Array(input.utf8), path: "in.ldif", to: .ldif).stdout, as: UTF8.self)
        #expect(out.hasPrefix("dn: cn=Anna Berg\nobjectclass: top\nobjectclass: person\n"))
        #expect(out.contains("\ndepartmentNumber;x-opt: 42\n"))
    }

    /// #38: a vCard's `X-LDIF` properties cannot make an account: no dn, object class, password,
    /// uid or gid number, home directory, shell, group membership or access control of theirs is
    /// written, and a URL reference (`:<`, which ldapadd reads from the importing machine's disk)
    /// is written as the URL's text.
    @Test func noInputMakesAnAccount() {
        let card = [
            "BEGIN:VCARD", "VERSION:4.0", "FN:Mallory", "X-LDIF;ATTRIBUTE=dn:uid=root\\,ou=people\\,dc=example\\,dc=org",
            "X-LDIF;ATTRIBUTE=objectclass:posixAccount", "X-LDIF;ATTRIBUTE=uidNumber:0", "X-LDIF;ATTRIBUTE=gidNumber:0",
            "X-LDIF;ATTRIBUTE=userPassword:{CLEARTEXT}secret", "X-LDIF;ATTRIBUTE=homeDirectory:/root",
            "X-LDIF;ATTRIBUTE=loginShell:/bin/sh", "X-LDIF;ATTRIBUTE=memberOf:cn=admins", "X-LDIF;ATTRIBUTE=shadowLastChange:0",
            "X-LDIF;ATTRIBUTE=sambaNTPassword:00", "X-LDIF;ATTRIBUTE=aci:(targetattr=*)(allow all)",
            "X-LDIF;ATTRIBUTE=description;VALUE=uri:file:///etc/shadow", "X-LDIF;ATTRIBUTE=departmentNumber:42", "END:VCARD", "",
        ].joined(separator: "\r\n")
        let out = String(decoding: run(Array(card.utf8), path: "in.vcf", to: .ldif).stdout, as: UTF8.self)
        let attributes = out.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("x-vcard") }
        #expect(attributes.first == "dn: cn=Mallory")
        #expect(attributes.filter { $0.lowercased().hasPrefix("objectclass") }
            == ["objectclass: top", "objectclass: person", "objectclass: organizationalPerson", "objectclass: inetOrgPerson",
                "objectclass: mozillaAbPersonAlpha"])
        for forbidden in ["uidNumber", "gidNumber", "userPassword", "homeDirectory", "loginShell", "memberOf", "shadow", "samba", "aci"] {
            #expect(!attributes.contains { $0.lowercased().hasPrefix(forbidden.lowercased()) }, "\(forbidden)")
        }
        #expect(!out.contains(":<"))
        #expect(attributes.contains("description: file:///etc/shadow") && attributes.contains("departmentNumber: 42"))
    }

    /// A person with two `dn`s (two entries merged) is one entry with one `dn` line; the
    /// other goes in the carried card, and reading the entry back gives the person.
    @Test func oneDistinguishedNamePerEntry() throws {
        var person = sample()
        person.extraProperties = ["cn=Zoë A,mail=zoe@example.org", "cn=Z. Andersson,mail=zoe@work.example"].map {
            VCardProperty(name: "X-LDIF", parameters: [VCardParameter(name: "ATTRIBUTE", values: ["dn"])], value: $0.replacingAll(",", with: "\\,"))
        }
        let text = encoded(person)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("dn:") }.count == 1)
        let back = try readContacts(Array(text.utf8), format: .ldif)
        #expect(back.diagnostics.warnings.isEmpty && back.people.first?.extraProperties.map(\.value) == person.extraProperties.map(\.value))
    }

    private func base64(_ text: String) -> String {
        var out: [UInt8] = []
        Base64.encode(Array(text.utf8), to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
