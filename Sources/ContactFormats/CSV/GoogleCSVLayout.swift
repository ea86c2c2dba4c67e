import ContactsCore

/// The CSV Google Contacts imports (and exports): its header, labels such as `Home`, `Mobile`
/// and `* Home` (preferred), several values with the same label in one cell joined by ` ::: `,
/// ISO birthdays (`--MM-DD` without a year), the anniversary as an event labelled `Anniversary`
/// and other labelled dates (Apple's `X-ABDATE`, Android's custom events) as the next events.
/// Unmapped columns read from a CSV come back in their own columns where Google has one of
/// that name, else as custom fields (`Custom Field 1 - Label` holds the column's name), which
/// Google imports and which read back as the same columns.
public struct GoogleCSVLayout: CSVLayout {
    static let emailSlots = 4, phoneSlots = 4, addressSlots = 2, websiteSlots = 2, eventSlots = 2, customSlots = 8
    static let addressParts = ["Label", "Formatted", "Street", "City", "PO Box", "Region", "Postal Code", "Country",
                               "Extended Address"]

    /// The columns Google Contacts imports.
    public static let header: [String] = {
        var h = ["First Name", "Middle Name", "Last Name", "Phonetic First Name", "Phonetic Middle Name",
                 "Phonetic Last Name", "Name Prefix", "Name Suffix", "Nickname", "File As", "Organization Name",
                 "Organization Title", "Organization Department", "Birthday", "Notes", "Photo", "Labels"]
        for i in 1...emailSlots { h += ["E-mail \(i) - Label", "E-mail \(i) - Value"] }
        for i in 1...phoneSlots { h += ["Phone \(i) - Label", "Phone \(i) - Value"] }
        for i in 1...addressSlots { h += addressParts.map { "Address \(i) - \($0)" } }
        for i in 1...websiteSlots { h += ["Website \(i) - Label", "Website \(i) - Value"] }
        for i in 1...eventSlots { h += ["Event \(i) - Label", "Event \(i) - Value"] }
        for i in 1...customSlots { h += ["Custom Field \(i) - Label", "Custom Field \(i) - Value"] }
        return h
    }()

    /// The layout.
    public init() {}

    /// The columns.
    public var header: [String] { Self.header }

    /// The person's cells, one per column.
    public func row(for person: PersonInfo) -> [String] {
        var row = UnmappedColumns(person)
        row.fill([person.firstNameCell, person.additionalNames.joined(separator: " "), person.familyName,
                  person.phoneticGivenName ?? "", person.phoneticAdditionalName ?? "", person.phoneticFamilyName ?? "",
                  person.honorificPrefixes.joined(separator: " "), person.honorificSuffixes.joined(separator: " "),
                  person.nicknames.joined(separator: Google.valueSeparator), nil, person.organization ?? "", person.title ?? "",
                  person.organizationUnits.joined(separator: Google.valueSeparator), person.birthday?.description ?? "",
                  person.note ?? "", nil, Google.labels(person.categories)],
                 startingAt: 0, header: Self.header)
        var column = 17
        for (label, values) in Self.grouped(person.emails, slots: Self.emailSlots) {
            row.fill([label, values], startingAt: column, header: Self.header)
            column += 2
        }
        column = 17 + 2 * Self.emailSlots
        for (label, values) in Self.grouped(person.phones, slots: Self.phoneSlots) {
            row.fill([label, values], startingAt: column, header: Self.header)
            column += 2
        }
        column = 17 + 2 * (Self.emailSlots + Self.phoneSlots)
        for a in person.addresses.prefix(Self.addressSlots) {
            let formatted = [a.extended, a.street, [a.postalCode, a.locality].filter { !$0.isEmpty }.joined(separator: " "),
                             a.region, a.country].filter { !$0.isEmpty }.joined(separator: "\n")
            row.fill([Google.label(a.types, a.preferred), formatted, a.street, a.locality, a.poBox, a.region, a.postalCode,
                      a.country, a.extended], startingAt: column, header: Self.header)
            column += Self.addressParts.count
        }
        column = 17 + 2 * (Self.emailSlots + Self.phoneSlots) + Self.addressParts.count * Self.addressSlots
        for url in person.urls.prefix(Self.websiteSlots) {
            row.fill(["", url], startingAt: column, header: Self.header)
            column += 2
        }
        column = Self.header.count - 2 * (Self.eventSlots + Self.customSlots)
        let events = (person.anniversary.map { [("Anniversary", $0)] } ?? []) + person.otherDates
        for (label, date) in events.prefix(Self.eventSlots) {
            row.fill([label, date.description], startingAt: column, header: Self.header)
            column += 2
        }
        // Dates past the event columns end the notes, one `Label: date` line each.
        let moreDates = events.dropFirst(Self.eventSlots).map { "\($0.0): \($0.1)" }
        if !moreDates.isEmpty {
            row.fill([([person.note ?? ""].filter { !$0.isEmpty } + moreDates).joined(separator: "\n")],
                     startingAt: Self.header.firstIndex(of: "Notes")!, header: Self.header)
        }
        return row.finish(header: Self.header, customFieldsFrom: Self.header.count - 2 * Self.customSlots)
    }

    /// Items with the same label share a cell (` ::: `); what does not fit goes into the last slot.
    static func grouped(_ points: [ContactPoint], slots: Int) -> [(String, String)] {
        var groups: [(label: String, values: [String])] = []
        for p in points {
            let label = Google.label(p.types, p.preferred)
            if let i = groups.firstIndex(where: { $0.label == label }) {
                groups[i].values.append(p.value)
            } else {
                groups.append((label, [p.value]))
            }
        }
        if groups.count > slots {
            let rest = groups[(slots - 1)...].flatMap(\.values)
            groups = Array(groups.prefix(slots - 1)) + [(groups[slots - 1].label, rest)]
        }
        return groups.map { ($0.label, $0.values.joined(separator: Google.valueSeparator)) }
    }
}

extension PersonInfo {
    /// The `First Name` cell of Google's and Outlook's CSV: the given name, or, for a person
    /// known by a formatted name only (`FN` without `N`, a CSV `Name` column), that name, so
    /// that the row still names someone.
    var firstNameCell: String {
        if hasNameParts || additionalNames.contains(where: { !$0.isEmpty }) { return givenName }
        guard let formattedName, !formattedName.isEmpty, formattedName != organization else { return givenName }
        return formattedName
    }
}
