import ContactsCore
import ContactFormats
import ContactsTesting

/// Parses vCard bytes fed `chunkSize` bytes at a time; returns the people, warnings and rejections.
public func parse(_ bytes: [UInt8], chunkSize: Int = .max, path: String = "test.vcf", scope: DecodeScope = .full)
    throws -> (people: [PersonInfo], diagnostics: RecordingDiagnostics) {
    let sink = SpySink()
    let diagnostics = RecordingDiagnostics()
    let parser = VCardParser(path: path, sink: sink, diagnostics: diagnostics,
                             options: VCardParser.Options(scope: scope, keepsRawText: true))
    try feed(parser, bytes, chunkSize: chunkSize)
    return (sink.people, diagnostics)
}

/// Parses vCard text at once or `chunkSize` bytes at a time.
public func parse(_ text: String, chunkSize: Int = .max) throws -> (people: [PersonInfo], diagnostics: RecordingDiagnostics) {
    try parse(Array(text.utf8), chunkSize: chunkSize)
}
