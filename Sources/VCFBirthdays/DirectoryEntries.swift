import ContactsCore
import ContactFormats
import ContactsOutput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which entries of a directory are inputs, and their order.
extension InputListing {
    /// Whether a directory's entry is read: a `.vcf`, `.vcard`, `.csv` or `.ldif` file (in any case)
    /// whose name does not start with a dot.
    static func isContactsFileName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard bytes.first != UInt8(ascii: "."), let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = bytes[bytes.index(after: dot)...]
        return matchesIgnoringCase(suffix, "VCF") || matchesIgnoringCase(suffix, "VCARD") || matchesIgnoringCase(suffix, "CSV")
            || matchesIgnoringCase(suffix, "LDIF")
    }

    /// `items` in the order of their names' UTF-8 bytes (`precedesBytewise`). A directory may
    /// hold thousands of names: they are sorted as their first 8 bytes read as one number, and
    /// compared whole only where those are equal.
    static func sortedBytewise<Item>(_ items: [Item], name: (Item) -> String) -> [Item] {
        let names = items.map(name)
        var keys = names.indices.map { (prefix: firstEightBytes(names[$0]), index: $0) }
        keys.sort { $0.prefix != $1.prefix ? $0.prefix < $1.prefix : precedesBytewise(names[$0.index], names[$1.index]) }
        return keys.map { items[$0.index] }
    }

    /// The first 8 UTF-8 bytes of `name` as a big-endian number, zeros after a shorter name
    /// (a name holds no zero byte, so a name sorts before the longer ones it starts).
    private static func firstEightBytes(_ name: String) -> UInt64 {
        var prefix: UInt64 = 0
        var shift: UInt64 = 56
        for byte in name.utf8.prefix(8) {
            prefix |= UInt64(byte) << shift
            shift &-= 8
        }
        return prefix
    }

    /// The path of the entry `name` in the directory whose path, with its final `/`, is `base`.
    static func joined(_ base: [UInt8], _ name: String) -> String {
        String(utf8Capacity: base.count + name.utf8.count) { out in
            for b in base { out.append(b) }
            for b in name.utf8 { out.append(b) }
        }
    }

    /// Whether `a` comes before `b` in the order of their UTF-8 bytes.
    static func precedesBytewise(_ a: String, _ b: String) -> Bool {
        let a = a.utf8.span, b = b.utf8.span
        for i in 0..<min(a.count, b.count) where a[i] != b[i] { return a[i] < b[i] }
        return a.count < b.count
    }
}
