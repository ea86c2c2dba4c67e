import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// The property table is the one home of each property's facts: reading, the version rules,
/// `--check` and `--merge` do what its declarations say, row by row (a new declaration is a
/// new row of every test here).
@Suite struct PropertyTableTests {
    static let declarations = PropertyTable.all
    static let standard = declarations.filter { !$0.isPrivate }

    /// Every name a property is read by.
    private static func names(_ d: PropertyDeclaration) -> [String] { [d.name] + (d.in30.map { [$0] } ?? []) + d.aliases }

    @Test func eachNameBelongsToOneDeclaration() {
        var seen: [String: String] = [:]
        for d in Self.declarations {
            for name in Self.names(d) + (d.written(in: .v3).keptAs ? [d.written(in: .v3).name] : [])
                + (d.written(in: .v4).keptAs ? [d.written(in: .v4).name] : []) {
                #expect(seen[name] == nil, "\(name) is declared by \(seen[name] ?? "") and \(d.name)")
                seen[name] = d.name
            }
            #expect(d.name == d.name.uppercased() && !d.versions.isEmpty && d.once.isSubset(of: d.versions), "\(d.name)")
            if d.isPrivate { #expect(d.versions == .all && d.once.isEmpty && d.in30 == nil, "\(d.name)") }
        }
    }

    /// The reader takes each name, its 3.0 name and vendors' names, in any case, into the
    /// declared field; no other name.
    @Test(arguments: declarations.filter { $0.field != nil })
    func theReaderKnowsEachNameOfAField(_ d: PropertyDeclaration) {
        for name in Self.names(d) {
            for spelled in [name, name.lowercased(), String(name.prefix(1)) + name.dropFirst().lowercased()] {
                #expect(PropertyName(Array(spelled.utf8)) == d.field, "\(spelled)")
            }
            #expect(PropertyName(Array((name + "X").utf8)) == nil && PropertyName(Array(name.dropLast().utf8)) == nil
                    || Self.declarations.contains { Self.names($0).contains(String(name.dropLast())) }, "\(name)")
        }
    }

