/// An output in which a person's bytes depend on that person alone (a line of TSV or NDJSON),
/// so that people may be formatted on any thread, kept, and written later in order.
public protocol PersonFormat: Sendable {
    /// Appends the person's output, line end included.
    func append(_ person: PersonInfo, to bytes: inout [UInt8])
}

/// A format whose rows are laid out together once all are known (the list aligns its columns):
/// `append` makes a person's row, and `write` writes all rows, in order, at the end.
public protocol AlignedFormat: PersonFormat {
    func write<Rows: Collection<UnsafeRawBufferPointer>>(_ rows: Rows, to output: TextOutput) throws
}
