import ContactsCore
import ContactFormats

/// The people of one group of duplicates as one person (`--merge`), losing nothing: each is
/// written as a vCard 4.0 card, the cards' properties are merged into one card, and that card
/// is read as the merged person (at the first member's position).
///
/// - A value that repeats is kept once, with the parameters of each (`TYPE=home,work`, an
///   address's `LABEL`, an IMPP's `X-SERVICE-TYPE`); where a parameter of one says other than
///   the other's, both values are kept. E-mail addresses are compared without case, web
///   addresses without the case of their scheme and host, phone numbers in E.164 with their
///   extension (`ext. 12` is another number than `ext. 13` and than none), a category or nickname
///   item by item; properties in a group (`item1.TEL` with its `item1.X-ABLABEL`) are kept or
///   left out together, and a group whose label differs is kept.
/// - Notes that differ are joined, a blank line between them; a note is left out only when it
///   is the same text as one kept, white space aside.
/// - A property that no card can hold (its name is none: `X-A/B`) is carried around the card.
/// - A single value that differs: the name (`FN`, `N`, with its phonetic parts) is the
///   fullest of the group's (as `--dupes` compares them), the birthday one with its year,
///   everything else the first member's; each other value is kept as `X-MERGED-NAME`
///   (`X-MERGED-FN`, `X-MERGED-ORG`, `X-MERGED-UID`, …). `REV`, `PRODID` and `KIND` are the first member's (bookkeeping).
struct CardMerge {
    /// What the merged person is read with (the run's scope).
    let scope: DecodeScope
    /// Reads phone numbers into E.164.
    let numbers: PhoneNumbers
    private let encoder = VCardEncoder(version: .v4, appleCompat: false)

    /// How the property of a vCard 4.0 card is merged (`PropertyTable`): as one that repeats
    /// when the table does not know it.
    static func policy(_ upper: String) -> MergePolicy {
        PropertyTable.declaration(in40: upper)?.merge ?? .repeats
    }

    /// The group as one person; nil when a member's card could not be read back (then the
    /// members are written as they are).
    func merged(_ people: [PersonInfo]) throws -> PersonInfo? {
        var bytes: [UInt8] = []
        for person in people { encoder.append(person, to: &bytes) }
        let cards = try Self.read(bytes, path: people[0].source.path, scope: .card).map(\.cardProperties)
        guard cards.count == people.count else { return nil }
        var text: [UInt8] = []
        ContentLineFolding.append("BEGIN:VCARD", to: &text)
        ContentLineFolding.append("VERSION:4.0", to: &text)
        for property in merge(cards, of: people) {
            ContentLineFolding.append(VCardLineWriter.line(property), to: &text)
        }
        ContentLineFolding.append("END:VCARD", to: &text)
        let read = try Self.read(text, path: people[0].source.path, scope: scope)
        guard read.count == 1, var person = read.first else { return nil }
        person.source = people[0].source
        // Lines of the merged card are no lines of the input: warnings say the first member's.
        for i in person.extraProperties.indices { person.extraProperties[i].line = 0 }
        for i in person.cardProperties.indices { person.cardProperties[i].line = 0 }
        // What no card can hold goes around the card, at its own line, as a member's own
        // output would carry it (CSV's vCard column) or leave it out with a warning (vCard);
        // once where members repeat it.
        var unwritable: [VCardProperty] = []
        for member in people {
            for property in member.cardProperties + member.extraProperties where !VCardEncoder.canWrite(property) {
                var unplaced = property
                unplaced.line = 0
                if !unwritable.contains(where: { var kept = $0; kept.line = 0; return kept == unplaced }) { unwritable.append(property) }
            }
        }
        person.extraProperties += unwritable
        if !person.cardProperties.isEmpty { person.cardProperties += unwritable }
        return person
    }

