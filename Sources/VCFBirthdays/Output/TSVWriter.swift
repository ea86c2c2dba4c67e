/// Tab-separated lines for scripts, no header. Columns:
/// 1 birthday (`YYYY-MM-DD` or `--MM-DD`), 2 next occurrence, 3 age then, 4 display name,
/// 5 family name, 6 given name, 7 additional names, 8 honorific prefixes, 9 honorific suffixes,
/// 10 nickname, 11 days until the next birthday, 12 UID. Empty where unknown. In values a
/// backslash, tab, newline and carriage return are written `\\`, `\t`, `\n`, `\r`.
public final class TSVWriter: PeopleSink {
    private let output: TextOutput
    private let dates: DateContext
    private var line: [UInt8] = []

    public init(output: TextOutput, dates: DateContext) {
        self.output = output
        self.dates = dates
    }

    public func consume(_ person: PersonInfo) throws {
        line.removeAll(keepingCapacity: true)
        let upcoming = person.birthday.map { dates.upcoming($0) }
        let fields: [String] = [
            person.birthday?.description ?? "",
            upcoming?.date.description ?? "",
            upcoming?.age.map(String.init) ?? "",
            person.displayName,
            person.familyName,
            person.givenName,
            person.additionalNames.joined(separator: " "),
            person.honorificPrefixes.joined(separator: " "),
            person.honorificSuffixes.joined(separator: " "),
            person.nicknames.joined(separator: ", "),
            upcoming.map { String($0.days) } ?? "",
            person.uid ?? "",
        ]
        for (i, field) in fields.enumerated() {
            if i > 0 { line.append(0x09) }
            TSVWriter.appendEscaped(field, to: &line)
        }
        line.append(0x0A)
        try output.write(bytes: line)
    }

    public func finish() throws {
        try output.flush()
    }

    static func appendEscaped(_ value: String, to line: inout [UInt8]) {
        for b in value.utf8 {
            switch b {
            case UInt8(ascii: "\\"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x09: line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            default: line.append(b)
            }
        }
    }
}
