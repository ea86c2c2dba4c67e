/// A problem found in the input, with its position.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case warning, error
    }

    public var severity: Severity
    public var path: String
    public var line: Int
    public var message: String

    public init(_ severity: Severity, path: String, line: Int, _ message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.message = message
    }

    /// `PATH:LINE: error: message`, the form compilers and editors understand.
    public var description: String {
        line > 0 ? "\(path):\(line): \(severity.rawValue): \(message)" : "\(path): \(severity.rawValue): \(message)"
    }
}

/// Receives the warnings and rejected records a reader finds.
public protocol DiagnosticsHandler: AnyObject {
    /// A warning: the record it belongs to is still converted.
    func report(_ diagnostic: Diagnostic)
    /// A record that could not be converted, with its raw text as read (empty when the reader
    /// was not asked to keep raw text). Throwing stops the reader (`--strict`).
    func reject(_ diagnostic: Diagnostic, rawText: [UInt8]) throws
}
