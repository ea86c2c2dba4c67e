import ContactsCore

/// A person as bytes and back, for people held in a scratch file until `--merge` knows the
/// groups: every field of `PersonInfo`, so that what comes back equals what went in.
/// (`FieldWriter`, `FieldReader`.)
enum PersonBytes {
    /// The number of stored properties `PersonInfo` has; a new field must be written here too
    /// (a test compares this with the type).
    static let fieldCount = 30

    static func append(_ p: PersonInfo, to out: inout [UInt8]) {
        var w = FieldWriter(out: out)
        out = []
        w.strings(p.familyNames); w.strings(p.givenNames); w.strings(p.additionalNames)
        w.strings(p.honorificPrefixes); w.strings(p.honorificSuffixes); w.optional(p.formattedName)
        w.strings(p.nicknames); w.strings(p.sortAs)
        w.optional(p.phoneticFamilyName); w.optional(p.phoneticGivenName); w.optional(p.phoneticAdditionalName)
        w.date(p.birthday); w.date(p.anniversary); w.date(p.deathDate)
        w.optional(p.calendarBirthday.map { $0.calendar.rawValue + ":" + $0.description })
        w.optional(p.calendarAnniversary.map { $0.calendar.rawValue + ":" + $0.description })
        w.optional(p.organization); w.strings(p.organizationUnits); w.optional(p.title); w.optional(p.note)
        w.points(p.emails); w.points(p.phones)
        w.count(p.addresses.count)
        for a in p.addresses {
            for part in [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country] { w.string(part) }
            w.strings(a.types)
            w.out.append(a.preferred ? 1 : 0)
        }
        w.strings(p.urls); w.strings(p.categories); w.optional(p.uid)
        w.out.append(p.excludedFromBirthdays ? 1 : 0)
        w.string(p.source.path); w.count(p.source.line)
        w.properties(p.extraProperties); w.properties(p.cardProperties)
        out = w.out
    }

    /// `chinese:4622-08-15` as `append` wrote it.
    private static func calendarDate(_ text: String) -> OtherCalendarDate? {
        text.firstIndex(of: ":").flatMap { OtherCalendarDate(calendar: String(text[..<$0]), text: String(text[text.index(after: $0)...])) }
    }

    /// The person from `start` in `bytes`, which `append` wrote.
    static func read(_ bytes: [UInt8], from start: Int = 0) -> PersonInfo {
        var r = FieldReader(bytes: bytes, from: start)
        var p = PersonInfo(source: SourcePosition(path: "", line: 0))
        p.familyNames = r.strings(); p.givenNames = r.strings(); p.additionalNames = r.strings()
        p.honorificPrefixes = r.strings(); p.honorificSuffixes = r.strings(); p.formattedName = r.optional()
        p.nicknames = r.strings(); p.sortAs = r.strings()
        p.phoneticFamilyName = r.optional(); p.phoneticGivenName = r.optional(); p.phoneticAdditionalName = r.optional()
        p.birthday = r.date(); p.anniversary = r.date(); p.deathDate = r.date()
        p.calendarBirthday = r.optional().flatMap(Self.calendarDate)
        p.calendarAnniversary = r.optional().flatMap(Self.calendarDate)
        p.organization = r.optional(); p.organizationUnits = r.strings(); p.title = r.optional(); p.note = r.optional()
        p.emails = r.points(); p.phones = r.points()
        p.addresses = (0..<r.count()).map { _ in
            var a = PostalAddress()
            a.poBox = r.string(); a.extended = r.string(); a.street = r.string(); a.locality = r.string()
            a.region = r.string(); a.postalCode = r.string(); a.country = r.string()
            a.types = r.strings()
            a.preferred = r.byte() == 1
            return a
        }
        p.urls = r.strings(); p.categories = r.strings(); p.uid = r.optional()
        p.excludedFromBirthdays = r.byte() == 1
        p.source = SourcePosition(path: r.string(), line: r.count())
        p.extraProperties = r.properties(); p.cardProperties = r.properties()
        return p
    }
}

private extension FieldWriter {
    mutating func points(_ list: [ContactPoint]) {
        count(list.count)
        for point in list {
            string(point.value)
            strings(point.types)
            out.append(point.preferred ? 1 : 0)
        }
    }

    mutating func properties(_ list: [VCardProperty]) {
        count(list.count)
        for property in list {
            optional(property.group)
            string(property.name)
            count(property.parameters.count)
            for parameter in property.parameters {
                string(parameter.name)
                strings(parameter.values)
            }
            string(property.value)
            count(property.line)
        }
    }
}

private extension FieldReader {
    mutating func points() -> [ContactPoint] {
        (0..<count()).map { _ in ContactPoint(value: string(), types: strings(), preferred: byte() == 1) }
    }

    mutating func properties() -> [VCardProperty] {
        (0..<count()).map { _ in
            let group = optional()
            let name = string()
            let parameters = (0..<count()).map { _ in VCardParameter(name: string(), values: strings()) }
            return VCardProperty(group: group, name: name, parameters: parameters, value: string(), line: count())
        }
    }
}
