/// One contact, whatever format it came from.
public struct PersonInfo: Equatable, Sendable {
    /// Structured name parts; each part may hold several values (vCard `N` component lists).
    public var familyNames: [String] = []
    /// Given names (first names).
    public var givenNames: [String] = []
    /// Additional (middle) names.
    public var additionalNames: [String] = []
    /// Honorific prefixes: salutations and titles before the name (`Dr.`, `Herr`).
    public var honorificPrefixes: [String] = []
    /// Honorific suffixes (`Jr.`, `PhD`).
    public var honorificSuffixes: [String] = []
    /// The name as the contact shows it (vCard `FN`).
    public var formattedName: String?
    /// Nicknames (vCard `NICKNAME`).
    public var nicknames: [String] = []
    /// How to sort the family and given name (vCard 4.0 `SORT-AS`), when given.
    public var sortAs: [String] = []
    /// Phonetic spellings (Apple and Android `X-PHONETIC-*`), used for sorting when present.
    public var phoneticFamilyName: String?
    /// How the given name is pronounced (Apple's and Google's phonetic names).
    public var phoneticGivenName: String?
    /// How the additional name is pronounced.
    public var phoneticAdditionalName: String?
    /// The birthday, maybe without a year.
    public var birthday: PartialDate?
    /// A birthday in another calendar (vCard 4.0 `BDAY;CALSCALE=chinese`, Apple's `X-ALTBDAY`),
    /// which recurs as that calendar counts; the list and the selection use it when there is no
    /// Gregorian `birthday` (`DateContext.upcoming(of:)`).
    public var calendarBirthday: OtherCalendarDate?
    /// The (wedding) anniversary, maybe without a year.
    public var anniversary: PartialDate?
    /// An anniversary in another calendar (`ANNIVERSARY;CALSCALE=chinese`), which recurs as
    /// that calendar counts: the calendar's anniversaries (`--anniversaries`) and JSON show it.
    public var calendarAnniversary: OtherCalendarDate?
    /// The day of death (vCard 4.0 `DEATHDATE`, 3.0 `X-DEATHDATE`), maybe without a year: no
    /// birthday is celebrated after it.
    public var deathDate: PartialDate?
    /// The organization's name (first `ORG` component).
    public var organization: String?
    /// Its units, from the largest (the other `ORG` components).
    public var organizationUnits: [String] = []
    /// The job title.
    public var title: String?
    /// The note, with its line breaks.
    public var note: String?
    /// E-mail addresses, in input order.
    public var emails: [ContactPoint] = []
    /// Phone numbers, in input order.
    public var phones: [ContactPoint] = []
    /// Postal addresses, in input order.
    public var addresses: [PostalAddress] = []
    /// Web addresses.
    public var urls: [String] = []
    /// Categories or groups (Google's labels).
    public var categories: [String] = []
    /// The contact's unique identifier (vCard `UID`).
    public var uid: String?
    /// The card asks to be left out of birthday calendars (Nextcloud's
    /// `X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR`).
    public var excludedFromBirthdays = false
    /// Where the record came from.
    public var source: SourcePosition
    /// vCard properties the model has no field for, carried along untouched in input order.
    public var extraProperties: [VCardProperty] = []
    /// Every property of the card in input order (except `VERSION`), when read with
    /// `DecodeScope.card`; the vCard writers write these so that nothing is lost. Empty otherwise.
    public var cardProperties: [VCardProperty] = []

    /// A person with no data yet, read at `source`.
    public init(source: SourcePosition) {
        self.source = source
    }

    /// The family names joined by spaces.
    public var familyName: String { familyNames.joined(separator: " ") }
    /// The given names joined by spaces.
    public var givenName: String { givenNames.joined(separator: " ") }

    /// The name to show: `FN`, else the name parts but the honorific prefix, else the
    /// organization, else a nickname, an e-mail or a phone number.
    public var displayName: String {
        var name = ""
        forEachDisplayNamePart { part in
            if !name.isEmpty { name += " " }
            name += part
        }
        return name
    }

    /// Whether the person has a name to show of their own (a formatted name, name parts, an
    /// organization, a nickname), not only an e-mail address or a phone number: as
    /// `displayName` chooses, without making it.
    package var isNamedByItself: Bool {
        if let formattedName, !formattedName.isEmpty { return true }
        func any(_ names: [String]) -> Bool { names.contains { !$0.isEmpty } }
        if any(givenNames) || any(additionalNames) || any(familyNames) { return true }
        if let organization, !organization.isEmpty { return true }
        return nicknames.contains { !$0.isEmpty }
    }

