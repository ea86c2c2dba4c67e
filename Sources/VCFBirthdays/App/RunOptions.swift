/// What the user asked for, already parsed and validated by the command line.
public struct RunOptions: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case list, tsv, json
    }

    public enum InputFormat: String, CaseIterable, Sendable {
        case vcard, csv
    }

    /// Files, directories (every `.vcf` in them) or `-` for standard input; none = standard input.
    public var inputs: [String] = []
    public var format: Format = .list
    public var sort: SortOrder?
    public var locale: String?
    public var today: CalendarDate?
    public var withinDays: Int?
    public var includesEveryone = false
    public var output: String?
    public var strict = false
    public var rejects: String?
    public var inputFormat: InputFormat?

    public init() {}
}

/// The process exit status, as in `sysexits.h`.
public enum RunStatus: Int32, Sendable {
    case success = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    case cannotCreate = 73
    case ioError = 74
}
