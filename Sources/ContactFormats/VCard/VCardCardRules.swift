import ContactsCore

/// The rules across one card's properties, once each is in the target version's form, so that
/// what is written passes `--check`:
///
/// - The birthday, anniversary and nicknames read from a vendor's own property (Android's
///   `X-ANDROID-CUSTOM`, say) are written in the standard property too, which other readers know.
/// - A property the version allows once (4.0 `GENDER`, `BDAY`, …) is written once: a repeat
///   with the same value (`GENDER:M` next to `X-GENDER:Male`) goes; one with another value is
///   kept as `X-NAME`. Instances sharing an `ALTID` are one property (RFC 6350 §5.4).
/// - `_`, which 2.1 names may have and 3.0 and 4.0 names may not, becomes `-`.
extension VCardCards {
    func settle(_ properties: inout [VCardProperty], of person: PersonInfo, report: (Diagnostic) -> Void) {
        addStandardProperties(&properties, of: person)
        // A cheap pass over every card: names with '_', and whether a property the version
        // allows once comes twice (rare; only then is the card gone through again).
        let once = PropertyTable.atMostOnce(version == .v4 ? .v40 : .v30)
        var seen: UInt32 = 0, repeats = false
        for k in properties.indices {
            if ByteScan.count(UInt8(ascii: "_"), in: properties[k].name, upTo: 1) > 0 {
                let dashed = properties[k].name.replacingAll("_", with: "-")
                warn(properties[k].line, .nameRewritten, "\(properties[k].name): vCard \(version.rawValue) names have no '_'; written as \(dashed)",
                     person, report)
                properties[k].name = dashed
            }
            if let group = properties[k].group, ByteScan.count(UInt8(ascii: "_"), in: group, upTo: 1) > 0 {
                properties[k].group = group.replacingAll("_", with: "-")
            }
            // The converter wrote every registered name in upper case (only X- names keep theirs).
            if let first = properties[k].name.utf8.first, Self.mayBeOnce[Int(first)],
               let bit = once.firstIndex(of: properties[k].name) {
                repeats = repeats || seen & (1 << bit) != 0
                seen |= 1 << bit
            }
        }
        if repeats { writeOnce(&properties, once: once, of: person, report: report) }
    }

    /// Each property the version allows once, once: a repeat with the same value goes, one with
    /// another is kept as `X-NAME`. The one kept is the first, but for a date or a name the one
    /// the model took (a valid date after text, a date of a calendar ICU knows after one of a
    /// calendar it does not, a name after an empty one); instances sharing an
    /// `ALTID` are one property.
    private func writeOnce(_ properties: inout [VCardProperty], once: [String], of person: PersonInfo,
                           report: (Diagnostic) -> Void) {
        var written: [String: String] = [:]
        var keeper: [String: Int] = [:]
        for (name, date) in [(names.birthday, person.birthday), (names.anniversary, person.anniversary),
                             (names.deathDate, person.deathDate)] {
            guard let date, let k = properties.firstIndex(where: { Self.says(date, $0, name) }) else { continue }
            keeper[name] = k
            written[name] = properties[k].value
        }
        // Without a Gregorian one, the date of another calendar the model took.
        for (name, date) in [(names.birthday, person.calendarBirthday), (names.anniversary, person.calendarAnniversary)]
            where keeper[name] == nil {
            guard let date, let k = properties.firstIndex(where: { Self.says(date, $0, name) }) else { continue }
            keeper[name] = k
            written[name] = properties[k].value
        }
        // The names the model took (PersonDecoder): the first FN with text, and the first N with
        // a family name, a given name or a prefix (each N before it gave way to the next; of N
        // without any, the last).
        let (fnName, nName) = (names.formattedName, names.name)
        let fn = properties.firstIndex { $0.name == fnName && !ValueDecoding.unescape(Array($0.value.utf8)).trimmingSpaces().isEmpty }
        let names = properties.indices.filter { properties[$0].name == nName }
        let n = names.first(where: { Self.nameParts(properties[$0]).contains(Self.nameParts(of: person)) })
            ?? names.first(where: { Self.nameParts(properties[$0]).contains { !($0[0] + $0[1] + $0[3]).isEmpty } }) ?? names.last
        for (name, k) in [(fnName, fn), (nName, n)] {
            guard let k else { continue }
            keeper[name] = k
            written[name] = properties[k].value
        }
        var alternatives: Set<String> = []
        var k = 0
        while k < properties.count {
            defer { k += 1 }
            let name = properties[k].name
            guard once.contains(name) else { continue }
            if let altID = properties[k].parameters.first(where: { $0.name == "ALTID" })?.values.first,
               !alternatives.insert(name + ";" + altID).inserted {
                continue
            }
            guard let first = written[name] else {
                written[name] = properties[k].value
                continue
            }
            if let kept = keeper[name], kept == k { continue }
            if first == properties[k].value {
                properties.remove(at: k)
                keeper = keeper.mapValues { $0 > k ? $0 - 1 : $0 }
                k -= 1
            } else {
                // A birthday of another calendar beside another birthday is Apple's alternative
                // birthday, which the reader takes as one again.
                let renamed = name == self.names.birthday && Self.isOtherCalendar(properties[k]) ? self.names.alternativeBirthday : "X-" + name
                warn(properties[k].line, .secondInstanceRenamed,
                     "a second \(name) is written as \(renamed); vCard \(version.rawValue) allows one", person, report)
                properties[k].name = renamed
            }
        }
    }

