import ContactsCore

/// How a person is reached.
extension PropertyTable {
    static let communication: [PropertyDeclaration] = [
        PropertyDeclaration("TEL", .all, kind: .phone, merge: .phoneNumber, field: .phone, definedIn: "RFC 6350 §6.4.1",
                            values: [.text, .uri], parameters: .listed.union(.mediaType),
                            jsContact: .entry(JSContactEntry("phones", value: "number", key: "PHONE", .text))),
        PropertyDeclaration("EMAIL", .all, kind: .text, merge: .caseless, field: .email, definedIn: "RFC 6350 §6.4.2",
                            values: [.text], parameters: .listed,
                            jsContact: .entry(JSContactEntry("emails", value: "address", key: "EMAIL", .text))),
        PropertyDeclaration("IMPP", [.v30, .v40], merge: .caseless, definedIn: "RFC 6350 §6.4.3, RFC 4770",
                            values: [.uri], parameters: .listed.union([.mediaType, .serviceType, .username]),
                            jsContact: .entry(JSContactEntry("onlineServices", value: "uri", vCardName: "impp", key: "OS"))),
        PropertyDeclaration("LANG", .v40, definedIn: "RFC 6350 §6.4.4",
                            values: [.languageTag], parameters: .listed,
                            jsContact: .entry(JSContactEntry("preferredLanguages", value: "language", key: "LANG", .text))),
        PropertyDeclaration("URL", .all, kind: .uri, merge: .webAddress, field: .url, definedIn: "RFC 6350 §6.7.8",
                            values: [.uri], parameters: .listed.union(.mediaType),
                            jsContact: .entry(JSContactEntry("links", value: "uri", key: "LINK"))),
        PropertyDeclaration("SOCIALPROFILE", .v40, definedIn: "RFC 9554 §3.5",
                            values: [.uri, .text], parameters: .listed.union([.mediaType, .serviceType, .username]),
                            jsContact: .entry(JSContactEntry("onlineServices", value: "uri", key: "OS"))),
        PropertyDeclaration("CONTACT-URI", .v40, definedIn: "RFC 8605 §2.1",
                            values: [.uri], parameters: [.pref],
                            jsContact: .entry(JSContactEntry("links", value: "uri", kind: "contact", key: "CONTACT"))),
        PropertyDeclaration("MAILER", [.v21, .v30], kind: .text, definedIn: "RFC 2426 §3.3.3"),
        PropertyDeclaration("FBURL", [.v30, .v40], kind: .uri, definedIn: "RFC 6350 §6.9.1, RFC 2739",
                            values: [.uri], parameters: .listed.union(.mediaType),
                            jsContact: .entry(JSContactEntry("calendars", value: "uri", kind: "freeBusy", key: "FBURL"))),
        PropertyDeclaration("CALADRURI", [.v30, .v40], kind: .uri, definedIn: "RFC 6350 §6.9.2, RFC 2739",
                            values: [.uri], parameters: .listed.union(.mediaType),
                            jsContact: .entry(JSContactEntry("schedulingAddresses", value: "uri", key: "SCHEDULING"))),
        PropertyDeclaration("CALURI", [.v30, .v40], kind: .uri, definedIn: "RFC 6350 §6.9.3, RFC 2739",
                            values: [.uri], parameters: .listed.union(.mediaType),
                            jsContact: .entry(JSContactEntry("calendars", value: "uri", kind: "calendar", key: "CAL"))),
    ]
}

extension PersonDecoder {
    /// An e-mail address with its types (`internet` says nothing) and Apple's label.
    func readEmail(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, label: String?, to person: inout PersonInfo) -> Bool {
        let (types, preferred) = typesAndPreference(card, p, label: label, dropping: "internet")
        person.emails.append(ContactPoint(value: trimmedText(card, p), types: types, preferred: preferred))
        return true
    }

    /// A phone number (a `tel:` URI as its number) with its types and Apple's label.
    func readPhone(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, label: String?, to person: inout PersonInfo) -> Bool {
        let value = ValueDecoding.phoneNumber(text(card, p))
        let (types, preferred) = typesAndPreference(card, p, label: label, dropping: nil)
        person.phones.append(ContactPoint(value: value, types: types, preferred: preferred))
        return true
    }

    /// An empty URL holds nothing (as an empty nickname or category): no list item.
    func readURL(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        let url = trimmedText(card, p)
        if !url.isEmpty { person.urls.append(url) }
        return true
    }
}

extension PersonProperties {
    static func writeEmails(_ person: PersonInfo, to out: inout PropertyWriter) {
        for email in person.emails {
            out.add("EMAIL", VCardText.escape(email.value), typeParameters(email.types, preferred: email.preferred))
        }
    }

    static func writePhones(_ person: PersonInfo, to out: inout PropertyWriter) {
        for phone in person.phones {
            out.add("TEL", VCardText.escape(phone.value), typeParameters(phone.types, preferred: phone.preferred))
        }
    }

    static func writeURLs(_ person: PersonInfo, to out: inout PropertyWriter) {
        for url in person.urls { out.add("URL", VCardText.escapingURI(url)) }
    }
}
