/// A person's next birthday as seen from a given day.
public struct Upcoming: Equatable, Sendable {
    /// The next day on or after today when the birthday recurs.
    public var date: CalendarDate
    /// Days from today until then (0 = today).
    public var days: Int
    /// The age reached then, when the birth year is known.
    public var age: Int?

    /// These values.
    public init(date: CalendarDate, days: Int, age: Int?) {
        (self.date, self.days, self.age) = (date, days, age)
    }

    /// The next occurrence of `birthday` on or after `today`.
    public init(birthday: PartialDate, today: CalendarDate, feb29: Feb29Policy = .feb28) {
        self.init(birthday: birthday, today: today, todayNumber: today.daysSinceEpoch, feb29: feb29)
    }

    /// As `init(birthday:today:feb29:)`, with today's `daysSinceEpoch` worked out already.
    init(birthday: PartialDate, today: CalendarDate, todayNumber: Int, feb29: Feb29Policy) {
        date = birthday.nextOccurrence(onOrAfter: today, feb29: feb29)
        days = date.daysSinceEpoch - todayNumber
        age = birthday.age(on: date)
    }
}
