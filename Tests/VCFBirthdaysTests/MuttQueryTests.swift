import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// `--to mutt` and `--query`: a mail client's address-book query.
@Suite struct MuttQueryTests {
    static let contacts = Array("""
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jürgen Müller\r\nORG:Praxis Müller;Empfang\r\nEMAIL;TYPE=INTERNET,WORK:jm@praxis.example\r\nEMAIL;TYPE=HOME:juergen@home.example\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë\tTab\\nLines\r\nNICKNAME:Zozo\r\nEMAIL:zoe@example.org\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:No Mail\r\nTEL:+46 8 123\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Info Desk\r\nORG:Acme AB\r\nEMAIL:info@acme.example\r\nEND:VCARD\r

        """.utf8)

    private func query(_ text: String?) -> [String] {
        let out = run(Self.contacts, path: "c.vcf", to: .mutt) { $0.selection.query = text }
        return String(decoding: out.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func aLinePerAddressAfterAMessage() {
        #expect(query(nil) == [
            "vcf2birthdays: e-mail addresses",
            "jm@praxis.example\tJürgen Müller\twork; Praxis Müller",
            "juergen@home.example\tJürgen Müller\thome; Praxis Müller",
            "zoe@example.org\tZoë Tab Lines\t",
            "info@acme.example\tInfo Desk\tAcme AB",
            ""])
    }

    /// A person found has all their addresses listed.
    @Test(arguments: [("muller", 2), ("MÜLLER", 2), ("zoe", 1), ("zozo", 1), ("acme", 1), ("home.example", 2), ("nobody", 0),
                      ("praxis", 2)])
    func queryFindsNameNicknameOrganizationOrAddress(text: String, addresses: Int) {
        let lines = query(text)
        // Nothing found is said as abook says it (and the run exits 1).
        #expect(lines.first == (addresses == 0 ? "Not found" : "vcf2birthdays: e-mail addresses"))
        #expect(lines.dropFirst().filter { !$0.isEmpty }.count == addresses, "\(text)")
    }

    /// `--query` works with every output, not only mutt's.
    @Test func queryFiltersEveryOutput() {
        for format in RunOptions.Format.allCases {
            let out = String(decoding: run(Self.contacts, path: "c.vcf", to: format) {
                $0.selection.query = "zozo"
                $0.selection.includesEveryone = true
            }.stdout, as: UTF8.self)
            #expect(!out.contains("Müller") && !out.contains("Acme"), "\(format)")
        }
    }

    /// #38: one rule for every line-oriented output (`LineText`): an e-mail type with RFC 6868's
    /// `^n` and tabs cannot make the query offer an address no contact holds, and no ESC, C1
    /// control, line separator or bidirectional override from the input reaches any output raw.
    @Test(arguments: [
        "BEGIN:VCARD\nVERSION:4.0\nFN:Anna\nEMAIL;TYPE=\"work^nboss@evil.example\tYour Boss\t\":anna@example.org\nBDAY:1990-01-02\nEND:VCARD\n",
        "BEGIN:VCARD\nVERSION:3.0\nFN:Ev\u{1B}]0;pwned\u{07}il\u{202E}gpj.exe\nN:Ev\u{9B}2J;\u{2028}Ann\u{2029};;;\nNICKNAME:a\u{85}b\n"
            + "EMAIL;TYPE=wo\u{1B}rk:e\u{2066}v@example.org\nORG:Acme\u{200F}\tInc\nUID:u\u{0}1\nBDAY:--0102\nEND:VCARD\n",
        "Name,E-mail Address,Birthday,Notes\r\n\"Bo\rBerg\",\"bo@example.org\u{2028}x\",1990-01-02,\"a\tb\"\r\n",
        "dn: cn=Cy\ncn:: Q3kKRXZpbA==\nmail: cy@example.org\nbirthyear: 1990\nbirthmonth: 1\nbirthday: 2\n",
    ])
    func noInputBreaksALineOfOutput(_ input: String) {
        // Twice, so that --dupes has a group to show.
        let twice = input.hasPrefix("Name,") ? input + String(input.split(separator: "\r\n", maxSplits: 1)[1])
            : input.hasPrefix("dn:") ? input + "\n" + input : input + input
        #expect(lineSafetyViolations(Array(twice.utf8)) == [])
    }

    @Test func everyFixtureKeepsTheLineRule() {
        for fixture in vcardFixtures + ["csv/google-contacts.csv", "csv/outlook-com.csv", "ldif/thunderbird.ldif"] {
            #expect(lineSafetyViolations(fixtureBytes(fixture)) == [], "\(fixture)")
        }
    }
}