    /// The cards' properties as one card's.
    func merge(_ cards: [[VCardProperty]], of people: [PersonInfo]) -> [VCardProperty] {
        var merged = Merged(numbers: numbers)
        // The fullest name goes first, with its phonetic parts, and the first birthday with a year.
        var named = 0
        for k in people.indices where Self.fullness(people[k]) > Self.fullness(people[named]) { named = k }
        for property in cards[named] where property.group == nil && Self.policy(property.name.uppercased()) == .naming {
            merged.add(property, from: named, people)
        }
        if let born = people.firstIndex(where: { $0.birthday?.year != nil }) {
            for property in cards[born] where property.group == nil
                && PropertyTable.declaration(in40: property.name.uppercased())?.field == .birthday {
                merged.add(property, from: born, people)
            }
        }
        for (k, card) in cards.enumerated() {
            var groups: [String: [VCardProperty]] = [:]
            for property in card {
                if let group = property.group?.lowercased() { groups[group, default: []].append(property) }
            }
            var kept: [String] = []  // this card's groups as the merged card names them
            for property in card {
                guard let group = property.group else {
                    merged.add(property, from: k, people)
                    continue
                }
                guard let unit = groups.removeValue(forKey: group.lowercased()) else { continue }  // added or left with its first
                kept.append(merged.addGroup(unit, named: group, suffix: k + 1).lowercased())
            }
            merged.groups.formUnion(kept)
        }
        return merged.properties
    }

    /// How much of a name is known: a family name 1, an initial 1, a given name 2.
    static func fullness(_ person: PersonInfo) -> Int {
        let given = person.hasNameParts ? person.givenName : ""
        let family = person.hasNameParts ? person.familyName : person.formattedName ?? ""
        let letters = given.filter { $0.isLetter }.count
        return (family.isEmpty ? 0 : 1) + (letters > 1 ? 2 : letters)
    }

    /// The merged card so far.
    private struct Merged {
        let numbers: PhoneNumbers
        var properties: [VCardProperty] = []
        /// Each value kept: the property's name, then its value compared.
        var keys: Set<String> = []
        /// Where each value of a property that may repeat is, by its key (another of the same
        /// value adds its parameters).
        var positions: [String: Int] = [:]
        /// The one NOTE, and its notes as compared (white space as single spaces).
        var note: Int?
        var notes: Set<String> = []
        /// Where each single-valued property is, and whose it is.
        var singles: [String: (index: Int, member: Int)] = [:]
        /// The groups of the cards merged so far (lower case).
        var groups: Set<String> = []

        init(numbers: PhoneNumbers) {
            self.numbers = numbers
        }

        mutating func add(_ property: VCardProperty, from member: Int, _ people: [PersonInfo]) {
            let name = property.name.uppercased()
            let key = self.key(property)
            guard !keys.contains(key) else {
                if let at = positions[key], !addParameters(of: property, to: at) { properties.append(property) }
                return
            }
            let policy = CardMerge.policy(name)
            if policy == .items {
                let value = Array(property.value.utf8)
                let items = ValueDecoding.split(value, on: UInt8(ascii: ",")).filter { range in
                    let item = name + "\u{0}" + folded(ValueDecoding.unescape(value[range]))
                    return !range.isEmpty && keys.insert(item).inserted
                }
                guard !items.isEmpty else { return }
                var kept = property
                kept.value = items.map { String(decoding: value[$0], as: UTF8.self) }.joined(separator: ",")
                properties.append(kept)
                return
            }
            if policy == .note && property.group == nil {
                guard notes.insert(CardMerge.spaced(ValueDecoding.unescape(Array(property.value.utf8)))).inserted else { return }
                if let note {
                    properties[note].value += "\\n\\n" + property.value
                } else {
                    note = properties.count
                    properties.append(property)
                }
                return
            }
            keys.insert(key)
            if policy == .single || policy == .naming || policy == .bookkeeping {
                if let first = singles[name] {
                    if policy == .bookkeeping || sameDate(name, people[first.member], people[member]) { return }
                    var other = property
                    other.name = "X-MERGED-" + name
                    if keys.insert(self.key(other)).inserted { properties.append(other) }
                    return
                }
                singles[name] = (properties.count, member)
            }
            if property.group == nil { positions[key] = properties.count }
            properties.append(property)
        }

        /// Adds the parameters of `property` to the same value's at `index`: the types (`TYPE=home`)
        /// it has not, the first preference (`PREF`) staying, every other parameter it lacks;
        /// false (nothing changed) when a parameter says other than the kept one's, so that both are kept.
        private mutating func addParameters(of property: VCardProperty, to index: Int) -> Bool {
            var kept = properties[index].parameters
            for parameter in property.parameters {
                let name = parameter.name.uppercased()
                guard let at = kept.firstIndex(where: { $0.name.uppercased() == name }) else {
                    kept.append(parameter)
                    continue
                }
                let values = Set(kept[at].values.map { $0.lowercased() })
                if name == "TYPE" {
                    kept[at].values += parameter.values.filter { !values.contains($0.lowercased()) }
                } else if name != "PREF" && values != Set(parameter.values.map { $0.lowercased() }) {
                    return false
                }
            }
            properties[index].parameters = kept
            return true
        }

