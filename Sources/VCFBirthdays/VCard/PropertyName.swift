/// The vCard properties the model has fields for.
enum PropertyName {
    case version, formattedName, name, nickname, birthday, anniversary, organization, title, note
    case email, phone, address, url, categories, uid
    case appleDate, appleLabel, phoneticFirst, phoneticMiddle, phoneticLast, agent

    init?(upper name: String) {
        switch name {
        case "VERSION": self = .version
        case "FN": self = .formattedName
        case "N": self = .name
        case "NICKNAME": self = .nickname
        case "BDAY": self = .birthday
        case "ANNIVERSARY", "X-ANNIVERSARY", "X-MS-ANNIVERSARY", "X-EVOLUTION-ANNIVERSARY": self = .anniversary
        case "ORG": self = .organization
        case "TITLE": self = .title
        case "NOTE": self = .note
        case "EMAIL": self = .email
        case "TEL": self = .phone
        case "ADR": self = .address
        case "URL": self = .url
        case "CATEGORIES": self = .categories
        case "UID": self = .uid
        case "X-ABDATE": self = .appleDate
        case "X-ABLABEL": self = .appleLabel
        case "X-PHONETIC-FIRST-NAME": self = .phoneticFirst
        case "X-PHONETIC-MIDDLE-NAME": self = .phoneticMiddle
        case "X-PHONETIC-LAST-NAME": self = .phoneticLast
        case "AGENT": self = .agent
        default: return nil
        }
    }

    /// Needed for the birthday formats (names, dates, identity); the rest is skipped there.
    var isNameOrDate: Bool {
        switch self {
        case .version, .formattedName, .name, .nickname, .birthday, .anniversary, .organization, .uid,
             .appleDate, .appleLabel, .phoneticFirst, .phoneticMiddle, .phoneticLast:
            return true
        case .title, .note, .email, .phone, .address, .url, .categories, .agent:
            return false
        }
    }
}
