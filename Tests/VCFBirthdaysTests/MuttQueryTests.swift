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
        #expect(lines.first == "vcf2birthdays: e-mail addresses")
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
}
