import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Apple's and iCloud's group cards: their members get the group's name as a category, and the
/// group card is no person (but stays a card in vCard output).
@Suite struct ContactGroupsTests {
    static let member = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Maja Lind\r\nBDAY:1991-03-04\r\nUID:5A8C2F3E-0001\r\nEND:VCARD\r\n"
    static let other = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Nils Ek\r\nBDAY:--07-08\r\nUID:5A8C2F3E-0002\r\nEND:VCARD\r\n"
    static let apple = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Familj\r\nN:Familj\r\nX-ADDRESSBOOKSERVER-KIND:group\r\n"
        + "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:5a8c2f3e-0001\r\nUID:G-1\r\nEND:VCARD\r\n"
    static let standard = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Work\r\nKIND:group\r\nMEMBER:urn:uuid:5A8C2F3E-0002\r\n"
        + "MEMBER:urn:uuid:5A8C2F3E-0001\r\nEND:VCARD\r\n"

    private func output(_ text: String, _ format: RunOptions.Format, _ configure: (inout RunOptions) -> Void = { _ in }) -> String {
        String(decoding: run(Array(text.utf8), path: "c.vcf", to: format, configure: configure).stdout, as: UTF8.self)
    }

    @Test func membersBeforeTheGroupCardGetItsName() {
        let json = output(Self.member + Self.other + Self.apple + Self.standard, .json).split(separator: "\n")
        #expect(json.count == 2, "the group cards are no people")
        #expect(json[0].contains("\"categories\":[\"Familj\",\"Work\"]"))
        #expect(json[1].contains("\"categories\":[\"Work\"]"))
    }

    @Test func categoryFiltersSeeTheGroups() {
        let list = output(Self.member + Self.other + Self.apple, .list) { $0.selection.categories = ["familj"] }
        #expect(list == " 4 Mar 1991  Maja Lind  turns 36\n")
        let all = output(Self.member + Self.other + Self.apple, .list) { $0.selection.includesEveryone = true }
        #expect(!all.contains("Familj"))
    }

    @Test func vCardOutputKeepsTheGroupCardAndGivesMembersTheCategory() {
        let cards = output(Self.member + Self.apple, .vcard4)
        #expect(cards.contains("FN:Maja Lind\r\nN:;;;;\r\nBDAY:19910304\r\nUID:5A8C2F3E-0001\r\nCATEGORIES:Familj\r\n"))
        #expect(cards.contains("FN:Familj\r\n") && cards.contains("KIND:group\r\n"))
    }

