import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// People who died: read from vCard 4.0 `DEATHDATE` and 3.0 `X-DEATHDATE`; no birthday events
/// after the death, left out of `--within` unless `--include-deceased`, marked in the list.
@Suite struct DeathDateTests {
    static let contacts = Array("""
        BEGIN:VCARD\r\nVERSION:4.0\r\nUID:d-1\r\nFN:Greta Gone\r\nBDAY:19300412\r\nDEATHDATE:20200301\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Olle Old\r\nBDAY:--11-25\r\nX-DEATHDATE:1990-05-05\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Alive Anna\r\nBDAY:1990-11-30\r\nEND:VCARD\r

        """.utf8)

    private func output(_ format: RunOptions.Format, _ configure: (inout RunOptions) -> Void = { _ in }) -> String {
        String(decoding: run(Self.contacts, path: "c.vcf", to: format) {
            $0.selection.includesEveryone = false
            configure(&$0)
        }.stdout, as: UTF8.self)
    }

    @Test func readFromBothSpellings() {
        let json = output(.json).split(separator: "\n")
        #expect(json[0].contains("\"deathDate\":\"2020-03-01\"") && json[1].contains("\"deathDate\":\"1990-05-05\""))
        #expect(!json[2].contains("deathDate"))
    }

    @Test func theListMarksThemAndGivesNoAge() {
        #expect(output(.list) == """
            30 Nov 1990  Alive Anna  turns 36
            12 Apr 1930  Greta Gone  † 1 Mar 2020
            25 Nov       Olle Old    † 5 May 1990

            """)
    }

    @Test func withinLeavesThemOutUnlessAskedFor() {
        #expect(output(.list) { $0.selection.withinDays = 10 } == "30 Nov 1990  Alive Anna  turns 36  in 8 days\n")
        let all = output(.list) { $0.selection.withinDays = 10; $0.selection.includesDeceased = true }
        #expect(all.contains("Olle Old    † 5 May 1990  in 3 days"))
    }

    /// The yearly event ends on the day of death; one that would only start after it (a birthday
    /// without a year starts in 2000) is not written.
    @Test func calendarEventsEndAtTheDeath() {
        let ics = output(.ics)
        #expect(ics.contains("RRULE:FREQ=YEARLY;UNTIL=20200301\r\nSUMMARY:Birthday: Greta Gone\r\n"))
        #expect(!ics.contains("Olle Old"))
        #expect(ics.contains("RRULE:FREQ=YEARLY\r\nSUMMARY:Birthday: Alive Anna\r\n"))
    }

    @Test func cardsKeepItInEachVersion() {
        #expect(output(.vcard3).contains("\r\nX-DEATHDATE:2020-03-01\r\n"))
        #expect(output(.vcard4).contains("\r\nDEATHDATE:19900505\r\n"))
    }
}
