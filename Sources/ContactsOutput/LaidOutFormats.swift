import ContactsCore
import ContactFormats

/// A format whose rows are laid out together once all are known (the list aligns its columns):
/// `append` makes a person's row; every row is measured, and then each written as a line with
/// the widths of all.
package protocol AlignedFormat: PersonEncoder {
    /// Widens `widths` to fit a row made by `append`.
    func measure(_ row: Span<UInt8>, into widths: inout ColumnWidths)
    /// Appends the row's line, its columns as wide as `widths` says, to `line`.
    func appendLine(_ row: Span<UInt8>, widths: ColumnWidths, to line: inout [UInt8])
}

/// The widest of each column of the rows measured.
package struct ColumnWidths: Equatable {
    package var columns: SIMD4<Int> = .zero

    package init() {}

    /// Widens the columns to at least `widths`.
    package mutating func widen(to widths: SIMD4<Int>) {
        columns = pointwiseMax(columns, widths)
    }
}

extension AlignedFormat {
    /// Writes the rows, in order, each as a line with the widths of all.
    func write(_ rows: SortedRecords.Payloads, to output: TextOutput) throws {
        var widths = ColumnWidths()
        for i in 0..<rows.count { rows.withPayload(i) { measure($0, into: &widths) } }
        var lines: [UInt8] = []  // written 64 KiB at a time: a write per line costs more than the line
        for i in 0..<rows.count {
            rows.withPayload(i) { appendLine($0, widths: widths, to: &lines) }
            if lines.count >= 1 << 16 {
                try output.write(bytes: lines)
                lines.removeAll(keepingCapacity: true)
            }
        }
        try output.write(bytes: lines)
    }
}

/// A format whose output for a person has a smaller form to wait in while people are sorted:
/// `appendCompact` leaves out what `expand` can work out again when the person is written
/// (for TSV, the columns that depend on today), so a million waiting people take less memory.
package protocol CompactFormat: PersonEncoder {
    /// Appends the person as a compact row, to be written by `write(_:to:)`.
    func appendCompact(_ person: PersonInfo, to bytes: inout [UInt8])
    /// Appends to `bytes` what `append` gives for the person `compact` was made from.
    func expand(_ compact: Span<UInt8>, to bytes: inout [UInt8])
}
