import ContactsCore
import ContactFormats

/// Which people an output shows: those `filter` lets through, of them (for the birthday
/// formats) those with a birthday (everyone with `includesEveryone`) and, with `withinDays`,
/// only those whose next birthday is at most that many days away (0 = today) and who are alive
/// (unless `includesDeceased`).
public struct BirthdaySelection: Sendable {
    /// Keep people without a birthday too (`--all`).
    public var includesEveryone: Bool
    /// Only birthdays in the next this many days.
    public var withinDays: Int?
    /// Today, and where 29 February falls.
    public var dates: DateContext
    /// Categories and name (`--category`, `--exclude-category`, `--match`).
    public var filter: PeopleFilter
    /// With `withinDays`, keep people who died too (`--include-deceased`).
    public var includesDeceased = false
    /// Leave out people whose card asks to be left out of birthday calendars
    /// (`PersonInfo.excludedFromBirthdays`): the birthday formats, unless `--include-excluded`.
    public var honoursExclusions = false

    /// A selection.
    public init(includesEveryone: Bool, withinDays: Int?, dates: DateContext, filter: PeopleFilter = PeopleFilter()) {
        self.includesEveryone = includesEveryone
        self.withinDays = withinDays
        self.dates = dates
        self.filter = filter
    }

    /// Whether the person is kept.
    public func includes(_ person: PersonInfo) -> Bool {
        if honoursExclusions && person.excludedFromBirthdays { return false }
        if !filter.isEmpty && !filter.includes(person) { return false }
        if let withinDays {
            guard includesDeceased || person.deathDate == nil, let upcoming = dates.upcoming(of: person) else { return false }
            return upcoming.days <= withinDays
        }
        return includesEveryone || person.birthday != nil || person.calendarBirthday != nil
    }
}
