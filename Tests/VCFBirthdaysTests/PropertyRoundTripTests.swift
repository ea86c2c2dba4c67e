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
        case .vcard21: FormattedOutput(format: VCardEncoder(version: .v21, appleCompat: false), output: text, diagnostics: RecordingDiagnostics())
        case .jcard: FormattedOutput(format: JCardEncoder(), output: text, diagnostics: RecordingDiagnostics())
        case .jscontact: FormattedOutput(format: JSContactEncoder(), output: text, diagnostics: RecordingDiagnostics())
        case .googleCSV: FormattedOutput(format: CSVEncoder(layout: GoogleCSVLayout()), output: text)
        default: FormattedOutput(format: CSVEncoder(layout: GenericCSVLayout()), output: text)
        }
        for person in people { try? writer.consume(person) }
        try? writer.finish()
        let input: RunOptions.InputFormat = switch format {
        case .csv, .googleCSV: .csv
        case .jcard: .jcard
        case .jscontact: .jscontact
        default: .vcard
        }
        return (try? readContacts(output.bytes, format: input).people) ?? []
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
            let person = RandomPeople.person(seed, multiValuedNames: false)
            let back = Self.through([person], .googleCSV)
            #expect(back.count == 1)
            if let first = back.first { #expect(GoogleFields(first) == GoogleFields(person), "seed \(seed)") }
        }
    }

    /// vCard 2.1 has no lists in a name's parts (our CSV holds one name per cell): those people
    /// have one name in each.
    @Test(arguments: [RunOptions.Format.vcard21, .vcard3, .vcard4, .jcard, .jscontact, .csv])
    func peopleSurviveTheRoundTrip(format: RunOptions.Format) async {
        await propertyCheck(count: 150, input: Gen.int(in: 0...Int.max)) { seed in
            let person = RandomPeople.person(seed, multiValuedNames: format != .csv && format != .vcard21)
            let back = Self.through([person], format)
            #expect(back.count == 1)
            if var first = back.first {
                if format == .jscontact {  // JSContact gives a card without a UID one; contexts and features are objects
                    if person.uid == nil { first.uid = nil }
                    for k in first.emails.indices where k < person.emails.count && Set(first.emails[k].types) == Set(person.emails[k].types) {
                        first.emails[k].types = person.emails[k].types
                    }
                    for k in first.phones.indices where k < person.phones.count && Set(first.phones[k].types) == Set(person.phones[k].types) {
                        first.phones[k].types = person.phones[k].types
                    }
                    for k in first.addresses.indices where k < person.addresses.count
                        && Set(first.addresses[k].types) == Set(person.addresses[k].types) {
                        first.addresses[k].types = person.addresses[k].types
                    }
                }
                #expect(Self.fields(first) == Self.fields(person), "seed \(seed)")
            }
        }
    }

    /// JSON has no reader here: a real JSON parser reads it and finds the fields.
    @Test func jsonHoldsTheFields() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            let person = RandomPeople.person(seed)
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
