/// Writes diagnostics to standard error as `PATH:LINE: severity: message` and the raw text of
/// rejected records to the rejects file; stops the run at the first rejection when strict.
final class DiagnosticsReporter: DiagnosticsHandler {
    struct StrictStop: Error {}

    private let standardError: TextOutput
    private let rejects: TextOutput?
    private let strict: Bool

    init(standardError: TextOutput, rejects: TextOutput?, strict: Bool) {
        self.standardError = standardError
        self.rejects = rejects
        self.strict = strict
    }

    func report(_ diagnostic: Diagnostic) {
        try? standardError.write(diagnostic.description + "\n")
        try? standardError.flush()
    }

    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws {
        if let diagnostic { report(diagnostic) }
        if let rejects, !rawText.isEmpty {
            try rejects.write(bytes: rawText)
            if rawText.last != 0x0A && rawText.last != 0x0D { try rejects.write(byte: 0x0A) }
        }
        if strict { throw StrictStop() }
    }
}