    /// The pieces of `displayName`, in order, which it joins with a space: without making the
    /// name, for writers that copy it into their output as they go.
    package func forEachDisplayNamePart(_ body: (String) -> Void) {
        if let formattedName, !formattedName.isEmpty { return body(formattedName) }
        var any = false
        func add(_ names: [String]) {
            for name in names where !name.isEmpty {
                body(name)
                any = true
            }
        }
        // A salutation (`Herr`, `Mrs.`) is no part of the name shown.
        add(givenNames)
        add(additionalNames)
        add(familyNames)
        if any { return add(honorificSuffixes) }
        if let organization, !organization.isEmpty { return body(organization) }
        if let nickname = nicknames.first(where: { !$0.isEmpty }) { return body(nickname) }
        body(emails.first { !$0.value.isEmpty }?.value ?? phones.first { !$0.value.isEmpty }?.value ?? "")
    }

    /// True when the record holds a family or given name.
    public var hasNameParts: Bool {
        familyNames.contains { !$0.isEmpty } || givenNames.contains { !$0.isEmpty }
    }
}

/// An e-mail address or phone number with its types (lower-case) and whether it is preferred.
public struct ContactPoint: Equatable, Sendable {
    /// The address or number as written.
    public var value: String
    /// Its types, lower-case (`home`, `work`, `cell`).
    public var types: [String]
    /// Whether it is the preferred one.
    public var preferred: Bool

    /// A contact point with this value and these types.
    public init(value: String, types: [String] = [], preferred: Bool = false) {
        self.value = value
        self.types = types
        self.preferred = preferred
    }
}

/// A postal address (vCard `ADR` components).
public struct PostalAddress: Equatable, Sendable {
    /// The post office box.
    public var poBox = ""
    /// The extended address (apartment, suite).
    public var extended = ""
    /// The street, with its line breaks.
    public var street = ""
    /// The city or locality.
    public var locality = ""
    /// The region, state or province.
    public var region = ""
    /// The postal code.
    public var postalCode = ""
    /// The country.
    public var country = ""
    /// Its types, lower-case (`home`, `work`).
    public var types: [String] = []
    /// Whether it is the preferred one.
    public var preferred = false

    /// An empty address.
    public init() {}
}

/// Where a record starts: the path as given (`<stdin>` for standard input) and its 1-based line.
public struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The input, as named to the user.
    public var path: String
    /// The line where the record starts.
    public var line: Int

    /// The position `line` of `path`.
    public init(path: String, line: Int) {
        self.path = path
        self.line = line
    }

    public var description: String { "\(path):\(line)" }
}

/// A vCard property kept as it was read: group, name, parameters, and the value after
/// transfer decoding (quoted-printable, charset) with its vCard escapes left intact.
public struct VCardProperty: Equatable, Sendable {
    /// The group (`item1` in `item1.EMAIL`), when there is one.
    public var group: String?
    /// The name (`EMAIL`), as written.
    public var name: String
    /// The parameters, in order.
    public var parameters: [VCardParameter]
    /// The value, escaped as in a vCard.
    public var value: String
    /// The line the property started on.
    public var line: Int

    /// A property with these parts.
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], value: String, line: Int = 0) {
        self.group = group
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
    }
}

/// A property parameter: its name (upper-case; `TYPE` for bare vCard 2.1 types) and its values,
/// unquoted and with RFC 6868 escapes decoded.
public struct VCardParameter: Equatable, Sendable {
    /// The name, upper-case.
    public var name: String
    /// Its values.
    public var values: [String]

    /// A parameter with these values.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

extension VCardProperty {
    /// The name of a property that carries a CSV column no field holds:
    /// `X-CSV;COLUMN="Header":value`, read by the CSV writers to put it back in its column.
    package static let csvColumn = "X-CSV"
    /// The name of a property that carries an LDIF attribute no field holds:
    /// `X-LDIF;ATTRIBUTE=type:value`, read by the LDIF writer to put it back as that attribute.
    package static let ldifAttribute = "X-LDIF"
}

extension PersonInfo {
    /// Takes the year off a birthday whose year cannot be one (after `today`, or more than
    /// `PartialDate.oldestAge` years before it); the warning to say, nil when the year stays.
    public mutating func dropImplausibleBirthYear(today: CalendarDate?) -> String? {
        guard let warning = birthday?.implausibleBirthYearWarning(today: today) else { return nil }
        birthday = birthday?.withoutYear
        return warning
    }
}
