/// What a reader did: people converted, warnings given, records rejected.
public struct ReadStatistics: Equatable, Sendable {
    /// People converted.
    public var people = 0
    /// Warnings given.
    public var warnings = 0
    /// Records rejected.
    public var rejected = 0

    /// Nothing read yet.
    public init() {}

    /// Adds what `b` read to `a`.
    public static func += (a: inout ReadStatistics, b: ReadStatistics) {
        a.people += b.people
        a.warnings += b.warnings
        a.rejected += b.rejected
    }
}
