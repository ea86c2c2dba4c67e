import ContactsCore

/// What a run came to, gathered as it goes; its exit status is decided here alone (`status`),
/// the most serious first.
struct RunOutcome: Equatable {
    /// The run stopped before its end (a wrong option, an output that cannot be made, a write that failed).
    var stopped: RunFailure.Kind?
    /// The reader of standard output went away (`| head`): the run ended there, quietly.
    var readerLeft = false
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

    /// The exit status: why the run stopped, else success when the reader of the output left,
    /// else an input not read, else a record not converted, else an output not written, else
    /// the removal limit, else nothing found; else success.
    var status: RunStatus {
        switch stopped {
        case .usage: return .usage
        case .cannotCreate: return .cannotCreate
        case .ioError: return .ioError
        case .cannotOpenResult: return .unavailable
        case nil: break
        }
        if readerLeft { return .success }
        if inputUnread { return .noInput }
        if rejectedAny || ruleBroken { return .dataError }
        if outputFailed { return .cannotCreate }
        if removalLimitReached { return .removalLimit }
        if nothingFound { return .notFound }
        return .success
    }
}

/// Why a run stopped before its end: said as one error of the program (`vcf2birthdays: error: …`,
/// or JSON with its code), its kind giving the exit status (`RunOutcome.status`).
struct RunFailure: Error, Equatable {
    enum Kind: Equatable {
        /// The options cannot be carried out (64).
        case usage
        /// An output cannot be created, or would land on an input (73).
        case cannotCreate
        /// Reading or writing failed (74).
        case ioError
        /// The result cannot be opened (`--open`, 69).
        case cannotOpenResult
    }

    var kind: Kind
    var code: Diagnostic.Code
    var message: String

    init(_ kind: Kind, _ code: Diagnostic.Code, _ message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    /// How it is said.
    var diagnostic: Diagnostic { Diagnostic(.error, code, path: App.programName, line: 0, message) }
}
