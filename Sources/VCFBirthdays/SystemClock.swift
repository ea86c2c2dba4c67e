import ContactsCore
import ContactFormats
import ContactsOutput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Today in the local time zone, from the system clock.
public struct SystemClock: Clock {
    /// The system's clock.
    public init() {}

    public func today() -> CalendarDate {
        let (year, month, day) = System.localDate()
        return CalendarDate(year: year, month: month, day: day)!
    }
}

/// Seconds from a fixed start, for measuring how long work takes (never goes back).
public protocol Stopwatch {
    /// Seconds since a fixed moment, never going back.
    func seconds() -> Double
}

/// The system's monotonic clock.
public struct MonotonicStopwatch: Stopwatch {
    /// A stopwatch started now.
    public init() {}

    public func seconds() -> Double {
        System.monotonicSeconds()
    }
}
