import ContactsCore

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

extension PersonDecoder {
    /// The first `BDAY` that is a date (not text, not a day that does not exist).
    func readBirthday(_ card: BorrowedCard, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        guard person.birthday == nil, let date = date(card, p, what: "birthday") else { return false }
        person.birthday = birthday(date, line: p.line)
        return true
    }

    func readAnniversary(_ card: BorrowedCard, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        guard person.anniversary == nil, let date = date(card, p, what: "anniversary") else { return false }
        person.anniversary = date
        return true
    }

    /// Kept as an extra property too (false): no output has a field of its own for it.
    func readDeathDate(_ card: BorrowedCard, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        if person.deathDate == nil, let date = date(card, p, what: "death date") { person.deathDate = date }
        return false
    }
}

extension PersonProperties {
    static func writeBirthday(_ person: PersonInfo, to out: inout PropertyWriter) {
        if let birthday = person.birthday { out.add("BDAY", birthday.description) }
    }

    static func writeAnniversary(_ person: PersonInfo, to out: inout PropertyWriter) {
        if let anniversary = person.anniversary { out.add("ANNIVERSARY", anniversary.description) }
    }
}
