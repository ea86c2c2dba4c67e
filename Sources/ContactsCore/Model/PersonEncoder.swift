/// Turns a person into the bytes of an output (a line of TSV or NDJSON, a CSV row, a card),
/// depending on that person alone, so that people may be encoded on any thread, kept, and
/// written later in order.
public protocol PersonEncoder: Sendable {
    /// What the output starts with, written even when nobody is (a CSV header); none by default.
    var header: [UInt8] { get }
    /// What the output ends with, written even when nobody is (the calendar's end); none by default.
    var trailer: [UInt8] { get }
    /// The whole output when nobody is written (mutt's `Not found`); nil (the default): the header and trailer.
    var nobodyWritten: [UInt8]? { get }
    /// Appends the person's output, line end included.
    func append(_ person: PersonInfo, to bytes: inout [UInt8])
    /// The same, saying to `diagnostics` what could not be written as it was (the default says nothing).
    func append(_ person: PersonInfo, to bytes: inout [UInt8], diagnostics: DiagnosticsHandler)
    /// A stage each encoded person goes through last, in output order, for what depends on the
    /// people before (the calendar's unique UIDs), holding about `budget` of memory at most
    /// (nil: what it needs); none by default.
    func makeOrderedStage(budget: MemoryBudget?) -> (any OrderedStage)?
    /// Whether the output has a row per birthday: a person with a Gregorian birthday and one of
    /// another calendar (Apple's lunar one) is given twice, once with each (the birthday list,
    /// TSV); false by default.
    var rowPerBirthday: Bool { get }
}

/// What an output does to each person's encoded bytes on one thread, in output order.
public protocol OrderedStage: AnyObject {
    /// Appends to `bytes` what is written for a person `PersonEncoder.append` encoded as `encoded`.
    func write(_ encoded: Span<UInt8>, to bytes: inout [UInt8]) throws
}

extension PersonEncoder {
    /// No header.
    public var header: [UInt8] { [] }

    /// The header and trailer when nobody is written.
    public var nobodyWritten: [UInt8]? { nil }

    /// No trailer.
    public var trailer: [UInt8] { [] }

    /// Written as encoded.
    public func makeOrderedStage(budget: MemoryBudget?) -> (any OrderedStage)? { nil }

    /// One row per person.
    public var rowPerBirthday: Bool { false }

    /// Nothing to say.
    public func append(_ person: PersonInfo, to bytes: inout [UInt8], diagnostics: DiagnosticsHandler) {
        append(person, to: &bytes)
    }
}
