/// What a reader did: people converted, warnings given, records rejected.
public struct ReadStatistics: Equatable, Sendable {
    /// People converted.
    public var people = 0
    /// Warnings given.
    public var warnings = 0
    /// Records rejected.
    public var rejected = 0
    /// People whose card asks to be left out of birthday calendars (replayed: of those a
    /// preparer made, only the ones its selection left out).
    public var excludedFromBirthdays = 0

    /// Nothing read yet.
    public init() {}

    /// Counts a person converted, and whether their card asks to be left out of birthday calendars.
    public mutating func count(_ person: PersonInfo) {
        people += 1
        if person.excludedFromBirthdays { excludedFromBirthdays += 1 }
    }

    /// Adds what `b` read to `a`.
    public static func += (a: inout ReadStatistics, b: ReadStatistics) {
        a.people += b.people
        a.warnings += b.warnings
        a.rejected += b.rejected
        a.excludedFromBirthdays += b.excludedFromBirthdays
    }
}
