import VCFBirthdays

/// The people a generic CSV can hold, as it holds them, for round-trip checks: no list item
/// may hold the item separator `:::`, a row needs a
/// name, e-mail, phone or organization to be a contact (others are rejected), an e-mail or
/// phone without a value is no item (`work:` reads as nothing) and has its line breaks written
/// as spaces, and types are written as CSV can hold them (`GenericCSVLayout.typeToken`).
public func csvRepresentable(_ people: [PersonInfo]) -> [PersonInfo] {
    people.filter { p in
        // Known limit: ` ::: ` separates list items, and no item can hold it.
        let items = p.additionalNames + p.honorificPrefixes + p.honorificSuffixes + p.nicknames + p.organizationUnits
            + p.urls + p.categories + p.emails.map { ":" + $0.value } + p.phones.map { ":" + $0.value }  // after `types:`
            + p.addresses.map { ":" + [$0.poBox, $0.extended, $0.street, $0.locality, $0.region, $0.postalCode, $0.country].joined(separator: ";") }
        return !items.contains { $0.contains(":::") }
    }.filter { p in
        p.hasNameParts || !(p.formattedName ?? "").isEmpty || !(p.organization ?? "").isEmpty || !p.nicknames.isEmpty
            || p.emails.contains { !$0.value.isEmpty } || p.phones.contains { !$0.value.isEmpty }
    }.map { p in
        var q = p
        for k in q.emails.indices { q.emails[k].value = singleLine(q.emails[k].value) }
        for k in q.phones.indices { q.phones[k].value = singleLine(q.phones[k].value) }
        q.emails.removeAll { $0.value.isEmpty }
        q.phones.removeAll { $0.value.isEmpty }
        for k in q.emails.indices { q.emails[k].types = q.emails[k].types.map(GenericCSVLayout.typeToken) }
        for k in q.phones.indices { q.phones[k].types = q.phones[k].types.map(GenericCSVLayout.typeToken) }
        for k in q.addresses.indices { q.addresses[k].types = q.addresses[k].types.map(GenericCSVLayout.typeToken) }
        return q
    }
}

/// Line breaks as spaces, without spaces and tabs around.
private func singleLine(_ value: String) -> String {
    let text = value.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
    return String(text[first...last])
}
