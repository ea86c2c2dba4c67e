import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// The card bodies (between VERSION and END) the writer gives for `text`, unfolded.
private func convert(_ text: String, to format: RunOptions.Format, appleCompat: Bool = false) -> (lines: [String], stderr: String) {
    let result = run(Array(text.utf8), path: "in.vcf", to: format) {
        $0.output.appleCompat = appleCompat
        $0.diagnostics.quiet = false
    }
    let unfolded = String(decoding: result.stdout, as: UTF8.self).replacingAll("\r\n ", with: "")
    let lines = unfolded.split(separator: "\r\n").map(String.init)
        .filter { !["BEGIN:VCARD", "END:VCARD", "VERSION:3.0", "VERSION:4.0"].contains($0) }
    return (lines, result.stderr)
}

private func card(_ version: String, _ lines: String...) -> String {
    "BEGIN:VCARD\r\nVERSION:\(version)\r\n" + lines.joined(separator: "\r\n") + "\r\nEND:VCARD\r\n"
}

@Suite struct VCardEncoderTests {
    @Test func versionFollowsBeginAndFNAndNAreAlwaysThere() {
        let text = card("4.0", "ORG:Zimmerei Zander GmbH;Dach", "KIND:org")
        let out = String(decoding: run(Array(text.utf8), path: "in.vcf", to: .vcard3).stdout, as: UTF8.self)
        #expect(out.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zimmerei Zander GmbH\r\nN:;;;;\r\n"))
        #expect(convert(card("3.0", "N:Doe;Jane;Q.;Dr.;PhD"), to: .vcard4).lines
            == ["FN:Jane Q. Doe PhD", "N:Doe;Jane;Q.;Dr.;PhD"])
        #expect(convert(card("4.0", "EMAIL:only@example.org"), to: .vcard4).lines.prefix(2)
            == ["FN:only@example.org", "N:;;;;"])
    }

    @Test func textIsEscapedPerPropertyAndPerComponent() {
        let lines = convert(card("2.1", "N:O,Brien;Se;an;;", "FN:Seán O,Brien",
                                 "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=ISO-8859-1:caf=E9; a\\b, c=0D=0Anext",
                                 "ORG:Smith, Jones & Co;R\\;D", "ADR;HOME:;;1 Main St, Apt 2;Town;;;",
                                 "CATEGORIES:a\\,b,c"), to: .vcard4).lines
        // 2.1 has no value lists: its commas are literal and get escaped; QP and Latin-1 decoded.
        #expect(lines.contains("N:O\\,Brien;Se;an;;"))
        #expect(lines.contains("FN:Seán O\\,Brien"))
        #expect(lines.contains("NOTE:café\\; a\\\\b\\, c\\nnext"))
        #expect(lines.contains("ORG:Smith\\, Jones & Co;R\\;D"))
        #expect(lines.contains("ADR;TYPE=HOME:;;1 Main St\\, Apt 2;Town;;;"))
        #expect(lines.contains("CATEGORIES:a\\,b,c"))
        // 3.0 name parts are lists: a bare comma separates items and stays a separator.
        #expect(convert(card("3.0", "N:Doe;Jane,Mary;;;"), to: .vcard4).lines.contains("N:Doe;Jane,Mary;;;"))
    }

    /// A `tel:` URI is no text: RFC 6350 §6.4.1's own example keeps its `;ext=` bare in 4.0; 3.0,
    /// which has no URI numbers, gets the number as text, its `;` escaped.
    @Test(arguments: [("tel:+1-555-555-5555;ext=5555", "TEL;VALUE=uri;TYPE=home:tel:+1-555-555-5555;ext=5555", "TEL;TYPE=home:+1-555-555-5555\\;ext=5555"),
                      ("tel:+1-555-555-5555\\;ext=5555", "TEL;VALUE=uri;TYPE=home:tel:+1-555-555-5555;ext=5555", "TEL;TYPE=home:+1-555-555-5555\\;ext=5555"),
                      ("+1 555 555\\;5555", "TEL;TYPE=home:+1 555 555\\;5555", "TEL;TYPE=home:+1 555 555\\;5555")])
    func aTelURIKeepsItsParameters(_ value: String, _ v4: String, _ v3: String) {
        let uri = value.hasPrefix("tel:") ? ";VALUE=uri" : ""
        let input = card("4.0", "FN:A", "TEL\(uri);TYPE=home:" + value)
        #expect(convert(input, to: .vcard4).lines.contains(v4), "\(convert(input, to: .vcard4).lines)")
        #expect(convert(input, to: .vcard3).lines.contains(v3), "\(convert(input, to: .vcard3).lines)")
    }

    @Test func parametersAreQuotedAndCaretEscaped() {
        let lines = convert(card("4.0", "FN:A", "ADR;LABEL=\"Haus ^'Sonne^' ^^ 1^nBerlin\";TYPE=home:;;x;;;;",
                                 "X-SOCIAL;X-NOTE=\"a:b;c\":v"), to: .vcard4).lines
        #expect(lines.contains("ADR;LABEL=Haus ^'Sonne^' ^^ 1^nBerlin;TYPE=home:;;x;;;;"))  // spaces need no quotes
        #expect(lines.contains("X-SOCIAL;X-NOTE=\"a:b;c\":v"))
    }

    @Test func linesAreFoldedAt75OctetsWithoutSplittingCharacters() {
        let note = String(repeating: "ö", count: 100) + String(repeating: "😀", count: 30)
        let text = card("3.0", "FN:A", "NOTE:" + note)
        let out = run(Array(text.utf8), path: "in.vcf", to: .vcard4).stdout
        let physical = String(decoding: out, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.filter { $0.hasPrefix(" ") }.count >= 4)
        // Every physical line is valid UTF-8 by itself.
        for line in physical { #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil) }
        #expect(convert(text, to: .vcard4).lines.contains("NOTE:" + note))
    }

    @Test func datesInEachVersion() {
        let v3 = card("3.0", "FN:A", "BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15", "X-ANNIVERSARY:2010-06-01",
                      "X-DEATHDATE;VALUE=date:1999-12-31")
        #expect(convert(v3, to: .vcard4).lines.suffix(3) == ["BDAY:--0415", "ANNIVERSARY:20100601", "DEATHDATE:19991231"])
        let v4 = card("4.0", "FN:A", "BDAY:--0415", "ANNIVERSARY:20100601", "X-ALT:x")
        #expect(convert(v4, to: .vcard3).lines.contains("BDAY:--04-15"))
        #expect(convert(v4, to: .vcard3).lines.contains("X-ANNIVERSARY:2010-06-01"))
        #expect(convert(v4, to: .vcard3, appleCompat: true).lines.contains("BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15"))
        // A date-time in each version's ISO 8601 form and type (3.0: VALUE=date-time, RFC 2426
        // §3.1.5; 4.0: date-and-or-time, the default, RFC 6350 §6.2.5); text stays as written.
        let kept = convert(card("4.0", "FN:A", "BDAY:19850415T103000Z", "ANNIVERSARY;VALUE=text:circa 1990"), to: .vcard3).lines
        #expect(kept.contains("BDAY;VALUE=date-time:1985-04-15T10:30:00Z") && kept.contains("X-ANNIVERSARY;VALUE=text:circa 1990"))
        #expect(convert(card("3.0", "FN:A", "N:A;;;;", "BDAY;VALUE=date-time:1985-04-15T10:30:00-05:00"), to: .vcard4).lines
            .contains("BDAY:19850415T103000-0500"))
        // 4.0's dates without a day: 3.0 has no form for them (text), 4.0 writes them as dates, of its default type.
        #expect(convert(card("3.0", "FN:A", "N:A;;;;", "BDAY;VALUE=date:1985"), to: .vcard4).lines.contains("BDAY:1985"))
        #expect(convert(card("4.0", "FN:A", "BDAY:--04"), to: .vcard3).lines.contains("BDAY;VALUE=text:--04"))
        #expect(convert(card("3.0", "FN:A", "N:A;;;;", "BDAY;VALUE=text:--04"), to: .vcard4).lines.contains("BDAY:--04"))
    }

    @Test func preferenceAndTypes() {
        let v21 = card("2.1", "FN:A", "TEL;HOME;VOICE;PREF:1", "EMAIL;INTERNET:a@b.example")
        #expect(convert(v21, to: .vcard4).lines.suffix(2) == ["TEL;TYPE=HOME,VOICE;PREF=1:1", "EMAIL;TYPE=INTERNET:a@b.example"])
        #expect(convert(v21, to: .vcard3).lines.contains("TEL;TYPE=HOME,VOICE,pref:1"))
        let v4 = card("4.0", "FN:A", "TEL;PREF=1:2", "EMAIL;PREF=2;TYPE=work:c@d.example")
        #expect(convert(v4, to: .vcard3).lines.suffix(2) == ["TEL;TYPE=pref:2", "EMAIL;TYPE=work;PREF=2:c@d.example"])
    }

    @Test func kindMemberGenderAndMissingCounterparts() {
        let v4 = card("4.0", "FN:Team", "KIND:group", "MEMBER:urn:uuid:1", "GENDER:F;she/her", "RELATED;TYPE=friend:urn:uuid:2",
                      "CLIENTPIDMAP:1;urn:uuid:3")
        let (v3, stderr) = convert(v4, to: .vcard3)
        #expect(Array(v3.suffix(5)) == ["X-ADDRESSBOOKSERVER-KIND:group", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:1",
                                        "X-GENDER:Female;she/her", "X-RELATED;TYPE=friend:urn:uuid:2",
                                        "X-CLIENTPIDMAP:1;urn:uuid:3"])
        #expect(stderr.contains("in.vcf:7: warning: RELATED has no vCard 3.0 counterpart; written as X-RELATED"))
        #expect(stderr.contains("CLIENTPIDMAP has no vCard 3.0 counterpart"))
        let back = convert(card("3.0", v3.joined(separator: "\r\n")), to: .vcard4).lines
        #expect(Array(back.suffix(5)) == ["KIND:group", "MEMBER:urn:uuid:1", "GENDER:F;she/her",
                                          "RELATED;TYPE=friend:urn:uuid:2", "CLIENTPIDMAP:1;urn:uuid:3"])
        let (label, warning) = convert(card("3.0", "FN:A", "LABEL;TYPE=home:1 Main St\\nTown", "X-GENDER:Male"), to: .vcard4)
        #expect(label.contains("X-LABEL;TYPE=home:1 Main St\\nTown") && label.contains("GENDER:M"))
        #expect(warning.contains("LABEL has no vCard 4.0 counterpart; written as X-LABEL (said once per run)"))
    }

    @Test func binaryValuesAndLinks() {
        let v3 = card("3.0", "FN:A", "PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo=", "LOGO;VALUE=uri:https://example.org/l.png",
                      "SOUND;ENCODING=b;TYPE=OGG:T2dnUw==", "KEY;ENCODING=b;TYPE=PGP:mQEN")
        let v4 = convert(v3, to: .vcard4).lines
        #expect(Array(v4.suffix(4)) == ["PHOTO:data:image/png;base64,iVBORw0KGgo=", "LOGO;VALUE=uri:https://example.org/l.png",
                                        "SOUND:data:audio/ogg;base64,T2dnUw==", "KEY:data:application/pgp-keys;base64,mQEN"])
        #expect(Array(convert(card("4.0", v4.joined(separator: "\r\n")), to: .vcard3).lines.suffix(4)) == Array(v3Lines(v3).suffix(4)))
        // A 4.0 link gets the VALUE=uri 3.0 needs; base64 without a type is sniffed.
        #expect(convert(card("4.0", "FN:A", "PHOTO:https://example.org/p.jpg"), to: .vcard3).lines.last
            == "PHOTO;VALUE=uri:https://example.org/p.jpg")
        #expect(convert(card("2.1", "FN:A", "PHOTO;BASE64:/9j/4AAQ"), to: .vcard4).lines.last
            == "PHOTO:data:image/jpeg;base64,/9j/4AAQ")
    }

    /// A property whose name could not be read back as one (characters outside letters,
    /// digits, '-' and '_', or so long that folding splits it) is left out, with a warning; such
    /// a group is dropped and the property kept.
    @Test func propertiesWithoutAValidNameAreLeftOut() {
        let long = String(repeating: "A", count: 80)
        let text = card("3.0", "FN:Ann", "X-OK_1:kept", "item1.X-ABLABEL:kept too", "X-SL/ASH+:gone", "\(long):gone", "X-ÿ:gone",
                        "it%m1.EMAIL:ann@example.org")
        let (lines, stderr) = convert(text, to: .vcard4)
        // '_' is no 4.0 name's: written as '-', with a warning.
        #expect(lines.contains("X-OK-1:kept") && lines.contains { $0.lowercased() == "item1.x-ablabel:kept too" }, "\(lines)")
        #expect(stderr.contains("in.vcf:4: warning: X-OK_1: vCard 4.0 names have no '_'; written as X-OK-1"), "\(stderr)")
        #expect(!lines.contains { $0.hasSuffix(":gone") }, "\(lines)")
        #expect(stderr.contains("in.vcf:6: warning: property 'X-SL/ASH+' has no valid vCard name"), "\(stderr)")
        #expect(stderr.components(separatedBy: "has no valid vCard name").count == 4, "\(stderr)")
        // A group that is not one is dropped, the property kept.
        #expect(lines.contains("EMAIL:ann@example.org"), "\(lines)")
        #expect(stderr.contains("in.vcf:9: warning: group 'it%m1' of EMAIL is not a valid vCard group name; written without it"))
    }

    /// Base64 loses its white space on the way to another version: ASCII spaces, tabs and line
    /// breaks on the bytes, any other Unicode white space too; other bytes stay.
    @Test func base64WhiteSpaceIsRemoved() {
        #expect(VCardPropertyConverter.removingWhitespace("QUJD\r\n REVG\t\u{0B}==") == "QUJDREVG==")
        #expect(VCardPropertyConverter.removingWhitespace("QUJD\u{3000}R A==") == "QUJDRA==")
        #expect(VCardPropertyConverter.removingWhitespace("QU\u{01}JD") == "QU\u{01}JD")
        #expect(VCardPropertyConverter.removingWhitespace("") == "")
    }

    /// A property named BEGIN or END inside a card (kept when read: a grouped END, or a BEGIN
    /// of something other than a vCard) would start or end a card when read back: left out.
    @Test func framePropertiesInsideACardAreLeftOut() {
        let text = card("3.0", "FN:Ann", "...end:VCARD", "BEGIN:VCALENDAR", "END:VCALENDAR", "EMAIL:ann@example.org")
        let (lines, stderr) = convert(text, to: .vcard4)
        // convert(_:to:) drops the card's own BEGIN and END lines: none may be left.
        #expect(!lines.contains { $0.uppercased().hasPrefix("BEGIN:") || $0.uppercased().hasPrefix("END:") }, "\(lines)")
        #expect(lines.contains("EMAIL:ann@example.org"), "\(lines)")
        #expect(stderr.contains("in.vcf:4: warning: property end inside a card would be read back as the card's end; left out"),
                "\(stderr)")
        #expect(stderr.contains("in.vcf:5: warning: property BEGIN inside a card would be read back as the card's start; left out"),
                "\(stderr)")
    }

    @Test func csvColumnsBecomeProperties() {
        let csv = "First Name,Last Name,Birthday,Shoe Size\nAnn,Lee,1990-01-05,38\n"
        let out = run(Array(csv.utf8), path: "in.csv", to: .vcard4).stdout
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\r\n").map(String.init)
        #expect(lines == ["BEGIN:VCARD", "VERSION:4.0", "FN:Ann Lee", "N:Lee;Ann;;;", "BDAY:19900105",
                          "X-CSV;COLUMN=Shoe Size:38", "END:VCARD"])
    }
}

private func v3Lines(_ text: String) -> [String] {
    text.split(separator: "\r\n").map(String.init).filter { !["BEGIN:VCARD", "END:VCARD", "VERSION:3.0"].contains($0) }
}
