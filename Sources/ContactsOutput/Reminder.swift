/// A calendar alarm: some days before an event, at a time of day or when the day begins
/// (`--remind 7@09:00`).
///
/// Birthday events are all-day (`DTSTART;VALUE=DATE`), so RFC 5545 §3.8.6.3 measures a relative
/// trigger from the start of the day in the calendar user's own time zone: 7 days before at 09:00
/// is `-P6DT15H`, the day itself at 08:00 is `PT8H`. A relative trigger also follows each
/// occurrence of a yearly event, which an absolute one would not.
public struct Reminder: Hashable, Sendable, CustomStringConvertible {
    /// Days before the event (0: on the day).
    public let daysBefore: Int
    /// Minutes after midnight on that day (0 when no time was given: as the day begins).
    public let minuteOfDay: Int

    /// The largest number of days before (a year and a day).
    public static let maxDaysBefore = 366
    /// The most reminders an event takes.
    public static let maxCount = 10

    /// A reminder `daysBefore` days before at `minuteOfDay`; nil when out of range.
    public init?(daysBefore: Int, minuteOfDay: Int = 0) {
        guard (0...Self.maxDaysBefore).contains(daysBefore), (0..<24 * 60).contains(minuteOfDay) else { return nil }
        self.daysBefore = daysBefore
        self.minuteOfDay = minuteOfDay
    }

    /// Reads `DAYS` or `DAYS@HH:MM` (`7`, `7@09:00`, `0@8:30`); nil when it is neither.
    public init?(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let days = Self.number(parts[0], digits: 1...3) else { return nil }
        var minute = 0
        if parts.count == 2 {
            let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            guard clock.count == 2, let hour = Self.number(clock[0], digits: 1...2), hour < 24,
                  let minutes = Self.number(clock[1], digits: 2...2), minutes < 60 else { return nil }
            minute = hour * 60 + minutes
        }
        self.init(daysBefore: days, minuteOfDay: minute)
    }

    /// The reminders in `texts`, each a comma-separated list, in order and without repeats;
    /// or what is wrong with them.
    public static func parse(_ texts: [String]) -> Result<[Reminder], ReminderError> {
        var read: [Reminder] = []
        for text in texts {
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let reminder = Reminder(String(item)) else { return .failure(.invalid(String(item))) }
                read.append(reminder)
            }
        }
        let reminders = distinct(read)
        return reminders.count > maxCount ? .failure(.tooMany) : .success(reminders)
    }

    /// The reminders in order, each once.
    public static func distinct(_ reminders: some Sequence<Reminder>) -> [Reminder] {
        var kept: [Reminder] = []
        for reminder in reminders where !kept.contains(reminder) { kept.append(reminder) }
        return kept
    }

    /// What `Reminder.parse` refuses.
    public enum ReminderError: Error, Equatable, CustomStringConvertible {
        case invalid(String)
        case tooMany

        public var description: String {
            switch self {
            case .invalid(let text):
                "'\(text)' is not days from 0 to \(Reminder.maxDaysBefore), optionally at a time of day (7@09:00)"
            case .tooMany: "more than \(Reminder.maxCount) reminders"
            }
        }
    }

    /// `DAYS@HH:MM`, or `DAYS` when the time is midnight: what `init?(_:)` reads back.
    public var description: String {
        minuteOfDay == 0 ? "\(daysBefore)"
            : "\(daysBefore)@\(minuteOfDay / 60 < 10 ? "0" : "")\(minuteOfDay / 60):\(minuteOfDay % 60 < 10 ? "0" : "")\(minuteOfDay % 60)"
    }

    /// The `TRIGGER` value, relative to the start of an all-day event: `-P6DT15H`, `PT8H`, `PT0S`.
    public var trigger: String {
        let offset = minuteOfDay - daysBefore * 24 * 60
        if offset == 0 { return "PT0S" }
        let minutes = abs(offset)
        var value = offset < 0 ? "-P" : "P"
        if minutes >= 24 * 60 { value += "\(minutes / (24 * 60))D" }
        let hours = minutes % (24 * 60) / 60, rest = minutes % 60
        if hours > 0 || rest > 0 { value += "T" }
        if hours > 0 { value += "\(hours)H" }
        if rest > 0 { value += "\(rest)M" }
        return value
    }

    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
