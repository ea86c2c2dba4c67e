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
        var object = JSONObject(appendingTo: &line)
        object.string("uid", person.uid)
        object.string("formattedName", person.formattedName ?? person.displayName)
        object.string("familyName", person.familyName)
        object.string("givenName", person.givenName)
        object.strings("additionalNames", person.additionalNames)
        object.strings("honorificPrefixes", person.honorificPrefixes)
        object.strings("honorificSuffixes", person.honorificSuffixes)
        object.string("nickname", person.nicknames.joined(separator: ", "))
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

/// Builds one JSON object into a byte buffer.
package struct JSONObject {
    private(set) var buffer: [UInt8]
    private var empty = true

    /// An object written at the end of `bytes`, which it takes over (without a copy) until
    /// `finish(into:)` gives them back.
    init(appendingTo bytes: inout [UInt8]) {
        buffer = []
        swap(&buffer, &bytes)
        buffer.append(UInt8(ascii: "{"))
    }

    /// Closes the object and gives the bytes back to `bytes` (which the object took over).
    mutating func finish(into bytes: inout [UInt8]) {
        buffer.append(UInt8(ascii: "}"))
        swap(&buffer, &bytes)
    }

    private mutating func key(_ name: StaticString) {
        if !empty { buffer.append(UInt8(ascii: ",")) }
        empty = false
        buffer.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { buffer.append(contentsOf: $0) }
        buffer.append(UInt8(ascii: "\""))  // two bytes appended one by one: an array of them cost an allocation a key
        buffer.append(UInt8(ascii: ":"))
    }

    mutating func string(_ name: StaticString, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        key(name)
        JSONText.appendString(value, to: &buffer)
    }

    /// A date as `YYYY-MM-DD` or `--MM-DD`, written straight into the buffer.
    mutating func date(_ name: StaticString, _ value: PartialDate?) {
        guard let value else { return }
        key(name)
        buffer.append(UInt8(ascii: "\""))
        value.appendISO(to: &buffer)
        buffer.append(UInt8(ascii: "\""))
    }

    mutating func strings(_ name: StaticString, _ values: [String]) {
        guard !values.isEmpty else { return }
        key(name)
        appendArray(values)
    }

    mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        (value ? "true" : "false" as StaticString).withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    private mutating func appendArray(_ values: [String]) {
        buffer.append(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { buffer.append(UInt8(ascii: ",")) }
            JSONText.appendString(v, to: &buffer)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    mutating func contactPoints(_ name: StaticString, _ points: [ContactPoint]) {
        objects(name, points) { item, point in
            item.forceString("value", point.value)
            item.key("types")
            item.appendArray(point.types)
            item.bool("preferred", point.preferred)
        }
    }

    mutating func addresses(_ addresses: [PostalAddress]) {
        objects("addresses", addresses) { item, a in
            item.string("poBox", a.poBox)
            item.string("extended", a.extended)
            item.string("street", a.street)
            item.string("locality", a.locality)
            item.string("region", a.region)
            item.string("postalCode", a.postalCode)
            item.string("country", a.country)
            item.key("types")
            item.appendArray(a.types)
            item.bool("preferred", a.preferred)
        }
    }

    /// An array of objects, each written by `fill`; left out when `values` is empty.
    private mutating func objects<T>(_ name: StaticString, _ values: [T], _ fill: (inout JSONObject, T) -> Void) {
        guard !values.isEmpty else { return }
        key(name)
        buffer.append(UInt8(ascii: "["))
        for (i, value) in values.enumerated() {
            if i > 0 { buffer.append(UInt8(ascii: ",")) }
            var item = JSONObject(appendingTo: &buffer)
            fill(&item, value)
            item.finish(into: &buffer)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    private mutating func forceString(_ name: StaticString, _ value: String) {
        key(name)
        JSONText.appendString(value, to: &buffer)
    }
}
