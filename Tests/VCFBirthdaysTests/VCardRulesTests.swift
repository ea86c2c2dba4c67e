import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// `--check`: every rule broken, with its line, property and rule; nothing converted.
@Suite struct VCardRulesTests {
    private func check(_ text: String) -> (status: RunStatus, stdout: [UInt8], lines: [String]) {
        let result = run(Array(text.utf8), path: "in.vcf", to: .json) { $0.diagnostics.checksOnly = true; $0.diagnostics.quiet = false }
        return (result.status, result.stdout, result.stderr.split(separator: "\n").map(String.init))
    }

    @Test func vCard4Violations() {
        let text = """
        BEGIN:VCARD\r
        N:Doe;Jane;;\r
        VERSION:4.0\r
        TEL;HOME;TYPE=pref:1\r
        EMAIL;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8;PREF=0:a@b.example\r
        BDAY:1990-02-30\r
        BDAY:19900201\r
        GENDER:X\r
        ADR:;;street;town\r
        FOO:bar\r
        my_prop:x\r
        NOTE:\(String(repeating: "x", count: 80))\r
        END:VCARD\r

        """
        let (status, stdout, lines) = check(text)
        #expect(status == .dataError)
        #expect(stdout.isEmpty)
        #expect(lines == [
            "in.vcf:1: error: FN is missing (RFC 6350 §6.2.1)",
            "in.vcf:2: error: N has 4 components; it must have exactly 5 (RFC 6350 §6.2.2)",
            "in.vcf:3: error: VERSION must come right after BEGIN:VCARD (RFC 6350 §6.7.9)",
            "in.vcf:4: error: TEL: parameter 'HOME' has no name (a vCard 2.1 form; write TYPE=HOME) (RFC 6350)",
            "in.vcf:4: error: TEL: TYPE=pref is vCard 3.0; vCard 4.0 says PREF=1 (RFC 6350 §5.3)",
            "in.vcf:5: error: EMAIL: ENCODING is not a vCard 4.0 parameter; embed data as a data: URI (RFC 6350 App. A.2)",
            "in.vcf:5: error: EMAIL: CHARSET is not a vCard 4.0 parameter; vCard 4.0 is always UTF-8 (RFC 6350 §3.1)",
            "in.vcf:5: error: EMAIL: PREF=0; it takes a number from 1 to 100 (RFC 6350 §5.3)",
            "in.vcf:6: error: BDAY: impossible date '1990-02-30' (RFC 6350 §4.3.4)",
            "in.vcf:7: error: BDAY appears more than once; at most one is allowed (RFC 6350)",
            "in.vcf:8: error: GENDER: sex 'X' is not M, F, O, N, U or empty (RFC 6350 §6.2.7)",
            "in.vcf:9: error: ADR has 4 components; it must have exactly 7 (RFC 6350 §6.3.1)",
            "in.vcf:10: warning: FOO is not a vCard 4.0 property; private ones start with X- (RFC 6350)",
            "in.vcf:11: error: MY_PROP: name has characters other than letters, digits and '-' (RFC 6350)",
            "in.vcf:12: warning: line is 85 octets; lines should be folded at 75 (RFC 6350 §3.2)",
            "1 record checked, 13 errors, 2 warnings, 0 rejected",
        ])
    }

    @Test func vCard3And21Rules() {
        let v3 = "BEGIN:VCARD\nVERSION:3.0\nPHOTO;ENCODING=BASE64;TYPE=JPEG:AAAA\nEND:VCARD\n"
        #expect(check(v3).lines == [
            "in.vcf:1: error: FN is missing (RFC 2426 §3.1.1)",
            "in.vcf:1: error: N is missing (RFC 2426 §3.1.2)",
            "in.vcf:1: error: line ends in LF, not CRLF (RFC 2426)",
            "in.vcf:3: error: PHOTO: ENCODING=BASE64; vCard 3.0 allows only ENCODING=b (RFC 2426 §5)",
            "1 record checked, 4 errors, 0 warnings, 0 rejected",
        ])
        // 2.1 allows bare types, quoted-printable and BASE64, and needs no FN.
        let v21 = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;J\r\nTEL;HOME;VOICE:1\r\nNOTE;ENCODING=QUOTED-PRINTABLE:a=20b\r\nEND:VCARD\r\n"
        let ok = check(v21)
        #expect(ok.status == .success)
        #expect(ok.lines == ["1 record checked, 0 errors, 0 warnings, 0 rejected"])
        #expect(check("BEGIN:VCARD\r\nFN:A\r\nN:A;;;;\r\nEND:VCARD\r\n").lines.first
            == "in.vcf:1: error: VERSION is missing (RFC 2426)")
    }

    /// Instances sharing an ALTID are one property (RFC 6350 §5.4); 2.1 names are "words".
    @Test func alternativesAndVCard21Names() {
        let v4 = """
        BEGIN:VCARD\r
        VERSION:4.0\r
        FN:Jan Nowak\r
        N;ALTID=1;LANGUAGE=pl:Nowak;Jan;;;\r
        N;ALTID=1;LANGUAGE=ja:ノヴァク;ヤン;;;\r
        BDAY;ALTID=2:19800102\r
        BDAY;ALTID=2;VALUE=text:early January 1980\r
        BDAY;ALTID=3:1980-01-03T10:00\r
        END:VCARD\r

        """
        #expect(check(v4).lines == [
            "in.vcf:8: error: BDAY appears more than once; at most one is allowed (RFC 6350)",
            "in.vcf:8: warning: BDAY: '1980-01-03T10:00' is ISO 8601's extended form; vCard 4.0 writes 19800103T1000 (RFC 6350 §4.3)",
            "1 record checked, 1 error, 1 warning, 0 rejected",
        ])
        let v21 = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;J\r\nX-WAB-WEDDING_ANNIVERSARY:20001224\r\nX-BAD[1]:x\r\nEND:VCARD\r\n"
        #expect(check(v21).lines == [
            "in.vcf:5: error: X-BAD[1]: name has characters other than printable ASCII but []=:.,; (vCard 2.1)",
            "1 record checked, 1 error, 0 warnings, 0 rejected",
        ])
        let v3 = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:J\r\nN:Doe;J;;;;\r\nPHOTO;BASE64;JPEG:AAAA\r\nNOTE;QUOTED-PRINTABLE:a\r\nEND:VCARD\r\n"
        #expect(check(v3).lines == [
            "in.vcf:4: error: N has 6 components; it may have at most 5 (RFC 2426)",
            "in.vcf:5: error: PHOTO: parameter 'BASE64' has no name (a vCard 2.1 form; write ENCODING=b) (RFC 2426)",
            "in.vcf:5: error: PHOTO: parameter 'JPEG' has no name (a vCard 2.1 form; write TYPE=JPEG) (RFC 2426)",
            "in.vcf:6: error: NOTE: parameter 'QUOTED-PRINTABLE' has no name (a vCard 2.1 form; vCard 3.0 has no quoted-printable; write the text unencoded) (RFC 2426)",
            "1 record checked, 4 errors, 0 warnings, 0 rejected",
        ])
    }

    /// What the writers write passes the check: nothing broken, nothing to warn about but, in
    /// vCard 3.0 without `--apple-compat`, a date without a year (3.0 has no form for one), a
    /// calendar the input names that ICU does not know (kept as written), and Apple's preferred
    /// labelled anniversary, whose `PREF` 4.0 gives no meaning (kept for the way back to Apple).
    @Test(arguments: GoldenTests.fixtures + RealWorldTests.fixtures.filter { !$0.hasPrefix("realworld/pdf") } + ConformanceTests.examples,
          [(RunOptions.Format.vcard3, false), (.vcard3, true), (.vcard4, false)])
    func ourOutputPassesTheCheck(fixture: String, format: (RunOptions.Format, appleCompat: Bool)) {
        let written = run(fixtureBytes(fixture), path: fixture, to: format.0) {
            $0.input.encoding = RealWorldTests.encodings[fixture]
            $0.output.appleCompat = format.appleCompat
        }.stdout
        let checked = run(written, path: "out.vcf", to: .json) { $0.diagnostics.checksOnly = true }
        #expect(checked.status == .success)
        let yearless = format == (.vcard3, false) ? "has no year, which the vCard 3.0 date type does not allow" : "\u{0}"
        let said = checked.stderr.split(separator: "\n").filter { !$0.contains(yearless) && !$0.contains("calendar is not one ICU knows")
            && !$0.hasSuffix("PREF is not a parameter of ANNIVERSARY (RFC 6350 §6.2.6)") }
        #expect(said == [], "\(fixture) → \(format)")
    }

    /// The date forms of each version: 4.0's reduced accuracy is valid (RFC 6350 §4.3.1), a
    /// year-less date in 2.1 and 3.0 is warned of (their date type has none; vendors write it).
    static let dateForms: [(version: String, value: String, said: String?)] = [
        ("4.0", "19850415", nil), ("4.0", "--0415", nil), ("4.0", "1985", nil), ("4.0", "1985-04", nil),
        ("4.0", "--04", nil), ("4.0", "---15", nil), ("4.0", "19850415T102200Z", nil),
        ("4.0", "1985-04-15", "warning: BDAY: '1985-04-15' is ISO 8601's extended form; vCard 4.0 writes 19850415 (RFC 6350 §4.3)"),
        ("4.0", "1985-13", "error: BDAY: date '1985-13' has no day (RFC 6350 §4.3.4)"),
        ("4.0", "--13", "error: BDAY: date '--13' has no day (RFC 6350 §4.3.4)"),
        ("4.0", "---32", "error: BDAY: date '---32' has no month (RFC 6350 §4.3.4)"),
        ("4.0", "19850230", "error: BDAY: impossible date '19850230' (RFC 6350 §4.3.4)"),
        ("3.0", "1985-04-15", nil), ("3.0", "19850415", nil),
        ("3.0", "--1203", "warning: BDAY: '--1203' has no year, which the vCard 3.0 date type does not allow (RFC 2426); many readers take it"),
        ("3.0", "--12-03", "warning: BDAY: '--12-03' has no year, which the vCard 3.0 date type does not allow (RFC 2426); many readers take it"),
        ("3.0", "1985", "error: BDAY: date '1985' has only a year (ISO 8601)"),
        ("3.0", "1985-04", "error: BDAY: date '1985-04' has no day (ISO 8601)"),
        ("2.1", "--1203", "warning: BDAY: '--1203' has no year, which the vCard 2.1 date type does not allow (vCard 2.1); many readers take it"),
    ]

    @Test(arguments: dateForms.indices)
    func dateFormsOfEachVersion(_ row: Int) {
        let (version, value, said) = Self.dateForms[row]
        let card = "BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:A\r\nN:A;;;;\r\nBDAY:\(value)\r\nEND:VCARD\r\n"
        let (_, _, lines) = check(card)
        let findings = lines.filter { $0.hasPrefix("in.vcf:") }
        #expect(findings == (said.map { ["in.vcf:5: " + $0] } ?? []), "\(version) \(value)")
    }
}
