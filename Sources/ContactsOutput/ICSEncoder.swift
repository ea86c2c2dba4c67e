import ContactsCore
import ContactFormats

/// An iCalendar (RFC 5545) calendar with one all-day, yearly, transparent event per birthday,
/// and with `includesOtherDates` per anniversary and per Apple labelled date (`X-ABDATE`).
///
/// - `UID`s are derived from the contact's UID (else its name and the date) and the kind of
///   date, so importing the file again updates events instead of duplicating them. They are
///   made unique within the file in output order, by the encoder's `OrderedStage`.
/// - A date without a year starts in `yearlessBaseYear`; the birth year, when known, goes into
///   the description, so calendars can show the age.
/// - A 29 February recurs every year: in common years on 28 February
///   (`BYMONTH=2;BYMONTHDAY=-1`) or on 1 March (`BYYEARDAY=60`), as `feb29` says.
/// - Each of `reminders` adds a display alarm (`Reminder`).
/// - With `years`, single events on the next that many occurrences from `stamp`, each titled
///   with the age reached then (`EventTitles`); none after a death.
/// - A birthday of another calendar gets single events on its next occurrences, or with
///   `recursInItsCalendar` one event recurring in its calendar (`RRULE;RSCALE=`, RFC 7529).
/// - `DTSTAMP` is the given day at midnight UTC: same input, same day, same bytes.
/// - Text is escaped as vCard text is: RFC 5545 has the same rules.
public struct ICSEncoder: PersonEncoder {
    /// The year events of dates without a year start in (a leap year, so 29 February exists).
    public static let yearlessBaseYear = 2000

    private let feb29: Feb29Policy
    private let stamp: CalendarDate
    private let includesOtherDates: Bool
    private let reminders: [Reminder]
    private let titles: EventTitles
    /// Single events in the next this many years from `stamp` (the day taken as today), instead of a yearly rule.
    private let years: Int?
    /// A birthday of another calendar as one event with an `RSCALE` rule, not single events.
    private let recursInItsCalendar: Bool

    /// A calendar: `stamp` is the events' `DTSTAMP` and the day `years` count from;
    /// `includesOtherDates` adds anniversaries and labelled dates; `reminders` alarms;
    /// `years`, single events for that many years instead of one yearly event; `recursInItsCalendar`,
    /// a birthday of another calendar as one `RSCALE` event; `titles` the events' titles
    /// (English, `{kind}: {name}` by default).
    public init(feb29: Feb29Policy, stamp: CalendarDate, includesOtherDates: Bool, reminders: [Reminder] = [],
                years: Int? = nil, recursInItsCalendar: Bool = false, titles: EventTitles? = nil) {
        self.feb29 = feb29
        self.stamp = stamp
        self.includesOtherDates = includesOtherDates
        self.reminders = reminders
        self.years = years
        self.recursInItsCalendar = recursInItsCalendar
        self.titles = titles ?? EventTitles(template: nil, locale: "en", withAge: years != nil)
    }

