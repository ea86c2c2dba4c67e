import ContactsCore

/// The vCard properties the model has fields for.
package enum PropertyName {
    case version, formattedName, name, nickname, birthday, anniversary, deathDate, organization, title, note
    case email, phone, address, url, categories, uid
    case appleDate, appleLabel, phoneticFirst, phoneticMiddle, phoneticLast, agent
    /// Android's `X-ANDROID-CUSTOM`: events (birthday, anniversary) and nicknames among others.
    case androidCustom

    /// Recognises a property name given as bytes, in any case.
    package init?<C: Collection<UInt8>>(_ name: C) where C.Index == Int {
        func equals(_ upper: StaticString) -> Bool { matchesIgnoringCase(name, upper) }
        guard let first = name.first else { return nil }
        switch asciiUpper(first) {
        case UInt8(ascii: "A"):
            if equals("ADR") { self = .address } else if equals("ANNIVERSARY") { self = .anniversary }
            else if equals("AGENT") { self = .agent } else { return nil }
        case UInt8(ascii: "B"):
            guard equals("BDAY") else { return nil }
            self = .birthday
        case UInt8(ascii: "C"):
            guard equals("CATEGORIES") else { return nil }
            self = .categories
        case UInt8(ascii: "D"):
            guard equals("DEATHDATE") else { return nil }
            self = .deathDate
        case UInt8(ascii: "E"):
            guard equals("EMAIL") else { return nil }
            self = .email
        case UInt8(ascii: "F"):
            guard equals("FN") else { return nil }
            self = .formattedName
        case UInt8(ascii: "N"):
            if equals("N") { self = .name } else if equals("NOTE") { self = .note }
            else if equals("NICKNAME") { self = .nickname } else { return nil }
        case UInt8(ascii: "O"):
            guard equals("ORG") else { return nil }
            self = .organization
        case UInt8(ascii: "T"):
            if equals("TEL") { self = .phone } else if equals("TITLE") { self = .title } else { return nil }
        case UInt8(ascii: "U"):
            if equals("UID") { self = .uid } else if equals("URL") { self = .url } else { return nil }
        case UInt8(ascii: "V"):
            guard equals("VERSION") else { return nil }
            self = .version
        case UInt8(ascii: "X"):
            if equals("X-ABDATE") { self = .appleDate } else if equals("X-ABLABEL") { self = .appleLabel }
            else if equals("X-ANNIVERSARY") || equals("X-MS-ANNIVERSARY") || equals("X-EVOLUTION-ANNIVERSARY")
                        || equals("X-KADDRESSBOOK-X-ANNIVERSARY") || equals("X-WAB-WEDDING_ANNIVERSARY") {
                self = .anniversary
            } else if equals("X-DEATHDATE") {
                self = .deathDate
            } else if equals("X-ANDROID-CUSTOM") {
                self = .androidCustom
            } else if equals("X-PHONETIC-FIRST-NAME") { self = .phoneticFirst }
            else if equals("X-PHONETIC-MIDDLE-NAME") { self = .phoneticMiddle }
            else if equals("X-PHONETIC-LAST-NAME") { self = .phoneticLast } else { return nil }
        default:
            return nil
        }
    }

    /// Gives the name a person is shown by (`PersonInfo.displayName`) before an e-mail address or phone number.
    package var namesThePerson: Bool {
        self == .formattedName || self == .name || self == .organization || self == .nickname
    }

    /// Needed for the birthday formats (names, dates, identity); the rest is skipped there.
    package var isNameOrDate: Bool {
        switch self {
        case .version, .formattedName, .name, .nickname, .birthday, .anniversary, .deathDate, .organization, .uid,
             .appleDate, .appleLabel, .phoneticFirst, .phoneticMiddle, .phoneticLast, .androidCustom:
            return true
        case .title, .note, .email, .phone, .address, .url, .categories, .agent:
            return false
        }
    }
}