        /// Adds a group's properties, unless each is there already; returns the group's name
        /// in the merged card (another card's group of the same name is renamed).
        mutating func addGroup(_ unit: [VCardProperty], named group: String, suffix: Int) -> String {
            // Left out only when every property is there already, its label too (a number kept
            // as "Mobile" does not hide the same number as "Work").
            guard unit.contains(where: { !keys.contains(key($0)) }) else { return group }
            var name = group
            while groups.contains(name.lowercased()) { name += "-\(suffix)" }
            for var property in unit {
                keys.insert(key(property))
                property.group = name
                properties.append(property)
            }
            return name
        }

        /// Two dates of one kind that are one (the same day, and year where both have one).
        private func sameDate(_ name: String, _ a: PersonInfo, _ b: PersonInfo) -> Bool {
            let dates: (PartialDate?, PartialDate?) = switch PropertyTable.declaration(in40: name)?.field {
            case .birthday: (a.birthday, b.birthday)
            case .anniversary: (a.anniversary, b.anniversary)
            case .deathDate: (a.deathDate, b.deathDate)
            default: (nil, nil)
            }
            guard let x = dates.0, let y = dates.1 else { return false }
            return DuplicateFinder.compatible(x, y)
        }

        /// A property's name and its value as compared.
        private func key(_ property: VCardProperty) -> String {
            let name = property.name.uppercased()
            var value = property.value.trimmingSpaces()
            switch CardMerge.policy(name) {
            case .phoneNumber:
                if value.lowercased().hasPrefix("tel:") { value.removeFirst(4) }
                value = (numbers.e164(value) ?? String(value.filter { $0.isNumber || $0 == "+" }))
                    + "\u{1}" + CardMerge.phoneExtension(value)
            case .webAddress:
                value = CardMerge.caselessSchemeAndHost(value)
            case .caseless:
                value = value.lowercased()
            default:
                break
            }
            return name + "\u{0}" + value
        }
    }

    /// The extension of a phone number as written (`ext. 12`, `x12`, `;ext=12`, `#12`,
    /// `Durchwahl 12`), its digits; empty when it has none.
    static func phoneExtension(_ number: String) -> String {
        var text = Substring(number.lowercased())
        var digits = ""
        while let last = text.last, last.isASCII, last.isNumber {
            digits.insert(last, at: digits.startIndex)
            text.removeLast()
        }
        guard !digits.isEmpty else { return "" }
        while let last = text.last, " .:=-".contains(last) { text.removeLast() }
        let markers = ["extension", "ext", "x", "#", "durchwahl", "dw", "poste", "apparat"]
        return markers.contains(where: { text.hasSuffix($0) }) ? digits : ""
    }

    /// A web address with its scheme and host in lower case, the rest as written (its path is
    /// case-sensitive: `bit.ly/AbC` is not `bit.ly/abc`).
    static func caselessSchemeAndHost(_ url: String) -> String {
        let bytes = Array(url.utf8)
        var start = 0
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) { start = colon + 3 }
        let end = bytes[start...].firstIndex(where: { "/?#".utf8.contains($0) }) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self).lowercased() + String(decoding: bytes[end...], as: UTF8.self)
    }

    /// Text with its runs of white space as single spaces, none at either end.
    static func spaced(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The people cards' bytes hold (fewer than the cards when one is rejected).
    private static func read(_ bytes: [UInt8], path: String, scope: DecodeScope) throws -> [PersonInfo] {
        let collected = CollectedPeople()
        let parser = VCardParser(path: path, sink: collected, diagnostics: collected, options: VCardParser.Options(scope: scope))
        try parser.feed(bytes.span)
        try parser.finish()
        return collected.people
    }
}

/// The people cards' bytes hold; their warnings were said when they were first read.
private final class CollectedPeople: PeopleSink, DiagnosticsHandler {
    var people: [PersonInfo] = []
    func consume(_ person: PersonInfo) throws { people.append(person) }
    func finish() throws {}
    func report(_ diagnostic: Diagnostic) {}
    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws {}
}