    /// No `METHOD`: the file is for importing, not an iTIP message (`METHOD:PUBLISH` would need
    /// an `ORGANIZER` in every event, RFC 5546 §3.2.1).
    public var header: [UInt8] {
        var header: [UInt8] = []
        for line in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vcf2birthdays//vcf2birthdays//EN", "CALSCALE:GREGORIAN",
                     "X-WR-CALNAME:" + (includesOtherDates ? "Birthdays and anniversaries" : "Birthdays")] {
            ContentLineFolding.append(line, to: &header)
        }
        return header
    }

    public var trailer: [UInt8] {
        var trailer: [UInt8] = []
        ContentLineFolding.append("END:VCALENDAR", to: &trailer)
        return trailer
    }

    /// The person's events, each as its identity (what its UID is made of) and its lines
    /// but the UID's (`EventUIDs` puts them together).
    public func append(_ person: PersonInfo, to bytes: inout [UInt8]) {
        let name = person.displayName.isEmpty ? "(no name)" : person.displayName
        if let birthday = person.birthday {
            events(kind: "birthday", of: .birthday, category: "Birthday", date: birthday, name: name, person: person,
                   yearNote: "Born", to: &bytes)
        }
        // Beside a Gregorian birthday (Apple's lunar one), events of their own.
        if let other = person.calendarBirthday {
            calendarEvents(other, kind: person.birthday == nil ? "birthday" : "birthday:\(other.calendar)", of: .birthday,
                           category: "Birthday", yearNote: "born", name: name, person: person, to: &bytes)
        }
        if includesOtherDates {
            if let anniversary = person.anniversary {
                events(kind: "anniversary", of: .anniversary, category: "Anniversary", date: anniversary, name: name,
                       person: person, yearNote: "Since", to: &bytes)
            }
            if let other = person.calendarAnniversary {
                calendarEvents(other, kind: person.anniversary == nil ? "anniversary" : "anniversary:\(other.calendar)",
                               of: .anniversary, category: "Anniversary", yearNote: "since", name: name, person: person, to: &bytes)
            }
            for (label, date) in person.otherDates {
                events(kind: "date:" + label, of: .labelled(label), category: "Anniversary", date: date, name: name,
                       person: person, yearNote: "Since", to: &bytes)
            }
        }
    }

    public func makeOrderedStage(budget: MemoryBudget?) -> (any OrderedStage)? {
        EventUIDs(budget: budget)
    }

    /// One yearly event from the date, or (with `years`) one event in each of the next years,
    /// none after a death.
    private func events(kind: String, of eventKind: EventTitles.EventKind, category: String, date: PartialDate,
                        name: String, person: PersonInfo, yearNote: String, to bytes: inout [UInt8]) {
        let occasion = Occasion(identity: Self.identity(of: person, date: date) + "\u{1F}" + kind, kind: eventKind,
                                name: name, description: date.year.map { "\(yearNote) \($0)" }, category: category,
                                death: Self.deathDay(of: person))
        guard let years else {
            let start = date.year.flatMap { CalendarDate(year: $0, month: date.month, day: date.day) }
                ?? CalendarDate(year: Self.yearlessBaseYear, month: date.month, day: date.day)!
            let rule = !date.isLeapDay ? "RRULE:FREQ=YEARLY"
                : feb29 == .feb28 ? "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1" : "RRULE:FREQ=YEARLY;BYYEARDAY=60"
            recurringEvent(occasion, start: start, rule: rule, year: date.year, to: &bytes)
            return
        }
        singleEvents(occasion, count: years, to: &bytes) { Upcoming(birthday: date, today: $0, feb29: feb29) }
    }

    /// A birthday or anniversary of another calendar falls on another Gregorian day each year:
    /// single events on its next `years` occurrences (`otherCalendarYears` without `--years`),
    /// each titled with the age or years reached then, or one `RSCALE` event from the first day;
    /// none after a death. `kind` is in its identity.
    private func calendarEvents(_ date: OtherCalendarDate, kind: String, of eventKind: EventTitles.EventKind, category: String,
                                yearNote: String, name: String, person: PersonInfo, to bytes: inout [UInt8]) {
        let birth = OtherCalendars.gregorian(date)
        let description = "\(date.calendar) calendar \(date.monthAndDay)" + (birth.map { ", \(yearNote) \($0.year)" } ?? "")
        let occasion = Occasion(identity: Self.identity(of: person, date: date) + "\u{1F}" + kind, kind: eventKind,
                                name: name, description: description, category: category, death: Self.deathDay(of: person))
        if recursInItsCalendar {
            // From the birth, or the next occurrence.
            guard let start = birth ?? OtherCalendars.next(date, onOrAfter: stamp)?.date else { return }
            recurringEvent(occasion, start: start, rule: Self.calendarRule(date), year: birth?.year, to: &bytes)
            return
        }
        singleEvents(occasion, count: years ?? Self.otherCalendarYears, to: &bytes) { OtherCalendars.next(date, onOrAfter: $0) }
    }

    /// What the events of one date of a person share.
    private struct Occasion {
        var identity: String
        var kind: EventTitles.EventKind
        var name: String
        var description: String?
        var category: String
        var death: CalendarDate?
    }

    /// One event recurring by `rule` from `start` to the day of death (a date without a year
    /// cannot end it); none when it would start after it.
    private func recurringEvent(_ occasion: Occasion, start: CalendarDate, rule: String, year: Int?, to bytes: inout [UInt8]) {
        if let death = occasion.death, death.daysSinceEpoch < start.daysSinceEpoch { return }
        let until = occasion.death.map { ";UNTIL=" + Self.compact($0) } ?? ""
        let summary = titles.title(kind: occasion.kind, name: occasion.name, age: nil, year: year, date: nil)
        event(identity: occasion.identity, start: start, rule: rule + until, summary: summary, description: occasion.description,
              category: occasion.category, to: &bytes)
    }

    /// Single events on the next `count` occurrences `next` gives from `stamp` on, each titled
    /// with the age reached then; none before the birth or after a death.
    private func singleEvents(_ occasion: Occasion, count: Int, to bytes: inout [UInt8],
                              next: (CalendarDate) -> Upcoming?) {
        var day = stamp
        for _ in 0..<count {
            guard let occurrence = next(day) else { return }
            day = CalendarDate(daysSinceEpoch: occurrence.date.daysSinceEpoch + 1)
            if let death = occasion.death, death.daysSinceEpoch < occurrence.date.daysSinceEpoch { return }
            if let age = occurrence.age, age < 0 { continue }
            let summary = titles.title(kind: occasion.kind, name: occasion.name, age: occurrence.age, year: occurrence.date.year,
                                       date: occurrence.date)
            event(identity: occasion.identity + "\u{1F}\(occurrence.date.year)", start: occurrence.date, rule: nil, summary: summary,
                  description: occasion.description, category: occasion.category, to: &bytes)
        }
    }

    /// What the events of a person are known by: the contact's UID, else its name and the date.
    private static func identity(of person: PersonInfo, date: some CustomStringConvertible) -> String {
        person.uid.map { "uid:" + $0 } ?? "name:\(person.displayName)\u{1F}\(date)"
    }

    /// The day of death, when its year is known.
    private static func deathDay(of person: PersonInfo) -> CalendarDate? {
        person.deathDate.flatMap { death in death.year.flatMap { CalendarDate(year: $0, month: death.month, day: death.day) } }
    }

    /// How many years of single events a birthday of another calendar gets without `--years`.
    public static let otherCalendarYears = 10

    /// The yearly rule of a date of another calendar (RFC 7529): its calendar as `RSCALE`, a
    /// leap month as `5L` (Hebrew Adar I, ICU's month 6, is `5L`, and the months after it one
    /// less), and what a year without the month or day takes, as `OtherCalendars` does: the
    /// month itself or the last day (`SKIP=BACKWARD`), Adar for Adar I (`SKIP=FORWARD`).
    static func calendarRule(_ date: OtherCalendarDate) -> String {
        var month = "\(date.month)", skip = "BACKWARD"
        if date.calendar == .hebrew {
            if date.month == 6 { (month, skip) = ("5L", "FORWARD") } else if date.month > 6 { month = "\(date.month - 1)" }
        } else if date.isLeapMonth {
            month += "L"
        }
        return "RRULE:RSCALE=\(date.calendar.rawValue.uppercased());FREQ=YEARLY;BYMONTH=\(month);BYMONTHDAY=\(date.day);SKIP=\(skip)"
    }

    private func event(identity: String, start: CalendarDate, rule: String?, summary: String, description: String?,
                       category: String, to bytes: inout [UInt8]) {
        EventUIDs.appendPiece(Array(identity.utf8), to: &bytes)
        let end = CalendarDate(daysSinceEpoch: start.daysSinceEpoch + 1)
        var lines: [UInt8] = []
        func add(_ line: String) { ContentLineFolding.append(line, to: &lines) }
        add("DTSTAMP:" + Self.compact(stamp) + "T000000Z")
        add("DTSTART;VALUE=DATE:" + Self.compact(start))
        add("DTEND;VALUE=DATE:" + Self.compact(end))
        if let rule { add(rule) }
        add("SUMMARY:" + VCardText.escape(summary))
        if let description { add("DESCRIPTION:" + VCardText.escape(description)) }
        add("CATEGORIES:" + VCardText.escape(category))
        add("TRANSP:TRANSPARENT")
        for reminder in reminders {
            add("BEGIN:VALARM")
            add("ACTION:DISPLAY")
            add("DESCRIPTION:" + VCardText.escape(summary))
            add("TRIGGER:" + reminder.trigger)
            add("END:VALARM")
        }
        add("END:VEVENT")
        EventUIDs.appendPiece(lines, to: &bytes)
    }

    static func compact(_ date: CalendarDate) -> String {
        PartialDate.pad(date.year, 4) + PartialDate.pad(date.month, 2) + PartialDate.pad(date.day, 2)
    }
}

