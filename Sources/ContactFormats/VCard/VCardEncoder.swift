import ContactsCore

/// vCard 3.0 (RFC 2426) or 4.0 (RFC 6350), one card per person, UTF-8, CRLF, folded at 75
/// octets; or vCard 2.1 with 3.0's properties in 2.1's lines (`VCard21Lines`: bare types,
/// quoted-printable UTF-8). A person read from a vCard (with `DecodeScope.card`) is written property by
/// property, groups, parameters and order kept, through the version rules of
/// `VCardPropertyConverter`; anyone else is written from the model (`PersonProperties`).
/// `VERSION` follows `BEGIN`; `FN` is always there (from the name parts, organization,
/// nickname, e-mail or phone when the source had none), and so is `N` (3.0 requires it; 4.0 clients
/// such as Apple's and Google's expect it).
public struct VCardEncoder: PersonEncoder {
    private let cards: VCardCards

    /// Cards of `version`; `appleCompat` writes year-less dates and the anniversary as Apple does
    /// (3.0); `rules`, what an importer needs of them (`--for`).
    public init(version: VCardTargetVersion, appleCompat: Bool, rules: CardRules = []) {
        cards = VCardCards(version: version,
                           converter: VCardPropertyConverter(target: version.properties,
                                                             appleCompat: appleCompat || (rules.contains(.appleDates) && version == .v3)),
                           rules: rules)
    }

    public func append(_ person: PersonInfo, to bytes: inout [UInt8]) {
        cards.append(person, to: &bytes) { _ in }
    }

    /// The card, saying what could not be written as it was (a property without a counterpart
    /// in the version is said once per run).
    public func append(_ person: PersonInfo, to bytes: inout [UInt8], diagnostics: DiagnosticsHandler) {
        cards.append(person, to: &bytes) { diagnostics.report($0) }
    }
}

/// Writes the vCard of one person (see `VCardEncoder`), on whichever thread.
struct VCardCards: @unchecked Sendable {
    let version: VCardTargetVersion
    let converter: VCardPropertyConverter
    /// The names the version writes the model's properties under (`PropertyTable`).
    let names: WrittenNames
    /// What the importer the cards are for needs (`--for`).
    let rules: CardRules

    init(version: VCardTargetVersion, converter: VCardPropertyConverter, rules: CardRules = []) {
        self.version = version
        self.converter = converter
        self.rules = rules
        names = WrittenNames(version.properties)
    }

    /// The end of a warning said once per run.
    static let oncePerRun = "(said once per run)"

    /// Appends the person's card to `bytes`, its warnings to `report` (the receiver says those
    /// said once per run once: `SaidOnce`).
    func append(_ person: PersonInfo, to bytes: inout [UInt8], report: (Diagnostic) -> Void) {
        let properties = properties(of: person, report: report)
        ContentLineFolding.append("BEGIN:VCARD", to: &bytes)
        ContentLineFolding.append("VERSION:" + version.rawValue, to: &bytes)
        var line: [UInt8] = []  // each property's line, folded into `bytes`
        for property in properties {
            if version == .v21 {
                VCard21Lines.append(property, to: &bytes)
            } else {
                line.removeAll(keepingCapacity: true)
                VCardLineWriter.append(property, to: &line)
                if rules.contains(.noFolding) {
                    bytes.append(contentsOf: line)
                    bytes.append(contentsOf: [0x0D, 0x0A])
                } else {
                    ContentLineFolding.append(line: line, to: &bytes)
                }
            }
        }
        ContentLineFolding.append("END:VCARD", to: &bytes)
    }

