/// The birthday list for people: date, name, and the age being reached; with `showsDaysUntil`
/// also how soon. Columns are aligned by terminal width (CJK characters take two columns), so
/// the list is written on `finish()`.
///
///     15 Apr 1985  Anna Müller     turns 41  in 3 days
///     16 Apr       田中 太郎                  in 4 days
public final class ListWriter: PeopleSink {
    private struct Row {
        var date: String
        var name: String
        var nameWidth: Int
        var age: String
        var when: String
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Longer names are not padded further, so one long name does not push every line.
    private static let maximumNameWidth = 40

    private let output: TextOutput
    private let dates: DateContext
    private let showsDaysUntil: Bool
    private var rows: [Row] = []

    public init(output: TextOutput, dates: DateContext, showsDaysUntil: Bool) {
        self.output = output
        self.dates = dates
        self.showsDaysUntil = showsDaysUntil
    }

    public func consume(_ person: PersonInfo) throws {
        let shown = person.displayName
        let name = shown.isEmpty ? "(no name)" : ListWriter.printable(shown)
        var row = Row(date: "", name: name, nameWidth: displayWidth(name), age: "", when: "")
        if let birthday = person.birthday {
            let upcoming = dates.upcoming(birthday)
            row.date = (birthday.day < 10 ? " " : "") + "\(birthday.day) \(ListWriter.months[birthday.month - 1])"
                + (birthday.year.map { " " + PartialDate.pad($0, 4) } ?? "")
            row.age = upcoming.age.map { "turns \($0)" } ?? ""
            if showsDaysUntil {
                row.when = upcoming.days == 0 ? "today" : upcoming.days == 1 ? "tomorrow" : "in \(upcoming.days) days"
            }
        }
        rows.append(row)
    }

    public func finish() throws {
        let dateWidth = rows.map(\.date.count).max() ?? 0
        let nameWidth = min(rows.map(\.nameWidth).max() ?? 0, ListWriter.maximumNameWidth)
        let ageWidth = rows.map(\.age.count).max() ?? 0
        for row in rows {
            var line = row.date.padding(to: dateWidth) + "  " + row.name
            let tail = [row.age.padding(to: row.when.isEmpty ? 0 : ageWidth), row.when].filter { !$0.isEmpty }
            if !tail.isEmpty {
                line += String(repeating: " ", count: max(0, nameWidth - row.nameWidth)) + "  " + tail.joined(separator: "  ")
            }
            try output.write(line.trimmingTrailingSpaces() + "\n")
        }
        rows.removeAll()
        try output.flush()
    }

    /// Control characters (newlines, tabs) shown as spaces, so one person stays on one line.
    static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        return String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }
}

extension String {
    /// Pads with spaces to `width` characters (ASCII text).
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
