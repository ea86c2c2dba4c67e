import ContactsCore
import ContactFormats
import ContactsOutput

/// Writes diagnostics to standard error — as `PATH:LINE: severity: message`, or as JSON lines for
/// scripts — and the raw text of rejected records to the rejects file; counts warnings and
/// rejections for the summary; stops the run at the first rejection when strict.
final class DiagnosticsReporter: DiagnosticsHandler {
    struct StrictStop: Error {}

    private let standardError: TextOutput
    /// Where rejected records' raw text goes (`--rejects`), once that file is made.
    var rejects: TextOutput?
    private let strict: Bool
    private let asJSON: Bool
    /// Warnings and rejections are counted, not said (`-qq`).
    private let silent: Bool
    private(set) var warnings = 0
    /// Errors that did not reject a record (rules broken, with `--check`; files not read).
    private(set) var errors = 0
    private(set) var rejected = 0

    init(standardError: TextOutput, rejects: TextOutput? = nil, strict: Bool, asJSON: Bool, silent: Bool = false) {
        self.standardError = standardError
        self.silent = silent
        self.rejects = rejects
        self.strict = strict
        self.asJSON = asJSON
    }

    func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .warning { warnings += 1 } else { errors += 1 }
        if !(silent && diagnostic.severity == .warning) { emit(diagnostic) }
    }

    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws {
        if let diagnostic {
            rejected += 1
            if !silent { emit(diagnostic) }
        }
        if let rejects, !rawText.isEmpty {
            try rejects.write(bytes: rawText)
            if rawText.last != 0x0A && rawText.last != 0x0D { try rejects.write(byte: 0x0A) }
        }
        if strict { throw StrictStop() }
    }

    /// `N people, W warnings, R rejected` (with `withoutBirthday`: `N people, B without a birthday
    /// (--all lists them), …`; with `excludedByCard`: `E left out by their card (--include-excluded
    /// lists them)` after the people; with `--check`: `N records checked, E errors, W warnings,
    /// R rejected`; with a vdir's `files`, then `; N written, M unchanged, K removed`, and the
    /// stale items kept and the files not ours when there are any; with `--dry-run` what would be
    /// done, so said), or the same as a JSON object.
    func summarize(people: Int, checked: Bool = false, withoutBirthday: Int? = nil, excludedByCard: Int? = nil,
                   files: VDirCounts? = nil) {
        if asJSON {
            var counts = checked ? "\"checked\":\(people),\"errors\":\(errors)" : "\"people\":\(people)"
            if let withoutBirthday { counts += ",\"withoutBirthday\":\(withoutBirthday)" }
            if let excludedByCard { counts += ",\"excludedByCard\":\(excludedByCard)" }
            let vdir = files.map {
                ",\"written\":\($0.written),\"unchanged\":\($0.unchanged),\"removed\":\($0.removed),\"kept\":\($0.kept)"
                    + ",\"foreign\":\($0.foreign)" + ($0.dryRun ? ",\"dryRun\":true" : "")
            } ?? ""
            write("{\"summary\":{\(counts),\"warnings\":\(warnings),\"rejected\":\(rejected)\(vdir)}}")
        } else {
            var head = checked ? counted(people, "record", "records") + " checked, " + counted(errors, "error", "errors")
                               : counted(people, "person", "people")
            if let excludedByCard { head += ", \(excludedByCard) left out by their card (--include-excluded lists them)" }
            if let withoutBirthday { head += ", \(withoutBirthday) without a birthday (--all lists them)" }
            let vdir = files.map { counts in
                var text = "; \(counts.written) \(counts.dryRun ? "to write" : "written"), \(counts.unchanged) unchanged, "
                    + "\(counts.removed) \(counts.dryRun ? "to remove" : "removed")"
                if counts.kept > 0 { text += ", \(counts.kept) stale kept" }
                if counts.foreign > 0 { text += ", \(counts.foreign) not ours left alone" }
                return text + (counts.dryRun ? " (dry run: nothing changed)" : "")
            } ?? ""
            write(head + ", " + counted(warnings, "warning", "warnings") + ", \(rejected) rejected" + vdir)
        }
    }

    /// What a vdir run did to the folder's files.
    struct VDirCounts {
        var written = 0, unchanged = 0, removed = 0, kept = 0, foreign = 0
        var dryRun = false
    }

    private func emit(_ diagnostic: Diagnostic) {
        write(asJSON ? Self.json(diagnostic) : diagnostic.description)
    }

    private func write(_ line: String) {
        try? standardError.write(line + "\n")
        try? standardError.flush()
    }

    /// `{"severity":…,"code":…,"path":…,"line":…,"column":…,"message":…}`; line and column only when known.
    static func json(_ d: Diagnostic) -> String {
        var bytes: [UInt8] = []
        JSONText.appendString(d.path, to: &bytes)
        var out = "{\"severity\":\"\(d.severity.rawValue)\",\"code\":\"\(d.code.rawValue)\",\"path\":" + String(decoding: bytes, as: UTF8.self)
        if d.line > 0 { out += ",\"line\":\(d.line)" }
        if let column = d.column { out += ",\"column\":\(column)" }
        bytes.removeAll()
        JSONText.appendString(d.message, to: &bytes)
        return out + ",\"message\":" + String(decoding: bytes, as: UTF8.self) + "}"
    }
}
