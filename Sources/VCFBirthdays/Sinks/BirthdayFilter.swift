/// Which people the birthday formats show: those with a birthday (everyone with
/// `includesEveryone`) and, with `withinDays`, only those whose next birthday is at most that
/// many days away (0 = today).
public struct BirthdaySelection: Sendable {
    public var includesEveryone: Bool
    public var withinDays: Int?
    public var dates: DateContext

    public init(includesEveryone: Bool, withinDays: Int?, dates: DateContext) {
        self.includesEveryone = includesEveryone
        self.withinDays = withinDays
        self.dates = dates
    }

    public func includes(_ person: PersonInfo) -> Bool {
        if let withinDays {
            guard let birthday = person.birthday else { return false }
            return dates.upcoming(birthday).days <= withinDays
        }
        return includesEveryone || person.birthday != nil
    }
}

/// Passes on only the people a `BirthdaySelection` includes.
public final class BirthdayFilter: PeopleSink {
    private let selection: BirthdaySelection
    private let next: PeopleSink

    public init(_ selection: BirthdaySelection, next: PeopleSink) {
        self.selection = selection
        self.next = next
    }

    public func consume(_ person: PersonInfo) throws {
        if selection.includes(person) { try next.consume(person) }
    }

    public func finish() throws {
        try next.finish()
    }
}
