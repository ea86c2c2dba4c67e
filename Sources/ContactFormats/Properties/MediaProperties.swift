import ContactsCore

/// Pictures, sounds and keys: inline binary data or links.
extension PropertyTable {
    static let media: [PropertyDeclaration] = [
        PropertyDeclaration("PHOTO", .all, kind: .binary(media: .image), definedIn: "RFC 6350 §6.2.4",
                            values: [.uri], parameters: .listed.union(.mediaType),
                            jsContact: .entry(JSContactEntry("media", value: "uri", kind: "photo", key: "PHOTO"))),
        PropertyDeclaration("LOGO", .all, kind: .binary(media: .image), definedIn: "RFC 6350 §6.6.3",
                            values: [.uri], parameters: .listed.union([.mediaType, .language]),
                            jsContact: .entry(JSContactEntry("media", value: "uri", kind: "logo", key: "LOGO"))),
        PropertyDeclaration("SOUND", .all, kind: .binary(media: .audio), definedIn: "RFC 6350 §6.7.5",
                            values: [.uri], parameters: .listed.union([.mediaType, .language]),
                            jsContact: .entry(JSContactEntry("media", value: "uri", kind: "sound", key: "SOUND"))),
        PropertyDeclaration("KEY", .all, kind: .binary(media: .application), definedIn: "RFC 6350 §6.8.1",
                            values: [.uri, .text], parameters: .listed.union(.mediaType),
                            jsContact: .entry(JSContactEntry("cryptoKeys", value: "uri", key: "KEY"))),
    ]
}
