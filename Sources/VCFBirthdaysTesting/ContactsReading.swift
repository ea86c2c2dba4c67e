import VCFBirthdays

/// Reads bytes as the tool does: a fresh vCard or CSV parser (keeping raw text for rejects) fed
/// in two chunks cut at `split` (default: all in one), into a recording sink.
public func readContacts(_ bytes: [UInt8], csv: Bool, scope: DecodeScope = .full, split: Int? = nil,
                         maxRecordBytes: Int = 64 << 20) throws -> (people: [PersonInfo], diagnostics: RecordingDiagnostics) {
    try readContacts(bytes, format: csv ? .csv : .vcard, scope: scope, split: split, maxRecordBytes: maxRecordBytes)
}

/// The same for any input format.
public func readContacts(_ bytes: [UInt8], format: RunOptions.InputFormat, scope: DecodeScope = .full, split: Int? = nil,
                         maxRecordBytes: Int = 64 << 20) throws -> (people: [PersonInfo], diagnostics: RecordingDiagnostics) {
    let sink = SpySink()
    let diagnostics = RecordingDiagnostics()
    let parser: ContactsParser = switch format {
    case .csv: CSVParser(path: "in.csv", sink: sink, diagnostics: diagnostics,
                         options: CSVParser.Options(scope: scope, keepsRawText: true, maxRecordBytes: maxRecordBytes))
    case .vcard: VCardParser(path: "in.vcf", sink: sink, diagnostics: diagnostics,
                             options: VCardParser.Options(scope: scope, keepsRawText: true, maxRecordBytes: maxRecordBytes))
    case .ldif: LDIFParser(path: "in.ldif", sink: sink, diagnostics: diagnostics,
                           options: LDIFParser.Options(scope: scope, keepsRawText: true, maxRecordBytes: maxRecordBytes))
    case .jcard, .jscontact: JSONCardParser(format == .jcard ? .jCard : .jsContact, path: "in.json", sink: sink, diagnostics: diagnostics,
                                            options: VCardParser.Options(scope: scope, keepsRawText: true, maxRecordBytes: maxRecordBytes))
    }
    let cut = min(split ?? bytes.count, bytes.count)
    try parser.feed(Array(bytes[..<cut]))
    try parser.feed(Array(bytes[cut...]))
    try parser.finish()
    return (sink.people, diagnostics)
}

/// The whole run (`--to json --rejects`, bytes on standard input) with `threads` threads
/// reading parts of about `partBytes`: the exit status, standard output, standard error and
/// the rejects file, as one text (to compare a run on several threads with one on one thread).
public func convertOnThreads(_ bytes: [UInt8], threads: Int, partBytes: Int, maxRecordBytes: Int) -> String {
    var options = RunOptions()
    options.output.format = .json
    options.threads = threads
    options.partBytes = partBytes
    options.input.maxRecordBytes = maxRecordBytes
    options.diagnostics.rejects = "rejects"
    let files = InMemoryFileSystem()
    let stdout = MemoryOutput(), stderr = MemoryOutput()
    let environment = Environment(clock: FixedClock(CalendarDate(year: 2026, month: 11, day: 23)!), preferences: Preferences(),
                                  fileSystem: files, opener: StubOpener(), standardInput: MemorySource(bytes),
                                  standardOutput: stdout, standardError: stderr)
    let status = App.run(options, environment: environment)
    return "exit \(status)\n--- stdout\n\(stdout.text)--- stderr\n\(stderr.text)--- rejects\n\(files.contents(of: "rejects") ?? "-")"
}