    /// The first bytes of the names any version allows once: the others are passed over at once.
    private static let mayBeOnce: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for v in [VCardVersion.v30, .v40] {
            for name in PropertyTable.atMostOnce(v) { table[Int(name.utf8.first!)] = true }
        }
        return table
    }()

    /// A warning about the card being written, said once per run.
    private func warn(_ line: Int, _ code: Diagnostic.Code, _ message: String, _ person: PersonInfo,
                      _ report: (Diagnostic) -> Void) {
        report(Diagnostic(.warning, code, path: person.source.path, line: line > 0 ? line : person.source.line,
                          message + " " + Self.oncePerRun))
    }

    /// The model's birthday, anniversary and nicknames where no property of the card says them
    /// (in 3.0 an anniversary in Apple's labelled `X-ABDATE` is left there: Apple's and Google's
    /// readers know it; 4.0 writes it as `ANNIVERSARY`, `Apple`).
    private func addStandardProperties(_ properties: inout [VCardProperty], of person: PersonInfo) {
        var needsBirthday = person.birthday != nil, needsAnniversary = person.anniversary != nil
        var needsNickname = !person.nicknames.isEmpty
        guard needsBirthday || needsAnniversary || needsNickname else { return }
        // Converted names are upper case but for X- ones; vendors' anniversaries are X- names.
        for p in properties where needsBirthday || needsAnniversary || needsNickname {
            if p.name == names.birthday { needsBirthday = false }
            if p.name == names.nickname { needsNickname = false }
            if needsAnniversary, let name = PropertyName(Array(p.name.utf8)), name == .anniversary || name == .appleDate {
                needsAnniversary = false
            }
        }
        var added: [VCardProperty] = []
        func add(_ name: String, _ value: String) {
            added.append(converter.convert(VCardProperty(name: name, value: value, line: person.source.line)).property)
        }
        if needsBirthday, let date = person.birthday { add(names.birthday, date.description) }
        if needsAnniversary, let date = person.anniversary { add(names.anniversary, date.description) }
        if needsNickname { add(names.nickname, VCardText.list(person.nicknames)) }
        guard !added.isEmpty else { return }
        let at = (properties.lastIndex { $0.name == names.name || $0.name == names.formattedName } ?? -1) + 1
        properties.insert(contentsOf: added, at: at)
    }

    /// Whether the property is `name` with `date` as its value.
    /// An `N`'s five components as the reader takes them, read with lists (3.0, 4.0) and without (2.1).
    private static func nameParts(_ p: VCardProperty) -> [[[String]]] {
        [true, false].map { lists in
            var parts: [[String]] = Array(repeating: [], count: 5)
            ValueDecoding.forEachItem(Array(p.value.utf8), lists: lists) { component, item in
                if component < 5 { parts[component].append(item) }
            }
            return parts
        }
    }

    /// The model's name components.
    private static func nameParts(of person: PersonInfo) -> [[String]] {
        [person.familyNames, person.givenNames, person.additionalNames, person.honorificPrefixes, person.honorificSuffixes]
    }

    private static func isOtherCalendar(_ p: VCardProperty) -> Bool {
        p.parameters.contains { $0.name == "CALSCALE" && $0.values.first?.lowercased() != "gregorian" }
    }

    private static func says(_ date: OtherCalendarDate, _ p: VCardProperty, _ name: String) -> Bool {
        guard p.name == name, let scale = p.parameters.first(where: { $0.name == "CALSCALE" })?.values.first else { return false }
        return OtherCalendarDate(calendar: scale, text: ValueDecoding.unescape(Array(p.value.utf8)).trimmingSpaces()) == date
    }

    private static func says(_ date: PartialDate, _ p: VCardProperty, _ name: String) -> Bool {
        guard p.name == name, !p.parameters.contains(where: { $0.name == "VALUE" && $0.values == ["text"] }),
              case .date(let said) = DateParsing.parse(Array(p.value.utf8)) else { return false }
        return said == date
    }
}

/// The names a version writes the properties of the model's fields under, looked up in the
/// property table once per writer.
struct WrittenNames {
    let formattedName, name, nickname, birthday, anniversary, deathDate, alternativeBirthday: String

    init(_ version: VCardTargetVersion) {
        func named(_ field: PropertyName) -> String { PropertyTable.name(of: field, in: version) }
        (formattedName, name, nickname) = (named(.formattedName), named(.name), named(.nickname))
        (birthday, anniversary, deathDate) = (named(.birthday), named(.anniversary), named(.deathDate))
        alternativeBirthday = named(.alternativeBirthday)
    }
}
