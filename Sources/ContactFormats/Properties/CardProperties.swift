import ContactsCore

/// What a card says of itself: its version, kind, identity, origin and history, and the notes
/// and categories that explain it.
extension PropertyTable {
    static let card: [PropertyDeclaration] = [
        PropertyDeclaration("VERSION", .all, once: .all, field: .version, definedIn: "RFC 6350 §6.7.9",
                            values: [.text], parameters: []),
        PropertyDeclaration("KIND", .v40, once: .v40, in30: "X-ADDRESSBOOKSERVER-KIND", rule: .kind,
                            merge: .bookkeeping, definedIn: "RFC 6350 §6.1.4",
                            values: [.text], parameters: [],
                            jsContact: .member("kind")),
        PropertyDeclaration("UID", .all, once: .all, kind: .text, rule: .identifier, merge: .single, field: .uid,
                            definedIn: "RFC 6350 §6.7.6",
                            values: [.uri, .text], parameters: [],
                            jsContact: .member("uid")),
        PropertyDeclaration("REV", .all, once: .all, kind: .timestamp, rule: .revision, merge: .bookkeeping, definedIn: "RFC 6350 §6.7.4",
                            values: [.timestamp], parameters: [],
                            jsContact: .timestamp("updated")),
        PropertyDeclaration("PRODID", [.v30, .v40], once: [.v30, .v40], kind: .text, merge: .bookkeeping,
                            definedIn: "RFC 6350 §6.7.3",
                            values: [.text], parameters: [],
                            jsContact: .member("prodId")),
        PropertyDeclaration("SOURCE", [.v30, .v40], kind: .uri, definedIn: "RFC 6350 §6.1.3",
                            values: [.uri], parameters: [.pid, .pref, .altID, .mediaType],
                            jsContact: .entry(JSContactEntry("directories", value: "uri", kind: "entry", key: "ENTRY"))),
        PropertyDeclaration("XML", .v40, definedIn: "RFC 6350 §6.1.5",
                            values: [.text], parameters: [.altID]),
        PropertyDeclaration("CLIENTPIDMAP", .v40, definedIn: "RFC 6350 §6.7.7"),
        PropertyDeclaration("CREATED", .v40, definedIn: "RFC 9554 §3.1",
                            values: [.timestamp], parameters: [],
                            jsContact: .timestamp("created")),
        PropertyDeclaration("LANGUAGE", .v40, definedIn: "RFC 9554 §3.3",
                            values: [.languageTag], parameters: [],
                            jsContact: .member("language")),
        PropertyDeclaration("NAME", .v30, definedIn: "RFC 2426 §2.1.2"),
        PropertyDeclaration("PROFILE", .v30, definedIn: "RFC 2426 §2.1.3"),
        PropertyDeclaration("CLASS", .v30, once: .v30, definedIn: "RFC 2426 §3.7.1"),
        PropertyDeclaration("NOTE", .all, kind: .text, merge: .note, field: .note, definedIn: "RFC 6350 §6.7.2",
                            values: [.text], parameters: .listed.union(.language),
                            jsContact: .entry(JSContactEntry("notes", value: "note", key: "NOTE", .text))),
        PropertyDeclaration("CATEGORIES", [.v30, .v40], kind: .textList, merge: .items, field: .categories,
                            definedIn: "RFC 6350 §6.7.1",
                            values: [.text], parameters: .listed,
                            jsContact: .keywords),
    ]
}

extension PersonDecoder {
    func readNote(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        guard person.note == nil else { return false }
        person.note = text(card, p)
        return true
    }

    func readCategories(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        person.categories += withValue(card, p) { ValueDecoding.textList($0) }
        return true
    }

    func readUID(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        guard person.uid == nil else { return false }
        person.uid = trimmedText(card, p)
        return true
    }
}

extension PersonProperties {
    static func writeNote(_ person: PersonInfo, to out: inout PropertyWriter) {
        out.text("NOTE", person.note)
    }

    static func writeCategories(_ person: PersonInfo, to out: inout PropertyWriter) {
        if !person.categories.isEmpty { out.add("CATEGORIES", VCardText.list(person.categories)) }
    }

    static func writeUID(_ person: PersonInfo, to out: inout PropertyWriter) {
        out.text("UID", person.uid)
    }
}

extension PersonInfo {
    /// A UID from what names the contact, for a card without one (a vdir's item, a JSContact
    /// Card): the same contact gives the same on the next run.
    package var derivedUID: String {
        let names = [formattedName ?? "", PersonProperties.name(self), organization ?? "",
                     emails.first?.value ?? "", phones.first?.value ?? ""]
        return "vcf2birthdays-" + StableID.make(names.joined(separator: "\u{1F}"))
    }
}
