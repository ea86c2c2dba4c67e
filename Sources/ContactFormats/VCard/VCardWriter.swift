import ContactsCore

/// vCard 3.0 (RFC 2426) or 4.0 (RFC 6350), one card per person, UTF-8, CRLF, folded at 75
/// octets. A person read from a vCard (with `DecodeScope.card`) is written property by
/// property, groups, parameters and order kept, through the version rules of
/// `VCardPropertyConverter`; anyone else is written from the model (`PersonProperties`).
/// `VERSION` follows `BEGIN`; `FN` is always there (from the name parts, organization,
/// nickname, e-mail or phone when the source had none), and so is `N` (3.0 requires it; 4.0 clients
/// such as Apple's and Google's expect it).
public final class VCardWriter: PreparedSink {
    private let output: TextOutput
    private let cards: VCardCards
    private let diagnostics: DiagnosticsHandler
    /// The warnings said once per run so far (also those prepared on other threads).
    private var saidOnce = SaidOnce()
    private var bytes: [UInt8] = []

    /// A writer of vCards of `version` to `output`; `appleCompat` writes year-less dates as Apple does (3.0).
    public init(output: TextOutput, version: VCardTargetVersion, appleCompat: Bool, diagnostics: DiagnosticsHandler) {
        self.output = output
        self.cards = VCardCards(version: version, converter: VCardPropertyConverter(target: version, appleCompat: appleCompat))
        self.diagnostics = diagnostics
    }

    public func consume(_ person: PersonInfo) throws {
        bytes.removeAll(keepingCapacity: true)
        cards.append(person, to: &bytes) { if saidOnce.admits($0) { diagnostics.report($0) } }
        try output.write(bytes: bytes)
    }

    public func finish() throws {
        try output.flush()
    }

    /// A preparer that writes the cards on another thread; it says a warning meant once per
    /// run once per part, and `keeps` lets only the first of those through.
    package func makePreparer() -> PersonPreparing {
        VCardPreparer(cards: cards)
    }

    package func consume(prepared bytes: UnsafeRawBufferPointer, keyLength: Int) throws {
        try output.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[keyLength...]))
    }

    package func keeps(_ diagnostic: Diagnostic) -> Bool {
        saidOnce.admits(diagnostic)
    }
}

/// Writes the vCard of one person (see `VCardWriter`), on whichever thread.
struct VCardCards: @unchecked Sendable {
    let version: VCardTargetVersion
    let converter: VCardPropertyConverter

    /// The end of a warning said once per run.
    static let oncePerRun = "(said once per run)"

    /// Appends the person's card to `bytes`, its warnings to `report` (the receiver says those
    /// said once per run once: `SaidOnce`).
    func append(_ person: PersonInfo, to bytes: inout [UInt8], report: (Diagnostic) -> Void) {
        let source = person.cardProperties.isEmpty ? PersonProperties.make(person) : person.cardProperties
        var properties: [VCardProperty] = []
        properties.reserveCapacity(source.count + 2)
        for var property in source {
            let line = property.line > 0 ? property.line : person.source.line
            guard VCardWriter.isWritableName(property.name) else {
                let shown = property.name.prefix(40)
                report(Diagnostic(.warning, .unwritableName, path: person.source.path, line: line,
                                  "property '\(shown)' has no valid vCard name (letters, digits and '-'); left out"))
                continue
            }
            guard !VCardWriter.isFrameName(property.name) else {
                report(Diagnostic(.warning, .frameProperty, path: person.source.path, line: line,
                                  "property \(property.name) inside a card would be read back as the card's "
                                    + "\(property.name.uppercased() == "END" ? "end" : "start"); left out"))
                continue
            }
            if let group = property.group, !VCardWriter.isWritableName(group) {
                report(Diagnostic(.warning, .unwritableGroup, path: person.source.path, line: line,
                                  "group '\(group.prefix(40))' of \(property.name) is not a valid vCard group name; written without it"))
                property.group = nil
            }
            let (converted, keptAs) = converter.convert(property)
            if let keptAs {
                report(Diagnostic(.warning, .noCounterpart, path: person.source.path, line: line,
                                  "\(keptAs) has no vCard \(version.rawValue) counterpart; written as \(converted.name) "
                                    + Self.oncePerRun))
            }
            properties.append(converted)
        }
        if !properties.contains(where: { $0.name == "FN" }) {
            properties.insert(VCardProperty(name: "FN", value: VCardText.escape(person.displayName)), at: 0)
        }
        if !properties.contains(where: { $0.name == "N" }) {
            let at = (properties.firstIndex { $0.name == "FN" } ?? -1) + 1
            properties.insert(VCardProperty(name: "N", value: PersonProperties.name(person)), at: at)
        }
        settle(&properties, of: person, report: report)
        ContentLineFolding.append("BEGIN:VCARD", to: &bytes)
        ContentLineFolding.append("VERSION:" + version.rawValue, to: &bytes)
        for property in properties {
            ContentLineFolding.append(VCardLineWriter.line(property), to: &bytes)
        }
        ContentLineFolding.append("END:VCARD", to: &bytes)
    }
}

/// `VCardCards` for one thread: says each once-per-run warning once itself.
private final class VCardPreparer: PersonPreparing, @unchecked Sendable {
    private let cards: VCardCards
    private var saidOnce = SaidOnce()

    init(cards: VCardCards) {
        self.cards = cards
    }

    func prepare(_ person: PersonInfo, into bytes: inout [UInt8], diagnostics: DiagnosticsHandler) -> Int? {
        cards.append(person, to: &bytes) { if saidOnce.admits($0) { diagnostics.report($0) } }
        return 0
    }
}

extension VCardWriter {
    /// A name or group of letters, digits, '-' and '_', at most 64 bytes: one that could not be
    /// read back as such (a long one is folded, and its first line could read back as part of
    /// the line before, an unindented base64 continuation) is not written.
    static func isWritableName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy { b in
            (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        }
    }

    /// `BEGIN` and `END` frame a card: written as a property, either would be read back as a
    /// card's start or end, not as the property (in any case: names are read case-blind).
    static func isFrameName(_ name: String) -> Bool {
        name.utf8.count <= 5 && ["BEGIN", "END"].contains(name.uppercased())
    }
}
