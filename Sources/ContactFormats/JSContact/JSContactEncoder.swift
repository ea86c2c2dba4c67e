import ContactsCore

/// JSContact (RFC 9553): each person a Card on a line of its own, converted from the vCard 4.0
/// card `VCardEncoder` writes by RFC 9555 (`JSContactWriting`); or, with `array`, one JSON
/// array of the Cards (`[`, a Card to a line, `]`). A card without a UID gets the one its vdir
/// item would have (made from its names, the same on every run).
public struct JSContactEncoder: PersonEncoder {
    private let cards = VCardCards(version: .v4, converter: VCardPropertyConverter(target: .v4, appleCompat: false))
    private let array: Bool

    /// Cards a line each, or (`array`) in a JSON array.
    public init(array: Bool = false) {
        self.array = array
    }

    public var header: [UInt8] { array ? Array("[\n".utf8) : [] }
    public var trailer: [UInt8] { array ? Array("\n]\n".utf8) : [] }
    public var nobodyWritten: [UInt8]? { array ? Array("[]\n".utf8) : nil }

    public func append(_ person: PersonInfo, to bytes: inout [UInt8]) {
        append(person, to: &bytes) { _ in }
    }

    /// The Card, saying what could not be written as it was (as `VCardEncoder` does).
    public func append(_ person: PersonInfo, to bytes: inout [UInt8], diagnostics: DiagnosticsHandler) {
        append(person, to: &bytes) { diagnostics.report($0) }
    }

    private func append(_ person: PersonInfo, to bytes: inout [UInt8], report: (Diagnostic) -> Void) {
        let card = JSContactWriting.card(of: cards.properties(of: person, report: report)) { person.derivedUID }
        card.append(to: &bytes)
        if !array { bytes.append(0x0A) }
    }

    /// In an array, puts `,` and a line break between two Cards.
    public func makeOrderedStage(budget: MemoryBudget?) -> (any OrderedStage)? { array ? CardSeparator() : nil }
}
