import ContactsCore
import ContactFormats
import ContactsTesting

/// Random people for property tests: any Unicode (combining marks, emoji, right-to-left text,
/// vCard and CSV special characters), empty and huge fields, every date form; the same person
/// for the same seed.
public enum RandomPeople {
    public static let pieces = ["Anna", "Zoë", "e\u{301}", "Ångström", "O'Brien", "van der", "👩‍👩‍👧", "🎂", "שלום", "مرحبا",
                         "佐藤", "한국어", "a,b", "x;y", "back\\slash", "colon:", "\"quoted\"", "=SUM(A1)", "+49 30",
                         "tab\there", "ß", "İ", "\u{200F}rtl", "Ω", "::: ", "*star", "-dash", "@at", "^caret^"]

    public static func text(_ r: inout SplitMix, _ pool: [String], allowsNewlines: Bool = false) -> String {
        if r.chance(3) { return String(repeating: r.pick(pool), count: r.int(100...400)).trimmingSpaces() }
        var parts: [String] = []
        for _ in 0..<r.int(1...4) { parts.append(r.pick(pool)) }
        let joined = parts.joined(separator: allowsNewlines && r.chance(30) ? "\n" : " ")
        return joined.trimmingSpaces().isEmpty ? "x" : joined.trimmingSpaces()
    }

    public static func date(_ r: inout SplitMix) -> PartialDate {
        while true {
            let year: Int? = r.chance(30) ? nil : r.int(1900...2030)
            let month = r.int(1...12), day = r.chance(10) ? 29 : r.int(1...31)
            if let date = PartialDate(year: year, month: month, day: day) { return date }
        }
    }

    /// `multiValuedNames`: several family names (vCard `N` lists; the CSV columns hold one name,
    /// several joined by spaces).
    public static func person(_ seed: Int, multiValuedNames: Bool = true) -> PersonInfo {
        // Known limit: the generic CSV joins list items with ` ::: `; that text is not generated for it.
        let pool = multiValuedNames ? pieces : pieces.filter { !$0.contains(":::") }
        var r = SplitMix(state: UInt64(bitPattern: Int64(seed)))
        var p = PersonInfo(source: SourcePosition(path: "gen", line: 1))
        p.familyNames = [text(&r, pool)] + (r.chance(20) && multiValuedNames ? [text(&r, pool)] : [])
        if r.chance(80) { p.givenNames = [text(&r, pool)] }
        if r.chance(20) { p.additionalNames = [text(&r, pool)] }
        if r.chance(15) { p.honorificPrefixes = [r.pick(["Dr.", "Frau", "Sr."])] }
        if r.chance(10) { p.honorificSuffixes = [r.pick(["Jr.", "PhD"])] }
        p.formattedName = text(&r, pool)
        if r.chance(30) { p.nicknames = [text(&r, pool)] }
        if r.chance(80) { p.birthday = date(&r) }
        if r.chance(30) { p.anniversary = date(&r) }
        if r.chance(40) { p.organization = text(&r, pool); if r.chance(30) { p.organizationUnits = [text(&r, pool)] } }
        if r.chance(30) { p.title = text(&r, pool) }
        if r.chance(40) { p.note = text(&r, pool, allowsNewlines: true) }
        for _ in 0..<r.int(0...3) {
            p.emails.append(ContactPoint(value: "u\(r.int(0...999))@example.org", types: r.chance(50) ? [r.pick(["home", "work"])] : [],
                                         preferred: r.chance(20)))
        }
        for _ in 0..<r.int(0...3) {
            p.phones.append(ContactPoint(value: "+\(r.int(1...99)) \(r.int(100...999_999))", types: r.chance(60) ? [r.pick(["cell", "home", "work"])] : [],
                                         preferred: r.chance(20)))
        }
        if r.chance(30) {
            var a = PostalAddress()
            a.street = text(&r, pool); a.locality = text(&r, pool); a.postalCode = "\(r.int(1000...99999))"; a.country = text(&r, pool)
            a.types = [r.pick(["home", "work"])]
            p.addresses = [a]
        }
        if r.chance(20) { p.urls = ["https://example.org/\(r.int(0...99))?a=1&b=2"] }
        if r.chance(20) { p.categories = [text(&r, pool), text(&r, pool)] }
        if r.chance(50) { p.uid = "urn:uuid:\(r.next())" }
        return p
    }
}
