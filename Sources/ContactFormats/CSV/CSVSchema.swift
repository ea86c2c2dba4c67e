import ContactsCore

/// What each column of a CSV file holds, from its header row.
struct CSVSchema: Sendable {
    let dialect: CSVDialect
    let headers: [String]
    let roles: [ColumnRole?]

    init(headers: [String], dialect forced: CSVDialect?) {
        let cleaned = headers.map { $0.trimmingSpaces() }
        self.headers = cleaned
        if forced == nil || forced == .thunderbird, let roles = ThunderbirdColumns.roles(cleaned) {
            self.dialect = .thunderbird
            self.roles = roles
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
