/// Dates between vCard 4.0 and JSContact (RFC 9555 §2.2.2): a UTC timestamp (`19531015T231000Z`)
/// is a UTCDateTime (`1953-10-15T23:10:00Z`); a date with a year, a year and month, or a month
/// and day is a PartialDate; anything else (a local time, `--04`, `---12`, text) is none.
enum JSContactDates {
    /// The UTCDateTime of a vCard timestamp in UTC; nil for anything else.
    static func utc(_ value: String) -> String? {
        let shape = String(decoding: value.utf8.map { isDigit($0) ? UInt8(ascii: "9") : $0 }, as: UTF8.self)
        guard shape == "99999999T999999Z" else { return nil }
        return JCardDates.extended(value, type: "timestamp")
    }

    /// vCard's timestamp of a UTCDateTime (`1953-10-15T23:10:00Z`); nil when it is none.
    static func basicUTC(_ value: String) -> String? {
        let shape = String(decoding: value.utf8.map { isDigit($0) ? UInt8(ascii: "9") : $0 }, as: UTF8.self)
        guard shape == "9999-99-99T99:99:99Z" else { return nil }
        return JCardDates.basic(value, type: "timestamp")
    }

    /// The PartialDate members of a vCard date (`19850412`, `1985`, `1985-04`, `--0412`); nil for any other value.
    static func partialDate(_ value: String) -> [(key: String, value: JSONValue)]? {
        let bytes = Array(value.utf8)
        let shape = String(decoding: bytes.map { isDigit($0) ? UInt8(ascii: "9") : $0 }, as: UTF8.self)
        func number(_ range: Range<Int>) -> JSONValue {
            .integer(bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
        }
        guard let members = members(shape, number), vCardDate(.object(members)) != nil else { return nil }
        return members
    }

    private static func members(_ shape: String, _ number: (Range<Int>) -> JSONValue) -> [(key: String, value: JSONValue)]? {
        switch shape {
        case "99999999": return [("year", number(0..<4)), ("month", number(4..<6)), ("day", number(6..<8))]
        case "9999": return [("year", number(0..<4))]
        case "9999-99": return [("year", number(0..<4)), ("month", number(5..<7))]
        case "--9999": return [("month", number(2..<4)), ("day", number(4..<6))]
        default: return nil
        }
    }

    /// The vCard date of a PartialDate: a year, a year and month, a month and day, or all three;
    /// nil for any other (a day without its month, numbers out of range).
    static func vCardDate(_ date: JSONValue) -> String? {
        let year = date["year"]?.integer, month = date["month"]?.integer, day = date["day"]?.integer
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        if let year, !(1...9999).contains(year) { return nil }
        if let month, !(1...12).contains(month) { return nil }
        if let day, !(1...31).contains(day) { return nil }
        switch (year, month, day) {
        case let (y?, m?, d?): return pad(y, 4) + pad(m, 2) + pad(d, 2)
        case let (y?, m?, nil): return pad(y, 4) + "-" + pad(m, 2)
        case let (y?, nil, nil): return pad(y, 4)
        case let (nil, m?, d?): return "--" + pad(m, 2) + pad(d, 2)
        default: return nil
        }
    }
}
