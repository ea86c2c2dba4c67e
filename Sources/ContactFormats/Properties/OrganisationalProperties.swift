/// A person's work, the people related to them, what they know and like.
extension PropertyTable {
    static let organisational: [PropertyDeclaration] = [
        PropertyDeclaration("ORG", .all, kind: .organization, merge: .single, field: .organization,
                            definedIn: "RFC 6350 §6.6.4"),
        PropertyDeclaration("TITLE", .all, kind: .text, merge: .single, field: .title, definedIn: "RFC 6350 §6.6.1"),
        PropertyDeclaration("ROLE", .all, kind: .text, merge: .single, definedIn: "RFC 6350 §6.6.2"),
        PropertyDeclaration("MEMBER", .v40, in30: "X-ADDRESSBOOKSERVER-MEMBER", definedIn: "RFC 6350 §6.6.5"),
        PropertyDeclaration("RELATED", .v40, definedIn: "RFC 6350 §6.6.6"),
        PropertyDeclaration("AGENT", [.v21, .v30], field: .agent, definedIn: "RFC 2426 §3.5.4"),
        PropertyDeclaration("ORG-DIRECTORY", .v40, definedIn: "RFC 6715 §2.4"),
        PropertyDeclaration("EXPERTISE", .v40, definedIn: "RFC 6715 §2.1"),
        PropertyDeclaration("HOBBY", .v40, definedIn: "RFC 6715 §2.2"),
        PropertyDeclaration("INTEREST", .v40, definedIn: "RFC 6715 §2.3"),
    ]
}
