// Numbers and dates written as (and read back from) ASCII digits in byte buffers, without strings.

extension Array where Element == UInt8 {
    /// Appends `value` in decimal ASCII digits, zero-padded to at least `width` digits (a minus
    /// sign first when negative), without making a string.
    package mutating func appendDecimal(_ value: Int, width: Int = 1) {
        if value >= 0 && value < 10_000 && width <= 4 {
            // The usual number (a day, a month, a year, an age): a byte at a time, which costs
            // less than the digits' one append.
            let digits = value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : 4
            for _ in digits..<Swift.max(width, digits) { append(UInt8(ascii: "0")) }
            var divisor = digits == 1 ? 1 : digits == 2 ? 10 : digits == 3 ? 100 : 1000
            while divisor > 0 {
                append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
            return
        }
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = InlineArray<20, UInt8>(repeating: 0)  // an Int has at most 20 digits
        // From the end backwards, so that the digits lie in order.
        var start = digits.count
        repeat {
            start -= 1
            digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        let count = digits.count - start
        if width > count { append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count)) }
        for i in start..<digits.count { append(digits[i]) }
    }
}

extension PartialDate {
    /// Reads back what `appendISO` writes (nil for anything else, such as no bytes).
    package init?(iso bytes: Span<UInt8>) {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for i in range {
                guard bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            }
            return value
        }
        let yearless = bytes.count == 7 && bytes[0] == UInt8(ascii: "-")
        guard bytes.count == 10 || yearless else { return nil }
        let offset = yearless ? 2 : 5
        guard let month = number(offset..<(offset + 2)), let day = number((offset + 3)..<(offset + 5)) else { return nil }
        self.init(year: yearless ? nil : number(0..<4), month: month, day: day)
    }

    /// Appends `YYYY-MM-DD`, or `--MM-DD` when the year is unknown (the `description`).
    package func appendISO(to bytes: inout [UInt8]) {
        if let year { bytes.appendDecimal(year, width: 4) } else { bytes.append(UInt8(ascii: "-")) }
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(day, width: 2)
    }
}

extension CalendarDate {
    /// Appends `YYYY-MM-DD` (the `description`).
    package func appendISO(to bytes: inout [UInt8]) {
        bytes.appendDecimal(year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        bytes.appendDecimal(day, width: 2)
    }
}
