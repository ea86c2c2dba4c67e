/// A date whose year may be unknown, as birthdays and anniversaries often are.
/// Always valid: no 30 February, and 29 February only in leap years when the year is known.
public struct PartialDate: Hashable, Sendable, CustomStringConvertible {
    /// The year, when known.
    public let year: Int?
    /// The month, 1–12.
    public let month: Int
    /// The day of the month.
    public let day: Int

    /// The date, or nil when it does not exist (30 February; 29 February of a common year).
    public init?(year: Int?, month: Int, day: Int) {
        if let year, !(1...9999).contains(year) { return nil }
        guard (1...12).contains(month),
              (1...CalendarDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The oldest age a birth year may give: one that makes someone older is no birth year.
    public static let oldestAge = 150

    /// Why this date's year is no birth year on `today`: the day is after today, or the person
    /// would be older than `oldestAge`; nil when it may be one (or the year is unknown).
    public func implausibleBirthYear(today: CalendarDate) -> String? {
        guard let year else { return nil }
        if (year, month, day) > (today.year, today.month, today.day) { return "is after today" }
        let age = today.year - year - ((month, day) > (today.month, today.day) ? 1 : 0)
        return age > Self.oldestAge ? "would make them \(age) years old" : nil
    }

    /// What to say of a birthday whose year is no birth year on `today` (then read without its
    /// year), or nil when it may be one.
    public func implausibleBirthYearWarning(today: CalendarDate?) -> String? {
        guard let today, let why = implausibleBirthYear(today: today) else { return nil }
        return "birthday \(self) \(why): read without its year"
    }

    /// The same day without its year.
    public var withoutYear: PartialDate { PartialDate(year: nil, month: month, day: day)! }

    /// `YYYY-MM-DD`, or `--MM-DD` when the year is unknown.
    public var description: String {
        var bytes: [UInt8] = []
        appendISO(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first day on or after `date` on which this date recurs. In common years a 29 February
    /// recurs on the day `feb29` says.
    public func nextOccurrence(onOrAfter date: CalendarDate, feb29: Feb29Policy = .feb28) -> CalendarDate {
        let thisYear = occurrence(in: date.year, feb29: feb29)
        return thisYear >= date ? thisYear : occurrence(in: date.year + 1, feb29: feb29)
    }

    /// The day this date falls on in `year`.
    public func occurrence(in year: Int, feb29: Feb29Policy = .feb28) -> CalendarDate {
        if let date = CalendarDate(year: year, month: month, day: day) { return date }
        // 29 February in a common year.
        return feb29 == .feb28 ? CalendarDate(year: year, month: 2, day: 28)! : CalendarDate(year: year, month: 3, day: 1)!
    }

    /// The age reached on `occurrence`, when the year is known.
    public func age(on occurrence: CalendarDate) -> Int? {
        year.map { occurrence.year - $0 }
    }

    /// Whether this is 29 February.
    public var isLeapDay: Bool { month == 2 && day == 29 }

    package static func pad(_ value: Int, _ width: Int) -> String {
        // Months, days and years of four digits from a table (every date written pads them).
        if (0..<100).contains(value) && width == 2 { return twoDigits[value] }
        if (0..<10_000).contains(value) && width == 4 { return twoDigits[value / 100] + twoDigits[value % 100] }
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// `00` to `99`.
    private static let twoDigits: [String] = (0..<100).map { ($0 < 10 ? "0" : "") + String($0) }
}

/// When a 29 February birthday is kept in years without one.
public enum Feb29Policy: String, CaseIterable, Sendable {
    /// On 28 February, the last day of the month.
    case feb28
    /// On 1 March, the day after 28 February.
    case mar1
}
