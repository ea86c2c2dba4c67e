/// An output in which a person's bytes depend on that person alone (a line of TSV or NDJSON),
/// so that people may be formatted on any thread, kept, and written later in order.
public protocol PersonFormat: Sendable {
    /// Appends the person's output, line end included.
    func append(_ person: PersonInfo, to bytes: inout [UInt8])
}
