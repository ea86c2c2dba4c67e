/// A streaming reader of one input format: fed bytes in chunks of any size, then finished.
/// It pushes people into its sink and problems into its diagnostics handler.
public protocol ContactsParser: AnyObject {
    /// Reads the next chunk of the input; it may end anywhere, in a line or a character.
    func feed(_ bytes: Span<UInt8>) throws
    /// Ends the input. The sink is not finished: it may take several inputs.
    func finish() throws
    /// What was read so far.
    var statistics: ReadStatistics { get }
}

extension ContactsParser {
    /// Reads the next chunk of the input from an array.
    public func feed(_ bytes: [UInt8]) throws {
        try feed(bytes.span)
    }
}
