import ContactsCore

/// A person as bytes and back, for people held in a scratch file until `--merge` knows the
/// groups: every field of `PersonInfo`, so that what comes back equals what went in.
/// Lengths and counts are LEB128 varints, text its UTF-8, an optional a 0/1 byte first.
enum PersonBytes {
    /// The number of stored properties `PersonInfo` has; a new field must be written here too
    /// (a test compares this with the type).
    static let fieldCount = 27

    static func append(_ p: PersonInfo, to out: inout [UInt8]) {
        var w = Writer(out: out)
        out = []
        w.strings(p.familyNames); w.strings(p.givenNames); w.strings(p.additionalNames)
        w.strings(p.honorificPrefixes); w.strings(p.honorificSuffixes); w.optional(p.formattedName)
        w.strings(p.nicknames); w.strings(p.sortAs)
        w.optional(p.phoneticFamilyName); w.optional(p.phoneticGivenName); w.optional(p.phoneticAdditionalName)
        w.date(p.birthday); w.date(p.anniversary); w.date(p.deathDate)
        w.optional(p.organization); w.strings(p.organizationUnits); w.optional(p.title); w.optional(p.note)
        w.points(p.emails); w.points(p.phones)
        w.count(p.addresses.count)
        for a in p.addresses {
            for part in [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country] { w.string(part) }
            w.strings(a.types)
            w.out.append(a.preferred ? 1 : 0)
        }
        w.strings(p.urls); w.strings(p.categories); w.optional(p.uid)
        w.string(p.source.path); w.count(p.source.line)
        w.properties(p.extraProperties); w.properties(p.cardProperties)
        out = w.out
    }

    /// The person at the start of `bytes`, which `append` wrote.
    static func read(_ bytes: UnsafeRawBufferPointer) -> PersonInfo {
        var r = Reader(bytes: bytes)
        var p = PersonInfo(source: SourcePosition(path: "", line: 0))
        p.familyNames = r.strings(); p.givenNames = r.strings(); p.additionalNames = r.strings()
        p.honorificPrefixes = r.strings(); p.honorificSuffixes = r.strings(); p.formattedName = r.optional()
        p.nicknames = r.strings(); p.sortAs = r.strings()
        p.phoneticFamilyName = r.optional(); p.phoneticGivenName = r.optional(); p.phoneticAdditionalName = r.optional()
        p.birthday = r.date(); p.anniversary = r.date(); p.deathDate = r.date()
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
        p.source = SourcePosition(path: r.string(), line: r.count())
        p.extraProperties = r.properties(); p.cardProperties = r.properties()
        return p
    }

    private struct Writer {
        var out: [UInt8]

        mutating func count(_ n: Int) {
            var n = UInt(bitPattern: n)
            while n >= 0x80 {
                out.append(UInt8(n & 0x7F) | 0x80)
                n >>= 7
            }
            out.append(UInt8(n))
        }

        mutating func string(_ s: String) {
            var s = s
            s.withUTF8 { bytes in
                count(bytes.count)
                out.append(contentsOf: bytes)
            }
        }

        mutating func strings(_ list: [String]) {
            count(list.count)
            for s in list { string(s) }
        }

        mutating func optional(_ s: String?) {
            out.append(s == nil ? 0 : 1)
            if let s { string(s) }
        }

        mutating func date(_ d: PartialDate?) {
            guard let d else { return out.append(0) }
            out.append(d.year == nil ? 1 : 2)
            if let year = d.year { count(year) }
            out.append(UInt8(d.month))
            out.append(UInt8(d.day))
        }

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

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var at = 0

        mutating func byte() -> UInt8 {
            defer { at += 1 }
            return bytes[at]
        }

        mutating func count() -> Int {
            var n: UInt = 0
            var shift: UInt = 0
            while true {
                let b = byte()
                n |= UInt(b & 0x7F) << shift
                if b < 0x80 { return Int(bitPattern: n) }
                shift += 7
            }
        }

        mutating func string() -> String {
            let n = count()
            defer { at += n }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<at + n]), as: UTF8.self)
        }

        mutating func strings() -> [String] { (0..<count()).map { _ in string() } }

        mutating func optional() -> String? { byte() == 0 ? nil : string() }

        mutating func date() -> PartialDate? {
            let kind = byte()
            guard kind != 0 else { return nil }
            let year = kind == 2 ? count() : nil
            let month = Int(byte())
            return PartialDate(year: year, month: month, day: Int(byte()))
        }

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
}
