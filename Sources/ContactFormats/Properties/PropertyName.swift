import ContactsCore

/// The model fields a vCard property is read into (`PropertyDeclaration.field`).
package enum PropertyName {
    case version, formattedName, name, nickname, birthday, anniversary, deathDate, organization, title, note
    case email, phone, address, url, categories, uid
    case appleDate, appleLabel, phoneticFirst, phoneticMiddle, phoneticLast, agent
    /// Android's `X-ANDROID-CUSTOM`: events (birthday, anniversary) and nicknames among others.
    case androidCustom
    /// Nextcloud's `X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR`.
    case excludedFromBirthdays
    /// Apple's `X-ALTBDAY`: a birthday in another calendar.
    case alternativeBirthday

    /// Recognises a property name given as bytes, in any case (`PropertyTable` says which).
    package init?(_ name: [UInt8]) {
        guard let field = PropertyTable.fields.field(of: name.span) else { return nil }
        self = field
    }

    /// Gives the name a person is shown by (`PersonInfo.displayName`) before an e-mail address or phone number.
    package var namesThePerson: Bool {
        self == .formattedName || self == .name || self == .organization || self == .nickname
    }

    /// Needed for the birthday formats (names, dates, identity); the rest is skipped there.
    package var isNameOrDate: Bool {
        switch self {
        case .version, .formattedName, .name, .nickname, .birthday, .anniversary, .deathDate, .organization, .uid,
             .appleDate, .appleLabel, .phoneticFirst, .phoneticMiddle, .phoneticLast, .androidCustom, .excludedFromBirthdays,
             .alternativeBirthday:
            return true
        case .title, .note, .email, .phone, .address, .url, .categories, .agent:
            return false
        }
    }
}
