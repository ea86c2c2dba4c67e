internal import VCICU

/// Dates, days from today and numbers of years in a language, as ICU's CLDR data words them:
/// `15. Apr. 1985`, `15. Apr.`, `morgen`, `in 3 Tagen`, `41 Jahre`. The Gregorian calendar
/// always. Any thread may ask (one at a time uses ICU's formatters; the words of days and years
/// are kept once made).
public final class LanguageWords: @unchecked Sendable {
    /// The locale asked for.
    public let locale: String
    private let withYear: OpaquePointer
    private let withoutYear: OpaquePointer
    private let lock = ThreadLock()
    private var days: [Int: String] = [:]
    private var years: [Int: String] = [:]

    /// The words of `locale`; nil when ICU has none for its language (it would use the root
    /// locale's) or cannot make them.
    public init?(locale: String) {
        var err: Int32 = 0
        guard let withYear = vc_datefmt_open(locale, "yMMMd", &err) else { return nil }
        guard vc_datefmt_has_language(withYear) != 0, let withoutYear = vc_datefmt_open(locale, "MMMd", &err) else {
            vc_datefmt_close(withYear)
            return nil
        }
        self.locale = locale
        self.withYear = withYear
        self.withoutYear = withoutYear
    }

    deinit {
        vc_datefmt_close(withYear)
        vc_datefmt_close(withoutYear)
    }

    /// The day and month, and the year when it has one: `15. Apr. 1985`, `15. Apr.`.
    public func date(_ date: PartialDate) -> String {
        guard let day = CalendarDate(year: date.year ?? 2000, month: date.month, day: date.day) else { return date.description }
        var out = [UInt8](repeating: 0, count: 256)
        let n = lock.locked { vc_datefmt_format(date.year == nil ? withoutYear : withYear, Int32(day.daysSinceEpoch), &out, 256) }
        return n > 0 && n <= 256 ? String(decoding: out[..<Int(n)], as: UTF8.self) : date.description
    }

    /// A day `count` days from today: `heute`, `morgen`, `in 3 Tagen`.
    public func daysFromToday(_ count: Int) -> String {
        cached(count, in: \.days) { vc_relative_days(locale, Int32(clamping: $0), &$1, 256) } ?? "+\(count)"
    }

    /// A number of years with its plural: `41 Jahre`, `1 an`.
    public func years(_ count: Int) -> String {
        cached(count, in: \.years) { vc_years(locale, Int32(clamping: $0), &$1, 256) } ?? "\(count)"
    }

    private func cached(_ count: Int, in table: ReferenceWritableKeyPath<LanguageWords, [Int: String]>,
                        _ make: (Int, inout [UInt8]) -> Int32) -> String? {
        lock.locked {
            if let known = self[keyPath: table][count] { return known }
            var out = [UInt8](repeating: 0, count: 256)
            let n = make(count, &out)
            guard n > 0 else { return nil }
            let words = String(decoding: out[..<Int(n)], as: UTF8.self)
            self[keyPath: table][count] = words
            return words
        }
    }
}