    /// A name of up to 8 bytes is found as one word, upper-cased 8 bytes at once: each name of a
    /// field with any one of its bytes replaced by each of the 256 values is found exactly when
    /// comparing byte by byte, ASCII case aside, finds it (bytes next to the letters, `@ [ ` {`,
    /// and letters with the high bit set are the edges).
    @Test func aNameWithAnyByteChangedIsFoundAsABytewiseComparisonFindsIt() {
        var fields: [[UInt8]: PropertyName] = [:]
        for d in Self.declarations { if let field = d.field { for name in Self.names(d) { fields[Array(name.utf8)] = field } } }
        var wrong: [String] = []
        for name in fields.keys where name.count <= 9 {
            for i in name.indices {
                for b in 0...255 {
                    var bytes = name
                    bytes[i] = UInt8(b)
                    let found = PropertyName(bytes), expected = fields[bytes.map(asciiUpper)]
                    if found != expected { wrong.append("\(bytes): \(String(describing: found)), not \(String(describing: expected))") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// The reader takes a name's word from its line, 8 bytes loaded from the name's start and
    /// the bytes after the name masked off: each name as above, in lines whose name is followed by
    /// fewer and more than 8 bytes (0 and 0xFF among them) and after a group, is found as the name
    /// alone is.
    @Test func aNameInItsLineIsFoundAsTheNameAloneIs() {
        var names: Set<[UInt8]> = []
        for d in Self.declarations { for name in Self.names(d) { names.insert(Array(name.utf8)) } }
        let fields = PropertyTable.fields
        var wrong: [String] = []
        for name in names where name.count <= 9 {
            for i in name.indices {
                for b in 0...255 {
                    var bytes = name
                    bytes[i] = UInt8(b)
                    for (before, after) in [([], [0x3A]), ([], Array(";TYPE=x:".utf8)), (Array("item1.".utf8), [0x3A, 0x00, 0xFF]),
                                            (Array("item1.".utf8), [0x00, 0xFF, 0x3A, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20])] as [([UInt8], [UInt8])] {
                        let line = before + bytes + after
                        let range = before.count..<before.count + bytes.count
                        let inLine = fields.field(in: line.span, name: range)
                        let alone = fields.field(of: bytes.span)
                        if inLine != alone { wrong.append("\(line): \(String(describing: inLine)), not \(String(describing: alone))") }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func theReaderKnowsNoOtherName() {
        for name in ["", "X", "X-", "1BDAY", "BDAYS", "PHOTO", "X-FOO", "ÄDR", "-N", "ITEM1.TEL"] {
            #expect(PropertyName(Array(name.utf8)) == nil, "\(name)")
        }
        let fielded = Set(Self.declarations.filter { $0.field != nil }.flatMap(Self.names))
        for d in Self.declarations where !fielded.contains(d.name) { #expect(PropertyName(Array(d.name.utf8)) == nil, "\(d.name)") }
    }

    /// Each property is written under the name its declaration gives the target version, and
    /// comes back under its own from the other version; a vendor's name becomes the standard
    /// one in 4.0 and stays in 3.0 when it can.
    @Test(arguments: standard, [VCardTargetVersion.v3, .v4])
    func theVersionRulesFollowTheTable(_ d: PropertyDeclaration, _ target: VCardTargetVersion) {
        let other: VCardTargetVersion = target == .v3 ? .v4 : .v3
        let converter = VCardPropertyConverter(target: target, appleCompat: false)
        let expected = d.written(in: target)
        for source in [d.name, d.written(in: other).name] {
            let (written, keptAs) = converter.convert(VCardProperty(name: source.lowercased(), value: "x"))
            #expect(written.name == expected.name, "\(source) in \(target)")
            #expect((keptAs != nil) == (expected.keptAs && source == d.name), "\(source) in \(target)")
        }
        for alias in d.aliases {
            let written = converter.convert(VCardProperty(name: alias, value: "x")).property.name
            #expect(written == (target == .v4 || alias.contains("_") ? expected.name : alias), "\(alias) in \(target)")
        }
    }

    /// `--check` warns of a property its version does not register and rejects a second one
    /// where the version allows one, as the declarations say; a value that keeps the value
    /// rule passes.
    @Test(arguments: [VCardVersion.v21, .v30, .v40])
    func theCheckFollowsTheTable(_ version: VCardVersion) {
        let text = [VCardVersion.v21: "2.1", .v30: "3.0", .v40: "4.0"][version]!
        let v = VCardVersions(version)
        var once = ["BEGIN:VCARD", "VERSION:\(text)", "FN:A", "N:B;A;;;"]
        var twice = once + ["N:B;A;;;"]
        for d in Self.standard where !["VERSION", "FN", "N"].contains(d.name) {
            once.append("\(d.name):\(Self.validValue(d, version))")
            twice += Array(repeating: "\(d.name):\(Self.validValue(d, version))", count: 2)
        }
        for lines in [once, twice] {
            let card = (lines + ["END:VCARD", ""]).joined(separator: "\r\n")
            let result = run(Array(card.utf8), path: "in.vcf", to: .json) { $0.diagnostics.checksOnly = true; $0.diagnostics.quiet = false }
            let said = result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("in.vcf:") }
            let unregistered = Set(said.compactMap { Self.name(in: $0, before: " is not a vCard") })
            let repeated = Set(said.compactMap { Self.name(in: $0, before: " appears more than once") })
            #expect(unregistered == Set(Self.standard.filter { !$0.versions.contains(v) }.map(\.name)), "\(text)")
            let expected = lines == twice ? Set(Self.standard.filter { $0.once.contains(v) && $0.name != "VERSION" }.map(\.name)) : []
            #expect(repeated == expected, "\(text)")
            let others = said.filter { !$0.contains(" is not a vCard") && !$0.contains(" appears more than once") }
            #expect(others.isEmpty, "\(others)")
        }
    }

    /// A value each rule takes, in the version's form.
    private static func validValue(_ d: PropertyDeclaration, _ version: VCardVersion) -> String {
        switch d.rule {
        case .date?: version == .v40 ? "19900102" : "1990-01-02"
        case .components(let count)?: Array(repeating: "x", count: count).joined(separator: ";")
        case .sex?: "F"
        case .kind?: "group"  // MEMBER needs it
        case .geo?: version == .v40 ? "geo:52.5,13.4" : "52.5;13.4"
        case .timeZone?: version == .v40 ? "Europe/Berlin" : "+01:00"
        case .revision?: version == .v40 ? "20260102T030405Z" : "2026-01-02T03:04:05Z"
        case .identifier?: "urn:uuid:00000000-0000-4000-8000-000000000000"
        case .levels?, nil:
            switch d.values.first {
            case .uri?: "https://example.com/x"
            case .languageTag?: "de"
            case .timestamp?: "20260102T030405Z"
            default: "x"
            }
        }
    }

    private static func name(in line: String, before marker: String) -> String? {
        guard let end = line.range(of: marker), let start = line.range(of: ": ", options: .backwards, range: line.startIndex..<end.lowerBound)
        else { return nil }
        return String(line[start.upperBound..<end.lowerBound])
    }

    /// `--merge` joins two members' values of each property as its policy says.
    @Test(arguments: standard.filter { $0.versions.contains(.v40) && $0.name != "VERSION" })
    func theMergeFollowsTheTable(_ d: PropertyDeclaration) {
        let merge = CardMerge(scope: .card, numbers: PhoneNumbers(region: "DE"))
        let people = [PersonInfo(source: SourcePosition(path: "a", line: 1)), PersonInfo(source: SourcePosition(path: "a", line: 9))]
        let (a, b) = Self.twoValues(d)
        let merged = merge.merge([[VCardProperty(name: d.name, value: a)], [VCardProperty(name: d.name, value: b)]], of: people)
        let written = merged.map { "\($0.name):\($0.value)" }
        switch d.merge {
        case .repeats, .caseless, .phoneNumber, .webAddress:
            #expect(written == ["\(d.name):\(a)", "\(d.name):\(b)"])
            let same = merge.merge([[VCardProperty(name: d.name, value: a)], [VCardProperty(name: d.name, value: Self.sameValue(d, a))]], of: people)
            #expect(same.count == 1, "\(d.name): \(same)")
        case .items:
            #expect(written == ["\(d.name):\(a)", "\(d.name):\(b)"])
        case .note:
            #expect(written == ["\(d.name):\(a)\\n\\n\(b)"])
        case .single, .naming:
            #expect(written == ["\(d.name):\(a)", "X-MERGED-\(d.name):\(b)"])
        case .bookkeeping:
            #expect(written == ["\(d.name):\(a)"])
        }
    }

    /// Two values of a property that differ.
    private static func twoValues(_ d: PropertyDeclaration) -> (String, String) {
        switch d.merge {
        case .phoneNumber: ("+49 30 1234567", "+49 30 7654321")
        case .webAddress: ("https://a.example/x", "https://a.example/X")
        default:
            switch d.rule {
            case .date?: ("19900102", "19910203")
            case .components(let count)?: (Array(repeating: "a", count: count).joined(separator: ";"),
                                           Array(repeating: "b", count: count).joined(separator: ";"))
            case .sex?: ("F", "M")
            case .kind?: ("individual", "org")
            default: ("a", "b")
            }
        }
    }

    /// Another spelling of the value the policy takes as the same.
    private static func sameValue(_ d: PropertyDeclaration, _ value: String) -> String {
        switch d.merge {
        case .caseless: value.uppercased()
        case .phoneNumber: "030 1234567"
        case .webAddress: value.replacingOccurrences(of: "https://a.example", with: "HTTPS://A.EXAMPLE")
        default: value
        }
    }

    /// Where a property's facts are consulted, no property is named but through the table.
    @Test func theConsumersNameNoProperty() throws {
        let consumers = ["ContactFormats/VCard/VCardVersionRules.swift", "ContactFormats/VCard/VCardCardRules.swift",
                         "ContactFormats/Properties/PropertyName.swift", "ContactsOutput/Duplicates/CardMerge.swift",
                         "ContactFormats/Syntax/PersonDecoder.swift", "ContactFormats/Syntax/PersonProperties.swift"]
        let names = Set(Self.declarations.flatMap { Self.names($0) + [$0.written(in: .v3).name, $0.written(in: .v4).name] })
        for file in consumers {
            let text = try String(contentsOfFile: packageRoot + "/Sources/" + file, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for name in names { #expect(!code.contains("\"\(name)\""), "\(file) names \(name)") }
        }
    }
}

extension PropertyDeclaration: CustomTestStringConvertible {
    public var testDescription: String { name }
}
