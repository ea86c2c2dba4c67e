import ContactsCore
import ContactFormats

/// What a vdir holds (the one-file-per-item folder of vdirsyncer, khal and khard): one item, an
/// event or a card, per file, named after the item's UID.
public protocol VDirItems {
    /// The extension of the items' files, without the dot (`ics`, `vcf`).
    var fileExtension: String { get }
    /// The component each file holds at its top (`VCALENDAR`, `VCARD`).
    var component: String { get }
    /// The person's items, each its UID and the bytes of its file; what could not be written as
    /// it was goes to `diagnostics`.
    func items(of person: PersonInfo, diagnostics: DiagnosticsHandler) throws -> [(uid: String, bytes: [UInt8])]
}

extension VDirItems {
    /// The `PRODID` line of every item this tool writes: how it knows its own files.
    public static var productLine: String { "PRODID:" + productID }

    /// This tool's product identifier.
    public static var productID: String { "-//vcf2birthdays//vcf2birthdays//EN" }

    /// Whether the bytes of a file are an item this tool wrote (`ItemOwnership`): one item, whose
    /// own `PRODID` is this tool's.
    public func isOwn(_ bytes: [UInt8]) -> Bool {
        ItemOwnership.isOwn(bytes, component: component, productID: Self.productID)
    }

    /// Whether a file's bytes are the item's unchanged: the same lines but for the time stamp of
    /// the writing (`DTSTAMP`), so that an event is not written again only because the day changed.
    public func isUnchanged(_ old: [UInt8], _ new: [UInt8]) -> Bool {
        func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
            bytes.split(separator: 0x0A, omittingEmptySubsequences: false).filter { !$0.starts(with: Array("DTSTAMP:".utf8)) }
        }
        return old == new || lines(old) == lines(new)
    }
}
