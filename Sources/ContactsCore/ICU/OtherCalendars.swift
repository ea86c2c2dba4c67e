/// The Gregorian days of dates of other calendars, as ICU's calendars count them.
public enum OtherCalendars {
    /// The Gregorian day of `date` in the calendar year `year` (its own year when nil): a day
    /// past the month's end is its last day, a leap month the year lacks is the month itself,
    /// Adar I in a Hebrew common year is Adar.
    public static func gregorian(_ date: OtherCalendarDate, year: Int? = nil) -> CalendarDate? {
        guard let year = year ?? date.year else { return nil }
        return ICU.days(calendar: date.calendar.rawValue, year: Int32(clamping: year), month: Int32(date.month),
                        leap: date.isLeapMonth, day: Int32(date.day)).map { CalendarDate(daysSinceEpoch: $0) }
    }

    /// The calendar's year on the Gregorian day `day`.
    public static func year(of day: CalendarDate, in calendar: CalendarSystem) -> Int? {
        ICU.year(calendar: calendar.rawValue, days: Int32(clamping: day.daysSinceEpoch))
    }

    /// The first Gregorian day on or after `today` on which `date` recurs, and the age then
    /// (the difference of the calendar's years, when the date has one); nil when ICU cannot say.
    public static func next(_ date: OtherCalendarDate, onOrAfter today: CalendarDate) -> Upcoming? {
        guard let thisYear = year(of: today, in: date.calendar) else { return nil }
        for year in (thisYear - 1)...(thisYear + 2) {
            guard let day = gregorian(date, year: year), day.daysSinceEpoch >= today.daysSinceEpoch else { continue }
            let age = date.year.map { year - $0 }
            if let age, age < 0 { continue }
            return Upcoming(date: day, days: today.days(until: day), age: age)
        }
        return nil
    }
}
