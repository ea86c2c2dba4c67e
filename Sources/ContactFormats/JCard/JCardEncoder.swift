import ContactsCore

/// jCard (RFC 7095): the people as a JSON array of cards, a card to a line —
/// `[`, `["vcard",[["version",{},"text","4.0"],["fn",{},"text","Ada Lovelace"],…]]`, …, `]` —
/// each card the vCard 4.0 card `VCardEncoder` writes (`JCardProperty` converts each property).
public struct JCardEncoder: PersonEncoder {
    private let cards = VCardCards(version: .v4, converter: VCardPropertyConverter(target: .v4, appleCompat: false))

    public init() {}

    public var header: [UInt8] { Array("[\n".utf8) }
    public var trailer: [UInt8] { Array("\n]\n".utf8) }
    public var nobodyWritten: [UInt8]? { Array("[]\n".utf8) }

    public func append(_ person: PersonInfo, to bytes: inout [UInt8]) {
        append(person, to: &bytes) { _ in }
    }

    /// The card, saying what could not be written as it was (as `VCardEncoder` does).
    public func append(_ person: PersonInfo, to bytes: inout [UInt8], diagnostics: DiagnosticsHandler) {
        append(person, to: &bytes) { diagnostics.report($0) }
    }

    private func append(_ person: PersonInfo, to bytes: inout [UInt8], report: (Diagnostic) -> Void) {
        bytes.append(contentsOf: Array(#"["vcard",[["version",{},"text","4.0"]"#.utf8))
        for property in cards.properties(of: person, report: report) {
            bytes.append(UInt8(ascii: ","))
            JCardProperty.append(property, to: &bytes)
        }
        bytes.append(contentsOf: Array("]]".utf8))
    }

    /// Puts `,` and a line break between two cards.
    public func makeOrderedStage(budget: MemoryBudget?) -> (any OrderedStage)? { CardSeparator() }
}
