/// A problem found in the input, with its position.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case warning, error
    }

    public var severity: Severity
    public var path: String
    public var line: Int
    /// The 1-based byte column, where known.
    public var column: Int?
    public var message: String

    public init(_ severity: Severity, path: String, line: Int, column: Int? = nil, _ message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
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
    /// was not asked to keep raw text). The diagnostic is nil for a record that belongs to a
    /// rejection reported before (the rows of a CSV file whose header was rejected).
    /// Throwing stops the reader (`--strict`).
    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws
}
