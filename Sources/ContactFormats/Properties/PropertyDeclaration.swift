import ContactsCore

/// Everything the tool knows of one vCard property, in one declaration: its names, the versions
/// that have it and how often, its value's kind, the rule `--check` applies to the value, how
/// `--merge` joins two of it, and the model field it is read into. The declarations are grouped
/// by family (`NameProperties.swift`, `DateProperties.swift`, …) and gathered in `PropertyTable`;
/// the reader, the writers' version rules, `--check` and `--merge` consult the table.
package struct PropertyDeclaration: Sendable {
    /// The name, upper case, as the versions that have it write it (4.0's where 3.0 renames it).
    package let name: String
    /// The versions whose registries have it; a private `X-` property is in every version.
    package let versions: VCardVersions
    /// The versions that allow it at most once in a card.
    package let once: VCardVersions
    /// Its name in vCard 3.0 when 3.0 knows it by another (`ANNIVERSARY` is `X-ANNIVERSARY`).
    package let in30: String?
    /// Vendors' names read as this property (`X-MS-ANNIVERSARY`); written under the version's
    /// name in 4.0, and in 3.0 only when the vendor's name is no 3.0 name.
    package let aliases: [String]
    /// What its value is, for re-escaping and converting it.
    package let kind: PropertyValueKind
    /// What `--check` asks of its value beyond the syntax every value has.
    package let rule: PropertyValueRule?
    /// How `--merge` joins this property of several cards.
    package let merge: MergePolicy
    /// The model field it is read into; nil: kept as an extra property.
    package let field: PropertyName?
    /// Where it is defined (a section of an RFC, or the vendor).
    package let definedIn: String
    /// vCard 4.0's value types for it, the default first; empty: `--check` asks nothing of
    /// `VALUE` and the parameters (a property 4.0 does not have).
    package let values: [ValueType]
    /// The registered vCard 4.0 parameters it takes besides `VALUE` (its ABNF in its RFC).
    package let parameters: ParameterSet
    /// Where it goes in a JSContact Card (RFC 9555); nil: kept there in `vCardProps`.
    package let jsContact: JSContactHome?

    init(_ name: String, _ versions: VCardVersions, once: VCardVersions = [], in30: String? = nil,
         aliases: [String] = [], kind: PropertyValueKind = .raw, rule: PropertyValueRule? = nil,
         merge: MergePolicy = .repeats, field: PropertyName? = nil, definedIn: String,
         values: [ValueType] = [], parameters: ParameterSet = [], jsContact: JSContactHome? = nil) {
        self.name = name
        self.versions = versions
        self.once = once
        self.in30 = in30
        self.aliases = aliases
        self.kind = kind
        self.rule = rule
        self.merge = merge
        self.field = field
        self.definedIn = definedIn
        self.values = values
        self.parameters = parameters
        self.jsContact = jsContact
    }

    /// A private property (`X-…`): every version allows it, none registers it.
    package var isPrivate: Bool { name.hasPrefix("X-") }

    /// The name the version writes it under, and whether that is an `X-` name standing in for a
    /// property the version does not have (`RELATED` in 3.0 is `X-RELATED`).
    package func written(in version: VCardTargetVersion) -> (name: String, keptAs: Bool) {
        switch version {
        case .v4: return versions.contains(.v40) ? (name, false) : ("X-" + name, true)
        case .v3, .v21:
            if let in30 { return (in30, false) }
            return versions.contains(.v30) ? (name, false) : ("X-" + name, true)
        }
    }
}

/// A set of vCard versions.
package struct VCardVersions: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let v21 = VCardVersions(rawValue: 1)
    package static let v30 = VCardVersions(rawValue: 2)
    package static let v40 = VCardVersions(rawValue: 4)
    package static let all: VCardVersions = [.v21, .v30, .v40]

    package init(_ version: VCardVersion) {
        switch version {
        case .v21: self = .v21
        case .v30: self = .v30
        case .v40: self = .v40
        }
    }
}

/// What a property's value is, as the writers re-escape and convert it.
package enum PropertyValueKind: Equatable, Sendable {
    /// Text (`FN`, `NOTE`): `\,`, `\;`, `\n` escaped.
    case text
    /// A comma-separated list of texts (`NICKNAME`, `CATEGORIES`).
    case textList
    /// A URI, which has no escapes.
    case uri
    /// A phone number: text, or a `tel:` URI in 4.0.
    case phone
    /// `N`: five components, each a list.
    case name
    /// `ADR`: seven components.
    case address
    /// `ORG`: the organisation and its units.
    case organization
    /// A date, a date and time, or text (`BDAY`).
    case date
    /// Inline binary data or a link (`PHOTO`), of this top-level media type.
    case binary(media: MediaFamily)
    /// `GENDER`: a sex letter (4.0) or word (3.0), and an identity.
    case gender
    /// `GEO`: a `geo:` URI (4.0) or latitude;longitude (3.0).
    case geo
    /// `TZ`: text or a UTC offset (4.0: `VALUE=utc-offset`, `-0500`; 3.0: the default, `-05:00`).
    case timeZone
    /// `REV`: a timestamp (4.0: `19951031T222710Z`; 3.0: `1995-10-31T22:27:10Z` or a date).
    case timestamp
    /// Any other: kept as it is, with only its line breaks escaped.
    case raw
}

