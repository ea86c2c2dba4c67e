/// Tab-separated lines for scripts, no header. Columns:
/// 1 birthday (`YYYY-MM-DD` or `--MM-DD`), 2 next occurrence, 3 age then, 4 display name,
/// 5 family name, 6 given name, 7 additional names, 8 honorific prefixes, 9 honorific suffixes,
/// 10 nickname, 11 days until the next birthday, 12 UID. Empty where unknown. In values a
/// backslash, tab, newline and carriage return are written `\\`, `\t`, `\n`, `\r`.
public struct TSVFormat: PersonFormat {
    private let dates: DateContext

    public init(dates: DateContext) {
        self.dates = dates
    }

    public func append(_ person: PersonInfo, to line: inout [UInt8]) {
        let upcoming = person.birthday.map { dates.upcoming($0) }
        func field(_ value: String, last: Bool = false) {
            TSVFormat.appendEscaped(value, to: &line)
            line.append(last ? 0x0A : 0x09)
        }
        func list(_ values: [String], _ separator: String) {
            for (i, value) in values.enumerated() {
                if i > 0 { line.append(contentsOf: separator.utf8) }
                TSVFormat.appendEscaped(value, to: &line)
            }
            line.append(0x09)
        }
        person.birthday?.appendISO(to: &line)
        line.append(0x09)
        upcoming?.date.appendISO(to: &line)
        line.append(0x09)
        if let age = upcoming?.age { line.appendDecimal(age) }
        line.append(0x09)
        field(person.displayName)
        list(person.familyNames, " ")
        list(person.givenNames, " ")
        list(person.additionalNames, " ")
        list(person.honorificPrefixes, " ")
        list(person.honorificSuffixes, " ")
        list(person.nicknames, ", ")
        if let days = upcoming?.days { line.appendDecimal(days) }
        line.append(0x09)
        field(person.uid ?? "", last: true)
    }

    static func appendEscaped(_ value: String, to line: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            for i in 0..<bytes.count {
                let escaped: UInt8
                switch bytes[i] {
                case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
                case 0x09: escaped = UInt8(ascii: "t")
                case 0x0A: escaped = UInt8(ascii: "n")
                case 0x0D: escaped = UInt8(ascii: "r")
                default: continue
                }
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                line.append(UInt8(ascii: "\\"))
                line.append(escaped)
                start = i + 1
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }
}
