import ContactsCore

/// A person's work, the people related to them, what they know and like.
extension PropertyTable {
    static let organisational: [PropertyDeclaration] = [
        PropertyDeclaration("ORG", .all, kind: .organization, merge: .single, field: .organization,
                            definedIn: "RFC 6350 §6.6.4",
                            values: [.text], parameters: .listed.union([.sortAs, .language]),
                            jsContact: .organization),
        PropertyDeclaration("TITLE", .all, kind: .text, merge: .single, field: .title, definedIn: "RFC 6350 §6.6.1",
                            values: [.text], parameters: .listed.union(.language),
                            jsContact: .entry(JSContactEntry("titles", value: "name", kind: "title", key: "TITLE", .text))),
        PropertyDeclaration("ROLE", .all, kind: .text, merge: .single, definedIn: "RFC 6350 §6.6.2",
                            values: [.text], parameters: .listed.union(.language),
                            jsContact: .entry(JSContactEntry("titles", value: "name", kind: "role", key: "TITLE", .text))),
        PropertyDeclaration("MEMBER", .v40, in30: "X-ADDRESSBOOKSERVER-MEMBER", definedIn: "RFC 6350 §6.6.5",
                            values: [.uri], parameters: [.pid, .pref, .altID, .mediaType],
                            jsContact: .members),
        PropertyDeclaration("RELATED", .v40, definedIn: "RFC 6350 §6.6.6",
                            values: [.uri, .text], parameters: .listed.union([.mediaType, .language]),
                            jsContact: .relatedTo),
        PropertyDeclaration("AGENT", [.v21, .v30], field: .agent, definedIn: "RFC 2426 §3.5.4"),
        PropertyDeclaration("ORG-DIRECTORY", .v40, definedIn: "RFC 6715 §2.4",
                            values: [.uri], parameters: .listed.union([.index, .language]),
                            jsContact: .entry(JSContactEntry("directories", value: "uri", kind: "directory", key: "DIRECTORY"))),
        PropertyDeclaration("EXPERTISE", .v40, rule: .levels(["beginner", "average", "expert"]), definedIn: "RFC 6715 §2.1",
                            values: [.text], parameters: [.level, .index, .language, .pref, .altID, .type],
                            jsContact: .entry(JSContactEntry("personalInfo", value: "value", kind: "expertise", key: "PERSINFO", .text))),
        PropertyDeclaration("HOBBY", .v40, rule: .levels(["high", "medium", "low"]), definedIn: "RFC 6715 §2.2",
                            values: [.text], parameters: [.level, .index, .language, .pref, .altID, .type],
                            jsContact: .entry(JSContactEntry("personalInfo", value: "value", kind: "hobby", key: "PERSINFO", .text))),
        PropertyDeclaration("INTEREST", .v40, rule: .levels(["high", "medium", "low"]), definedIn: "RFC 6715 §2.3",
                            values: [.text], parameters: [.level, .index, .language, .pref, .altID, .type],
                            jsContact: .entry(JSContactEntry("personalInfo", value: "value", kind: "interest", key: "PERSINFO", .text))),
    ]
}

extension PersonDecoder {
    /// The first `ORG`: the organisation, then its units (empty ones left out).
    func readOrganization(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        guard person.organization == nil else { return false }
        person.organization = ""
        withValue(card, p) { value in
            ValueDecoding.forEachItem(value, lists: false, keepsEmpty: true) { component, part in
                if component == 0 {
                    person.organization = part
                } else if !part.isEmpty {
                    person.organizationUnits.append(part)
                }
            }
        }
        return true
    }

    func readTitle(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        guard person.title == nil else { return false }
        person.title = text(card, p).trimmingSpaces()
        return true
    }
}

extension PersonProperties {
    static func writeOrganization(_ person: PersonInfo, to out: inout PropertyWriter) {
        guard person.organization != nil || !person.organizationUnits.isEmpty else { return }
        out.add("ORG", VCardText.structured(([person.organization ?? ""] + person.organizationUnits).map { [$0] }))
    }

    static func writeTitle(_ person: PersonInfo, to out: inout PropertyWriter) {
        out.text("TITLE", person.title)
    }
}
