/// The dates of a person's life.
extension PropertyTable {
    static let dates: [PropertyDeclaration] = [
        PropertyDeclaration("BDAY", .all, once: .all, kind: .date, rule: .date, merge: .single, field: .birthday,
                            definedIn: "RFC 6350 §6.2.5"),
        // Vendors' anniversaries: Outlook, Evolution, KAddressBook, the Windows Address Book.
        PropertyDeclaration("ANNIVERSARY", .v40, once: .v40, in30: "X-ANNIVERSARY",
                            aliases: ["X-MS-ANNIVERSARY", "X-EVOLUTION-ANNIVERSARY", "X-KADDRESSBOOK-X-ANNIVERSARY",
                                      "X-WAB-WEDDING_ANNIVERSARY"],
                            kind: .date, rule: .date, merge: .single, field: .anniversary, definedIn: "RFC 6350 §6.2.6"),
        PropertyDeclaration("DEATHDATE", .v40, in30: "X-DEATHDATE", kind: .date, rule: .date, merge: .single,
                            field: .deathDate, definedIn: "RFC 6474 §2.3"),
    ]
}
