/// Where a vCard property goes in a JSContact Card (RFC 9555 §2), as its declaration in the
/// property table says (`PropertyDeclaration.jsContact`); a property without one is kept in the
/// Card's `vCardProps` as its jCard.
package enum JSContactHome: Sendable {
    /// A string member of the Card: `UID` → `uid`, `PRODID` → `prodId`, `LANGUAGE` → `language`,
    /// `KIND` → `kind` (lower case).
    case member(String)
    /// A UTC date-time member of the Card: `REV` → `updated`, `CREATED` → `created`.
    case timestamp(String)
    /// `FN`: the Name's `full`.
    case fullName
    /// `N`: the Name's components and `sortAs`.
    case name
    /// `BDAY`, `ANNIVERSARY`, `DEATHDATE`: an Anniversary of this kind.
    case anniversary(String)
    /// `BIRTHPLACE`, `DEATHPLACE`: the place of the Anniversary of this kind.
    case place(String)
    /// An object in one of the Card's maps.
    case entry(JSContactEntry)
    /// `ORG`: an Organization, its units and their `sortAs`.
    case organization
    /// `ADR`: an Address's components, its label, position, zone and country code.
    case address
    /// `CATEGORIES`: keys of `keywords`.
    case keywords
    /// `MEMBER`: keys of `members`.
    case members
    /// `RELATED`: keys of `relatedTo`, the types its relation.
    case relatedTo
    /// `GRAMGENDER`: `speakToAs.grammaticalGender` (lower case).
    case grammaticalGender
    /// `PRONOUNS`: an entry of `speakToAs.pronouns`.
    case pronouns
    /// Apple's `X-ABLabel`: the label of the one object its group converts to.
    case label
}

/// An object in a map of the Card that a vCard property converts to (RFC 9555 §2.4–§2.13).
package struct JSContactEntry: Sendable {
    /// The Card's member holding the map (`emails`).
    package let map: String
    /// The object's member holding the property's value (`address`).
    package let value: String
    /// Its `kind`, when several properties share the map (`PHOTO`: `photo`).
    package let kind: String?
    /// Its `vCardName`, when another property converts to the same kind of object (`IMPP`).
    package let vCardName: String?
    /// The start of the keys made for it (`EMAIL` → `EMAIL-1`), as RFC 9555's examples make them.
    package let key: String
    /// How the value is written: text unescaped, a URI as it is, or a list's items an object each.
    package let form: Value

    package enum Value: Sendable { case text, uri, textList, timeZone, geo }

    package init(_ map: String, value: String, kind: String? = nil, vCardName: String? = nil, key: String, _ form: Value = .uri) {
        self.map = map
        self.value = value
        self.kind = kind
        self.vCardName = vCardName
        self.key = key
        self.form = form
    }
}
