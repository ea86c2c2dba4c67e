import ContactsCore

/// What Android's contacts app writes that no standard says, and how it is read. Fixtures:
/// `Fixtures/android-2.1.vcf`, `Fixtures/realworld/android-custom-events-and-nickname.vcf`.
///
/// - Rows of kinds vCard has no property for are `X-ANDROID-CUSTOM:KIND;COLUMN;…`, the contacts
///   provider's columns in order (`row`): events, `vnd.android.cursor.item/contact_event;DATE;
///   TYPE;LABEL`, of type 3 a birthday, 1 an anniversary, 0 a custom one with its label and 2
///   another (`PersonDecoder.readAndroidCustom`, `PersonInfo.otherDates`); nicknames,
///   `vnd.android.cursor.item/nickname;NAME`. Rows of other kinds are kept as they are; vCard
///   output writes the events and nickname in the standard properties too
///   (`VCardCardRules`), which other readers know.
/// - Its exports are vCard 2.1 with quoted-printable UTF-8 values (`VCardLexer`), and bare
///   types (`TEL;CELL`).
package enum Android {
    /// What an `X-ANDROID-CUSTOM` row holds.
    package enum Row: Equatable {
        /// An event: its date as written, its type and its label.
        case event(date: String, type: EventType, label: String)
        /// A nickname.
        case nickname(String)
        /// A row of another kind.
        case other
    }

    /// The contacts provider's event types (`ContactsContract.CommonDataKinds.Event`).
    package enum EventType: String {
        case custom = "0", anniversary = "1", other = "2", birthday = "3"
    }

    /// The kind of an event's row (lower case), its first component.
    package static let eventKind = "vnd.android.cursor.item/contact_event"

    /// The row of the property's components (unescaped): its kind first, then its columns.
    package static func row(_ fields: [String]) -> Row {
        guard fields.count >= 2 else { return .other }
        switch fields[0].lowercased() {
        case eventKind:
            guard fields.count > 2, let type = EventType(rawValue: fields[2]) else { return .other }
            return .event(date: fields[1], type: type, label: fields.count > 3 ? fields[3].trimmingSpaces() : "")
        case "vnd.android.cursor.item/nickname":
            return .nickname(fields[1].trimmingSpaces())
        default:
            return .other
        }
    }
}

extension Android {
    /// What `--for android` writes (`ImporterProfile`).
    static let importer = ImporterProfile("android", format: .vcard3, cardRules: [.noFolding], notes: [
        ("vCard 3.0 with no folded lines: phones' importers cut or drop folded values",
         "jeroendesloovere/vcard#206 (folded vCards fail to import on Android phones, Pixel 8 Pro)"),
    ])
}
