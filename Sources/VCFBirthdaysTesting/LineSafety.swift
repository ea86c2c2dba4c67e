import VCFBirthdays

/// Checks `LineText`'s rule on every line-oriented output: the whole run on `bytes` (standard
/// input) as the birthday list, TSV, the mail query and the duplicates report, everyone listed.
/// Each line of standard output has its format's fields (TSV 12, the mail query 3 after its
/// message, the report 4), the list a line per TSV line, and no line of standard output or
/// standard error holds an unsafe character but the tabs between fields. Returns what breaks the rule.
public func lineSafetyViolations(_ bytes: [UInt8], maxRecordBytes: Int = 1 << 20) -> [String] {
    func run(_ adjust: (inout RunOptions) -> Void) -> (stdout: [Substring], stderr: [Substring]) {
        var options = RunOptions()
        options.selection.includesEveryone = true
        options.selection.today = CalendarDate(year: 2026, month: 11, day: 22)
        options.selection.locale = "en"
        options.input.maxRecordBytes = maxRecordBytes
        options.input.region = "DE"
        adjust(&options)
        let stdout = MemoryOutput(), stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(CalendarDate(year: 2026, month: 11, day: 22)!), preferences: Preferences(),
                                      fileSystem: InMemoryFileSystem(), opener: StubOpener(), standardInput: MemorySource(bytes),
                                      standardOutput: stdout, standardError: stderr)
        _ = App.run(options, environment: environment)
        return (stdout.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 },
                stderr.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 })
    }
    var violations: [String] = []
    func check(_ name: String, _ lines: [Substring], fields: Int?, allowsTabs: Bool) {
        for (number, line) in lines.enumerated() {
            if let fields, line.split(separator: "\t", omittingEmptySubsequences: false).count != fields {
                violations.append("\(name) line \(number + 1) has not \(fields) fields: \(line.debugDescription)")
            }
            if line.unicodeScalars.contains(where: { LineText.isForbidden($0) && !(allowsTabs && $0 == "\t") }) {
                violations.append("\(name) line \(number + 1) holds an unsafe character: \(line.debugDescription)")
            }
        }
    }
    let tsv = run { $0.output.format = .tsv }
    check("tsv", tsv.stdout, fields: 12, allowsTabs: true)
    check("stderr", tsv.stderr, fields: nil, allowsTabs: false)
    let list = run { $0.output.format = .list }
    check("list", list.stdout, fields: nil, allowsTabs: false)
    if list.stdout.count != tsv.stdout.count {
        violations.append("the list has \(list.stdout.count) lines for \(tsv.stdout.count) people")
    }
    let mutt = run { $0.output.format = .mutt }
    check("mutt", Array(mutt.stdout.dropFirst()), fields: 3, allowsTabs: true)
    check("mutt", Array(mutt.stdout.prefix(1)), fields: nil, allowsTabs: false)
    let report = run { $0.output.reportsDuplicates = true }
    check("--dupes", report.stdout, fields: 4, allowsTabs: true)
    check("stderr of --dupes", report.stderr, fields: nil, allowsTabs: false)
    return violations
}
