import ContactsCore
import ContactFormats

/// A person as compact bytes, for people waiting in memory (sorting): a 32-bit mask of the
/// fields present, then only those, each with a few bytes of length, instead of a struct of
/// arrays and strings that are each their own allocation.
/// `decode(encode(p)) == p` for every person (`source.path` is kept as an index into a table).
struct PersonCoding {
    private var paths: [String] = []
    private var pathIndex: [String: Int] = [:]

    /// Appends the person's bytes to `out`.
    mutating func encode(_ p: PersonInfo, into out: inout [UInt8]) {
        var w = Writer(out: out)
        out = []
        for list in [p.familyNames, p.givenNames, p.additionalNames, p.honorificPrefixes, p.honorificSuffixes,
                     p.nicknames, p.sortAs, p.organizationUnits, p.urls, p.categories] where w.field(!list.isEmpty) {
            w.strings(list)
        }
        for text in [p.formattedName, p.phoneticFamilyName, p.phoneticGivenName, p.phoneticAdditionalName,
                     p.organization, p.title, p.note, p.uid] where w.field(text != nil) {
            w.string(text!)
        }
        for date in [p.birthday, p.anniversary] where w.field(date != nil) {
            let d = date!
            w.number(d.month + 13 * (d.day + 32 * (d.year.map { $0 + 1 } ?? 0)))
        }
        for points in [p.emails, p.phones] where w.field(!points.isEmpty) {
            w.number(points.count)
            for point in points {
                w.string(point.value)
                w.strings(point.types)
                w.number(point.preferred ? 1 : 0)
            }
        }
        if w.field(!p.addresses.isEmpty) {
            w.number(p.addresses.count)
            for a in p.addresses {
                for part in [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country] { w.string(part) }
                w.strings(a.types)
                w.number(a.preferred ? 1 : 0)
            }
        }
        for list in [p.extraProperties, p.cardProperties] where w.field(!list.isEmpty) {
            w.number(list.count)
            for property in list {
                w.number(property.group == nil ? 0 : 1)
                if let group = property.group { w.string(group) }
                w.string(property.name)
                w.number(property.parameters.count)
                for parameter in property.parameters {
                    w.string(parameter.name)
                    w.strings(parameter.values)
                }
                w.string(property.value)
                w.number(property.line)
            }
        }
        w.number(pathNumber(p.source.path))
        w.number(p.source.line)
        out = w.finish()
    }

    /// The person whose bytes `encode` wrote (by this coding, which holds the path table).
    func decode(_ bytes: UnsafeRawBufferPointer) -> PersonInfo {
        var r = Reader(bytes: bytes)
        var p = PersonInfo(source: SourcePosition(path: "", line: 0))
        func list() -> [String] { r.field() ? r.strings() : [] }
        func text() -> String? { r.field() ? r.string() : nil }
        func date() -> PartialDate? {
            guard r.field() else { return nil }
            let n = r.number()
            let year = n / 13 / 32
            return PartialDate(year: year == 0 ? nil : year - 1, month: n % 13, day: n / 13 % 32)
        }
        func points() -> [ContactPoint] {
            guard r.field() else { return [] }
            return (0..<r.number()).map { _ in ContactPoint(value: r.string(), types: r.strings(), preferred: r.number() == 1) }
        }
        func properties() -> [VCardProperty] {
            guard r.field() else { return [] }
            return (0..<r.number()).map { _ in
                let group = r.number() == 1 ? r.string() : nil
                let name = r.string()
                let parameters = (0..<r.number()).map { _ in VCardParameter(name: r.string(), values: r.strings()) }
                return VCardProperty(group: group, name: name, parameters: parameters, value: r.string(), line: r.number())
            }
        }
        p.familyNames = list(); p.givenNames = list(); p.additionalNames = list()
        p.honorificPrefixes = list(); p.honorificSuffixes = list(); p.nicknames = list(); p.sortAs = list()
        p.organizationUnits = list(); p.urls = list(); p.categories = list()
        p.formattedName = text(); p.phoneticFamilyName = text(); p.phoneticGivenName = text()
        p.phoneticAdditionalName = text(); p.organization = text(); p.title = text(); p.note = text(); p.uid = text()
        p.birthday = date()
        p.anniversary = date()
        p.emails = points()
        p.phones = points()
        if r.field() {
            p.addresses = (0..<r.number()).map { _ in
                var a = PostalAddress()
                a.poBox = r.string(); a.extended = r.string(); a.street = r.string(); a.locality = r.string()
                a.region = r.string(); a.postalCode = r.string(); a.country = r.string()
                a.types = r.strings()
                a.preferred = r.number() == 1
                return a
            }
        }
        p.extraProperties = properties()
        p.cardProperties = properties()
        p.source = SourcePosition(path: paths[r.number()], line: r.number())
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
        private let maskAt: Int
        private var mask: UInt32 = 0
        private var bit: UInt32 = 1

        init(out: [UInt8]) {
            self.out = out
            maskAt = out.count
            self.out.append(contentsOf: [0, 0, 0, 0])
        }

        /// Marks the next field present or not; true when its bytes follow.
        mutating func field(_ present: Bool) -> Bool {
            if present { mask |= bit }
            bit <<= 1
            return present
        }

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

        mutating func finish() -> [UInt8] {
            for k in 0..<4 { out[maskAt + k] = UInt8(truncatingIfNeeded: mask >> (8 * k)) }
            return out
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        private var at = 4
        private let mask: UInt32
        private var bit: UInt32 = 1

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            mask = (0..<4).reduce(0) { $0 | UInt32(bytes[$1]) << (8 * $1) }
        }

        /// Whether the next field is present.
        mutating func field() -> Bool {
            defer { bit <<= 1 }
            return mask & bit != 0
        }

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

        mutating func string() -> String {
            let count = number()
            defer { at += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + count)]), as: UTF8.self)
        }

        mutating func strings() -> [String] { (0..<number()).map { _ in string() } }
    }
}
