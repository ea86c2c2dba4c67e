import VCFBirthdays

/// Reads bytes as the tool does: a fresh vCard or CSV parser (keeping raw text for rejects) fed
/// in two chunks cut at `split` (default: all in one), into a recording sink.
public func readContacts(_ bytes: [UInt8], csv: Bool, scope: DecodeScope = .full, split: Int? = nil,
                         maxRecordBytes: Int = 64 << 20) throws -> (people: [PersonInfo], diagnostics: RecordingDiagnostics) {
    let sink = SpySink()
    let diagnostics = RecordingDiagnostics()
    let parser: ContactsParser = csv
        ? CSVParser(path: "in.csv", sink: sink, diagnostics: diagnostics,
                    options: CSVParser.Options(scope: scope, keepsRawText: true, maxRecordBytes: maxRecordBytes))
        : VCardParser(path: "in.vcf", sink: sink, diagnostics: diagnostics,
                      options: VCardParser.Options(scope: scope, keepsRawText: true, maxRecordBytes: maxRecordBytes))
    let cut = min(split ?? bytes.count, bytes.count)
    try parser.feed(Array(bytes[..<cut]))
    try parser.feed(Array(bytes[cut...]))
    try parser.finish()
    return (sink.people, diagnostics)
}
