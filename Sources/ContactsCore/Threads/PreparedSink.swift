/// A sink whose work for one person depends on that person alone, so that a reader on several
/// threads can have it done where the people are decoded: it asks for a preparer per part of
/// its input, and hands the prepared bytes over in input order (`consume(prepared:)`). The
/// output is the same as from `consume(_:)`.
package protocol PreparedSink: PeopleSink {
    /// A preparer for another thread.
    func makePreparer() -> PersonPreparing
    /// A person as a preparer made it: the first `keyLength` bytes its sort key; `anotherRow`:
    /// another record of the person before (a second birthday's row), not another person.
    func consume(prepared bytes: Span<UInt8>, keyLength: Int, anotherRow: Bool) throws
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
    /// How many records the sink makes of the person: one, or for a birthday list one row per
    /// birthday (a Gregorian one and one of another calendar).
    func records(of person: PersonInfo) -> Int
    /// `prepare` for record `record` of the person's `records(of:)`.
    func prepare(_ person: PersonInfo, record: Int, into bytes: inout [UInt8], diagnostics: DiagnosticsHandler) -> Int?
}

extension PersonPreparing {
    package func records(of person: PersonInfo) -> Int { 1 }

    package func prepare(_ person: PersonInfo, record: Int, into bytes: inout [UInt8], diagnostics: DiagnosticsHandler) -> Int? {
        prepare(person, into: &bytes, diagnostics: diagnostics)
    }

    /// Prepares each record of the person after the end of `bytes` and gives `bytes`, the
    /// record's range in them, its key's length and whether it is another row of a person given
    /// before; false when the selection left every record out.
    package func prepareRecords(of person: PersonInfo, into bytes: inout [UInt8], diagnostics: DiagnosticsHandler,
                                _ body: (_ bytes: [UInt8], _ range: Range<Int>, _ keyLength: Int, _ anotherRow: Bool) throws -> Void)
        rethrows -> Bool {
        var given = false
        for record in 0..<records(of: person) {
            let start = bytes.count
            guard let keyLength = prepare(person, record: record, into: &bytes, diagnostics: diagnostics) else { continue }
            try body(bytes, start..<bytes.count, keyLength, given)
            given = true
        }
        return given
    }
}
