/// How a person is reached.
extension PropertyTable {
    static let communication: [PropertyDeclaration] = [
        PropertyDeclaration("TEL", .all, kind: .phone, merge: .phoneNumber, field: .phone, definedIn: "RFC 6350 §6.4.1"),
        PropertyDeclaration("EMAIL", .all, kind: .text, merge: .caseless, field: .email, definedIn: "RFC 6350 §6.4.2"),
        PropertyDeclaration("IMPP", [.v30, .v40], merge: .caseless, definedIn: "RFC 6350 §6.4.3, RFC 4770"),
        PropertyDeclaration("LANG", .v40, definedIn: "RFC 6350 §6.4.4"),
        PropertyDeclaration("URL", .all, kind: .uri, merge: .webAddress, field: .url, definedIn: "RFC 6350 §6.7.8"),
        PropertyDeclaration("SOCIALPROFILE", .v40, definedIn: "RFC 9554 §3.5"),
        PropertyDeclaration("CONTACT-URI", .v40, definedIn: "RFC 8605 §2.1"),
        PropertyDeclaration("MAILER", [.v21, .v30], kind: .text, definedIn: "RFC 2426 §3.3.3"),
        PropertyDeclaration("FBURL", [.v30, .v40], kind: .uri, definedIn: "RFC 6350 §6.9.1, RFC 2739"),
        PropertyDeclaration("CALADRURI", [.v30, .v40], kind: .uri, definedIn: "RFC 6350 §6.9.2, RFC 2739"),
        PropertyDeclaration("CALURI", [.v30, .v40], kind: .uri, definedIn: "RFC 6350 §6.9.3, RFC 2739"),
    ]
}
