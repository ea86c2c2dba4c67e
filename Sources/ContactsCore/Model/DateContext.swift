/// Today and the 29 February policy: what every "next birthday" is reckoned from.
public struct DateContext: Sendable {
    /// The day taken as today.
    public var today: CalendarDate { didSet { todayNumber = today.daysSinceEpoch } }
    /// Where 29 February falls in common years.
    public var feb29: Feb29Policy
    /// `today.daysSinceEpoch`, worked out once, not for every person.
    private var todayNumber: Int

    /// The context for this day.
    public init(today: CalendarDate, feb29: Feb29Policy = .feb28) {
        self.today = today
        self.feb29 = feb29
        todayNumber = today.daysSinceEpoch
    }

    /// When `birthday` comes next.
    public func upcoming(_ birthday: PartialDate) -> Upcoming {
        Upcoming(birthday: birthday, today: today, todayNumber: todayNumber, feb29: feb29)
    }

    /// When the person's birthday comes next: the Gregorian one, else the one of another
    /// calendar (`PersonInfo.calendarBirthday`, as ICU converts it); nil when there is none.
    public func upcoming(of person: PersonInfo) -> Upcoming? {
        if let birthday = person.birthday { return upcoming(birthday) }
        return person.calendarBirthday.flatMap { OtherCalendars.next($0, onOrAfter: today) }
    }
}
