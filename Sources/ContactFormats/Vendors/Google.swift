import ContactsCore

/// What Google Contacts writes that no standard says, and how it is read and written. Fixtures:
/// `Fixtures/csv/google-contacts.csv` (today's export), `Fixtures/csv/google-contacts-old.csv`
/// and `Fixtures/realworld/google-old-email-type-columns.csv` (the older header),
/// `Fixtures/csv/gmail-2010.csv` (Gmail's sections), `Fixtures/google-contacts.vcf`.
///
/// - Its CSV is told by numbered item columns (`E-mail 1 - Value`, `Phone 1 - Label`) beside
///   `Labels`, `Group Membership` or a name column (`isHeader`, for `CSVDialect.detect`).
/// - `Name` is the formatted name; the older header's `E-mail 2 - Type` is the address's label,
///   not Outlook's `E-mail 2 Type`, which reads the same once the punctuation is gone (`columnRole`).
/// - Several values with one label share a cell, joined by ` ::: ` (`valueSeparator`: read by
///   `CSVPersonMapper.splitValues`, written by `GoogleCSVLayout.grouped`; our own CSV does the same).
/// - Labels are words (`Mobile`, `Work Fax`, a custom word), `* ` before one marks the preferred
///   item (`labelTypes` reading, `label` writing); an event labelled `Anniversary` (or the word
///   in German, French or Spanish) is the anniversary (`isAnniversaryLabel`).
/// - Its system groups are labels marked `* ` (`* myContacts`, `* starred`): read as the group's
///   name, written marked again (`labels`).
/// - Columns it has no place for are `Custom Field N - Label`/`Value` pairs (`UnmappedColumns`).
/// - Its vCard export borrows Apple's labelled dates with a plain label (`item1.X-ABDATE` with
///   `item1.X-ABLabel:Anniversary`), read as Apple's (`Apple`), its system groups as categories
///   (`CATEGORIES:myContacts`), and phonetic names as `X-PHONETIC-FIRST-NAME`/`-LAST-NAME`.
package enum Google {
    /// What joins several values in one cell.
    static let valueSeparator = " ::: "
    /// What marks a preferred item's label and a system group.
    static let mark = "* "
    /// Google's own groups, written with the mark.
    static let systemGroups: Set<String> = ["myContacts", "friends", "family", "coworkers", "starred"]

    /// Whether a CSV header (its names normalized, `CSVColumns.normalize`) is Google's.
    static func isHeader(_ names: [String], _ set: Set<String>) -> Bool {
        names.contains(where: { $0.hasPrefix("email1") || $0.hasPrefix("phone1") })
            && (set.contains("labels") || set.contains("groupmembership") || set.contains("givenname")
                || set.contains("firstname") || set.contains("name"))
    }

    /// What a column of Google's header holds where other exporters mean something else.
    static func columnRole(_ name: String) -> ColumnRole? {
        if name == "name" { return .formattedName }
        if name.hasPrefix("email") && name.hasSuffix("type") { return CSVColumns.numbered(name) }
        return nil
    }

    /// A label's vCard types, and whether it marks the preferred item: `* Home` is preferred
    /// and home; `Mobile` is a cell phone; a custom label becomes a lower-case type.
    static func labelTypes(_ label: String) -> ([String], Bool) {
        var text = label.trimmingSpaces()
        let preferred = text.hasPrefix("*")
        if preferred { text = String(text.dropFirst()).trimmingSpaces() }
        let lower = text.lowercased()
        switch lower {
        case "": return ([], preferred)
        case "mobile": return (["cell"], preferred)
        case "home fax": return (["home", "fax"], preferred)
        case "work fax": return (["work", "fax"], preferred)
        case "other fax": return (["fax"], preferred)
        default: return ([lower], preferred)
        }
    }

    /// vCard types as Google's label: `cell` → `Mobile`, `work,fax` → `Work Fax`, `* ` when preferred.
    static func label(_ types: [String], _ preferred: Bool) -> String {
        let set = Set(types).subtracting(["voice", "internet", "pref"])
        let name: String
        if set.contains("fax") {
            name = set.contains("home") ? "Home Fax" : set.contains("work") ? "Work Fax" : "Other Fax"
        } else if set.contains("cell") {
            name = "Mobile"
        } else if let first = types.first(where: { set.contains($0) }) {
            name = first.prefix(1).uppercased() + first.dropFirst()
        } else {
            name = ""
        }
        return (preferred ? mark : "") + name
    }

    /// Whether an event's label names the anniversary.
    static func isAnniversaryLabel(_ label: String) -> Bool {
        ["anniversary", "jahrestag", "hochzeitstag", "anniversaire de mariage", "aniversario"]
            .contains(label.trimmingSpaces().lowercased())
    }

    /// Categories as Google's labels cell, its system groups marked.
    static func labels(_ categories: [String]) -> String {
        categories.map { systemGroups.contains($0) ? mark + $0 : $0 }.joined(separator: valueSeparator)
    }
}

extension Google {
    /// What `--for google` writes (`ImporterProfile`).
    static let importer = ImporterProfile("google", format: .googleCSV, notes: [
        ("Google Contacts' CSV, in the columns its own export writes (the google-csv format)",
         "support.google.com/contacts/answer/1069522 (import from a CSV or vCard file); Fixtures/csv/google-contacts.csv"),
    ])
}
