import ContactsCore

/// The vCard properties of a person that was not read from a vCard (CSV input, or built in
/// code): every model field in its property, then `extraProperties` (CSV columns with no field
/// travel as `X-CSV;COLUMN="…"`). Values are escaped; the version rules apply afterwards.
package enum PersonProperties {
    package static func make(_ person: PersonInfo) -> [VCardProperty] {
        var out: [VCardProperty] = []
        func add(_ name: String, _ value: String, _ parameters: [VCardParameter] = []) {
            out.append(VCardProperty(name: name, parameters: parameters, value: value, line: person.source.line))
        }
        func text(_ name: String, _ value: String?) {
            if let value { add(name, VCardText.escape(value)) }
        }
        text("FN", person.formattedName)
        if nameParts(person).contains(where: { !$0.isEmpty }) || !person.sortAs.isEmpty {
            add("N", name(person),
                person.sortAs.isEmpty ? [] : [VCardParameter(name: "SORT-AS", values: person.sortAs)])
        }
        if !person.nicknames.isEmpty { add("NICKNAME", VCardText.list(person.nicknames)) }
        text("X-PHONETIC-FIRST-NAME", person.phoneticGivenName)
        text("X-PHONETIC-MIDDLE-NAME", person.phoneticAdditionalName)
        text("X-PHONETIC-LAST-NAME", person.phoneticFamilyName)
        if let birthday = person.birthday { add("BDAY", birthday.description) }
        if let anniversary = person.anniversary { add("ANNIVERSARY", anniversary.description) }
        if person.organization != nil || !person.organizationUnits.isEmpty {
            add("ORG", VCardText.structured(([person.organization ?? ""] + person.organizationUnits).map { [$0] }))
        }
        text("TITLE", person.title)
        text("NOTE", person.note)
        for email in person.emails {
            add("EMAIL", VCardText.escape(email.value), typeParameters(email.types, preferred: email.preferred))
        }
        for phone in person.phones {
            add("TEL", VCardText.escape(phone.value), typeParameters(phone.types, preferred: phone.preferred))
        }
        for address in person.addresses {
            let parts = [address.poBox, address.extended, address.street, address.locality, address.region,
                         address.postalCode, address.country]
            add("ADR", VCardText.structured(parts.map { [$0] }), typeParameters(address.types, preferred: address.preferred))
        }
        for url in person.urls { add("URL", VCardText.escapingURI(url)) }
        if !person.categories.isEmpty { add("CATEGORIES", VCardText.list(person.categories)) }
        text("UID", person.uid)
        return out + person.extraProperties
    }

    /// The `N` value: family, given, additional names, prefixes, suffixes, each a list.
    package static func name(_ person: PersonInfo) -> String {
        VCardText.structured(nameParts(person).map { $0.isEmpty ? [""] : $0 })
    }

    private static func nameParts(_ person: PersonInfo) -> [[String]] {
        [person.familyNames, person.givenNames, person.additionalNames, person.honorificPrefixes, person.honorificSuffixes]
    }

    private static func typeParameters(_ types: [String], preferred: Bool) -> [VCardParameter] {
        var parameters: [VCardParameter] = []
        if !types.isEmpty { parameters.append(VCardParameter(name: "TYPE", values: types)) }
        if preferred { parameters.append(VCardParameter(name: "PREF", values: ["1"])) }
        return parameters
    }
}
