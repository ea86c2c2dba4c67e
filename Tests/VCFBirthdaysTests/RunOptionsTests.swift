import Testing
@testable import VCFBirthdays

/// Each option is declared once, in its part of `RunOptions`: what the command line gives is
/// what the library reads, and the defaults a library caller starts from are the parser's.
@Suite struct RunOptionsTests {
    /// `RunOptions()` is the empty command line: every field can be read, each the documented default.
    @Test func defaultsAreTheEmptyCommandLine() throws {
        let options = RunOptions()
        #expect(options.input.paths.isEmpty && options.input.format == nil && options.input.maxRecordBytes == 64 << 20)
        #expect(options.input.threads == nil && options.threads == 1 && !options.input.allowsPlainHTTP)
        #expect(options.selection.sortBufferBytes == 64 << 20 && options.selection.feb29 == .feb28 && options.selection.today == nil)
        #expect(options.output.format == .list && options.output.requestedFormat == nil && options.output.maxRemove == nil)
        #expect(options.calendar.reminders.isEmpty && options.calendar.years == nil)
        #expect(!options.diagnostics.quiet && !options.diagnostics.silent && !options.diagnostics.errorsAsJSON)
        #expect(options.optionWarnings.isEmpty)
    }

    /// A row per option kind: its words on the command line, and what its part then holds.
    @Test func eachOptionSetsItsField() throws {
        let input: [([String], (RunOptions.Input) -> Bool)] = [
            (["a.vcf", "-"], { $0.paths == ["a.vcf", "-"] }),
            (["--from", "ldif"], { $0.format == .ldif }),
            (["--delimiter", "semicolon"], { $0.delimiter == UInt8(ascii: ";") }),
            (["--delimiter", "tab"], { $0.delimiter == 9 }),
            (["--delimiter=|"], { $0.delimiter == UInt8(ascii: "|") }),
            (["--max-record-bytes", "512K"], { $0.maxRecordBytes == 512 << 10 }),
            (["--max-record-bytes", "2000G"], { $0.maxRecordBytes == 1 << 40 }),
            (["--region", "de"], { $0.region == "DE" }),
            (["--threads", "3"], { $0.threads == 3 }),
            (["--allow-http"], { $0.allowsPlainHTTP }),
        ]
        for (arguments, holds) in input { #expect(try holds(RunOptions.Input.parse(arguments)), "\(arguments)") }
        let selection: [([String], (RunOptions.Selection) -> Bool)] = [
            (["--within", "14"], { $0.withinDays == 14 }),
            (["--buffer-size", "100"], { $0.sortBufferBytes == 100 << 10 }),
            (["--buffer-size", "3b"], { $0.sortBufferBytes == 3 }),
            (["--locale", "sv_SE.UTF-8"], { $0.locale == "sv_SE" }),
            (["--locale", "C"], { $0.locale == "root" }),
            (["--today", "2026-02-28"], { $0.today == CalendarDate(iso: "2026-02-28") }),
            (["--category", "a", "--category", "b"], { $0.categories == ["a", "b"] }),
            (["--all", "--feb29", "mar1"], { $0.includesEveryone && $0.feb29 == .mar1 }),
        ]
        for (arguments, holds) in selection { #expect(try holds(RunOptions.Selection.parse(arguments)), "\(arguments)") }
        let output: [([String], (RunOptions.Output) -> Bool)] = [
            (["--to", "ICAL"], { $0.format == .ics && $0.requestedFormat == .ics }),
            (["-o", "x.ldif"], { $0.format == .ldif && $0.requestedFormat == nil }),
            (["-o", "x.ldif", "--dupes"], { $0.format == .list }),
            (["--for", "nextcloud"], { $0.format == .vcard4 && $0.importer?.name == "nextcloud" }),
            (["--for", "nextcloud", "--to", "vcard3"], { $0.format == .vcard3 }),
            (["--max-remove", "25%"], { $0.maxRemove == .percent(25) }),
            (["--no-bom"], { $0.byteOrderMark == false }),
            (["--bom"], { $0.byteOrderMark == true }),
            (["--open", "--force", "--no-formulas"], { $0.opensResult && $0.replacesPhotos && $0.guardsFormulas }),
        ]
        for (arguments, holds) in output { #expect(try holds(RunOptions.Output.parse(arguments)), "\(arguments)") }
        let calendar: [([String], (RunOptions.Calendar) -> Bool)] = [
            (["--remind", "7@09:00,0", "--remind", "7@09:00", "--remind", "3"], { $0.reminders.map(\.description) == ["7@09:00", "0", "3"] }),
            (["--title", "{name}", "--years", "5", "--rscale", "--anniversaries"],
             { $0.titleTemplate == "{name}" && $0.years == 5 && $0.recursInItsCalendar && $0.includesOtherDates }),
        ]
        for (arguments, holds) in calendar { #expect(try holds(RunOptions.Calendar.parse(arguments)), "\(arguments)") }
        let diagnostics: [([String], (RunOptions.Diagnostics) -> Bool)] = [
            (["-q"], { $0.quiet && !$0.silent }),
            (["-qq"], { $0.quiet && $0.silent }),
            (["-q", "--quiet"], { $0.silent }),
            (["--errors", "json", "--check", "--strict"], { $0.errorsAsJSON && $0.checksOnly && $0.strict }),
            (["--no-progress"], { $0.progress == false }),
        ]
        for (arguments, holds) in diagnostics { #expect(try holds(RunOptions.Diagnostics.parse(arguments)), "\(arguments)") }
    }

    /// A value its option does not take is refused when parsed, by its part alone.
    @Test(arguments: [["--delimiter", "ab"], ["--max-record-bytes", "1023"], ["--region", "ZZ"], ["--region", "DEU"], ["--threads", "0"],
                      ["--within", "-1"], ["--buffer-size", "101%"], ["--locale", "sv SE"], ["--today", "2026-13-01"],
                      ["--to", "pdf"], ["--for", "lotus"], ["--max-remove", "half"], ["--remind", "367"], ["--years", "101"],
                      ["--title", "{nmae}"], ["--errors", "xml"], ["--from", "pdf"]])
    func refusedValues(arguments: [String]) {
        let parts: [(([String]) throws -> Void)] = [
            { _ = try RunOptions.Input.parse($0) }, { _ = try RunOptions.Selection.parse($0) }, { _ = try RunOptions.Output.parse($0) },
            { _ = try RunOptions.Calendar.parse($0) }, { _ = try RunOptions.Diagnostics.parse($0) },
        ]
        // Exactly one part knows the option, and it refuses the value; the others do not know it.
        #expect(parts.filter { (try? $0(arguments)) != nil }.isEmpty, "\(arguments)")
    }

    /// A library caller sets the typed field; the command line's form of it follows.
    @Test func settingAFieldSetsItsOption() {
        var options = RunOptions()
        options.output.format = .ics
        #expect(options.output.requestedFormat == .ics)
        options.diagnostics.silent = true
        #expect(options.diagnostics.quietness == 2 && options.diagnostics.quiet)
        options.diagnostics.quiet = false
        #expect(options.diagnostics.quietness == 0 && !options.diagnostics.silent)
        options.diagnostics.errorsAsJSON = true
        #expect(options.diagnostics.form == .json)
        options.calendar.reminders = [Reminder(daysBefore: 1)!, Reminder(daysBefore: 1)!]
        #expect(options.calendar.reminders.count == 1)
        options.threads = 4
        #expect(options.input.threads == 4)
    }

    /// Options of different parts that cannot go together are refused by the run's options.
    @Test(arguments: [
        (["--check", "-o", "x"], "--check converts nothing"),
        (["--dupes", "--to", "json"], "--dupes writes its own report"),
        (["--merge", "--dupes"], "--merge writes the people merged"),
        (["--vdir", "d", "-o", "x"], "-o and --vdir cannot go together"),
        (["--vdir", "d"], "--vdir writes a file per event or card"),
        (["--vdir", "d", "--for", "google"], "--vdir writes a file per event or card"),
        (["--max-remove", "3"], "--max-remove goes with --vdir"),
        (["--dry-run"], "--dry-run goes with --vdir"),
    ])
    func partsAgainstEachOther(arguments: [String], says: String) throws {
        let options = RunOptions(input: try .parse([]), selection: try .parse([]), output: try .parse(arguments.filter { $0 != "--check" }),
                                 calendar: try .parse([]), diagnostics: try .parse(arguments.filter { $0 == "--check" }))
        #expect(throws: (any Error).self) { try options.validate() }
        #expect(RunOptions.Output.message(for: catchError { try options.validate() }).contains(says))
        var fine = options
        fine.output = try .parse(["--vdir", "d", "--for", "nextcloud"])
        fine.diagnostics = try .parse([])
        try fine.validate()
    }
}

private func catchError(_ body: () throws -> Void) -> any Error {
    do { try body() } catch { return error }
    return CancellationError()
}
