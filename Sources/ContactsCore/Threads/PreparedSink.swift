/// A sink whose work for one person depends on that person alone, so that a reader on several
/// threads can have it done where the people are decoded: it asks for a preparer per part of
/// its input, and hands the prepared bytes over in input order (`consume(prepared:)`). The
/// output is the same as from `consume(_:)`.
package protocol PreparedSink: PeopleSink {
    /// A preparer for another thread.
    func makePreparer() -> PersonPreparing
    /// A person as a preparer made it: the first `keyLength` bytes its sort key.
    func consume(prepared bytes: UnsafeRawBufferPointer, keyLength: Int) throws
    /// Whether a warning a preparer gave is passed on (false for one said already).
    func keeps(_ diagnostic: Diagnostic) -> Bool
}

/// One thread's copy of a `PreparedSink`'s per-person work: made on the sink's thread and
/// handed to the one thread that uses it.
package protocol PersonPreparing: AnyObject, Sendable {
    /// Appends what the sink writes for the person (after its sort key, when sorted) to
    /// `bytes`, giving its warnings to `diagnostics`, and returns the key's length; nil,
    /// appending nothing, when the person is left out.
    func prepare(_ person: PersonInfo, into bytes: inout [UInt8], diagnostics: DiagnosticsHandler) -> Int?
}