/// The top-level media type of a property's binary data (`image/jpeg` is an image).
package enum MediaFamily: String, Sendable {
    case image, audio, application
}

/// A vCard 4.0 value type, as `VALUE=` names it (RFC 6350 §4).
package enum ValueType: String, Sendable {
    case text, uri, date, time, boolean, integer, float, timestamp
    case dateTime = "date-time", dateAndOrTime = "date-and-or-time", utcOffset = "utc-offset"
    case languageTag = "language-tag"
}

/// Registered vCard 4.0 parameters (RFC 6350 §5, RFC 6715 §3, RFC 8605 §3.1, RFC 9554 §4,
/// RFC 9555 §3.3), as a property's declaration lists those it takes.
package struct ParameterSet: OptionSet, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let language = ParameterSet(rawValue: 1 << 0), pref = ParameterSet(rawValue: 1 << 1)
    package static let altID = ParameterSet(rawValue: 1 << 2), pid = ParameterSet(rawValue: 1 << 3)
    package static let type = ParameterSet(rawValue: 1 << 4), mediaType = ParameterSet(rawValue: 1 << 5)
    package static let calScale = ParameterSet(rawValue: 1 << 6), sortAs = ParameterSet(rawValue: 1 << 7)
    package static let geo = ParameterSet(rawValue: 1 << 8), tz = ParameterSet(rawValue: 1 << 9)
    package static let label = ParameterSet(rawValue: 1 << 10), index = ParameterSet(rawValue: 1 << 11)
    package static let level = ParameterSet(rawValue: 1 << 12), cc = ParameterSet(rawValue: 1 << 13)
    package static let phonetic = ParameterSet(rawValue: 1 << 14), script = ParameterSet(rawValue: 1 << 15)
    package static let serviceType = ParameterSet(rawValue: 1 << 16), username = ParameterSet(rawValue: 1 << 17)
    package static let jsComps = ParameterSet(rawValue: 1 << 18)

    /// What most properties take: `PID`, `PREF`, `ALTID`, `TYPE`.
    package static let listed: ParameterSet = [.pid, .pref, .altID, .type]

    /// The parameter of a name (upper case); nil for one no RFC registers, or one every
    /// property takes (`byName` leaves those to `everywhere`).
    package static let byName: [String: ParameterSet] = [
        "LANGUAGE": .language, "PREF": .pref, "ALTID": .altID, "PID": .pid, "TYPE": .type, "MEDIATYPE": .mediaType,
        "CALSCALE": .calScale, "SORT-AS": .sortAs, "GEO": .geo, "TZ": .tz, "LABEL": .label, "INDEX": .index,
        "LEVEL": .level, "CC": .cc, "PHONETIC": .phonetic, "SCRIPT": .script, "SERVICE-TYPE": .serviceType,
        "USERNAME": .username, "JSCOMPS": .jsComps,
    ]

    /// Registered parameters any property may carry (RFC 9554 §4's provenance).
    package static let everywhere: Set<String> = ["VALUE", "AUTHOR", "AUTHOR-NAME", "CREATED", "DERIVED", "PROP-ID"]
}

/// What `--check` asks of a property's value.
package enum PropertyValueRule: Sendable {
    /// A date that exists (ISO 8601; RFC 6350 §4.3.4), in the basic form in 4.0.
    case date
    /// A structured value with this many components: exactly in 4.0, at most before.
    case components(Int)
    /// A sex letter: M, F, O, N, U or none (where the version has the property).
    case sex
    /// `individual`, `group`, `org`, `location` or an `x-` name (where the version has it).
    case kind
    /// vCard 2.1 and 3.0: latitude and longitude as decimals (4.0: a `geo:` URI, by its type).
    case geo
    /// vCard 2.1 and 3.0: a UTC offset unless `VALUE=text` (4.0: by its type).
    case timeZone
    /// vCard 2.1 and 3.0: a date or a date and time (4.0: a timestamp, by its type).
    case revision
    /// A URI by default, which most clients write as plain text without `VALUE=text`: checked
    /// as a URI only when `VALUE=uri` says it is one.
    case identifier
    /// The words its `LEVEL` parameter may say (RFC 6715 §3.2).
    case levels([String])
}

/// How `--merge` joins the same property of the cards of one group of duplicates.
package enum MergePolicy: Sendable {
    /// Each value kept once, compared as written; a repeat adds its parameters to the kept one.
    case repeats
    /// As `repeats`, the values compared without case (e-mail addresses).
    case caseless
    /// As `repeats`, phone numbers compared in E.164 with their extension.
    case phoneNumber
    /// As `repeats`, web addresses compared without the case of their scheme and host.
    case webAddress
    /// A list compared item by item: each item kept once.
    case items
    /// Notes joined, a blank line between them; one with the same text, white space aside, left out.
    case note
    /// One per card: the first member's; another value is kept as `X-MERGED-NAME`.
    case single
    /// As `single`, taken from the member with the fullest name, with the rest of the name.
    case naming
    /// As `single`, but another value is bookkeeping and goes (`REV`).
    case bookkeeping
}
