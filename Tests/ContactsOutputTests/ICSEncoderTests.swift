import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
import ContactsTesting
import ContactFormatsTesting

private func ics(_ people: [PersonInfo], feb29: Feb29Policy = .feb28, others: Bool = false, remind: [Reminder] = []) throws -> String {
    let memory = MemoryOutput()
    let writer = FormattedOutput(format: ICSEncoder(feb29: feb29, stamp: day(2026, 11, 22), includesOtherDates: others,
                                                    reminders: remind), output: TextOutput(memory))
    for p in people { try writer.consume(p) }
    try writer.finish()
    return memory.text
}

private func person(_ name: String, birthday: PartialDate?, uid: String? = nil) -> PersonInfo {
    var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
    p.formattedName = name
    p.birthday = birthday
    p.uid = uid
    return p
}

@Suite struct ICSEncoderTests {
    @Test func oneYearlyAllDayEventPerBirthday() throws {
        let text = try ics([person("Ann, \"Q\"; Lee", birthday: date(1985, 4, 15), uid: "u-1"), person("No Date", birthday: nil)])
        let lines = text.split(separator: "\r\n").map(String.init)
        #expect(lines.prefix(5) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vcf2birthdays//vcf2birthdays//EN",
                                    "CALSCALE:GREGORIAN", "X-WR-CALNAME:Birthdays"])
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 1)
        #expect(lines.contains("DTSTART;VALUE=DATE:19850415") && lines.contains("DTEND;VALUE=DATE:19850416"))
        #expect(lines.contains("RRULE:FREQ=YEARLY") && lines.contains("TRANSP:TRANSPARENT"))
        #expect(lines.contains("SUMMARY:Birthday: Ann\\, \"Q\"\\; Lee"))
        #expect(lines.contains("DESCRIPTION:Born 1985") && lines.contains("DTSTAMP:20261122T000000Z"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
    }

    @Test func yearlessDatesStartInTheBaseYear() throws {
        let text = try ics([person("Bo", birthday: date(nil, 12, 31))])
        #expect(text.contains("DTSTART;VALUE=DATE:20001231\r\nDTEND;VALUE=DATE:20010101\r\n"))
        #expect(!text.contains("DESCRIPTION"))
    }

    @Test func leapDayRules() throws {
        let leap = [person("Lea", birthday: date(1988, 2, 29))]
        #expect(try ics(leap, feb29: .feb28).contains("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n"))
        #expect(try ics(leap, feb29: .mar1).contains("RRULE:FREQ=YEARLY;BYYEARDAY=60\r\n"))
        #expect(try ics(leap).contains("DTEND;VALUE=DATE:19880301"))
    }

    @Test func uidsAreStableAndUnique() throws {
        let a = person("Ann", birthday: date(1985, 4, 15), uid: "u-1")
        let twin = person("Ann", birthday: date(1985, 4, 15), uid: "u-1")
        func uids(_ text: String) -> [Substring] { text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") } }
        let first = uids(try ics([a, twin]))
        #expect(first.count == 2 && Set(first).count == 2)
        #expect(uids(try ics([a, twin])) == first)
        // Derived from the contact's UID, not from the name: renaming keeps the event.
        var renamed = a
        renamed.formattedName = "Ann Lee-Smith"
        #expect(uids(try ics([renamed])).first == first.first)
        // Without a UID: from the name and the date.
        let noUID = person("Ann", birthday: date(1985, 4, 15))
        #expect(uids(try ics([noUID])) == uids(try ics([noUID])))
        #expect(uids(try ics([noUID])) != uids(try ics([person("Ann", birthday: date(1985, 4, 16))])))
    }

    /// The first event of a UID in the written order keeps the plain UID, also when sorting
    /// and threads change which was read first.
    @Test func uidsAreMadeUniqueInOutputOrder() throws {
        let plain = "UID:" + StableID.make("uid:u-1\u{1F}birthday") + "@vcf2birthdays"
        let zed = person("Zed", birthday: date(1985, 4, 15), uid: "u-1")
        let abe = person("Abe", birthday: date(1990, 1, 1), uid: "u-1")
        for order in [SortOrder.first, .date] {
            let memory = MemoryOutput()
            let sink = FormattedOutput(format: ICSEncoder(feb29: .feb28, stamp: day(2026, 11, 22), includesOtherDates: false),
                                       selection: nil, order: order, collator: try Collator(locale: "root"),
                                       dates: DateContext(today: day(2026, 11, 22)), output: TextOutput(memory))
            for p in [zed, abe] { try sink.consume(p) }
            try sink.finish()
            let lines = memory.text.split(separator: "\r\n").map(String.init)
            let firstSummary = lines.first { $0.hasPrefix("SUMMARY:") }
            #expect(firstSummary == "SUMMARY:Birthday: Abe", "\(order)")
            #expect(lines.first { $0.hasPrefix("UID:") } == plain, "\(order)")
            #expect(lines.filter { $0.hasPrefix("UID:") }.count == 2 && lines.last == "END:VCALENDAR")
        }
    }

    @Test func remindersAndOtherDates() throws {
        var p = person("Cy", birthday: date(1990, 1, 2))
        p.anniversary = date(2015, 6, 6)
        let text = try ics([p], others: true, remind: [Reminder(daysBefore: 3)!])
        #expect(text.contains("SUMMARY:Anniversary: Cy\r\n") && text.contains("DESCRIPTION:Since 2015\r\n"))
        #expect(text.split(separator: "TRIGGER:-P3D\r\n", omittingEmptySubsequences: false).count == 3)
        #expect(try ics([p], remind: [Reminder(daysBefore: 0)!]).contains("TRIGGER:PT0S\r\n"))
        // Several, each its own alarm, in the order given.
        let two = try ics([p], remind: [Reminder("7@09:00")!, Reminder("0@08:30")!])
        #expect(two.contains("TRIGGER:-P6DT15H\r\nEND:VALARM\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Birthday: Cy\r\nTRIGGER:PT8H30M\r\n"))
        #expect(!(try ics([p])).contains("Anniversary"))
    }

    @Test func foldingNeverSplitsACharacter() {
        var out: [UInt8] = []
        let line = "SUMMARY:" + String(repeating: "ä", count: 80)
        ContentLineFolding.append(line, to: &out)
        let physical = String(decoding: out, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(physical.dropLast().allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.dropFirst().dropLast().allSatisfy { $0.hasPrefix(" ") })
        #expect(physical.map { $0.hasPrefix(" ") ? String($0.dropFirst()) : String($0) }.joined() == line)
    }

    @Test func stableIDsDiffer() {
        #expect(StableID.make("a") == StableID.make("a"))
        #expect(StableID.make("a") != StableID.make("b"))
        #expect(StableID.make("").count == 32)
    }
}
