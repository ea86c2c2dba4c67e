/// The calendars other than the Gregorian that a birthday may be given in: ICU's, by its names.
public enum CalendarSystem: String, CaseIterable, Sendable, CustomStringConvertible {
    case chinese, dangi, hebrew, islamic, persian, indian, ethiopic, coptic, buddhist, japanese, roc
    case islamicCivil = "islamic-civil", islamicUmmAlQura = "islamic-umalqura", islamicTabular = "islamic-tbla"
    case ethiopicAmeteAlem = "ethiopic-amete-alem"

    /// ICU's name (`islamic-civil`).
    public var description: String { rawValue }
}

/// A date of a calendar other than the Gregorian, as that calendar counts (vCard 4.0
/// `BDAY;CALSCALE=chinese:--0815`, Apple's `X-ALTBDAY;CALSCALE=chinese:…`): the calendar, its
/// year (the calendar's extended year, as ICU counts it: Hebrew 5746, Chinese 4622 for 1985),
/// month (1-based, as ICU numbers the months: Hebrew 6 is Adar I, 7 Adar), whether it is a leap
/// month (Chinese, Dangi), and day. Its Gregorian days come from ICU (`OtherCalendars`). Held in
/// a few bytes: every person carries the field.
public struct OtherCalendarDate: Hashable, Sendable, CustomStringConvertible {
    public let calendar: CalendarSystem
    public let isLeapMonth: Bool
    private let month8: UInt8, day8: UInt8
    private let year32: Int32?

    /// The calendar's year, when known.
    public var year: Int? { year32.map(Int.init) }
    /// The month, 1-based.
    public var month: Int { Int(month8) }
    /// The day of the month.
    public var day: Int { Int(day8) }

    /// A date with these parts (a month from 1 to 13, a day from 1 to 31).
    public init(calendar: CalendarSystem, year: Int?, month: Int, isLeapMonth: Bool = false, day: Int) {
        self.calendar = calendar
        self.isLeapMonth = isLeapMonth
        month8 = UInt8(clamping: month)
        day8 = UInt8(clamping: day)
        year32 = year.map { Int32(clamping: $0) }
    }

    /// `MM-DD`, `L` after a leap month (`05L-15`).
    public var monthAndDay: String {
        PartialDate.pad(month, 2) + (isLeapMonth ? "L" : "") + "-" + PartialDate.pad(day, 2)
    }

    /// `YYYY-MM-DD` or `--MM-DD`, `L` after a leap month (`--05L-15`), as the calendar counts.
    public var description: String {
        (year.map { PartialDate.pad($0, 4) } ?? "-") + "-" + monthAndDay
    }

    /// The date in vCard 4.0's basic form (`46220815`, `--05L10`) or 3.0's extended one
    /// (`4622-08-15`, `--05L-10`).
    public func written(basic: Bool) -> String {
        let month = PartialDate.pad(self.month, 2) + (isLeapMonth ? "L" : ""), day = PartialDate.pad(self.day, 2)
        guard let year else { return "--" + month + (basic ? "" : "-") + day }
        return basic ? PartialDate.pad(year, 4) + month + day : PartialDate.pad(year, 4) + "-" + month + "-" + day
    }

    /// Reads the date forms of a `CALSCALE` date in the calendar named `calendar` (nil for one
    /// that is none of `CalendarSystem`): `YYYYMMDD`, `YYYY-MM-DD`, `--MMDD`, `--MM-DD`, with `L`
    /// after a leap month (`--05L15`, RFC 7529's mark of a leap month), and Apple's Chinese
    /// `CCCCYYYYMMDD` (the 60-year cycle, the year in it, month, day); nil for anything else.
    public init?(calendar name: String, text: String) {
        guard let calendar = CalendarSystem(rawValue: name.lowercased()) else { return nil }
        var bytes = Array(text.utf8.filter { $0 != UInt8(ascii: "-") })
        let yearless = text.hasPrefix("--")
        var leap = false
        if let l = bytes.firstIndex(where: { $0 == UInt8(ascii: "L") || $0 == UInt8(ascii: "l") }) {
            leap = true
            bytes.remove(at: l)
        }
        guard bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let digits = bytes.map { Int($0 - 0x30) }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        let year: Int?, month: Int, day: Int
        switch (digits.count, yearless) {
        case (4, true): (year, month, day) = (nil, number(0..<2), number(2..<4))
        case (8, false): (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
        case (12, false) where calendar == .chinese || calendar == .dangi:
            let (cycle, inCycle) = (number(0..<4), number(4..<8))
            guard cycle >= 1, (1...60).contains(inCycle) else { return nil }
            (year, month, day) = ((cycle - 1) * 60 + inCycle, number(8..<10), number(10..<12))
        default: return nil
        }
        guard (1...13).contains(month), (1...31).contains(day) else { return nil }
        self.init(calendar: calendar, year: year, month: month, isLeapMonth: leap, day: day)
    }
}
