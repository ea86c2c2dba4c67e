import ContactsCore

/// What each column of a CSV file holds, from its header row.
struct CSVSchema: Sendable {
    let dialect: CSVDialect
    let headers: [String]
    let roles: [ColumnRole?]
    /// What each column's role says for every row, asked without copying the role.
    let traits: [ColumnTraits]

    init(headers: [String], dialect forced: CSVDialect?) {
        let cleaned = headers.map { $0.trimmingSpaces() }
        self.headers = cleaned
        if forced == nil || forced == .thunderbird, let roles = ThunderbirdColumns.roles(cleaned) {
            self.dialect = .thunderbird
            self.roles = roles
            traits = roles.map(ColumnTraits.init)
            return
        }
        let dialect = forced ?? CSVDialect.detect(cleaned.map(CSVColumns.normalize))
        self.dialect = dialect
        var roles = cleaned.map { CSVColumns.role(of: $0, in: dialect) }
        // Next to a birth month, a "birthday" column is the day of the month, never a whole date.
        if roles.contains(.birthMonth) && !roles.contains(.birthDay), let k = roles.firstIndex(of: .birthday) {
            roles[k] = .birthDay
        }
        // Next to a given name and no family name, a bare "Name" is the family name (German
        // spreadsheets and address books write `Name;Vorname`).
        if roles.contains(.givenName) && !roles.contains(.familyName),
           let k = cleaned.indices.first(where: { roles[$0] == .formattedName && CSVColumns.normalize(cleaned[$0]) == "name" }) {
            roles[k] = .familyName
        }
        self.roles = roles
        traits = roles.map(ColumnTraits.init)
    }

    /// A column holds a name (or the organization a card may be named after).
    var hasNameColumn: Bool {
        roles.contains { role in
            switch role {
            case .formattedName?, .givenName?, .familyName?, .additionalName?, .nickname?, .organization?: return true
            default: return false
            }
        }
    }

    /// Dates with day and month swappable follow this order unless the user gave one.
    var usualDateOrder: DateOrder? {
        dialect == .outlook ? Outlook.usualDateOrder(headers.map(CSVColumns.normalize)) : nil
    }
}

/// A column role's `identifies`, `isNameOrDate` and `isContactPoint` (none for a column of no role).
struct ColumnTraits: OptionSet, Sendable {
    let rawValue: UInt8
    static let identifies = ColumnTraits(rawValue: 1)
    static let nameOrDate = ColumnTraits(rawValue: 2)
    static let contactPoint = ColumnTraits(rawValue: 4)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ role: ColumnRole?) {
        var traits: ColumnTraits = []
        if role?.identifies ?? false { traits.insert(.identifies) }
        if role?.isNameOrDate ?? false { traits.insert(.nameOrDate) }
        if role?.isContactPoint ?? false { traits.insert(.contactPoint) }
        self = traits
    }
}
