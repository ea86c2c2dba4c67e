/// Dates, days from today and numbers of years in a language, as ICU's CLDR data words them:
/// `15. Apr. 1985`, `15. Apr.`, `morgen`, `in 3 Tagen`, `41 Jahre`. The Gregorian calendar
/// always. Any thread may ask (one at a time uses ICU's formatters; the words of days and years
/// are kept once made).
public final class LanguageWords: @unchecked Sendable {
    /// The locale asked for.
    public let locale: String
    private let withYear: ICU.DateFormat
    private let withoutYear: ICU.DateFormat
    private let lock = ThreadLock()
    private var days: [Int: String] = [:]
    private var years: [Int: String] = [:]

    /// The words of `locale`; nil when ICU has none for its language (it would use the root
    /// locale's) or cannot make them.
    public init?(locale: String) {
        var err: Int32 = 0
        guard let withYear = ICU.DateFormat(locale: locale, skeleton: "yMMMd", error: &err), withYear.hasLanguage,
              let withoutYear = ICU.DateFormat(locale: locale, skeleton: "MMMd", error: &err) else { return nil }
        self.locale = locale
        self.withYear = withYear
        self.withoutYear = withoutYear
    }

    /// The day and month, and the year when it has one: `15. Apr. 1985`, `15. Apr.`.
    public func date(_ date: PartialDate) -> String {
        guard let day = CalendarDate(year: date.year ?? 2000, month: date.month, day: date.day) else { return date.description }
        return lock.locked { (date.year == nil ? withoutYear : withYear).format(daysSinceEpoch: Int32(day.daysSinceEpoch)) }
            ?? date.description
    }

    /// A day `count` days from today: `heute`, `morgen`, `in 3 Tagen`.
    public func daysFromToday(_ count: Int) -> String {
        cached(count, in: \.days) { ICU.relativeDays(Int32(clamping: $0), locale: locale) } ?? "+\(count)"
    }

    /// A number of years with its plural: `41 Jahre`, `1 an`.
    public func years(_ count: Int) -> String {
        cached(count, in: \.years) { ICU.years(Int32(clamping: $0), locale: locale) } ?? "\(count)"
    }

    private func cached(_ count: Int, in table: ReferenceWritableKeyPath<LanguageWords, [Int: String]>,
                        _ make: (Int) -> String?) -> String? {
        lock.locked {
            if let known = self[keyPath: table][count] { return known }
            guard let words = make(count) else { return nil }
            self[keyPath: table][count] = words
            return words
        }
    }
}