/// The calendar's serial stage: gives each event its `UID`, from its identity, made unique
/// within the file in output order (a second event of the same identity takes a suffix).
///
/// An encoded person is a sequence of events, each two pieces: the identity, and the event's
/// lines after its `UID`; a piece is its length (4 bytes, little-endian), then its bytes.
final class EventUIDs: OrderedStage {
    /// The UIDs written so far, as 64-bit keys (`StableID.key`), not a string each; beyond a
    /// share of the budget, in sorted runs on the disk. Two UIDs sharing a key (odds about 1 in
    /// 10^7 at a million events) would only make the second one take a suffix.
    private let used: SpillingKeySet

    /// UIDs remembered in about a 64th of `budget`, and at least 4,096 (nil: in memory, all of them).
    init(budget: MemoryBudget? = nil) {
        // A Set of UInt64 of 2^k buckets holds 0.75 * 2^k keys, 8 bytes a bucket.
        used = SpillingKeySet(memoryKeys: budget.map { max(SpillingKeySet.leastMemoryKeys, $0.bytes / 96) } ?? .max,
                              makeScratch: budget?.makeScratch)
    }

    static func appendPiece(_ piece: [UInt8], to bytes: inout [UInt8]) {
        bytes.appendLittleEndian(UInt32(piece.count))
        bytes.append(contentsOf: piece)
    }

