/// Turns a person into the bytes of an output (a line of TSV or NDJSON, a CSV row, a card),
/// depending on that person alone, so that people may be encoded on any thread, kept, and
/// written later in order.
public protocol PersonEncoder: Sendable {
    /// What the output starts with, written even when nobody is (a CSV header); none by default.
    var header: [UInt8] { get }
    /// Appends the person's output, line end included.
    func append(_ person: PersonInfo, to bytes: inout [UInt8])
}

extension PersonEncoder {
    /// No header.
    public var header: [UInt8] { [] }
}
