import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Runs the app in memory on `bytes` (named `path`) and returns standard output and error.
func run(_ bytes: [UInt8], path: String, to format: RunOptions.Format,
         configure: (inout RunOptions) -> Void = { _ in }) -> (status: RunStatus, stdout: [UInt8], stderr: String) {
    var options = RunOptions()
    options.input.paths = [path]
    options.output.format = format
    options.selection.includesEveryone = format.isBirthdayFormat
    options.selection.locale = "root"
    options.diagnostics.quiet = true
    configure(&options)
    let stdout = MemoryOutput(), stderr = MemoryOutput()
    let environment = Environment(
        clock: FixedClock(day(2026, 11, 22)), preferences: Preferences(),
        fileSystem: InMemoryFileSystem(binaryFiles: [path: bytes]), opener: StubOpener(),
        standardInput: MemorySource(""), standardOutput: stdout, standardError: stderr)
    let status = App.run(options, environment: environment)
    return (status, stdout.bytes, stderr.text)
}

/// Every fixture through the vCard writers: nothing a card held is lost, in either direction.
@Suite struct VCardRoundTripTests {
    static let allFixtures = GoldenTests.fixtures

    /// vcard → vcard4 → vcard3 → json equals vcard → json (and the same from CSV), for the
    /// fixtures and every example of the RFCs.
    @Test(arguments: allFixtures + ConformanceTests.examples)
    func jsonSurvivesBothVersions(fixture: String) {
        let input = fixtureBytes(fixture)
        let direct = run(input, path: fixture, to: .json).stdout
        let v4 = run(input, path: fixture, to: .vcard4).stdout
        let v3 = run(v4, path: "v4.vcf", to: .vcard3).stdout
        let back = run(v3, path: "v3.vcf", to: .json).stdout
        #expect(String(decoding: back, as: UTF8.self) == String(decoding: direct, as: UTF8.self))
        #expect(String(decoding: run(run(input, path: fixture, to: .vcard3).stdout, path: "v3.vcf", to: .json).stdout,
                       as: UTF8.self) == String(decoding: direct, as: UTF8.self))
    }

    /// vCard 2.1 holds what 3.0 does (it has 3.0's properties): read back, the same JSON as
    /// through 3.0, for the fixtures; the RFCs' examples with lists in a name's parts aside
    /// (2.1 has none: `PropertyRoundTripTests` covers the rest).
    @Test(arguments: allFixtures)
    func version21HoldsWhat30Holds(fixture: String) {
        let input = fixtureBytes(fixture)
        let through30 = run(run(input, path: fixture, to: .vcard3).stdout, path: "v3.vcf", to: .json).stdout
        let through21 = run(run(input, path: fixture, to: .vcard21).stdout, path: "v21.vcf", to: .json).stdout
        #expect(String(decoding: through21, as: UTF8.self) == String(decoding: through30, as: UTF8.self))
    }

    /// jCard holds what vCard 4.0 holds: read back, the same JSON as the source gives; and
    /// jCard read and written again is the same text (a fixed point: every property, group,
    /// parameter and value came back; names in jCard's lower case, `VALUE` as the type).
    @Test(arguments: allFixtures + ConformanceTests.examples)
    func jCardHoldsWhat40Holds(fixture: String) throws {
        let input = fixtureBytes(fixture)
        let jcard = run(input, path: fixture, to: .jcard).stdout
        #expect(try JSONSerialization.jsonObject(with: Data(jcard)) is [Any])
        // A file, not standard input: its group cards are scanned as the source's are.
        #expect(String(decoding: run(jcard, path: "cards.json", to: .json).stdout, as: UTF8.self)
                    == String(decoding: run(input, path: fixture, to: .json).stdout, as: UTF8.self))
        #expect(String(decoding: run(jcard, path: "cards.json", to: .jcard).stdout, as: UTF8.self) == String(decoding: jcard, as: UTF8.self))
    }

    /// JSContact holds what vCard 4.0 holds (RFC 9555's conversion, `vCardProps` and
    /// `vCardParams` for the rest): read back, the same JSON as the source gives, but for the UID
    /// a card without one is given and the order of a property's types (contexts and features
    /// are objects); JSContact read and written again is the same text; `--json-array` is one
    /// JSON array of the same Cards.
    @Test(arguments: allFixtures + ConformanceTests.examples)
    func jsContactHoldsWhat40Holds(fixture: String) throws {
        let input = fixtureBytes(fixture)
        let cards = run(input, path: fixture, to: .jscontact).stdout
        #expect(try Self.samePeopleThroughJSContact(run(input, path: fixture, to: .json).stdout,
                                                    run(cards, path: "cards.json", to: .json).stdout))
        #expect(String(decoding: run(cards, path: "cards.json", to: .jscontact).stdout, as: UTF8.self) == String(decoding: cards, as: UTF8.self))
        let array = run(input, path: fixture, to: .jscontact) { $0.output.jsonArray = true }.stdout
        let elements = try #require(try JSONSerialization.jsonObject(with: Data(array)) as? [Any])
        let lines = try String(decoding: cards, as: UTF8.self).split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
        #expect(elements as NSArray == lines as NSArray)
    }

    /// Whether the people (`--to json`) read back from JSContact are the source's: but for the
    /// UID JSContact gives a card without one, and the order of types.
    static func samePeopleThroughJSContact(_ source: [UInt8], _ back: [UInt8]) throws -> Bool {
        func people(_ json: [UInt8]) throws -> [[String: Any]] {
            try String(decoding: json, as: UTF8.self).split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }
        var from = try people(source).map(typesSorted)
        let to = try people(back).map(typesSorted)
        guard from.count == to.count else { return false }
        for k in from.indices where from[k]["uid"] == nil {
            guard let uid = to[k]["uid"] as? String, uid.hasPrefix("vcf2birthdays-") else { return false }
            from[k]["uid"] = uid
        }
        return from.map { $0 as NSDictionary } == to.map { $0 as NSDictionary }
    }

    /// A person's JSON with the types of each e-mail address, phone number and address sorted.
    static func typesSorted(_ person: [String: Any]) -> [String: Any] {
        var person = person
        for key in ["emails", "phones", "addresses"] {
            guard let items = person[key] as? [[String: Any]] else { continue }
            person[key] = items.map { item -> [String: Any] in
                var item = item
                if let types = item["types"] as? [String] { item["types"] = types.sorted() }
                return item
            }
        }
        return person
    }

    /// Property level: the 3.0 text written from the source and from its 4.0 conversion are the
    /// same bytes, and so are the 4.0 texts; so every property, group, parameter and value came
    /// back in its place.
    @Test(arguments: allFixtures)
    func propertiesSurviveVersionChanges(fixture: String) {
        let input = fixtureBytes(fixture)
        let v3 = run(input, path: fixture, to: .vcard3).stdout
        let v4 = run(input, path: fixture, to: .vcard4).stdout
        #expect(String(decoding: run(v4, path: "v4.vcf", to: .vcard3).stdout, as: UTF8.self) == String(decoding: v3, as: UTF8.self))
        // 3.0 has no `tel:` URIs: the number stays, the scheme goes.
        let v4WithoutTelURIs = String(decoding: v4, as: UTF8.self)
            .replacingAll(";VALUE=uri;TYPE=", with: ";TYPE=").replacingAll(":tel:", with: ":")
        #expect(String(decoding: run(v3, path: "v3.vcf", to: .vcard4).stdout, as: UTF8.self) == v4WithoutTelURIs)
        #expect(String(decoding: run(v4, path: "v4.vcf", to: .vcard4).stdout, as: UTF8.self) == String(decoding: v4, as: UTF8.self))
    }

    /// Against the source: every property of every card is in the output, in order, under its
    /// name in the target version (only `FN` and `N` may be added).
    @Test(arguments: vcardFixtures, [VCardTargetVersion.v3, .v4])
    func everySourcePropertyIsWritten(fixture: String, version: VCardTargetVersion) throws {
        let source = try parse(fixtureBytes(fixture), scope: .card).people
        let output = run(fixtureBytes(fixture), path: fixture, to: version == .v3 ? .vcard3 : .vcard4).stdout
        let written = try parse(output, scope: .card).people
        try #require(written.count == source.count)
        let converter = VCardPropertyConverter(target: version, appleCompat: false)
        for (before, after) in zip(source, written) {
            // Apple's labelled anniversary is written as the version's anniversary (AppleTests).
            let anniversary = Apple.anniversaryGroup(in: before.cardProperties)
            let expected = before.cardProperties.map { p in
                guard let (date, nameAfter) = Apple.labelledAnniversary(p, group: anniversary, target: version) else {
                    return converter.convert(p).property
                }
                var converted = converter.convert(date).property
                converted.name = nameAfter
                return converted
            }
            let added = after.cardProperties.filter { p in
                (p.name == "FN" || p.name == "N") && !expected.contains { $0.name == p.name }
            }
            let kept = after.cardProperties.filter { p in !added.contains { $0.name == p.name && $0.value == p.value } }
            #expect(kept.map(\.name) == expected.map(\.name), "\(before.source)")
            #expect(kept.map(\.group) == expected.map(\.group), "\(before.source)")
            #expect(kept.map(\.value) == expected.map(\.value), "\(before.source)")
            #expect(kept.map(\.parameters) == expected.map(\.parameters), "\(before.source)")
        }
    }

    /// The real JPEG in every binary form (2.1 base64, 3.0 `ENCODING=b`, 4.0 data URI) comes out
    /// byte for byte the same after 4.0 → 3.0 → 4.0.
    @Test func photoBytesSurvive() throws {
        let jpeg = fixtureBytes("photos/portrait.jpg")
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let v4 = run(fixtureBytes("photo-versions.vcf"), path: "p.vcf", to: .vcard4).stdout
        let v3 = run(v4, path: "v4.vcf", to: .vcard3).stdout
        for text in [v4, v3, run(v3, path: "v3.vcf", to: .vcard4).stdout] {
            let people = try parse(text, scope: .card).people
            #expect(people.count == 3)
            for person in people {
                let photo = try #require(person.cardProperties.first { $0.name == "PHOTO" })
                let image = try #require(PhotoExtractor.embeddedImage(photo))
                #expect(image.0 == jpeg, "\(person.displayName)")
                #expect(image.1 == "image/jpeg")
            }
        }
    }
}
