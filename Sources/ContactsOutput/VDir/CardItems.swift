import ContactsCore
import ContactFormats

/// The cards of `VCardEncoder`, one a file. Each card carries this tool's `PRODID` (it wrote the
/// file) and a UID: its own, else one derived from its names, first e-mail address and first
/// phone (so the next run gives the same, also when the birthday changes); a UID a card before
/// had already is made unique with a suffix, and said.
public final class CardItems: VDirItems {
    private let encoder: VCardEncoder
    /// The UIDs given so far (their bytes: `café` in NFC and in NFD are two UIDs, as a server
    /// compares them), with the position of the card that had each first.
    private var given: [[UInt8]: SourcePosition] = [:]

    /// The cards `encoder` writes.
    public init(_ encoder: VCardEncoder) {
        self.encoder = encoder
    }

    public var fileExtension: String { "vcf" }
    public var component: String { "VCARD" }

    public func items(of person: PersonInfo, diagnostics: DiagnosticsHandler) throws -> [(uid: String, bytes: [UInt8])] {
        var person = person
        let own = person.uid.flatMap { $0.isEmpty ? nil : $0 }
        var uid = own ?? person.derivedUID
        if let first = given[Array(uid.utf8)] {
            var n = 2
            while given[Array("\(uid)-\(n)".utf8)] != nil { n += 1 }
            diagnostics.report(Diagnostic(.warning, .duplicateUID, path: person.source.path, line: person.source.line,
                                          "UID \(uid.prefix(80)) was already the card's at \(first.path):\(first.line); "
                                            + "written with UID \(uid.prefix(80))-\(n)"))
            uid = "\(uid)-\(n)"
        }
        given[Array(uid.utf8)] = person.source
        Self.mark(&person, uid: uid, keepsUID: uid == own)
        var bytes: [UInt8] = []
        encoder.append(person, to: &bytes, diagnostics: diagnostics)
        return [(uid, bytes)]
    }

    /// Puts this tool's `PRODID` on the card, and `uid` unless the card keeps its own.
    private static func mark(_ person: inout PersonInfo, uid: String, keepsUID: Bool) {
        let product = VCardProperty(name: "PRODID", value: VCardText.escape(productID))
        let uidProperty = VCardProperty(name: "UID", value: VCardText.escape(uid))
        func isReplaced(_ property: VCardProperty) -> Bool {
            let name = property.name.uppercased()
            return name == "PRODID" || (!keepsUID && name == "UID")
        }
        if person.cardProperties.isEmpty {
            person.extraProperties.removeAll(where: isReplaced)
            person.extraProperties.append(product)
            if !keepsUID { person.uid = uid }
        } else {
            person.cardProperties.removeAll(where: isReplaced)
            person.cardProperties.append(product)
            if !keepsUID { person.cardProperties.append(uidProperty) }
        }
    }
}
