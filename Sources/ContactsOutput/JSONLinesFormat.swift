import ContactsCore
import ContactFormats

/// NDJSON: one object per person, keys in a fixed order, keys without a value left out.
/// Dates as `YYYY-MM-DD` or `--MM-DD`; types lower-case. `formattedName` is the contact's `FN`,
/// or when it has none the name the vCard writers give it (from the name parts, organization,
/// nickname, e-mail or phone).
public struct JSONLinesFormat: PersonEncoder {
    /// The format.
    public init() {}

    /// Appends the person's JSON object and a line feed.
    public func append(_ person: PersonInfo, to line: inout [UInt8]) {
        var object = JSONObject()
        object.string("uid", person.uid)
        object.string("formattedName", person.formattedName ?? person.displayName)
        object.joined("familyName", person.familyNames, separator: " ")
        object.joined("givenName", person.givenNames, separator: " ")
        object.strings("additionalNames", person.additionalNames)
        object.strings("honorificPrefixes", person.honorificPrefixes)
        object.strings("honorificSuffixes", person.honorificSuffixes)
        object.joined("nickname", person.nicknames, separator: ", ")
        object.date("birthday", person.birthday)
        // Another calendar's birthday as that calendar counts: `chinese:--08-15`, `hebrew:5746-07-15`.
        object.string("calendarBirthday", person.calendarBirthday.map { "\($0.calendar):\($0)" })
        object.date("anniversary", person.anniversary)
        object.string("calendarAnniversary", person.calendarAnniversary.map { "\($0.calendar):\($0)" })
        object.date("deathDate", person.deathDate)
        object.string("organization", person.organization.map { ([$0] + person.organizationUnits).joined(separator: ", ") })
        object.string("title", person.title)
        object.string("note", person.note)
        object.contactPoints("emails", person.emails)
        object.contactPoints("phones", person.phones)
        object.addresses(person.addresses)
        object.strings("urls", person.urls)
        object.strings("categories", person.categories)
        object.finish(into: &line)
        line.append(0x0A)
    }
}
