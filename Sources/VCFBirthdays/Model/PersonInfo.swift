/// One contact, whatever format it came from.
public struct PersonInfo: Equatable, Sendable {
    /// Structured name parts; each part may hold several values (vCard `N` component lists).
    public var familyNames: [String] = []
    public var givenNames: [String] = []
    public var additionalNames: [String] = []
    public var honorificPrefixes: [String] = []
    public var honorificSuffixes: [String] = []
    /// The name as the contact shows it (vCard `FN`).
    public var formattedName: String?
    public var nicknames: [String] = []
    /// How to sort the family and given name (vCard 4.0 `SORT-AS`), when given.
    public var sortAs: [String] = []
    /// Phonetic spellings (Apple and Android `X-PHONETIC-*`), used for sorting when present.
    public var phoneticFamilyName: String?
    public var phoneticGivenName: String?
    public var phoneticAdditionalName: String?
    public var birthday: PartialDate?
    public var anniversary: PartialDate?
    public var organization: String?
    public var organizationUnits: [String] = []
    public var title: String?
    public var note: String?
    public var emails: [ContactPoint] = []
    public var phones: [ContactPoint] = []
    public var addresses: [PostalAddress] = []
    public var urls: [String] = []
    public var categories: [String] = []
    public var uid: String?
    /// Where the record came from.
    public var source: SourcePosition
    /// vCard properties the model has no field for, carried along untouched in input order.
    public var extraProperties: [VCardProperty] = []
    /// Every property of the card in input order (except `VERSION`), when read with
    /// `DecodeScope.card`; the vCard writers write these so that nothing is lost. Empty otherwise.
    public var cardProperties: [VCardProperty] = []

    public init(source: SourcePosition) {
        self.source = source
    }

    public var familyName: String { familyNames.joined(separator: " ") }
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

    /// The pieces of `displayName`, in order, which it joins with a space: without making the
    /// name, for writers that copy it into their output as they go.
    func forEachDisplayNamePart(_ body: (String) -> Void) {
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
    public var value: String
    public var types: [String]
    public var preferred: Bool

    public init(value: String, types: [String] = [], preferred: Bool = false) {
        self.value = value
        self.types = types
        self.preferred = preferred
    }
}

/// A postal address (vCard `ADR` components).
public struct PostalAddress: Equatable, Sendable {
    public var poBox = ""
    public var extended = ""
    public var street = ""
    public var locality = ""
    public var region = ""
    public var postalCode = ""
    public var country = ""
    public var types: [String] = []
    public var preferred = false

    public init() {}
}

/// Where a record starts: the path as given (`<stdin>` for standard input) and its 1-based line.
public struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int

    public init(path: String, line: Int) {
        self.path = path
        self.line = line
    }

    public var description: String { "\(path):\(line)" }
}

/// A vCard property kept as it was read: group, name, parameters, and the value after
/// transfer decoding (quoted-printable, charset) with its vCard escapes left intact.
public struct VCardProperty: Equatable, Sendable {
    public var group: String?
    public var name: String
    public var parameters: [VCardParameter]
    public var value: String
    /// The line the property started on.
    public var line: Int

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
    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}
