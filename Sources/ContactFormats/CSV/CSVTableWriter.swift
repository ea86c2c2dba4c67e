import ContactsCore

/// A CSV layout: a fixed header and the row for one person.
public protocol CSVLayout: Sendable {
    /// The header row.
    var header: [String] { get }
    /// The person's cells, one per column of the header.
    func row(for person: PersonInfo) -> [String]
}

/// Writes people as CSV rows in a layout, after its header (which is written even when
/// nobody is): RFC 4180 quoting, CRLF, optionally guarded against formula injection and after
/// a UTF-8 byte-order mark (which Excel and Outlook's import need to read UTF-8). A row
/// depends on its person alone, so readers on several threads make the rows there
/// (`PreparedSink`).
public final class CSVTableWriter: PreparedSink {
    private let layout: any CSVLayout
    private let output: TextOutput
    private let rows: CSVRowEncoder
    private var line: [UInt8] = []
    private var wroteHeader = false
    private let byteOrderMark: Bool

    /// A writer of `layout` to `output`; `guardsFormulas` quotes cells a spreadsheet would run, `byteOrderMark` starts with one.
    public init(layout: any CSVLayout, output: TextOutput, guardsFormulas: Bool = false, byteOrderMark: Bool = false) {
        self.layout = layout
        self.output = output
        self.byteOrderMark = byteOrderMark
        rows = CSVRowEncoder(guardsFormulas: guardsFormulas)
    }

    public func consume(_ person: PersonInfo) throws {
        try writeHeaderOnce()
        try write(layout.row(for: person))
    }

    public func finish() throws {
        try writeHeaderOnce()
        try output.flush()
    }

    package func makePreparer() -> PersonPreparing {
        CSVRowPreparer(layout: layout, rows: rows)
    }

    package func consume(prepared bytes: UnsafeRawBufferPointer, keyLength: Int) throws {
        try writeHeaderOnce()
        try output.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[keyLength...]))
    }

    package func keeps(_ diagnostic: Diagnostic) -> Bool { true }

    private func writeHeaderOnce() throws {
        guard !wroteHeader else { return }
        wroteHeader = true
        if byteOrderMark { try output.write(bytes: [0xEF, 0xBB, 0xBF]) }
        try write(layout.header)
    }

    private func write(_ fields: [String]) throws {
        line.removeAll(keepingCapacity: true)
        rows.append(fields, to: &line)
        try output.write(bytes: line)
    }
}

/// Makes a person's CSV row on another thread.
private final class CSVRowPreparer: PersonPreparing, @unchecked Sendable {
    private let layout: any CSVLayout
    private let rows: CSVRowEncoder

    init(layout: any CSVLayout, rows: CSVRowEncoder) {
        self.layout = layout
        self.rows = rows
    }

    func prepare(_ person: PersonInfo, into bytes: inout [UInt8], diagnostics: DiagnosticsHandler) -> Int? {
        rows.append(layout.row(for: person), to: &bytes)
        return 0
    }
}
