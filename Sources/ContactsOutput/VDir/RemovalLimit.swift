/// How many stale items one run may remove from a vdir (`--max-remove`): a number, or a share
/// of the items this tool had written there. Past it, the run removes none of them.
public enum RemovalLimit: Sendable, Equatable {
    /// At most this many.
    case count(Int)
    /// At most this percentage of the items of ours the folder held, rounded down.
    case percent(Int)
    /// Without `--max-remove`: half of the items of ours, and always 3: a typo in a cron job
    /// that names the wrong file cannot empty the calendar, a small vdir still loses a contact.
    case standard

    /// `N` or `N%` (N from 0; a percentage up to 100); nil when it is neither.
    public init?(_ text: String) {
        if text.hasSuffix("%") {
            guard let n = Int(text.dropLast()), (0...100).contains(n) else { return nil }
            self = .percent(n)
        } else {
            guard let n = Int(text), n >= 0 else { return nil }
            self = .count(n)
        }
    }

    /// How many of `total` items of ours may go.
    public func allowed(of total: Int) -> Int {
        switch self {
        case .count(let n): n
        case .percent(let p): total * p / 100
        case .standard: max(3, total / 2)
        }
    }

    /// As the option says it, for messages.
    public var description: String {
        switch self {
        case .count(let n): "\(n)"
        case .percent(let p): "\(p)%"
        case .standard: "50% (the default)"
        }
    }
}