    /// The properties of the person's card after `VERSION`, in the version's form (what
    /// `append` writes as lines and `JCardEncoder` as JSON), its warnings to `report`.
    func properties(of person: PersonInfo, report: (Diagnostic) -> Void) -> [VCardProperty] {
        let source = person.cardProperties.isEmpty ? PersonProperties.make(person) : person.cardProperties
        var properties: [VCardProperty] = []
        properties.reserveCapacity(source.count + 2)
        // Apple's labelled anniversary: `ANNIVERSARY` in 4.0, Apple's own form in 3.0 (`Apple`).
        let appleAnniversary = person.anniversary == nil ? nil : Apple.anniversaryGroup(in: source)
        var anniversaryAsApple: Int?
        for var property in source {
            let line = property.line > 0 ? property.line : person.source.line
            guard VCardEncoder.isWritableName(property.name) else {
                let shown = property.name.prefix(40)
                report(Diagnostic(.warning, .unwritableName, path: person.source.path, line: line,
                                  "property '\(shown)' has no valid vCard name (letters, digits and '-'); left out"))
                continue
            }
            guard !VCardEncoder.isFrameName(property.name) else {
                report(Diagnostic(.warning, .frameProperty, path: person.source.path, line: line,
                                  "property \(property.name) inside a card would be read back as the card's "
                                    + "\(property.name.uppercased() == "END" ? "end" : "start"); left out"))
                continue
            }
            if let group = property.group, !VCardEncoder.isWritableName(group) {
                report(Diagnostic(.warning, .unwritableGroup, path: person.source.path, line: line,
                                  "group '\(group.prefix(40))' of \(property.name) is not a valid vCard group name; written without it"))
                property.group = nil
            }
            if let (anniversary, nameAfter) = Apple.labelledAnniversary(property, group: appleAnniversary, target: version.properties) {
                var converted = converter.convert(anniversary).property
                converted.name = nameAfter
                properties.append(converted)
                continue
            }
            let (converted, keptAs) = converter.convert(property)
            if let keptAs {
                report(Diagnostic(.warning, .noCounterpart, path: person.source.path, line: line,
                                  "\(keptAs) has no vCard \(version.rawValue) counterpart; written as \(converted.name) "
                                    + Self.oncePerRun))
            }
            // Apple's labelled date has no other calendar (its lunar dates are X-ALTBDAY): such an anniversary stays as it is.
            if converter.appleCompat, appleAnniversary == nil, anniversaryAsApple == nil, converted.name == names.anniversary,
               !converted.parameters.contains(where: { $0.name == "CALSCALE" && $0.values.first?.lowercased() != "gregorian" }) {
                anniversaryAsApple = properties.count
            }
            properties.append(converted)
        }
        if let k = anniversaryAsApple {
            properties.replaceSubrange(k...k, with: Apple.asLabelledDate(properties[k], among: properties))
        }
        if !properties.contains(where: { $0.name == "FN" }) {
            properties.insert(VCardProperty(name: "FN", value: VCardText.escape(person.displayName)), at: 0)
        }
        if !properties.contains(where: { $0.name == "N" }) {
            let at = (properties.firstIndex { $0.name == "FN" } ?? -1) + 1
            properties.insert(VCardProperty(name: "N", value: PersonProperties.name(person)), at: at)
        }
        settle(&properties, of: person, report: report)
        if !rules.isEmpty { apply(rules, to: &properties, of: person, report: report) }
        return properties
    }

    /// What an importer needs of the card's properties (`CardRules`; the folding is `append`'s).
    private func apply(_ rules: CardRules, to properties: inout [VCardProperty], of person: PersonInfo, report: (Diagnostic) -> Void) {
        for k in properties.indices {
            if rules.contains(.noGroups) { properties[k].group = nil }
            let upper = properties[k].name.uppercased()
            if rules.contains(.noTextEscapes), PropertyTable.kind(written: upper) == .text {
                properties[k].value = VCardText.unescapingSeparators(properties[k].value)
            }
            if rules.contains(.leapDayAsFirstOfMarch), upper == names.birthday || upper == names.anniversary,
               properties[k].value == "--02-29" || properties[k].value == "--0229" {
                properties[k].value = properties[k].value == "--0229" ? "--0301" : "--03-01"
                report(Diagnostic(.warning, .leapDayMoved, path: person.source.path, line: person.source.line,
                                  "\(upper):--02-29 written as 1 March, the day khal shows it: khal drops a year-less 29 February"))
            }
        }
    }
}

extension VCardEncoder {
    /// Whether a card can hold `property` at all: its name is one (`isWritableName`) and not
    /// a card's start or end (`isFrameName`). Others are left out of a card, with a warning.
    package static func canWrite(_ property: VCardProperty) -> Bool {
        isWritableName(property.name) && !isFrameName(property.name)
    }

    /// A name or group of letters, digits, '-' and '_', at most 64 bytes: one that could not be
    /// read back as such (a long one is folded, and its first line could read back as part of
    /// the line before, an unindented base64 continuation) is not written.
    static func isWritableName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy { b in
            (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        }
    }

    /// `BEGIN` and `END` frame a card: written as a property, either would be read back as a
    /// card's start or end, not as the property (in any case: names are read case-blind).
    static func isFrameName(_ name: String) -> Bool {
        matchesIgnoringCase(name.utf8, "BEGIN") || matchesIgnoringCase(name.utf8, "END")
    }
}
