import ContactsCore

/// `--dupes`: one line per person in a group of duplicates,
/// `GROUP TAB REASON TAB NAME TAB PATH:LINE`, groups numbered in the order of their first
/// member, conflicts among them (`DuplicateFinder`); and a summary line.
public final class DuplicateReport: PeopleSink {
    private let output: TextOutput
    private let summary: ((String) -> Void)?
    private var finder: DuplicateFinder
    /// Each person's name and position, as the report shows them.
    private var shown: [(name: String, source: SourcePosition)] = []

    /// A report written to `output`; `summary` gets the line that counts the groups (none when
    /// nil); national phone numbers are numbers of `region`.
    public init(output: TextOutput, region: String?, summary: ((String) -> Void)?) {
        self.output = output
        self.summary = summary
        finder = DuplicateFinder(region: region)
    }

    public func consume(_ person: PersonInfo) throws {
        finder.add(person)
        shown.append((person.displayName, person.source))
    }

    public func finish() throws {
        let groups = finder.groups()
        var people = 0, conflicts = 0
        for (number, group) in groups.enumerated() {
            if group[0].reason == .conflict { conflicts += 1 } else { people += group.count }
            for member in group {
                let (name, source) = shown[member.index]
                try output.write("\(number + 1)\t\(member.reason.rawValue)\t\(Self.field(name))\t\(Self.field(source.path)):\(source.line)\n")
            }
        }
        let found = groups.count - conflicts
        summary?("\(found) group\(found == 1 ? "" : "s") of duplicates (\(people) \(people == 1 ? "person" : "people")), "
                 + "\(conflicts) conflict\(conflicts == 1 ? "" : "s")")
    }

    /// A value on one line of the report: tabs and line breaks as spaces, other control
    /// characters as `\xHH`.
    private static func field(_ text: String) -> String {
        Diagnostic.safeText(String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }), limit: 200)
    }
}
