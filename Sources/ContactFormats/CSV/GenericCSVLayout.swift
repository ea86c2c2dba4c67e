import ContactsCore

/// Generic CSV with a header of our own that holds everything the model does, so reading it
/// back gives the same people. Several values in a cell are joined by ` ::: `; e-mails and
/// phones are written `[*][types:]value` (`*` = preferred), addresses
/// `[*][types:]poBox;extended;street;locality;region;postalCode;country`; the `vCard` column
/// keeps every other property (and unmapped CSV columns) as vCard content lines.
public struct GenericCSVLayout: CSVLayout {
    /// The columns.
    public static let header = [
        "Display Name", "Family Name", "Given Name", "Additional Names", "Prefix", "Suffix", "Nickname",
        "Birthday", "Anniversary", "Organization", "Department", "Title", "E-mails", "Phones", "Addresses",
        "Websites", "Categories", "Note", "UID", "Phonetic Family Name", "Phonetic Given Name",
        "Phonetic Additional Name", "Sort As", "vCard",
    ]

    /// The layout.
    public init() {}

    /// The columns.
    public var header: [String] { Self.header }

    /// A type as the `[*][types:]value` form can hold it: `:`, `,`, `@`, `/`, `*` (the mark of
    /// a preferred item) and line breaks become `-`.
    public static func typeToken(_ type: String) -> String {
        String(type.map { ":,@/*\n\r".contains($0) ? "-" : $0 })
    }

    /// The person's cells, one per column.
    public func row(for person: PersonInfo) -> [String] {
        func list(_ values: [String]) -> String { values.joined(separator: " ::: ") }
        func item(_ value: String, _ types: [String], _ preferred: Bool) -> String {
            // A value with a colon of its own, or starting with the preferred mark `*`, gets an
            // empty type list, so that it reads back whole.
            let bare = !value.contains(":") && !value.trimmingSpaces().hasPrefix("*")
            let prefix = types.isEmpty ? (bare ? "" : ":") : types.map(Self.typeToken).joined(separator: ",") + ":"
            // Line breaks separate items here: an e-mail or phone has none, so they become spaces.
            return (preferred ? "*" : "") + prefix + value.replacingAll("\n", with: " ")
        }
        let addresses = person.addresses.map { a in
            item([a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country]
                .map(Self.escapeComponent).joined(separator: ";"), a.types, a.preferred)
        }
        return [
            person.formattedName ?? "", person.familyName, person.givenName, list(person.additionalNames),
            list(person.honorificPrefixes), list(person.honorificSuffixes),
            list(person.nicknames), person.birthday?.description ?? "", person.anniversary?.description ?? "",
            person.organization ?? "", list(person.organizationUnits), person.title ?? "",
            list(person.emails.map { item($0.value, $0.types, $0.preferred) }),
            list(person.phones.map { item($0.value, $0.types, $0.preferred) }),
            list(addresses), list(person.urls), categories(person.categories), person.note ?? "", person.uid ?? "",
            person.phoneticFamilyName ?? "", person.phoneticGivenName ?? "", person.phoneticAdditionalName ?? "",
            person.sortAs.joined(separator: ","),
            person.extraProperties.map(VCardLineWriter.line).joined(separator: "\n"),
        ]
    }

    /// A lone category with a `;` ends with the list separator, so that it is not read as
    /// several `;`-separated ones.
    private func categories(_ values: [String]) -> String {
        let cell = values.joined(separator: " ::: ")
        return values.count == 1 && cell.contains(";") ? cell + " :::" : cell
    }

    private static func escapeComponent(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll(";", with: "\\;").replacingAll("\n", with: "\\n")
    }
}
