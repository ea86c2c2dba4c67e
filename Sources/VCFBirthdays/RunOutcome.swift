/// What a run that went to its end came to, gathered as it goes; its exit status is decided
/// here alone (`status`), the most serious first. (A run that stops early — a wrong option,
/// an output that cannot be made, a write that fails — returns its status where it stops.)
struct RunOutcome: Equatable {
    /// A path named nothing, a directory or group file could not be listed, or an input could
    /// not be opened or read to its end.
    var inputUnread = false
    /// A record was rejected.
    var rejectedAny = false
    /// `--check` found a rule broken.
    var ruleBroken = false
    /// A photo or a vdir item could not be written.
    var outputFailed = false
    /// `--vdir` kept stale items rather than pass `--max-remove`.
    var removalLimitReached = false
    /// `--to mutt` found no address.
    var nothingFound = false

    /// The exit status: an input not read, else a record not converted, else an output not
    /// written, else the removal limit, else nothing found; else success.
    var status: RunStatus {
        if inputUnread { return .noInput }
        if rejectedAny || ruleBroken { return .dataError }
        if outputFailed { return .cannotCreate }
        if removalLimitReached { return .removalLimit }
        if nothingFound { return .notFound }
        return .success
    }
}
