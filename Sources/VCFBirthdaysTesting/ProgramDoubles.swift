import VCFBirthdays

/// A stopwatch that moves on by `step` seconds each time it is read.
public final class SteppingStopwatch: Stopwatch {
    private let step: Double
    private var now = 0.0

    public init(step: Double) { self.step = step }

    public func seconds() -> Double {
        now += step
        return now
    }
}

/// A clock stopped at one day.
public struct FixedClock: Clock {
    public let day: CalendarDate

    public init(_ day: CalendarDate) { self.day = day }

    public func today() -> CalendarDate { day }
}
