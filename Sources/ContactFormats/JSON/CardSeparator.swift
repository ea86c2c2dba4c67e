import ContactsCore

/// Writes each card after the first behind `,` and a line break: the elements of a JSON array
/// written a card to a line (jCard; JSContact's `--json-array`).
final class CardSeparator: OrderedStage {
    private var first = true

    func write(_ encoded: Span<UInt8>, to bytes: inout [UInt8]) throws {
        guard !encoded.isEmpty else { return }
        if !first { bytes.append(contentsOf: Array(",\n".utf8)) }
        first = false
        bytes.append(span: encoded)
    }
}
