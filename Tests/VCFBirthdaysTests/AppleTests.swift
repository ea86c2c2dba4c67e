import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Apple's labels and labelled dates (`Apple`, #41 item 8).
@Suite struct AppleTests {
    static let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Damien Roux\r\nN:Roux;Damien;;;\r\n"
        + "item1.EMAIL;type=INTERNET:damien@roux.example\r\nitem1.X-ABLabel:_$!<Other>!$_\r\n"
        + "item2.TEL:+33 1 23 45 67 89\r\nitem2.X-ABLabel:_$!<HomeFAX>!$_\r\n"
        + "item3.X-ABDATE;type=pref:2013-06-01\r\nitem3.X-ABLabel:_$!<Anniversary>!$_\r\n"
        + "item4.X-ABDATE:2001-09-01\r\nitem4.X-ABLabel:Graduation\r\nEND:VCARD\r\n"

    private func output(_ text: String, _ format: RunOptions.Format, _ configure: (inout RunOptions) -> Void = { _ in }) -> String {
        String(decoding: run(Array(text.utf8), path: "c.vcf", to: format, configure: configure).stdout, as: UTF8.self)
    }

    /// In 4.0 the labelled anniversary is an `ANNIVERSARY` (khal showed "13th _$!<Anniversary>!$_"),
    /// in its group beside its label; 3.0 gets Apple's form back, byte for byte.
    @Test func theLabelledAnniversaryIsTheAnniversaryIn40() {
        let v4 = output(Self.card, .vcard4)
        #expect(v4.contains("item3.ANNIVERSARY;PREF=1:20130601\r\nitem3.X-ABLabel:_$!<Anniversary>!$_\r\n"))
        #expect(v4.contains("item4.X-ABDATE:2001-09-01\r\n"), "other labelled dates have no standard property")
        #expect(!v4.contains("X-ABDATE;PREF") && !v4.contains("\r\nANNIVERSARY"))
        let back = String(decoding: run(Array(v4.utf8), path: "v4.vcf", to: .vcard3).stdout, as: UTF8.self)
        #expect(back == output(Self.card, .vcard3))
        #expect(back.contains("item3.X-ABDATE;TYPE=pref:2013-06-01\r\nitem3.X-ABLabel:_$!<Anniversary>!$_\r\n"))
        #expect(output(v4, .json) == output(Self.card, .json))
    }

    /// A card with an anniversary of its own keeps the labelled date as it is: one anniversary.
    @Test func anAnniversaryOfItsOwnWins() {
        let both = Self.card.replacingAll("END:VCARD", with: "X-ANNIVERSARY:2015-05-05\r\nEND:VCARD")
        let v4 = output(both, .vcard4)
        #expect(v4.contains("item3.X-ABDATE;PREF=1:2013-06-01\r\n") && v4.contains("\r\nANNIVERSARY:20150505\r\n"))
    }

    /// `--apple-compat` writes any anniversary as Apple does, in a group after the card's own.
    @Test func appleCompatWritesTheAnniversaryAsALabelledDate() {
        let v4 = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann Lee\r\nitem2.EMAIL:ann@lee.example\r\nitem2.X-ABLabel:Uni\r\n"
            + "ANNIVERSARY:--0601\r\nEND:VCARD\r\n"
        let apple = output(v4, .vcard3) { $0.output.appleCompat = true }
        #expect(apple.contains("item3.X-ABDATE;X-APPLE-OMIT-YEAR=1604:1604-06-01\r\nitem3.X-ABLabel:_$!<Anniversary>!$_\r\n"))
        #expect(!apple.contains("X-ANNIVERSARY"))
        #expect(output(v4, .vcard3).contains("\r\nX-ANNIVERSARY:--06-01\r\n"))
        // Read back, it is the same anniversary.
        #expect(output(apple, .json) == output(v4, .json))
        let csv = "Name,Anniversary\nBo Ek,2010-02-03\n"
        let fromCSV = String(decoding: run(Array(csv.utf8), path: "c.csv", to: .vcard3) { $0.output.appleCompat = true }.stdout,
                             as: UTF8.self)
        #expect(fromCSV.contains("item1.X-ABDATE:2010-02-03\r\nitem1.X-ABLabel:_$!<Anniversary>!$_\r\n"))
    }

    /// A group's label is its last `X-ABLabel`, and only its own group's: item3's date is the
    /// anniversary by its second label, item30's (whose name begins with item3's) is not.
    @Test func aGroupTakesItsLastLabelOnly() {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nitem3.X-ABDATE:2013-06-01\r\n"
            + "item3.X-ABLabel:Graduation\r\nitem30.X-ABDATE:2001-09-01\r\nitem3.X-ABLabel:_$!<Anniversary>!$_\r\n"
            + "item30.X-ABLabel:Moved\r\nEND:VCARD\r\n"
        let json = output(card, .json)
        #expect(json.contains("\"anniversary\":\"2013-06-01\""))
        #expect(!json.contains("2001-09-01\"") || !json.contains("\"anniversary\":\"2001"))
        let calendar = output(card, .ics) { $0.calendar.includesOtherDates = true }
        #expect(calendar.contains("Moved") && !calendar.contains("Graduation"))
    }

    /// Apple's own labels are shown as their words, and a phone's as its types.
    @Test func labelsAreShownAsWords() {
        let json = output(Self.card, .json)
        #expect(json.contains("\"emails\":[{\"value\":\"damien@roux.example\",\"types\":[\"other\"]"))
        #expect(json.contains("\"types\":[\"home\",\"fax\"]"))
        let ics = output(Self.card, .ics) { $0.calendar.includesOtherDates = true }
        #expect(ics.contains("SUMMARY:Anniversary: Damien Roux\r\n") && ics.contains("SUMMARY:Graduation: Damien Roux\r\n"))
        #expect(!ics.contains("_$!<") && !output(Self.card, .googleCSV).contains("_$!<"))
    }

    @Test(arguments: [("_$!<Anniversary>!$_", "Anniversary"), ("_$!<HomePage>!$_", "HomePage"), ("Praxis", "Praxis"),
                      ("_$!<>!$_", "_$!<>!$_"), ("_$!<Other", "_$!<Other")])
    func plainLabels(label: String, plain: String) {
        #expect(Apple.plainLabel(label) == plain)
    }

    @Test(arguments: [("HomeFAX", ["home", "fax"]), ("WorkFAX", ["work", "fax"]), ("Mobile", ["cell"]),
                      ("iPhone", ["cell", "iphone"]), ("Praxis", ["Praxis"])])
    func labelTypes(label: String, types: [String]) {
        #expect(Apple.types(ofLabel: label) == types)
    }
}
