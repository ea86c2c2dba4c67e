import ContactsCore
import ContactFormats
import ContactsOutput
import ContactsServer

/// Everything the app takes from the world, handed in so tests can pass doubles: the clock,
/// preferences, the file system, the file opener and the standard streams.
public struct Environment {
    /// Tells what day it is.
    public var clock: any Clock
    /// Times long runs, for the progress line.
    public var stopwatch: any Stopwatch
    /// The user's standing preferences (sort order, locale).
    public var preferences: Preferences
    /// Where inputs are read and outputs written.
    public var fileSystem: any FileSystem
    /// Opens a result with the default application (`--open`).
    public var opener: any FileOpener
    /// Read when no input path is given, or `-`.
    public var standardInput: any ByteSource
    /// Standard input is a terminal: reading it would wait for typing.
    public var standardInputIsTerminal: Bool
    /// Where the output goes without `-o`.
    public var standardOutput: any ByteOutput
    /// Where diagnostics, the summary and the progress line go.
    public var standardError: any ByteOutput
    /// Standard error is a terminal: the progress line may be shown there.
    public var standardErrorIsTerminal: Bool
    /// Makes the requests to servers (inputs given as URLs); nil: none can be made.
    public var httpTransport: (any HTTPTransport)?
    /// Waits this many seconds (before a retry of a server's request).
    public var sleep: @Sendable (Double) -> Void
    /// Where items fetched from servers are kept for the next run (`$XDG_CACHE_HOME/vcf2birthdays/dav`);
    /// nil: nothing is kept.
    public var cacheDirectory: String?

    /// The world as given; `stopwatch` times the progress line.
    public init(clock: any Clock, stopwatch: any Stopwatch = MonotonicStopwatch(), preferences: Preferences,
                fileSystem: any FileSystem, opener: any FileOpener,
                standardInput: any ByteSource, standardInputIsTerminal: Bool = false,
                standardOutput: any ByteOutput, standardError: any ByteOutput, standardErrorIsTerminal: Bool = false,
                httpTransport: (any HTTPTransport)? = nil, sleep: @escaping @Sendable (Double) -> Void = { _ in },
                cacheDirectory: String? = nil) {
        self.clock = clock
        self.stopwatch = stopwatch
        self.preferences = preferences
        self.fileSystem = fileSystem
        self.opener = opener
        self.standardInput = standardInput
        self.standardInputIsTerminal = standardInputIsTerminal
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.httpTransport = httpTransport
        self.sleep = sleep
        self.cacheDirectory = cacheDirectory
    }
}

/// Tells what day it is.
public protocol Clock {
    /// Today's date.
    func today() -> CalendarDate
}

/// The user's standing preferences, read once from the environment variables.
public struct Preferences: Equatable, Sendable {
    /// `VCF2BIRTHDAYS_SORT`, as given.
    public var sortOrder: String?
    /// The collation locale from `LC_ALL`, `LC_COLLATE` or `LANG` (in that order), as an ICU
    /// locale id: `sv_SE.UTF-8` → `sv_SE`, `C`/`POSIX` → `root`.
    public var locale: String?

    /// Preferences as given (`locale` an ICU locale id).
    public init(sortOrder: String? = nil, locale: String? = nil) {
        self.sortOrder = sortOrder
        self.locale = locale
    }

    /// Reads the preferences from environment variables (empty values count as unset).
    public init(variables: [String: String]) {
        func value(_ name: String) -> String? {
            guard let v = variables[name], !v.isEmpty else { return nil }
            return v
        }
        sortOrder = value("VCF2BIRTHDAYS_SORT")
        locale = (value("LC_ALL") ?? value("LC_COLLATE") ?? value("LANG")).map(Preferences.icuLocale)
    }

    /// A POSIX locale as ICU's: `sv_SE.UTF-8` → `sv_SE`, `de_DE.UTF-8@euro` → `de_DE`; `C`,
    /// `POSIX` and `C.UTF-8` → `root`. ICU's own keywords stay (`de@collation=phonebook`).
    public static func icuLocale(_ posix: String) -> String {
        var id = Substring(posix)
        var keywords: Substring = ""
        if let at = id.firstIndex(of: "@") {
            if id[at...].contains("=") { keywords = id[at...] }
            id = id[..<at]
        }
        if let dot = id.firstIndex(of: ".") { id = id[..<dot] }
        if id.isEmpty || id == "C" || id == "POSIX" { return "root" + keywords }
        return String(id + keywords)
    }
}
