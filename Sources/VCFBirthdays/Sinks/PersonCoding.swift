/// A person as compact bytes, for people waiting in memory (sorting): a few bytes of length
/// per field instead of a struct of arrays and strings, each its own allocation.
/// `decode(encode(p)) == p` for every person (`source.path` is kept as an index into a table).
struct PersonCoding {
    private var paths: [String] = []
    private var pathIndex: [String: Int] = [:]

    /// Appends the person's bytes to `out`.
    mutating func encode(_ p: PersonInfo, into out: inout [UInt8]) {
        var w = Writer(out: out)
        out = []
        w.strings(p.familyNames); w.strings(p.givenNames); w.strings(p.additionalNames)
        w.strings(p.honorificPrefixes); w.strings(p.honorificSuffixes); w.strings(p.nicknames); w.strings(p.sortAs)
        w.strings(p.organizationUnits); w.strings(p.urls); w.strings(p.categories)
        w.optional(p.formattedName); w.optional(p.phoneticFamilyName); w.optional(p.phoneticGivenName)
        w.optional(p.phoneticAdditionalName); w.optional(p.organization); w.optional(p.title); w.optional(p.note)
        w.optional(p.uid)
        w.date(p.birthday)
        w.date(p.anniversary)
        w.number(p.emails.count)
        for e in p.emails { w.point(e) }
        w.number(p.phones.count)
        for e in p.phones { w.point(e) }
        w.number(p.addresses.count)
        for a in p.addresses {
            for part in [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country] { w.string(part) }
            w.strings(a.types)
            w.number(a.preferred ? 1 : 0)
        }
        w.number(pathNumber(p.source.path))
        w.number(p.source.line)
        w.properties(p.extraProperties)
        w.properties(p.cardProperties)
        out = w.out
    }

    /// The person whose bytes `encode` wrote (by this coding, which holds the path table).
    func decode(_ bytes: UnsafeRawBufferPointer) -> PersonInfo {
        var r = Reader(bytes: bytes)
        var p = PersonInfo(source: SourcePosition(path: "", line: 0))
        p.familyNames = r.strings()
        p.givenNames = r.strings()
        p.additionalNames = r.strings()
        p.honorificPrefixes = r.strings()
        p.honorificSuffixes = r.strings()
        p.nicknames = r.strings()
        p.sortAs = r.strings()
        p.organizationUnits = r.strings()
        p.urls = r.strings()
        p.categories = r.strings()
        p.formattedName = r.optional()
        p.phoneticFamilyName = r.optional()
        p.phoneticGivenName = r.optional()
        p.phoneticAdditionalName = r.optional()
        p.organization = r.optional()
        p.title = r.optional()
        p.note = r.optional()
        p.uid = r.optional()
        p.birthday = r.date()
        p.anniversary = r.date()
        p.emails = (0..<r.number()).map { _ in r.point() }
        p.phones = (0..<r.number()).map { _ in r.point() }
        p.addresses = (0..<r.number()).map { _ in
            var a = PostalAddress()
            a.poBox = r.string(); a.extended = r.string(); a.street = r.string(); a.locality = r.string()
            a.region = r.string(); a.postalCode = r.string(); a.country = r.string()
            a.types = r.strings()
            a.preferred = r.number() == 1
            return a
        }
        p.source = SourcePosition(path: paths[r.number()], line: r.number())
        p.extraProperties = r.properties()
        p.cardProperties = r.properties()
        return p
    }

    private mutating func pathNumber(_ path: String) -> Int {
        if let n = pathIndex[path] { return n }
        paths.append(path)
        pathIndex[path] = paths.count - 1
        return paths.count - 1
    }

    private struct Writer {
        var out: [UInt8]

        /// LEB128: 7 bits a byte, the high bit set on all but the last.
        mutating func number(_ n: Int) {
            var v = UInt64(bitPattern: Int64(n))
            while v >= 0x80 {
                out.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }

        mutating func string(_ s: String) {
            number(s.utf8.count)
            out.append(contentsOf: s.utf8)
        }

        mutating func strings(_ list: [String]) {
            number(list.count)
            for s in list { string(s) }
        }

        mutating func optional(_ s: String?) {
            guard let s else { return number(0) }
            number(s.utf8.count + 1)
            out.append(contentsOf: s.utf8)
        }

        mutating func date(_ d: PartialDate?) {
            guard let d else { return number(0) }
            number(1 + d.month + 13 * (d.day + 32 * (d.year.map { $0 + 1 } ?? 0)))
        }

        mutating func point(_ p: ContactPoint) {
            string(p.value)
            strings(p.types)
            number(p.preferred ? 1 : 0)
        }

        mutating func properties(_ list: [VCardProperty]) {
            number(list.count)
            for property in list {
                optional(property.group)
                string(property.name)
                number(property.parameters.count)
                for parameter in property.parameters {
                    string(parameter.name)
                    strings(parameter.values)
                }
                string(property.value)
                number(property.line)
            }
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var at = 0

        mutating func number() -> Int {
            var v: UInt64 = 0, shift: UInt64 = 0
            while true {
                let b = bytes[at]
                at += 1
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return Int(Int64(bitPattern: v)) }
                shift += 7
            }
        }

        mutating func text(_ count: Int) -> String {
            defer { at += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + count)]), as: UTF8.self)
        }

        mutating func string() -> String { text(number()) }

        mutating func strings() -> [String] { (0..<number()).map { _ in string() } }

        mutating func optional() -> String? {
            let n = number()
            return n == 0 ? nil : text(n - 1)
        }

        mutating func date() -> PartialDate? {
            var n = number()
            guard n > 0 else { return nil }
            n -= 1
            let month = n % 13, day = n / 13 % 32, year = n / 13 / 32
            return PartialDate(year: year == 0 ? nil : year - 1, month: month, day: day)
        }

        mutating func point() -> ContactPoint {
            ContactPoint(value: string(), types: strings(), preferred: number() == 1)
        }

        mutating func properties() -> [VCardProperty] {
            (0..<number()).map { _ in
                let group = optional(), name = string()
                let parameters = (0..<number()).map { _ in VCardParameter(name: string(), values: strings()) }
                return VCardProperty(group: group, name: name, parameters: parameters, value: string(), line: number())
            }
        }
    }
}
