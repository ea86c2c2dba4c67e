import ContactsCore
import ContactFormats

/// A format whose rows are laid out together once all are known (the list aligns its columns):
/// `append` makes a person's row, and `write` writes all rows, in order, at the end.
package protocol AlignedFormat: PersonEncoder {
    /// Writes rows made by `appendCompact` as the format's lines.
    func write<Rows: Collection<UnsafeRawBufferPointer>>(_ rows: Rows, to output: TextOutput) throws
}

/// A format whose output for a person has a smaller form to wait in while people are sorted:
/// `appendCompact` leaves out what `expand` can work out again when the person is written
/// (for TSV, the columns that depend on today), so a million waiting people take less memory.
package protocol CompactFormat: PersonEncoder {
    /// Appends the person as a compact row, to be written by `write(_:to:)`.
    func appendCompact(_ person: PersonInfo, to bytes: inout [UInt8])
    /// Appends to `bytes` what `append` gives for the person `compact` was made from.
    func expand(_ compact: UnsafeRawBufferPointer, to bytes: inout [UInt8])
}
