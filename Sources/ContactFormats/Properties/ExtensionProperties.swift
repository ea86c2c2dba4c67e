import ContactsCore

/// Private (`X-`) properties that vendors write and the model has a place for.
extension PropertyTable {
    static let extensions: [PropertyDeclaration] = [
        // How the name sounds: Apple, and Android's exports.
        PropertyDeclaration("X-PHONETIC-FIRST-NAME", .all, kind: .text, merge: .naming, field: .phoneticFirst,
                            definedIn: "Apple Contacts"),
        PropertyDeclaration("X-PHONETIC-MIDDLE-NAME", .all, kind: .text, merge: .naming, field: .phoneticMiddle,
                            definedIn: "Apple Contacts"),
        PropertyDeclaration("X-PHONETIC-LAST-NAME", .all, kind: .text, merge: .naming, field: .phoneticLast,
                            definedIn: "Apple Contacts"),
        // Apple's labelled dates and the labels of a group (`item1.X-ABDATE`, `item1.X-ABLabel`).
        PropertyDeclaration("X-ABDATE", .all, field: .appleDate, definedIn: "Apple Contacts"),
        PropertyDeclaration("X-ABLABEL", .all, kind: .text, field: .appleLabel, definedIn: "Apple Contacts",
                            jsContact: .label),
        // Android's rows of other kinds: events, nicknames, relations.
        PropertyDeclaration("X-ANDROID-CUSTOM", .all, field: .androidCustom, definedIn: "Android Contacts"),
        // A birthday in another calendar (`X-ALTBDAY;CALSCALE=chinese:007800021101`).
        PropertyDeclaration("X-ALTBDAY", .all, field: .alternativeBirthday, definedIn: "Apple Contacts"),
        // Leave the contact out of birthday calendars (`;TYPE=boolean:true`).
        PropertyDeclaration("X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR", .all, merge: .single, field: .excludedFromBirthdays,
                            definedIn: "Nextcloud"),
    ]
}

extension PersonDecoder {
    func readPhoneticName(_ field: PropertyName, _ card: borrowing CardBuffer, _ p: CardBuffer.Property,
                          to person: inout PersonInfo) -> Bool {
        let name = trimmedText(card, p)
        switch field {
        case .phoneticFirst: person.phoneticGivenName = name
        case .phoneticMiddle: person.phoneticAdditionalName = name
        default: person.phoneticFamilyName = name
        }
        return true
    }

    /// Apple's `itemN.X-ABDATE` labelled `_$!<Anniversary>!$_` is the anniversary (of another
    /// calendar with `CALSCALE`, as `ANNIVERSARY` is); other labelled dates stay extra properties
    /// (`PersonInfo.otherDates`).
    func readAppleDate(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, label: String?, to person: inout PersonInfo) -> Bool {
        guard label?.lowercased() == "anniversary" else { return false }
        if calendarScale(card, p) != nil { return readAnniversary(card, p, to: &person) }
        guard person.anniversary == nil, let date = date(card, p, what: "anniversary") else { return false }
        person.anniversary = date
        return true
    }

    /// Nextcloud's exclusion from birthday calendars (`Nextcloud.excludes`). Kept as an extra
    /// property too (false), for the contact formats.
    func readExclusion(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        let value = trimmedText(card, p).lowercased()
        person.excludedFromBirthdays = person.excludedFromBirthdays || Nextcloud.excludes(value)
        return false
    }

    /// Android's birthday and anniversary events and nicknames (`Android.row`); other kinds,
    /// and events of other types, stay extra properties.
    func readAndroidCustom(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        var fields: [String] = []
        withValue(card, p) { value in
            ValueDecoding.forEachItem(value, lists: false, keepsEmpty: true) { _, part in fields.append(part) }
        }
        switch Android.row(fields) {
        case .event(let text, let type, _):
            guard case .date(let date) = DateParsing.parse(Array(text.utf8)) else { return false }
            if type == .birthday && person.birthday == nil {
                person.birthday = birthday(date, line: p.line)
            } else if type == .anniversary && person.anniversary == nil {
                person.anniversary = date
            } else {
                return false
            }
        case .nickname(let nickname):
            // One the card has already (the NICKNAME our vCard writers add beside it) stays an extra.
            guard !nickname.isEmpty, !person.nicknames.contains(nickname) else { return false }
            person.nicknames.append(nickname)
        case .other:
            return false
        }
        return true
    }
}

extension PersonProperties {
    static func writePhoneticNames(_ person: PersonInfo, to out: inout PropertyWriter) {
        out.text("X-PHONETIC-FIRST-NAME", person.phoneticGivenName)
        out.text("X-PHONETIC-MIDDLE-NAME", person.phoneticAdditionalName)
        out.text("X-PHONETIC-LAST-NAME", person.phoneticFamilyName)
    }
}
