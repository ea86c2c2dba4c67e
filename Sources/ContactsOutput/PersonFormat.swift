import ContactsCore
import ContactFormats

/// An output in which a person's bytes depend on that person alone (a line of TSV or NDJSON),
/// so that people may be formatted on any thread, kept, and written later in order.
public protocol PersonFormat: Sendable {
    /// Appends the person's output, line end included.
    func append(_ person: PersonInfo, to bytes: inout [UInt8])
}

/// A format whose rows are laid out together once all are known (the list aligns its columns):
/// `append` makes a person's row, and `write` writes all rows, in order, at the end.
package protocol AlignedFormat: PersonFormat {
    /// Writes rows made by `appendCompact` as the format's lines.
    func write<Rows: Collection<UnsafeRawBufferPointer>>(_ rows: Rows, to output: TextOutput) throws
}

/// A format whose output for a person has a smaller form to wait in while people are sorted:
/// `appendCompact` leaves out what `expand` can work out again when the person is written
/// (for TSV, the columns that depend on today), so a million waiting people take less memory.
package protocol CompactFormat: PersonFormat {
    /// Appends the person as a compact row, to be written by `write(_:to:)`.
    func appendCompact(_ person: PersonInfo, to bytes: inout [UInt8])
    /// Appends to `bytes` what `append` gives for the person `compact` was made from.
    func expand(_ compact: UnsafeRawBufferPointer, to bytes: inout [UInt8])
}
