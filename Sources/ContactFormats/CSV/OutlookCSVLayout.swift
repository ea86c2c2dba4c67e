import ContactsCore

/// The CSV Outlook imports (and exports): the 92-column desktop header, phones in typed columns
/// (`Mobile Phone`, `Home Phone`, `Business Fax`, …), three e-mail addresses, addresses as
/// Business, Home and Other, `M/D/YYYY` dates with the year 1604 for "no year" and `0/0/00` for
/// none, `;`-separated categories. Outlook has no column for nicknames and holds at most three
/// e-mail addresses, three addresses and one web page; CSV columns it has no place for end its
/// notes.
public struct OutlookCSVLayout: CSVLayout {
    /// The columns Outlook imports.
    public static let header = [
        "Title", "First Name", "Middle Name", "Last Name", "Suffix", "Company", "Department", "Job Title",
        "Business Street", "Business Street 2", "Business Street 3", "Business City", "Business State",
        "Business Postal Code", "Business Country/Region", "Home Street", "Home Street 2", "Home Street 3",
        "Home City", "Home State", "Home Postal Code", "Home Country/Region", "Other Street", "Other Street 2",
        "Other Street 3", "Other City", "Other State", "Other Postal Code", "Other Country/Region",
        "Assistant's Phone", "Business Fax", "Business Phone", "Business Phone 2", "Callback", "Car Phone",
        "Company Main Phone", "Home Fax", "Home Phone", "Home Phone 2", "ISDN", "Mobile Phone", "Other Fax",
        "Other Phone", "Pager", "Primary Phone", "Radio Phone", "TTY/TDD Phone", "Telex", "Account",
        "Anniversary", "Assistant's Name", "Billing Information", "Birthday", "Business Address PO Box",
        "Categories", "Children", "Directory Server", "E-mail Address", "E-mail Type", "E-mail Display Name",
        "E-mail 2 Address", "E-mail 2 Type", "E-mail 2 Display Name", "E-mail 3 Address", "E-mail 3 Type",
        "E-mail 3 Display Name", "Gender", "Government ID Number", "Hobby", "Home Address PO Box", "Initials",
        "Internet Free Busy", "Keywords", "Language", "Location", "Manager's Name", "Mileage", "Notes",
        "Office Location", "Organizational ID Number", "Other Address PO Box", "Priority", "Private",
        "Profession", "Referred By", "Sensitivity", "Spouse", "User 1", "User 2", "User 3", "User 4", "Web Page",
    ]
    private static let column: [String: Int] = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })

    /// The layout.
    public init() {}

    /// The columns.
    public var header: [String] { Self.header }

    /// The person's cells, one per column.
    public func row(for person: PersonInfo) -> [String] {
        var row = UnmappedColumns(person, writtenElsewhere: person.sex == "M" || person.sex == "F" ? ["GENDER", "X-GENDER"] : [])
        func set(_ name: String, _ value: String) {
            row.fill([value], startingAt: Self.column[name]!, header: Self.header)
        }
        set("Title", person.honorificPrefixes.joined(separator: " "))
        set("First Name", person.firstNameCell)
        set("Middle Name", person.additionalNames.joined(separator: " "))
        set("Last Name", person.familyName)
        set("Suffix", person.honorificSuffixes.joined(separator: " "))
        set("Company", person.organization ?? "")
        set("Department", person.organizationUnits.joined(separator: ", "))
        set("Job Title", person.title ?? "")
        for (base, address) in Self.placedAddresses(person.addresses) {
            let lines = (address.street.split(separator: "\n").map(String.init) + [address.extended]).filter { !$0.isEmpty }
            for (i, line) in lines.prefix(3).enumerated() { set(base + " Street" + (i == 0 ? "" : " \(i + 1)"), line) }
            set(base + " City", address.locality)
            set(base + " State", address.region)
            set(base + " Postal Code", address.postalCode)
            set(base + " Country/Region", address.country)
            set(base == "Business" ? "Business Address PO Box" : base + " Address PO Box", address.poBox)
        }
        var usedPhones = Set<String>()
        for phone in person.phones {
            if let name = Self.phoneColumns(phone.types).first(where: { !usedPhones.contains($0) }) {
                usedPhones.insert(name)
                set(name, phone.value)
            }
        }
        set("Anniversary", Self.date(person.anniversary))
        set("Birthday", Self.date(person.birthday))
        set("Categories", person.categories.joined(separator: ";"))
        let displayName = [person.givenName, person.familyName].filter { !$0.isEmpty }.joined(separator: " ")
        let emails = person.emails.filter(\.preferred) + person.emails.filter { !$0.preferred }
        for (i, email) in emails.prefix(3).enumerated() {
            let prefix = i == 0 ? "E-mail" : "E-mail \(i + 1)"
            set(prefix + " Address", email.value)
            set(prefix + " Type", "SMTP")
            set(prefix + " Display Name", displayName.isEmpty ? email.value : "\(displayName) (\(email.value))")
        }
        set("Initials", (person.givenNames + person.additionalNames + person.familyNames)
            .compactMap { $0.first.map { "\($0)." } }.joined())
        // Columns Outlook has no place for go at the end of the notes, one `Column: value` line each.
        let leftovers = row.leftovers(header: Self.header).map { "\($0.column): \($0.value)" }
        set("Notes", ([person.note ?? ""].filter { !$0.isEmpty } + leftovers).joined(separator: "\n"))
        set("Web Page", person.urls.first ?? "")
        let gender = person.sex == "M" ? "Male" : person.sex == "F" ? "Female" : nil
        // Outlook's own defaults, unless the person came from an Outlook file that said otherwise.
        for (name, value) in [("Gender", gender ?? "Unspecified"), ("Priority", "Normal"), ("Private", "False"),
                              ("Sensitivity", "Normal")] {
            set(name, row.value(of: name) ?? value)
        }
        return row.finish(header: Self.header)
    }


    /// `M/D/YYYY`; no year as 1604 (Outlook always stores one); none as `0/0/00`.
    static func date(_ date: PartialDate?) -> String {
        guard let date else { return Outlook.noDate }
        return "\(date.month)/\(date.day)/\(date.year ?? DateParsing.appleNoYear)"
    }

    /// The first work address as Business, the first home one as Home, one more as Other.
    static func placedAddresses(_ addresses: [PostalAddress]) -> [(String, PostalAddress)] {
        var placed: [(String, PostalAddress)] = []
        var used = Set<String>()
        for a in addresses {
            let preferred = a.types.contains("work") ? "Business" : a.types.contains("home") ? "Home" : "Other"
            guard let base = [preferred, "Other"].first(where: { !used.contains($0) }) else { continue }
            used.insert(base)
            placed.append((base, a))
        }
        return placed
    }

    /// The columns a phone of these types may go in, best first.
    static func phoneColumns(_ types: [String]) -> [String] {
        let t = Set(types)
        if t.contains("fax") {
            return t.contains("home") ? ["Home Fax", "Other Fax"] : t.contains("work") ? ["Business Fax", "Other Fax"]
                                                                            : ["Other Fax", "Business Fax", "Home Fax"]
        }
        if t.contains("cell") { return ["Mobile Phone", "Car Phone", "Other Phone"] }
        if t.contains("pager") { return ["Pager", "Other Phone"] }
        if t.contains("car") { return ["Car Phone", "Other Phone"] }
        if t.contains("main") { return ["Primary Phone", "Company Main Phone", "Other Phone"] }
        if t.contains("work") { return ["Business Phone", "Business Phone 2", "Company Main Phone", "Other Phone"] }
        if t.contains("home") { return ["Home Phone", "Home Phone 2", "Other Phone"] }
        return ["Other Phone", "Callback", "Primary Phone"]
    }
}
