import ContactsCore
import ContactFormats

/// The people of one group of duplicates as one person (`--merge`), losing nothing: each is
/// written as a vCard 4.0 card, the cards' properties are merged into one card, and that card
/// is read as the merged person (at the first member's position).
///
/// - A value that repeats is kept once, with the types of each (`TYPE=home,work`): e-mail and
///   web addresses compared without case, phone numbers in E.164, a category or nickname item
///   by item; properties in a group (`item1.TEL` with its `item1.X-ABLABEL`) are kept or left
///   out together.
/// - Notes that differ are joined, a blank line between them (one that another holds is not repeated).
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

    /// Properties of which a card has one.
    private static let single: Set<String> = [
        "FN", "N", "BDAY", "ANNIVERSARY", "DEATHDATE", "UID", "ORG", "TITLE", "ROLE", "KIND", "GENDER", "REV",
        "PRODID", "SORT-STRING", "X-PHONETIC-FIRST-NAME", "X-PHONETIC-MIDDLE-NAME", "X-PHONETIC-LAST-NAME",
    ]
    /// The name and what says how it sounds or sorts: the fullest name's member's go together.
    private static let naming: Set<String> = [
        "FN", "N", "SORT-STRING", "X-SORT-STRING", "X-PHONETIC-FIRST-NAME", "X-PHONETIC-MIDDLE-NAME", "X-PHONETIC-LAST-NAME",
    ]
    /// Single values that are bookkeeping: the first member's stays, the others go.
    private static let bookkeeping: Set<String> = ["REV", "PRODID", "KIND"]
    /// Properties whose types a repeated value adds.
    private static let typed: Set<String> = ["EMAIL", "TEL", "ADR", "URL", "IMPP"]
    /// Values compared without case.
    private static let caseless: Set<String> = ["EMAIL", "URL", "IMPP", "ADR"]

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
        for property in cards[named] where property.group == nil && Self.naming.contains(property.name.uppercased()) {
            merged.add(property, from: named, people)
        }
        if let born = people.firstIndex(where: { $0.birthday?.year != nil }) {
            for property in cards[born] where property.group == nil && property.name.uppercased() == "BDAY" { merged.add(property, from: born, people) }
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
        /// Where an address, number or web address is, by its key (another of the same value adds its types).
        var typed: [String: Int] = [:]
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
                if let at = typed[key] { addTypes(of: property, to: at) }
                return
            }
            if name == "CATEGORIES" || name == "NICKNAME" {
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
            if name == "NOTE", let at = properties.firstIndex(where: { $0.group == nil && $0.name.uppercased() == "NOTE" }) {
                let before = ValueDecoding.unescape(Array(properties[at].value.utf8))
                let note = ValueDecoding.unescape(Array(property.value.utf8))
                keys.insert(key)
                if before.contains(note) { return }
                properties[at].value = note.contains(before) ? property.value : properties[at].value + "\\n\\n" + property.value
                return
            }
            keys.insert(key)
            if CardMerge.single.contains(name) {
                if let first = singles[name] {
                    if CardMerge.bookkeeping.contains(name) || sameDate(name, people[first.member], people[member]) { return }
                    var other = property
                    other.name = "X-MERGED-" + name
                    if keys.insert(self.key(other)).inserted { properties.append(other) }
                    return
                }
                singles[name] = (properties.count, member)
            }
            if CardMerge.typed.contains(name) { typed[key] = properties.count }
            properties.append(property)
        }

        /// Adds the types (`TYPE=home`) and the preference (`PREF`) of `property` that the one at `index` has not.
        private mutating func addTypes(of property: VCardProperty, to index: Int) {
            for parameter in property.parameters where ["TYPE", "PREF"].contains(parameter.name.uppercased()) {
                let name = parameter.name.uppercased()
                guard let at = properties[index].parameters.firstIndex(where: { $0.name.uppercased() == name }) else {
                    properties[index].parameters.append(parameter)
                    continue
                }
                guard name == "TYPE" else { continue }  // the first preference stays
                let kept = Set(properties[index].parameters[at].values.map { $0.lowercased() })
                properties[index].parameters[at].values += parameter.values.filter { !kept.contains($0.lowercased()) }
            }
        }

        /// Adds a group's properties, unless each is there already; returns the group's name
        /// in the merged card (another card's group of the same name is renamed).
        mutating func addGroup(_ unit: [VCardProperty], named group: String, suffix: Int) -> String {
            let labels = unit.filter { !$0.name.uppercased().hasPrefix("X-AB") }
            guard (labels.isEmpty ? unit : labels).contains(where: { !keys.contains(key($0)) }) else { return group }
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
            let dates: (PartialDate?, PartialDate?) = switch name {
            case "BDAY": (a.birthday, b.birthday)
            case "ANNIVERSARY": (a.anniversary, b.anniversary)
            case "DEATHDATE": (a.deathDate, b.deathDate)
            default: (nil, nil)
            }
            guard let x = dates.0, let y = dates.1 else { return false }
            return DuplicateFinder.compatible(x, y)
        }

        /// A property's name and its value as compared.
        private func key(_ property: VCardProperty) -> String {
            let name = property.name.uppercased()
            var value = property.value.trimmingSpaces()
            if name == "TEL" {
                if value.lowercased().hasPrefix("tel:") { value.removeFirst(4) }
                value = numbers.e164(value) ?? String(value.filter { $0.isNumber || $0 == "+" })
            } else if CardMerge.caseless.contains(name) {
                value = value.lowercased()
            }
            return name + "\u{0}" + value
        }
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
