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
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
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
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
