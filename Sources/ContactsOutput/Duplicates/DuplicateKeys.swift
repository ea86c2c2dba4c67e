import ContactsCore

/// What `DuplicateFinder` compares a person by, as `DuplicateKeying` made it.
struct DuplicateKeys {
    var uid: String?
    /// The personal e-mail addresses, lower case.
    var emails: [String]
    /// The phone numbers in E.164.
    var phones: [String]
    /// The role addresses (`info@`, `office@`), lower case: they link names that fit, as a phone does.
    var roleEmails: [String]
    /// The folded name, only with a whole birthday (else empty: it counts only with one).
    var name: String
    /// The folded given and family names (the name shown as the family name when there are
    /// none), only with a phone number or a role address (else empty: they count only with one).
    var given: String
    var family: String
    var birthday: PartialDate?

    func append(to w: inout FieldWriter) {
        w.optional(uid)
        w.strings(emails)
        w.strings(phones)
        w.strings(roleEmails)
        w.string(name)
        w.string(given)
        w.string(family)
        w.date(birthday)
    }

    /// The keys `append(to:)` wrote, read from `r`.
    init(_ r: inout FieldReader) {
        uid = r.optional()
        emails = r.strings()
        phones = r.strings()
        roleEmails = r.strings()
        name = r.string()
        given = r.string()
        family = r.string()
        birthday = r.date()
    }

    init(uid: String?, emails: [String], phones: [String], roleEmails: [String], name: String, given: String, family: String,
         birthday: PartialDate?) {
        (self.uid, self.emails, self.phones, self.roleEmails, self.name) = (uid, emails, phones, roleEmails, name)
        (self.given, self.family, self.birthday) = (given, family, birthday)
    }
}

/// Makes the `DuplicateKeys` of people: e-mail addresses without role addresses, phone numbers
/// in E.164 (libphonenumber), names folded in Latin letters (ICU). On any thread: what it
/// remembers is shared.
final class DuplicateKeying: Sendable {
    private let numbers: PhoneNumbers
    private let latin = LatinLetters()

    /// Phone numbers read by `numbers`.
    init(numbers: PhoneNumbers) {
        self.numbers = numbers
    }

    /// Local parts of the addresses of a role, not of a person (`info@example.org`).
    static let roleAddresses: Set<String> = [
        "info", "office", "contact", "sales", "support", "noreply", "no-reply", "donotreply", "do-not-reply",
        "admin", "hello", "team", "mail", "post", "kontakt", "service", "billing", "enquiries", "inquiries",
        "webmaster", "postmaster", "hostmaster", "abuse", "hr", "jobs", "careers", "press", "marketing", "help",
        "reception", "booking", "bookings", "orders", "accounts", "newsletter", "feedback",
    ]

    func keys(_ person: PersonInfo) -> DuplicateKeys {
        var emails: [String] = [], roleEmails: [String] = []
        for email in person.emails.map({ $0.value.trimmingSpaces().lowercased() }) {
            guard let at = email.lastIndex(of: "@"), at != email.startIndex else { continue }
            if Self.roleAddresses.contains(String(email[..<at])) { roleEmails.append(email) } else { emails.append(email) }
        }
        let uid = person.uid.map { $0.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
        // The name counts only with a whole birthday, its parts only with a phone: folded only then.
        let name = person.birthday?.year == nil ? "" : foldedName(person)
        let phones = person.phones.compactMap { numbers.e164($0.value) }
        let parts: (given: String, family: String) = phones.isEmpty && roleEmails.isEmpty ? ("", "")
            : person.hasNameParts ? (folding(person.givenNames), folding(person.familyNames))
            : ("", folding([person.formattedName ?? ""]))
        return DuplicateKeys(uid: uid, emails: emails, phones: phones, roleEmails: roleEmails, name: name, given: parts.given,
                             family: parts.family,
                             birthday: person.birthday)
    }

    /// The name compared: the given and family names (else the name shown), folded (case and
    /// accents), in Latin letters, white space as single spaces.
    func foldedName(_ person: PersonInfo) -> String {
        folding(person.hasNameParts ? person.givenNames + person.familyNames : [person.formattedName ?? ""])
    }

    /// The names joined, folded, in Latin letters (`Анна` as `anna`), white space as single spaces.
    func folding(_ parts: [String]) -> String {
        let joined = parts.joined(separator: " ")
        var text = folded(joined)
        // Other scripts (transliterated before folding, which would take the marks of `だ`).
        if text.utf8.contains(where: { $0 >= 0x80 }) { text = folded(latin.latin(joined)) }
        var name: [UInt8] = []
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if name.last != 0x20 { name.append(0x20) }
            } else {
                name.append(byte)
            }
        }
        if name.first == 0x20 { name.removeFirst() }
        if name.last == 0x20 { name.removeLast() }
        return String(decoding: name, as: UTF8.self)
    }
}
