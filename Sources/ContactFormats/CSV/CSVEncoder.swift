import ContactsCore

/// A CSV layout: a fixed header and the row for one person.
public protocol CSVLayout: Sendable {
    /// The header row.
    var header: [String] { get }
    /// The person's cells, one per column of the header.
    func row(for person: PersonInfo) -> [String]
}

/// People as CSV rows in a layout, after its header (which is written even when nobody is):
/// RFC 4180 quoting, CRLF, optionally guarded against formula injection and after a UTF-8
/// byte-order mark (which Excel and Outlook's import need to read UTF-8).
public struct CSVEncoder: PersonEncoder {
    private let layout: any CSVLayout
    private let rows: CSVRowEncoder
    public let header: [UInt8]

    /// Rows of `layout`; `guardsFormulas` quotes cells a spreadsheet would run, `byteOrderMark` starts with one.
    public init(layout: any CSVLayout, guardsFormulas: Bool = false, byteOrderMark: Bool = false) {
        self.layout = layout
        rows = CSVRowEncoder(guardsFormulas: guardsFormulas)
        var header: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        rows.append(layout.header, to: &header)
        self.header = header
    }

    public func append(_ person: PersonInfo, to bytes: inout [UInt8]) {
        rows.append(layout.row(for: person), to: &bytes)
    }
}
