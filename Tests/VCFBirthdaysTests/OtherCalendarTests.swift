import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Dates of other calendars (`CALSCALE`, Apple's `X-ALTBDAY`, #41 item 4): read as that calendar
/// counts, converted by ICU, never read as Gregorian days.
@Suite struct OtherCalendarTests {
    /// The forms a date of another calendar is written in.
    @Test(arguments: [
        ("chinese", "--0815", OtherCalendarDate(calendar: .chinese, year: nil, month: 8, day: 15)),
        ("chinese", "--08-15", OtherCalendarDate(calendar: .chinese, year: nil, month: 8, day: 15)),
        ("chinese", "--05L15", OtherCalendarDate(calendar: .chinese, year: nil, month: 5, isLeapMonth: true, day: 15)),
        ("hebrew", "57460715", OtherCalendarDate(calendar: .hebrew, year: 5746, month: 7, day: 15)),
        ("hebrew", "5746-07-15", OtherCalendarDate(calendar: .hebrew, year: 5746, month: 7, day: 15)),
        // Apple's Chinese form: the 60-year cycle (78), the year in it (2: 1985), month, day.
        ("chinese", "007800021101", OtherCalendarDate(calendar: .chinese, year: 4622, month: 11, day: 1)),
        // The Hebrew and Islamic form of exporters modelled on Apple's: a hyphen before the year.
        ("hebrew", "-57600614", OtherCalendarDate(calendar: .hebrew, year: 5760, month: 6, day: 14)),
        ("islamic", "-14250901", OtherCalendarDate(calendar: .islamic, year: 1425, month: 9, day: 1)),
    ])
    func forms(calendar: String, text: String, date: OtherCalendarDate) {
        #expect(OtherCalendarDate(calendar: calendar, text: text) == date)
    }

    /// Written in each version's form, and read back the same; Apple's year-less form is Gregorian only.
    @Test(arguments: ["--0815", "--05L15", "46220815", "4622-08-15"])
    func writtenForms(text: String) throws {
        let date = try #require(OtherCalendarDate(calendar: "chinese", text: text))
        for basic in [true, false] {
            #expect(OtherCalendarDate(calendar: "chinese", text: date.written(basic: basic)) == date)
        }
        let line = "BDAY;CALSCALE=chinese:" + text
        let v3 = String(decoding: run(card(line), path: "c.vcf", to: .vcard3) { $0.output.appleCompat = true }.stdout, as: UTF8.self)
        #expect(v3.contains("BDAY;CALSCALE=chinese:" + date.written(basic: false) + "\r\n") && !v3.contains("1604"), "\(v3)")
        let v4 = String(decoding: run(card(line), path: "c.vcf", to: .vcard4).stdout, as: UTF8.self)
        #expect(v4.contains("BDAY;CALSCALE=chinese:" + date.written(basic: true) + "\r\n"), "\(v4)")
    }

    @Test(arguments: ["", "--1415", "--0800", "0815", "1985081", "x-0815", "--08X15", "007800610101"])
    func notDates(text: String) {
        #expect(OtherCalendarDate(calendar: "chinese", text: text) == nil)
    }

    /// Known days (the Mid-Autumn festival, Passover, Purim, Nowruz, Ramadan) and the rules for
    /// days that some years lack.
    @Test(arguments: [
        (OtherCalendarDate(calendar: .chinese, year: 4622, month: 8, day: 15), day(1985, 9, 29)),
        (OtherCalendarDate(calendar: .chinese, year: 4662, month: 6, isLeapMonth: true, day: 1), day(2025, 7, 25)),
        // No leap sixth month in 2026: the sixth month itself.
        (OtherCalendarDate(calendar: .chinese, year: 4663, month: 6, isLeapMonth: true, day: 1), day(2026, 7, 14)),
        (OtherCalendarDate(calendar: .hebrew, year: 5784, month: 8, day: 15), day(2024, 4, 23)),
        (OtherCalendarDate(calendar: .hebrew, year: 5785, month: 7, day: 14), day(2025, 3, 14)),
        // Adar I in a common year is Adar.
        (OtherCalendarDate(calendar: .hebrew, year: 5785, month: 6, day: 14), day(2025, 3, 14)),
        // Heshvan 30 in a year whose Heshvan has 29 days: its 29th.
        (OtherCalendarDate(calendar: .hebrew, year: 5785, month: 2, day: 30), day(2024, 12, 1)),
        (OtherCalendarDate(calendar: .persian, year: 1403, month: 1, day: 1), day(2024, 3, 20)),
        (OtherCalendarDate(calendar: .islamicCivil, year: 1445, month: 9, day: 1), day(2024, 3, 11)),
    ])
    func gregorianDays(date: OtherCalendarDate, gregorian: CalendarDate) {
        #expect(OtherCalendars.gregorian(date) == gregorian)
    }

    @Test func theNextOccurrenceAndTheAge() throws {
        let born = OtherCalendarDate(calendar: .chinese, year: 4622, month: 8, day: 15)
        let next = try #require(OtherCalendars.next(born, onOrAfter: day(2026, 11, 22)))
        #expect(next.date == day(2027, 9, 15) && next.age == 42 && next.days == 297)
        #expect(OtherCalendars.next(born, onOrAfter: day(2027, 9, 15))?.days == 0)
        #expect(CalendarSystem(rawValue: "x-mayan") == nil && CalendarSystem.allCases.allSatisfy {
            OtherCalendars.year(of: day(2026, 1, 1), in: $0) != nil
        }, "ICU has every calendar we name")
    }

    static let wang = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Wang Fang\r\nBDAY;CALSCALE=chinese:46220815\r\nEND:VCARD\r\n"
        + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Li Na\r\nX-ALTBDAY;CALSCALE=chinese:007800021101\r\nEND:VCARD\r\n"
        + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nBDAY:1990-10-01\r\nEND:VCARD\r\n"

    /// The list shows the next Gregorian day, the age and the calendar's own date; --within and
    /// the soonest-first order count it.
    @Test func theListShowsTheNextDay() {
        let list = String(decoding: run(Array(Self.wang.utf8), path: "c.vcf", to: .list) { $0.selection.sort = .upcoming }.stdout,
                          as: UTF8.self)
        #expect(list == """
             9 Dec       Li Na      turns 41 (chinese 11-01)  in 17 days
            15 Sep       Wang Fang  turns 42 (chinese 08-15)  in 297 days
             1 Oct 1990  Ann Lee    turns 37                  in 313 days

            """, "\(list)")
        let soon = String(decoding: run(Array(Self.wang.utf8), path: "c.vcf", to: .list) { $0.selection.withinDays = 30 }.stdout,
                          as: UTF8.self)
        #expect(soon.contains("Li Na") && !soon.contains("Wang Fang"))
    }

    /// TSV: no Gregorian birthday in column 1; the next day, the age and the days in 2, 3 and 11,
    /// the same when the rows are sorted (and held in their compact form).
    @Test(arguments: [SortOrder.none, .upcoming, .last])
    func tsvGivesTheNextDay(order: SortOrder) {
        let tsv = String(decoding: run(Array(Self.wang.utf8), path: "c.vcf", to: .tsv) { $0.selection.sort = order }.stdout,
                         as: UTF8.self)
        let wang = tsv.split(separator: "\n").first { $0.contains("Wang Fang") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(wang?[0] == "" && wang?[1] == "2027-09-15" && wang?[2] == "42" && wang?[10] == "297", "\(tsv)")
    }

    @Test func jsonSaysTheCalendarsDate() {
        let json = String(decoding: run(Array(Self.wang.utf8), path: "c.vcf", to: .json).stdout, as: UTF8.self)
        #expect(json.contains("{\"formattedName\":\"Wang Fang\",\"calendarBirthday\":\"chinese:4622-08-15\"}"))
        #expect(json.contains("\"calendarBirthday\":\"chinese:4622-11-01\""))
    }

    /// The calendar: single events on the next occurrences, ten without --years.
    @Test func theCalendarHasSingleEvents() {
        let ics = String(decoding: run(Array(Self.wang.utf8), path: "c.vcf", to: .ics).stdout, as: UTF8.self)
        let wang = ics.components(separatedBy: "BEGIN:VEVENT").filter { $0.contains("Wang Fang") }
        #expect(wang.count == ICSEncoder.otherCalendarYears)
        #expect(wang.first?.contains("DTSTART;VALUE=DATE:20270915\r\n") == true && !wang.contains { $0.contains("RRULE") })
        #expect(wang.first?.contains("DESCRIPTION:chinese calendar 08-15\\, born 1985\r\n") == true)
    }

    /// `--rscale`: one event recurring in its calendar (RFC 7529), from the birth, its months as
    /// RFC 7529 numbers them and a year without the month or day as the single events take it
    /// (libical expands them in the interop check).
    static let rules: [(date: OtherCalendarDate, rule: String)] = [
        (OtherCalendarDate(calendar: .chinese, year: 4622, month: 8, day: 15), "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15;SKIP=BACKWARD"),
        (OtherCalendarDate(calendar: .chinese, year: nil, month: 4, isLeapMonth: true, day: 10), "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=4L;BYMONTHDAY=10;SKIP=BACKWARD"),
        (OtherCalendarDate(calendar: .dangi, year: nil, month: 6, isLeapMonth: true, day: 1), "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=6L;BYMONTHDAY=1;SKIP=BACKWARD"),
        (OtherCalendarDate(calendar: .hebrew, year: 5760, month: 6, day: 14), "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=14;SKIP=FORWARD"),
        (OtherCalendarDate(calendar: .hebrew, year: nil, month: 7, day: 14), "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=14;SKIP=BACKWARD"),
        (OtherCalendarDate(calendar: .hebrew, year: nil, month: 5, day: 30), "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=30;SKIP=BACKWARD"),
        (OtherCalendarDate(calendar: .hebrew, year: nil, month: 13, day: 29), "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=29;SKIP=BACKWARD"),
        (OtherCalendarDate(calendar: .islamicCivil, year: nil, month: 9, day: 1), "RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1;SKIP=BACKWARD"),
        (OtherCalendarDate(calendar: .ethiopic, year: nil, month: 13, day: 6), "RSCALE=ETHIOPIC;FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=6;SKIP=BACKWARD"),
    ]

    @Test(arguments: rules)
    func oneEventRecursInItsCalendar(_ date: OtherCalendarDate, rule: String) {
        #expect(ICSEncoder.calendarRule(date) == "RRULE:" + rule)
    }

    @Test func rscaleGivesOneEventFromTheBirth() {
        let ics = String(decoding: run(Array(Self.wang.utf8), path: "c.vcf", to: .ics) { $0.calendar.recursInItsCalendar = true }.stdout,
                         as: UTF8.self)
        let events = ics.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        #expect(events.count == 3 && events.filter { $0.contains("RSCALE") }.count == 2)  // Ann Lee's is Gregorian
        let wang = events.first { $0.contains("Wang Fang") } ?? ""
        #expect(wang.contains("DTSTART;VALUE=DATE:19850929\r\nDTEND;VALUE=DATE:19850930\r\n"
            + "RRULE:RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15;SKIP=BACKWARD\r\nSUMMARY:Birthday: Wang Fang\r\n"), "\(wang)")
        // Li Na's X-ALTBDAY has a year too: from her birth.
        #expect(events.contains { $0.contains("Li Na") && $0.contains("BYMONTH=11;BYMONTHDAY=1;") })
    }

    /// Apple's lunar birthday beside a Gregorian one: the calendar has events for both, each
    /// with a UID of its own.
    @Test func bothBirthdaysInTheCalendar() {
        let both = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Mei Liu\r\nUID:mei\r\nBDAY:1990-02-14\r\n"
            + "X-ALTBDAY;CALSCALE=chinese:007800070120\r\nEND:VCARD\r\n"
        for years in [nil, 3] {
            let ics = String(decoding: run(Array(both.utf8), path: "c.vcf", to: .ics) { $0.calendar.years = years }.stdout, as: UTF8.self)
            let events = ics.components(separatedBy: "BEGIN:VEVENT").dropFirst()
            let lunar = events.filter { $0.contains("DESCRIPTION:chinese calendar 01-20") }
            #expect(events.count == (years ?? 1) + (years ?? ICSEncoder.otherCalendarYears) && lunar.count == (years ?? ICSEncoder.otherCalendarYears))
            // Identities of their own: no UID is the suffixed one a clash would give.
            let uids = lunar.compactMap { $0.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") } }
            let first = lunar.first?.components(separatedBy: "\r\n").first { $0.hasPrefix("DTSTART") }?.suffix(8).prefix(4) ?? ""
            #expect(uids.first == "UID:" + StableID.make("uid:mei\u{1F}birthday:chinese\u{1F}\(first)") + "@vcf2birthdays", "\(uids)")
        }
    }

    /// The list and TSV have a row for each birthday, each sorted and selected by its own next
    /// day; the person counts once.
    @Test(arguments: [1, 2])
    func aRowForEachBirthday(threads: Int) {
        let both = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Mei Liu\r\nBDAY:1990-02-14\r\n"
            + "X-ALTBDAY;CALSCALE=chinese:007800070120\r\nEND:VCARD\r\n" + Self.wang
        let list = run(Array(both.utf8), path: "c.vcf", to: .list) {
            $0.selection.sort = .upcoming
            $0.threads = threads
            $0.diagnostics.quiet = false
        }
        #expect(String(decoding: list.stdout, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").prefix(4).joined(separator: " ") }
            == ["9 Dec Li Na", "14 Feb 1990 Mei", "26 Feb Mei Liu", "15 Sep Wang Fang", "1 Oct 1990 Ann"])
        #expect(list.stderr.hasPrefix("4 people,"), "\(list.stderr)")
        // In 90 days: Li Na and Mei Liu's Gregorian birthday; her lunar one is 96 days away.
        let within = run(Array(both.utf8), path: "c.vcf", to: .tsv) { $0.selection.withinDays = 90; $0.threads = threads }
        #expect(String(decoding: within.stdout, as: UTF8.self).split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false)[1...3].joined(separator: " ") }
            == ["2026-12-09 41 Li Na", "2027-02-14 37 Mei Liu"])
    }

    /// A death date of another calendar with a year is the Gregorian day it was (Rosh Hashanah
    /// 5780 was 30 September 2019), from vCard and from our CSV's vCard column; one without a
    /// year has no Gregorian day: a warning, kept.
    @Test(arguments: [("DEATHDATE;CALSCALE=hebrew:57800101", "2019-09-30"), ("DEATHDATE;CALSCALE=chinese:46560815", "2019-09-13"),
                      ("DEATHDATE;CALSCALE=hebrew:--0101", nil), ("DEATHDATE;CALSCALE=x-mayan:12345678", nil)])
    func aDeathDateOfAnotherCalendar(line: String, day: String?) {
        let json = run(card(line), path: "c.vcf", to: .json) { $0.diagnostics.quiet = false }
        #expect(String(decoding: json.stdout, as: UTF8.self).contains(day.map { "\"deathDate\":\"\($0)\"" } ?? "{") == true)
        #expect(day != nil || !String(decoding: json.stdout, as: UTF8.self).contains("deathDate"))
        #expect(json.stderr.contains("has no Gregorian day") == (day == nil), "\(json.stderr)")
        let csv = run(card(line), path: "c.vcf", to: .csv).stdout
        #expect(run(csv, path: "c.csv", to: .json).stdout == json.stdout)
    }

    private func card(_ line: String) -> [UInt8] {
        Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Wang Fang\r\n\(line)\r\nEND:VCARD\r\n".utf8)
    }

    /// A calendar ICU does not know, or no date of it: a warning, the property kept, no date shown.
    @Test(arguments: ["BDAY;CALSCALE=x-mayan:--0101", "BDAY;CALSCALE=chinese:--1415", "BDAY;CALSCALE=hebrew:circa 5746"])
    func anotherCalendarsBirthdayIsNoGregorianBirthday(line: String) throws {
        let (people, diagnostics) = try readContacts(card(line), format: .vcard)
        #expect(people.first?.birthday == nil && people.first?.calendarBirthday == nil)
        #expect(diagnostics.warnings.map(\.code) == [.otherCalendar])
        #expect(diagnostics.warnings.first?.message.contains("kept as it is, not shown") == true)
        // Kept: written again as it was.
        let v4 = String(decoding: run(card(line), path: "c.vcf", to: .vcard4).stdout, as: UTF8.self)
        // (a value that is no date of its calendar as text, as the converter keeps any date that is none)
        let value = String(line[line.index(after: line.firstIndex(of: ":")!)...])
        #expect(v4.contains("BDAY;CALSCALE=") && v4.contains(":" + value + "\r\n"), "\(v4)")
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

    @Test(arguments: ["BDAY;CALSCALE=chinese:--0815", "BDAY;CALSCALE=\"islamic-civil\":14060101"])
    func aKnownCalendarsBirthdayIsReadAsItCounts(line: String) throws {
        let (people, diagnostics) = try readContacts(card(line), format: .vcard)
        #expect(people.first?.birthday == nil && people.first?.calendarBirthday != nil && diagnostics.warnings.isEmpty)
        #expect(String(decoding: run(card(line), path: "c.vcf", to: .vcard4).stdout, as: UTF8.self).contains(line + "\r\n")
                || line.contains("\""))
    }

    /// An anniversary of another calendar is no Gregorian anniversary: it recurs as its calendar
    /// counts, in JSON and the calendar's anniversaries, and is written again as it was.
    @Test func anAnniversaryOfAnotherCalendar() throws {
        let line = "ANNIVERSARY;CALSCALE=hebrew:57800101"
        let (people, diagnostics) = try readContacts(card(line), format: .vcard)
        #expect(people.first?.anniversary == nil && diagnostics.warnings.isEmpty)
        #expect(people.first?.calendarAnniversary == OtherCalendarDate(calendar: .hebrew, year: 5780, month: 1, day: 1))
        #expect(String(decoding: run(card(line), path: "c.vcf", to: .json).stdout, as: UTF8.self)
            .contains("\"calendarAnniversary\":\"hebrew:5780-01-01\""))
        #expect(String(decoding: run(card(line), path: "c.vcf", to: .vcard3).stdout, as: UTF8.self)
            .contains("X-ANNIVERSARY;CALSCALE=hebrew:5780-01-01\r\n"))
        let ics = String(decoding: run(card(line), path: "c.vcf", to: .ics) { $0.calendar.includesOtherDates = true }.stdout,
                         as: UTF8.self)
        let events = ics.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        // Rosh Hashanah 5787 is 12 September 2026, before today (22 November): 5788's first.
        #expect(events.count == ICSEncoder.otherCalendarYears && events.allSatisfy { $0.contains("CATEGORIES:Anniversary\r\n") })
        #expect(events.first?.contains("DTSTART;VALUE=DATE:20271002\r\n") == true, "\(events.first ?? "")")
        #expect(events.first?.contains("DESCRIPTION:hebrew calendar 01-01\\, since 2019\r\n") == true)
        let rscale = String(decoding: run(card(line), path: "c.vcf", to: .ics) {
            $0.calendar.includesOtherDates = true
            $0.calendar.recursInItsCalendar = true
        }.stdout, as: UTF8.self)
        #expect(rscale.contains("DTSTART;VALUE=DATE:20190930\r\nDTEND;VALUE=DATE:20191001\r\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1;SKIP=BACKWARD\r\n"))
    }
}
