/// A problem found in the input, with its position.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    /// A warning keeps the record; an error rejects it (or, with `--check`, breaks a rule).
    public enum Severity: String, Sendable {
        /// The record is still converted.
        case warning
        /// The record is rejected (or, with `--check`, a rule is broken).
        case error
    }

    /// How grave it is.
    public var severity: Severity
    /// What it is about, for scripts (`--errors json`).
    public var code: Code
    /// The input, as named to the user.
    public var path: String
    /// The line where the record or property starts; 0 for the input as a whole.
    public var line: Int
    /// The 1-based byte column, where known.
    public var column: Int?
    /// What is wrong (control characters escaped).
    public var message: String

    /// The path and message are made safe to print (`safeText`): a crafted file cannot
    /// retitle, clear or scroll the user's terminal, nor flood it.
    public init(_ severity: Severity, _ code: Code, path: String, line: Int, column: Int? = nil, _ message: String) {
        self.severity = severity
        self.code = code
        self.path = Self.safeText(path, limit: 4096)
        self.line = line
        self.column = column
        self.message = Self.safeText(message, limit: Self.messageLimit)
    }

    /// The most bytes of a message that are shown; the rest is cut, and said so.
    public static let messageLimit = 512

    /// Control characters (C0, DEL, C1) as `\xHH`, bidirectional controls and the line and
    /// paragraph separators as `\u{HHHH}` (`LineText`), so that text from the input cannot drive
    /// a terminal nor break a line; cut after `limit` bytes.
    public static func safeText(_ text: String, limit: Int) -> String {
        let bytes = text.utf8
        // Every character to escape starts with a byte below 0x20, 0x7F, or 0xC2, 0xD8 or 0xE2 in UTF-8.
        guard bytes.count > limit || LineText.mayHoldForbidden(text) else { return text }
        var out = ""
        var size = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let piece: String
            if v < 0x20 || (v >= 0x7F && v <= 0x9F) {
                let hex = String(v, radix: 16, uppercase: true)
                piece = (hex.count < 2 ? "\\x0" : "\\x") + hex
            } else if LineText.isForbidden(scalar) {
                piece = "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                piece = String(scalar)
            }
            if size + piece.utf8.count > limit {
                return out + "… (\(bytes.count) bytes in all)"
            }
            size += piece.utf8.count
            out += piece
        }
        return out
    }

    /// `PATH:LINE[:COLUMN]: error: message`, the form compilers and editors understand.
    public var description: String {
        guard line > 0 else { return "\(path): \(severity.rawValue): \(message)" }
        let position = column.map { "\(line):\($0)" } ?? "\(line)"
        return "\(path):\(position): \(severity.rawValue): \(message)"
    }
}

/// Receives the warnings and rejected records a reader finds.
public protocol DiagnosticsHandler: AnyObject {
    /// A warning: the record it belongs to is still converted.
    func report(_ diagnostic: Diagnostic)
    /// A record that could not be converted, with its raw text as read (empty when the reader
    /// was not asked to keep raw text). The diagnostic is nil for more raw text of the
    /// rejection reported before (the rows of a CSV file whose header was rejected: the file is
    /// one rejected record).
    /// Throwing stops the reader (`--strict`).
    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws
}
