import ContactsCore
import ContactFormats

/// The events of `ICSEncoder`, a calendar file each (without `METHOD`: a calendar resource on a
/// CalDAV server must not have one, RFC 4791 4.1), UIDs made unique as the encoder's stage makes them.
public final class CalendarItems: VDirItems {
    private let encoder: ICSEncoder
    private let uids = EventUIDs()
    private let header: [UInt8], trailer: [UInt8]

    /// The events `encoder` writes.
    public init(_ encoder: ICSEncoder) {
        self.encoder = encoder
        var header: [UInt8] = []
        for line in ["BEGIN:VCALENDAR", "VERSION:2.0", Self.productLine, "CALSCALE:GREGORIAN"] {
            ContentLineFolding.append(line, to: &header)
        }
        self.header = header
        trailer = encoder.trailer
    }

    public var fileExtension: String { "ics" }
    public var component: String { "VCALENDAR" }

    public func items(of person: PersonInfo, diagnostics: DiagnosticsHandler) throws -> [(uid: String, bytes: [UInt8])] {
        var encoded: [UInt8] = []
        encoder.append(person, to: &encoded)
        var items: [(uid: String, bytes: [UInt8])] = []
        try uids.forEachEvent(encoded.span) { uid, lines in
            var file = header
            uids.event(uid: uid, lines: lines, to: &file)
            items.append((uid, file + trailer))
        }
        return items
    }
}
