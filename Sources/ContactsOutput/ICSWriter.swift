import ContactsCore
import ContactFormats

/// An iCalendar (RFC 5545) calendar with one all-day, yearly, transparent event per birthday,
/// and with `includesOtherDates` per anniversary and per Apple labelled date (`X-ABDATE`).
///
/// - `UID`s are derived from the contact's UID (else its name and the date) and the kind of
///   date, so importing the file again updates events instead of duplicating them.
/// - A date without a year starts in `yearlessBaseYear`; the birth year, when known, goes into
///   the description, so calendars can show the age.
/// - A 29 February recurs every year: in common years on 28 February
///   (`BYMONTH=2;BYMONTHDAY=-1`) or on 1 March (`BYYEARDAY=60`), as `feb29` says.
/// - `remindDaysBefore` adds a display alarm that many days before.
/// - `DTSTAMP` is the given day at midnight UTC: same input, same day, same bytes.
/// - Text is escaped as vCard text is: RFC 5545 has the same rules.
public final class ICSWriter: PeopleSink {
    /// The year events of dates without a year start in (a leap year, so 29 February exists).
    public static let yearlessBaseYear = 2000

    private let output: TextOutput
    private let feb29: Feb29Policy
    private let stamp: CalendarDate
    private let includesOtherDates: Bool
    private let remindDaysBefore: Int?
    private var started = false
    /// The UIDs written so far, as 64-bit keys (`StableID.key`): 8 to 16 bytes an event, not a
    /// string each. Two UIDs sharing a key (odds about 1 in 10^7 at a million events) would
    /// only make the second one take a suffix.
    private var usedUIDs = Set<UInt64>()
    private var lines: [UInt8] = []

    /// A calendar writer: `stamp` is the events' `DTSTAMP`; `includesOtherDates` adds anniversaries and labelled dates; `remindDaysBefore` an alarm.
    public init(output: TextOutput, feb29: Feb29Policy, stamp: CalendarDate, includesOtherDates: Bool,
                remindDaysBefore: Int?) {
        self.output = output
        self.feb29 = feb29
        self.stamp = stamp
        self.includesOtherDates = includesOtherDates
        self.remindDaysBefore = remindDaysBefore
    }

    public func consume(_ person: PersonInfo) throws {
        try startOnce()
        lines.removeAll(keepingCapacity: true)
        let name = person.displayName.isEmpty ? "(no name)" : person.displayName
        if let birthday = person.birthday {
            event(kind: "birthday", title: "Birthday", category: "Birthday", date: birthday, name: name, person: person,
                  yearNote: "Born")
        }
        if includesOtherDates {
            if let anniversary = person.anniversary {
                event(kind: "anniversary", title: "Anniversary", category: "Anniversary", date: anniversary, name: name,
                      person: person, yearNote: "Since")
            }
            for (label, date) in person.otherDates {
                event(kind: "date:" + label, title: label, category: "Anniversary", date: date, name: name, person: person,
                      yearNote: "Since")
            }
        }
        try output.write(bytes: lines)
    }

    public func finish() throws {
        try startOnce()
        lines.removeAll(keepingCapacity: true)
        ContentLineFolding.append("END:VCALENDAR", to: &lines)
        try output.write(bytes: lines)
        try output.flush()
    }

    private func startOnce() throws {
        guard !started else { return }
        started = true
        var header: [UInt8] = []
        for line in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vcf2birthdays//vcf2birthdays//EN", "CALSCALE:GREGORIAN",
                     "METHOD:PUBLISH", "X-WR-CALNAME:" + (includesOtherDates ? "Birthdays and anniversaries" : "Birthdays")] {
            ContentLineFolding.append(line, to: &header)
        }
        try output.write(bytes: header)
    }

    private func event(kind: String, title: String, category: String, date: PartialDate, name: String,
                       person: PersonInfo, yearNote: String) {
        let start = date.year.flatMap { CalendarDate(year: $0, month: date.month, day: date.day) }
            ?? CalendarDate(year: Self.yearlessBaseYear, month: date.month, day: date.day)!
        let end = CalendarDate(daysSinceEpoch: start.daysSinceEpoch + 1)
        let summary = "\(title): \(name)"
        func add(_ line: String) { ContentLineFolding.append(line, to: &lines) }
        add("BEGIN:VEVENT")
        add("UID:" + uid(for: person, kind: kind, date: date))
        add("DTSTAMP:" + Self.compact(stamp) + "T000000Z")
        add("DTSTART;VALUE=DATE:" + Self.compact(start))
        add("DTEND;VALUE=DATE:" + Self.compact(end))
        if date.isLeapDay {
            add(feb29 == .feb28 ? "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1" : "RRULE:FREQ=YEARLY;BYYEARDAY=60")
        } else {
            add("RRULE:FREQ=YEARLY")
        }
        add("SUMMARY:" + VCardText.escape(summary))
        if let year = date.year { add("DESCRIPTION:" + VCardText.escape("\(yearNote) \(year)")) }
        add("CATEGORIES:" + VCardText.escape(category))
        add("TRANSP:TRANSPARENT")
        if let days = remindDaysBefore {
            add("BEGIN:VALARM")
            add("ACTION:DISPLAY")
            add("DESCRIPTION:" + VCardText.escape(summary))
            add(days == 0 ? "TRIGGER:PT0S" : "TRIGGER:-P\(days)D")
            add("END:VALARM")
        }
        add("END:VEVENT")
    }

    /// From the contact's UID, else its name and the date; made unique within the file.
    private func uid(for person: PersonInfo, kind: String, date: PartialDate) -> String {
        let identity = person.uid.map { "uid:" + $0 } ?? "name:\(person.displayName)\u{1F}\(date)"
        var text = identity + "\u{1F}" + kind
        var n = 2
        while !usedUIDs.insert(StableID.key(text)).inserted {
            text = identity + "\u{1F}" + kind + "\u{1F}\(n)"
            n += 1
        }
        return StableID.make(text) + "@vcf2birthdays"
    }

    static func compact(_ date: CalendarDate) -> String {
        PartialDate.pad(date.year, 4) + PartialDate.pad(date.month, 2) + PartialDate.pad(date.day, 2)
    }
}
