import Foundation
import PropertyBased
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Random people — any Unicode (combining marks, emoji, right-to-left text, vCard and CSV
/// special characters), empty and huge fields, every date form — through each writer and back.
@Suite struct PropertyRoundTripTests {
    static let pieces = ["Anna", "Zoë", "e\u{301}", "Ångström", "O'Brien", "van der", "👩‍👩‍👧", "🎂", "שלום", "مرحبا",
                         "佐藤", "한국어", "a,b", "x;y", "back\\slash", "colon:", "\"quoted\"", "=SUM(A1)", "+49 30",
                         "tab\there", "ß", "İ", "\u{200F}rtl", "Ω", "::: ", "*star", "-dash", "@at", "^caret^"]

    static func text(_ r: inout SplitMix, _ pool: [String], allowsNewlines: Bool = false) -> String {
        if r.chance(3) { return String(repeating: r.pick(pool), count: r.int(100...400)).trimmingSpaces() }
        var parts: [String] = []
        for _ in 0..<r.int(1...4) { parts.append(r.pick(pool)) }
        let joined = parts.joined(separator: allowsNewlines && r.chance(30) ? "\n" : " ")
        return joined.trimmingSpaces().isEmpty ? "x" : joined.trimmingSpaces()
    }

    static func date(_ r: inout SplitMix) -> PartialDate {
        while true {
            let year: Int? = r.chance(30) ? nil : r.int(1900...2030)
            let month = r.int(1...12), day = r.chance(10) ? 29 : r.int(1...31)
            if let date = PartialDate(year: year, month: month, day: day) { return date }
        }
    }

    /// `multiValuedNames`: several family names (vCard `N` lists; the CSV columns hold one name,
    /// several joined by spaces).
    static func person(_ seed: Int, multiValuedNames: Bool = true) -> PersonInfo {
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

    /// The person as the model holds it, without where it came from.
    static func fields(_ p: PersonInfo) -> PersonInfo {
        var q = p
        q.source = SourcePosition(path: "", line: 0)
        q.extraProperties = []
        q.cardProperties = []
        return q
    }

    static func through(_ people: [PersonInfo], _ format: RunOptions.Format) -> [PersonInfo] {
        let output = MemoryOutput(), text = TextOutput(output)
        let writer: PeopleSink = switch format {
        case .vcard3: FormattedOutput(format: VCardEncoder(version: .v3, appleCompat: false), output: text, diagnostics: RecordingDiagnostics())
        case .vcard4: FormattedOutput(format: VCardEncoder(version: .v4, appleCompat: false), output: text, diagnostics: RecordingDiagnostics())
        case .googleCSV: FormattedOutput(format: CSVEncoder(layout: GoogleCSVLayout()), output: text)
        default: FormattedOutput(format: CSVEncoder(layout: GenericCSVLayout()), output: text)
        }
        for person in people { try? writer.consume(person) }
        try? writer.finish()
        return (try? readContacts(output.bytes, csv: format == .csv || format == .googleCSV).people) ?? []
    }

    /// What a Google CSV row holds of a person: one cell per name part (several joined by
    /// spaces), no `FN` and no UID; e-mails and phones grouped by label, so their order is not kept.
    struct GoogleFields: Equatable {
        var names: [String]
        var lists: [[String]]
        var dates: [PartialDate?]
        var texts: [String?]
        var points: [[String]]
        var addresses: [PostalAddress]

        init(_ p: PersonInfo) {
            names = [p.familyNames, p.givenNames, p.additionalNames, p.honorificPrefixes, p.honorificSuffixes]
                .map { $0.joined(separator: " ") }
            lists = [p.nicknames, p.organizationUnits, p.categories, p.urls]
            dates = [p.birthday, p.anniversary]
            texts = [p.organization, p.title, p.note]
            points = [p.emails, p.phones].map { points in
                points.map { "\($0.value) \($0.types) \($0.preferred)" }.sorted()
            }
            addresses = p.addresses
        }
    }

    @Test func googleCSVHoldsItsFields() async {
        await propertyCheck(count: 150, input: Gen.int(in: 0...Int.max)) { seed in
            let person = Self.person(seed, multiValuedNames: false)
            let back = Self.through([person], .googleCSV)
            #expect(back.count == 1)
            if let first = back.first { #expect(GoogleFields(first) == GoogleFields(person), "seed \(seed)") }
        }
    }

    @Test(arguments: [RunOptions.Format.vcard3, .vcard4, .csv])
    func peopleSurviveTheRoundTrip(format: RunOptions.Format) async {
        await propertyCheck(count: 150, input: Gen.int(in: 0...Int.max)) { seed in
            let person = Self.person(seed, multiValuedNames: format != .csv)
            let back = Self.through([person], format)
            #expect(back.count == 1)
            if let first = back.first { #expect(Self.fields(first) == Self.fields(person), "seed \(seed)") }
        }
    }

    /// JSON has no reader here: a real JSON parser reads it and finds the fields.
    @Test func jsonHoldsTheFields() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            let person = Self.person(seed)
            let output = MemoryOutput(), text = TextOutput(output)
            let writer = FormattedOutput(format: JSONLinesFormat(), output: text)
            try? writer.consume(person)
            try? writer.finish()
            let object = try? JSONSerialization.jsonObject(with: Data(output.bytes)) as? [String: Any]
            #expect(object?["formattedName"] as? String == person.formattedName)
            #expect(object?["familyName"] as? String == person.familyName)
            #expect(object?["note"] as? String == person.note)
            #expect(object?["birthday"] as? String == person.birthday?.description)
        }
    }
}
