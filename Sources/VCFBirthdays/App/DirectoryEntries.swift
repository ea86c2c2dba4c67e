#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which entries of a directory are inputs, and their order.
extension App {
    /// Whether a directory's entry is read: a `.vcf`, `.vcard` or `.csv` file (in any case)
    /// whose name does not start with a dot.
    static func isContactsFileName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard bytes.first != UInt8(ascii: "."), let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = bytes[bytes.index(after: dot)...]
        return matchesIgnoringCase(suffix, "VCF") || matchesIgnoringCase(suffix, "VCARD") || matchesIgnoringCase(suffix, "CSV")
    }

    /// Whether `a` comes before `b` in the order of their UTF-8 bytes.
    static func precedesBytewise(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { a in
            b.withUTF8 { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }
}