    /// A vdir: the group card is a file of its own.
    @Test func groupsAcrossTheFilesOfAFolder() {
        var options = RunOptions()
        options.input.paths = ["dir"]
        options.output.format = .json
        options.diagnostics.quiet = true
        let stdout = MemoryOutput()
        let fileSystem = InMemoryFileSystem(files: ["dir/a.vcf": Self.member, "dir/b.vcf": Self.other, "dir/z.vcf": Self.apple])
        let environment = Environment(clock: FixedClock(day(2026, 11, 22)), preferences: Preferences(), fileSystem: fileSystem,
                                      opener: StubOpener(), standardInput: MemorySource(""), standardOutput: stdout,
                                      standardError: MemoryOutput())
        #expect(App.run(options, environment: environment) == .success)
        let lines = stdout.text.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("\"categories\":[\"Familj\"]") && !lines[1].contains("categories"))
    }

    /// LDAP's and Thunderbird's groups in LDIF: entries of a group class listing their members'
    /// distinguished names, compared as LDAP compares them; members before and after the group.
    static let ldif = """
        dn: cn=Maja Lind,ou=people,dc=example,dc=org
        objectClass: inetOrgPerson
        cn: Maja Lind
        birthDate: 19910304

        dn: cn=Family,ou=groups,dc=example,dc=org
        objectClass: groupOfUniqueNames
        cn: Family
        uniqueMember: CN=Maja Lind, OU=People, DC=example, DC=org#'0101'B
        uniqueMember: cn=nils ek,ou=people,dc=example,dc=org

        dn: cn=Choir,ou=groups,dc=example,dc=org
        objectClass: top
        objectClass: groupOfNames
        cn: Choir
        member: cn=Nils Ek,ou=people,dc=example,dc=org
        member: cn=Someone Else,ou=people,dc=example,dc=org

        dn: cn=Nils Ek,ou=people,dc=example,dc=org
        objectClass: OpenLDAPperson
        cn: Nils Ek
        mail: nils@example.org

        """

    private func ldifOutput(_ format: RunOptions.Format, _ configure: (inout RunOptions) -> Void = { _ in }) -> String {
        String(decoding: run(Array(Self.ldif.utf8), path: "d.ldif", to: format, configure: configure).stdout, as: UTF8.self)
    }

    @Test func ldifGroupsGiveTheirMembersTheirNames() {
        let json = ldifOutput(.json).split(separator: "\n")
        #expect(json.count == 2, "the groups are no people")
        #expect(json[0].hasPrefix("{\"formattedName\":\"Maja Lind\"") && json[0].contains("\"categories\":[\"Family\"]"))
        #expect(json[1].hasPrefix("{\"formattedName\":\"Nils Ek\"") && json[1].contains("\"categories\":[\"Family\",\"Choir\"]"))
        let list = ldifOutput(.list) { $0.selection.categories = ["choir"]; $0.selection.includesEveryone = true }
        #expect(list.split(separator: "\n").map { String($0).trimmingSpaces() } == ["Nils Ek"])
    }

    /// LDIF output writes the groups again, as the mailing lists Thunderbird imports; vCard
    /// output keeps them as cards; CSV has no place for them but the members' categories.
    @Test func ldifGroupsStayGroupsWhereTheOutputHasThem() {
        let ldif = ldifOutput(.ldif)
        #expect(ldif.contains("dn: cn=Family\nobjectclass: top\nobjectclass: groupOfNames\ncn: Family\n"
                              + "member: CN=Maja Lind, OU=People, DC=example, DC=org\nmember: cn=nils ek,ou=people,dc=example,dc=org\n"))
        #expect(ldif.contains("dn: cn=Choir\nobjectclass: top\nobjectclass: groupOfNames\n"))
        #expect(ldifOutput(.vcard4).contains("FN:Choir\r\n"))
        let csv = ldifOutput(.csv)
        #expect(!csv.contains("\nChoir,") && csv.contains(",Family ::: Choir,"))
    }

    @Test(arguments: [
        (["inetOrgPerson"], LDIFObjectClasses.Kind.person), (["top", "OpenLDAPperson"], .person),
        (["residentialPerson"], .person), (["evolutionPerson"], .person), (["eduPerson", "top"], .person),
        (["mozillaAbPersonAlpha"], .person), (["posixAccount"], .person), ([], .person),
        (["groupOfNames"], .group), (["top", "groupOfUniqueNames"], .group), (["groupOfMembers"], .group),
        (["mozillaAbListAlpha"], .group), (["groupOfNames", "inetOrgPerson"], .person),
        (["organizationalUnit"], .other(["organizationalUnit"])), (["top"], .other(["top"])),
        (["dcObject", "organization"], .other(["dcObject", "organization"])), (["posixGroup"], .other(["posixGroup"])),
    ])
    func objectClasses(classes: [String], kind: LDIFObjectClasses.Kind) {
        #expect(LDIFObjectClasses.kind(of: classes) == kind)
    }

    @Test(arguments: [
        ("cn=Maja Lind,ou=people,dc=example,dc=org", "cn=maja lind,ou=people,dc=example,dc=org"),
        ("CN=Maja Lind, OU=People , DC=example,DC=org", "cn=maja lind,ou=people,dc=example,dc=org"),
        ("cn = Maja  Lind ,ou=people", "cn=maja lind,ou=people"),
        ("uid=aberg,dc=org#'0101'B", "uid=aberg,dc=org"),
        ("cn=A#B", "cn=a#b"),
        ("cn=Ann+mail=a@example.org", "cn=ann+mail=a@example.org"),
    ])
    func distinguishedNamesCompareAsLDAPDoes(dn: String, comparable: String) {
        #expect(LDIFObjectClasses.comparable(dn) == comparable)
    }

    @Test func theMarkerIsFoundInAnyCase() {
        let marker = Array("KIND:GROUP".utf8)
        for text in ["x-addressbookserver-kind:Group", "KIND:group", "a\r\nKind:GROUP\r\n"] {
            #expect(ByteScan.contains(ignoringCase: marker, in: Array(text.utf8)), "\(text)")
        }
        for text in ["", "KIND:grou", "KIND:individual", "K", "kind: group"] {
            #expect(!ByteScan.contains(ignoringCase: marker, in: Array(text.utf8)), "\(text)")
        }
    }

    @Test func theMainJobReadsNoGroups() {
        var options = RunOptions()
        #expect(!RunPlan.usesGroups(options))
        options.selection.categories = ["x"]
        #expect(RunPlan.usesGroups(options))
    }
}