    func write(_ encoded: Span<UInt8>, to bytes: inout [UInt8]) throws {
        try forEachEvent(encoded) { event(uid: $0, lines: $1, to: &bytes) }
    }

    /// Gives each event of an encoded person its UID and its lines after the UID's.
    func forEachEvent(_ encoded: Span<UInt8>, _ body: (_ uid: String, _ lines: Span<UInt8>) -> Void) throws {
        var at = 0
        func piece() -> Range<Int> {
            var length = 0
            for i in 0..<4 { length |= Int(encoded[at + i]) << (8 * i) }
            defer { at += 4 + length }
            return at + 4 ..< at + 4 + length
        }
        while at < encoded.count {
            let identity = String(utf8: encoded.extracting(piece()))
            body(try uid(identity), encoded.extracting(piece()))
        }
    }

    /// Appends the event with its UID.
    func event(uid: String, lines: Span<UInt8>, to bytes: inout [UInt8]) {
        ContentLineFolding.append("BEGIN:VEVENT", to: &bytes)
        ContentLineFolding.append("UID:" + uid, to: &bytes)
        bytes.append(span: lines)
    }

    /// The UID of an event of `identity`: the first of its identity keeps the plain one.
    private func uid(_ identity: String) throws -> String {
        var text = identity
        var n = 2
        while try !used.insert(StableID.key(text)) {
            text = identity + "\u{1F}\(n)"
            n += 1
        }
        return StableID.make(text) + "@vcf2birthdays"
    }
}
