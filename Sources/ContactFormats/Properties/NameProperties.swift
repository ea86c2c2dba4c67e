/// The properties that name a person, and say how the name sorts and what they are called.
extension PropertyTable {
    static let names: [PropertyDeclaration] = [
        PropertyDeclaration("FN", .all, kind: .text, merge: .naming, field: .formattedName, definedIn: "RFC 6350 §6.2.1"),
        PropertyDeclaration("N", .all, once: .all, kind: .name, rule: .components(5), merge: .naming, field: .name,
                            definedIn: "RFC 6350 §6.2.2"),
        PropertyDeclaration("NICKNAME", [.v30, .v40], kind: .textList, merge: .items, field: .nickname,
                            definedIn: "RFC 6350 §6.2.3"),
        PropertyDeclaration("SORT-STRING", .v30, once: .v30, kind: .text, merge: .naming, definedIn: "RFC 2426 §3.6.5"),
        PropertyDeclaration("GENDER", .v40, once: .v40, in30: "X-GENDER", kind: .gender, rule: .sex, merge: .single,
                            definedIn: "RFC 6350 §6.2.7"),
        PropertyDeclaration("GRAMGENDER", .v40, definedIn: "RFC 9554 §3.2"),
        PropertyDeclaration("PRONOUNS", .v40, definedIn: "RFC 9554 §3.4"),
    ]
}
