/// A CSV layout: a fixed header and the row for one person.
public protocol CSVLayout: Sendable {
    var header: [String] { get }
    func row(for person: PersonInfo) -> [String]
}

/// Writes people as CSV rows in a layout, after its header (which is written even when
/// nobody is): RFC 4180 quoting, CRLF, optionally guarded against formula injection.
public final class CSVTableWriter: PeopleSink {
    private let layout: any CSVLayout
    private let output: TextOutput
    private var rows: CSVRowEncoder
    private var wroteHeader = false

    public init(layout: any CSVLayout, output: TextOutput, guardsFormulas: Bool = false) {
        self.layout = layout
        self.output = output
        rows = CSVRowEncoder(output: output, guardsFormulas: guardsFormulas)
    }

    public func consume(_ person: PersonInfo) throws {
        try writeHeaderOnce()
        try rows.write(layout.row(for: person))
    }

    public func finish() throws {
        try writeHeaderOnce()
        try output.flush()
    }

    private func writeHeaderOnce() throws {
        guard !wroteHeader else { return }
        wroteHeader = true
        try rows.write(layout.header)
    }
}
