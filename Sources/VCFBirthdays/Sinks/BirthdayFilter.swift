/// Passes on only people with a birthday (unless `includesEveryone`) and, with `withinDays`,
/// only those whose next birthday is at most that many days away (0 = today).
public final class BirthdayFilter: PeopleSink {
    private let includesEveryone: Bool
    private let withinDays: Int?
    private let dates: DateContext
    private let next: PeopleSink

    public init(includesEveryone: Bool, withinDays: Int?, dates: DateContext, next: PeopleSink) {
        self.includesEveryone = includesEveryone
        self.withinDays = withinDays
        self.dates = dates
        self.next = next
    }

    public func consume(_ person: PersonInfo) throws {
        if let withinDays {
            guard let birthday = person.birthday,
                  dates.upcoming(birthday).days <= withinDays else { return }
        } else if person.birthday == nil && !includesEveryone {
            return
        }
        try next.consume(person)
    }

    public func finish() throws {
        try next.finish()
    }
}
