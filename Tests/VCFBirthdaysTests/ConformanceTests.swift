import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// `--check` against the standards (#41 item 2): every example of RFC 6350 (with its verified
/// errata), RFC 2426, RFC 6474, RFC 6715 and RFC 6868 passes without a word; every
/// counter-example breaks exactly the rule it names; the value syntaxes by table.
@Suite struct ConformanceTests {
    static let examples = ["conformance/rfc6350.vcf", "conformance/rfc2426.vcf", "conformance/rfc6474.vcf",
                           "conformance/rfc6715.vcf", "conformance/rfc6868.vcf"]

    /// The codes `--check` says for a text, in the order said.
    private static func codes(_ text: [UInt8], path: String) throws -> [String] {
        let result = run(text, path: path, to: .json) {
            $0.diagnostics.checksOnly = true
            $0.diagnostics.errorsAsJSON = true
            $0.diagnostics.quiet = false
        }
        return try result.stderr.split(separator: "\n").compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            return object["code"] as? String
        }
    }

    /// The cards of a file, each with its lines (CRLF-ended).
    private static func cards(_ name: String) -> [String] {
        String(decoding: fixtureBytes(name), as: UTF8.self).components(separatedBy: "BEGIN:VCARD\r\n").dropFirst()
            .map { "BEGIN:VCARD\r\n" + $0 }
    }

    @Test(arguments: examples)
    func everyExamplePasses(file: String) throws {
        let result = run(fixtureBytes(file), path: file, to: .json) { $0.diagnostics.checksOnly = true; $0.diagnostics.quiet = false }
        let count = Self.cards(file).count
        #expect(result.status == .success)
        #expect(result.stderr == "\(count) records checked, 0 errors, 0 warnings, 0 rejected\n", "\(file)")
        #expect(count > 3)
    }

    /// Each card names the codes it must get (`X-EXPECT:`), and gets exactly them.
    @Test func everyCounterExampleBreaksItsRule() throws {
        let cards = Self.cards("conformance/counter-examples.vcf")
        #expect(cards.count >= 70)
        var covered: Set<String> = []
        for card in cards {
            let expectLine = try #require(card.components(separatedBy: "\r\n").first { $0.hasPrefix("X-EXPECT:") })
            let expected = expectLine.dropFirst(9).split(separator: ",").map(String.init)
            #expect(try Self.codes(Array(card.utf8), path: "c.vcf") == expected, "\(card)")
            covered.formUnion(expected)
        }
        // Each rule of the check has a counter-example here, but for those a text file cannot
        // hold (a bare LF, bytes that are not UTF-8: VCardRulesTests).
        let checkCodes: [Diagnostic.Code] = [
            .invalidDate, .impossibleDate, .implausibleBirthYear, .otherCalendar, .invalidVersion, .missingVersion,
            .versionNotFirst, .repeatedProperty, .missingFN, .missingN, .longLine, .invalidName, .unregisteredProperty,
            .namelessParameter, .parameterNotAllowed, .invalidPref, .extendedDateForm, .truncatedDate, .componentCount,
            .invalidGender, .unknownKind, .invalidURI, .invalidTel, .invalidGeo, .invalidLanguageTag, .invalidUTCOffset,
            .invalidTimestamp, .valueTypeNotAllowed, .parameterNotApplicable, .unregisteredParameter,
            .invalidParameterValue, .memberOutsideGroup,
        ]
        #expect(Set(checkCodes.map(\.rawValue)).subtracting(covered) == [])
    }

    /// The RFC examples are the same cards in every order: the check holds no state across cards.
    @Test func examplesTogetherPass() throws {
        let all = Self.examples.flatMap { fixtureBytes($0) }
        #expect(try Self.codes(all, path: "all.vcf") == [])
    }

    // MARK: The value syntaxes

    static let uris: [(String, Bool)] = [
        ("https://example.com/a%20b", true), ("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", true),
        ("mailto:jane@example.com", true), ("data:image/png;base64,iVBORw0KGgo=", true), ("geo:37.386013\\,-122.082932", true),
        ("tel:+1-555-555-5555;ext=55", true), ("tel:7042;phone-context=example.com", true), ("tel:+49(30)1234.567", true),
        ("www.example.com", false), ("https://example.com/a b", false), ("https://example.com/%g0", false),
        ("https://example.com/é", false), ("1http://example.com", false), ("tel:555", false), ("tel:+", false),
        ("tel:+1;ext=", false), ("geo:91,0", false), ("geo:0,181", false), ("geo:1", false), ("geo:1,2,3,4", false),
        ("geo:0,200;crs=Moon-2011", true), ("geo:1.5,-2.25,100", true),
    ]

    @Test(arguments: uris)
    func uriSyntax(_ value: String, valid: Bool) {
        #expect((VCardValueSyntax.uri(value) == nil) == valid, "\(value)")
    }

    static let dateForms: [(String, VCardValueSyntax.DateForm)] = [
        ("19850412", .day), ("1985-04", .withoutDay), ("1985", .withoutDay), ("--0412", .day), ("---12", .withoutDay),
        ("19961022T140000", .day), ("--1022T1400", .day), ("---22T14", .withoutDay), ("T102200", .withoutDay),
        ("T1022", .withoutDay), ("T10", .withoutDay), ("T-2200", .withoutDay), ("T--00", .withoutDay),
        ("T102200Z", .withoutDay), ("T102200-0800", .withoutDay), ("19850412T10+01", .day),
        ("1985-04-12", .invalid), ("19851312", .invalid), ("--13", .invalid), ("---32", .invalid), ("T2500", .invalid),
        ("T106000", .invalid), ("1985T10", .invalid), ("19961022T-2200", .invalid), ("T", .invalid), ("", .invalid),
    ]

    @Test(arguments: dateForms)
    func dateAndOrTime(_ value: String, form: VCardValueSyntax.DateForm) {
        #expect(VCardValueSyntax.dateAndOrTime(value) == form, "\(value)")
    }

    static let others: [(String, String, Bool)] = [
        ("tag", "en", true), ("tag", "de-CH", true), ("tag", "zh-Hant-TW", true), ("tag", "x-klingon", true),
        ("tag", "en_US", false), ("tag", "e", false), ("tag", "english-", false), ("tag", "en-toolongsubtag", false),
        ("offset", "-0500", true), ("offset", "+01", true), ("offset", "-05:00", true), ("offset", "-2400", false),
        ("offset", "0500", false), ("offset", "-0560", false), ("offset", "EST", false),
        ("stamp", "19961022T140000", true), ("stamp", "19961022T140000Z", true), ("stamp", "19961022T140000-05", true),
        ("stamp", "1996-10-22T14:00:00.5+05:30", true), ("stamp", "19961022", false), ("stamp", "19961022T1400", false),
        ("stamp", "19960230T140000", false), ("stamp", "19961022T250000", false),
        ("media", "image/jpeg", true), ("media", "text/plain;charset=utf-8", true), ("media", "jpeg", false),
        ("media", "image/", false),
        ("geo3", "37.386013;-122.082932", true), ("geo3", "37.386013,-122.082932", false), ("geo3", "91;0", false),
        ("geo3", "north;west", false),
    ]

    @Test(arguments: others)
    func valueSyntax(_ kind: String, _ value: String, valid: Bool) {
        let ok: Bool = switch kind {
        case "tag": VCardValueSyntax.languageTag(value) == nil
        case "offset": VCardValueSyntax.utcOffset(value).valid
        case "stamp": VCardValueSyntax.timestamp(value, dateAlone: false).valid
        case "media": VCardValueSyntax.mediaType(value) == nil
        default: VCardValueSyntax.geoFloats(value, version: .v30) == nil
        }
        #expect(ok == valid, "\(kind) \(value)")
    }
}
