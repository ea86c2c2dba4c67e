/// Where a person is.
extension PropertyTable {
    static let addresses: [PropertyDeclaration] = [
        PropertyDeclaration("ADR", .all, kind: .address, rule: .components(7), merge: .caseless, field: .address,
                            definedIn: "RFC 6350 §6.3.1"),
        PropertyDeclaration("LABEL", [.v21, .v30], kind: .text, definedIn: "RFC 2426 §3.2.2"),
        PropertyDeclaration("TZ", .all, definedIn: "RFC 6350 §6.5.1"),
        PropertyDeclaration("GEO", .all, definedIn: "RFC 6350 §6.5.2"),
        PropertyDeclaration("BIRTHPLACE", .v40, definedIn: "RFC 6474 §2.1"),
        PropertyDeclaration("DEATHPLACE", .v40, definedIn: "RFC 6474 §2.2"),
    ]
}
