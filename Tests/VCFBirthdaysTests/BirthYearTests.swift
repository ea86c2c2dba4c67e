import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// A birth year after today, or one that would make someone older than 150, is no birth year:
/// every reader takes the day without it and says so (#41, item 3); `--check` warns of it.
/// Today is 22 November 2026 (the test clock).
@Suite struct BirthYearTests {
    /// Each way a birthday comes in: (name, file name, the file holding a birthday of y-m-d).
    static let inputs: [(String, String, @Sendable (Int, Int, Int) -> String)] = [
        ("vCard 3.0", "a.vcf", { y, m, d in "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann X\r\nN:X;Ann;;;\r\nBDAY:\(iso(y, m, d))\r\nEND:VCARD\r\n" }),
        ("vCard 4.0", "a.vcf", { y, m, d in
            "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann X\r\nBDAY:\(iso(y, m, d).replacingAll("-", with: ""))\r\nEND:VCARD\r\n" }),
        ("Android", "a.vcf", { y, m, d in
            "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Ann X\r\nX-ANDROID-CUSTOM:vnd.android.cursor.item/contact_event;\(iso(y, m, d));3;;;;;;;;;;;;;\r\nEND:VCARD\r\n" }),
        ("Google CSV", "a.csv", { y, m, d in "Name,Given Name,Family Name,Birthday\nAnn X,Ann,X,\(iso(y, m, d))\n" }),
        ("LDIF", "a.ldif", { y, m, d in
            "dn: cn=Ann X\nobjectclass: inetOrgPerson\ncn: Ann X\nsn: X\ngivenName: Ann\nbirthyear: \(y)\nbirthmonth: \(m)\nbirthday: \(d)\n" }),
    ]

    /// (birthday, whether its year is kept, what the warning says of it).
    static let dates: [((Int, Int, Int), Bool, String?)] = [
        ((1990, 5, 1), true, nil),
        ((2026, 11, 22), true, nil),              // born today
        ((2026, 11, 23), false, "is after today"),
        ((2030, 1, 1), false, "is after today"),
        ((9999, 12, 31), false, "is after today"),
        ((1876, 11, 22), true, nil),              // 150 today
        ((1875, 11, 23), true, nil),              // 150, 151 tomorrow
        ((1875, 11, 22), false, "would make them 151 years old"),
        ((999, 5, 1), false, "would make them 1027 years old"),
    ]

    static func iso(_ y: Int, _ m: Int, _ d: Int) -> String {
        PartialDate.pad(y, 4) + "-" + PartialDate.pad(m, 2) + "-" + PartialDate.pad(d, 2)
    }

    @Test(arguments: inputs.indices, dates.indices)
    func everyReaderDropsAYearThatCannotBe(_ input: Int, _ row: Int) {
        let (name, path, file) = Self.inputs[input]
        let ((y, m, d), kept, why) = Self.dates[row]
        let result = run(Array(file(y, m, d).utf8), path: path, to: .tsv) { $0.diagnostics.quiet = false }
        let birthday = result.stdout.split(separator: UInt8(ascii: "\t")).first.map { String(decoding: $0, as: UTF8.self) }
        let expected = kept ? Self.iso(y, m, d) : "--" + PartialDate.pad(m, 2) + "-" + PartialDate.pad(d, 2)
        #expect(birthday == expected, "\(name) \(Self.iso(y, m, d))")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        if let why {
            #expect(warnings.count == 1 && warnings[0].hasPrefix("\(path):")
                    && warnings[0].hasSuffix("warning: birthday \(Self.iso(y, m, d)) \(why): read without its year"),
                    "\(name): \(warnings)")
        } else {
            #expect(warnings.isEmpty, "\(name): \(warnings)")
        }
        #expect(result.status == .success)
    }

    @Test func theCheckWarnsToo() {
        let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann X\r\nBDAY:20300101\r\nEND:VCARD\r\n"
        let result = run(Array(card.utf8), path: "a.vcf", to: .json) { $0.diagnostics.checksOnly = true; $0.diagnostics.quiet = false }
        #expect(result.stderr.split(separator: "\n").first == "a.vcf:4: warning: BDAY: birthday 2030-01-01 is after today: read without its year")
    }

    /// A vCard written again keeps the date as it was written: nothing is lost.
    @Test func aCardWrittenAgainKeepsTheDate() {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann X\r\nN:X;Ann;;;\r\nBDAY:2030-01-01\r\nEND:VCARD\r\n"
        let result = run(Array(card.utf8), path: "a.vcf", to: .vcard4)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("BDAY:20300101\r\n"))
    }
}
