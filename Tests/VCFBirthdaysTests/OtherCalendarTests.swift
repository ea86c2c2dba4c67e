import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Dates of other calendars (`CALSCALE`, #41 item 4): never read as Gregorian days.
@Suite struct OtherCalendarTests {
    private func card(_ line: String) -> [UInt8] {
        Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Wang Fang\r\n\(line)\r\nEND:VCARD\r\n".utf8)
    }

    @Test(arguments: ["BDAY;CALSCALE=chinese:--0815", "BDAY;CALSCALE=hebrew:57460715", "BDAY;CALSCALE=x-mayan:--0101",
                      "BDAY;CALSCALE=\"islamic-civil\":14060101"])
    func anotherCalendarsBirthdayIsNoGregorianBirthday(line: String) throws {
        let (people, diagnostics) = try readContacts(card(line), format: .vcard)
        #expect(people.first?.birthday == nil)
        #expect(diagnostics.warnings.map(\.code) == [.otherCalendar])
        #expect(diagnostics.warnings.first?.message.contains("not read as a Gregorian date") == true)
        // Kept: written again as it was.
        let v4 = String(decoding: run(card(line), path: "c.vcf", to: .vcard4).stdout, as: UTF8.self)
        #expect(v4.contains(line.replacingAll("\"", with: "") + "\r\n") || v4.contains(line + "\r\n"), "\(v4)")
        // And the list (with --all) does not show it as a day of the Gregorian year.
        let list = String(decoding: run(card(line), path: "c.vcf", to: .list).stdout, as: UTF8.self)
        #expect(list == "  Wang Fang\n", "\(list)")
    }

    @Test(arguments: ["BDAY;CALSCALE=gregorian:--0815", "BDAY;CALSCALE=GREGORIAN:19850815", "BDAY:--0815"])
    func theGregorianCalendarIsTheDefault(line: String) throws {
        let (people, diagnostics) = try readContacts(card(line), format: .vcard)
        #expect(people.first?.birthday?.month == 8 && people.first?.birthday?.day == 15)
        #expect(diagnostics.warnings.isEmpty)
    }

    @Test func anAnniversaryOfAnotherCalendarIsNoneEither() throws {
        let (people, diagnostics) = try readContacts(card("ANNIVERSARY;CALSCALE=hebrew:57800101"), format: .vcard)
        #expect(people.first?.anniversary == nil && diagnostics.warnings.map(\.code) == [.otherCalendar])
    }
}
