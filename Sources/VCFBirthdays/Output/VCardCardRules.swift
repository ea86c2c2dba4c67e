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
        func warn(_ line: Int, _ message: String) {
            report(Diagnostic(.warning, path: person.source.path, line: line > 0 ? line : person.source.line,
                              message + " " + Self.oncePerRun))
        }
        addStandardProperties(&properties, of: person)
        // The one kept: the first, but for a date the one the model took (a valid date after text).
        var written: [String: String] = [:]
        var keeper: [String: Int] = [:]
        for (name, date) in [("BDAY", person.birthday), (version == .v4 ? "ANNIVERSARY" : "X-ANNIVERSARY", person.anniversary)] {
            guard let date, let k = properties.firstIndex(where: { Self.says(date, $0, name) }) else { continue }
            keeper[name] = k
            written[name] = properties[k].value
        }
        var alternatives: Set<String> = []
        let once = VCardRuleChecker.atMostOnce(version == .v4 ? .v40 : .v30)
        var k = 0
        while k < properties.count {
            defer { k += 1 }
            let name = properties[k].name.uppercased()
            if name.contains("_") {
                let dashed = properties[k].name.replacingAll("_", with: "-")
                warn(properties[k].line, "\(properties[k].name): vCard \(version.rawValue) names have no '_'; written as \(dashed)")
                properties[k].name = dashed
            }
            if let group = properties[k].group, group.contains("_") { properties[k].group = group.replacingAll("_", with: "-") }
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
                warn(properties[k].line, "a second \(name) is written as X-\(name); vCard \(version.rawValue) allows one")
                properties[k].name = "X-" + name
            }
        }
    }

    /// The model's birthday, anniversary and nicknames where no property of the card says them
    /// (an anniversary in Apple's labelled `X-ABDATE` is left there: Apple's and Google's readers know it).
    private func addStandardProperties(_ properties: inout [VCardProperty], of person: PersonInfo) {
        var has: Set<PropertyName> = []
        for p in properties {
            if let name = PropertyName(Array(p.name.utf8)) { has.insert(name) }
        }
        var added: [VCardProperty] = []
        func add(_ name: String, _ value: String) {
            added.append(converter.convert(VCardProperty(name: name, value: value, line: person.source.line)).property)
        }
        if let birthday = person.birthday, !has.contains(.birthday) { add("BDAY", birthday.description) }
        if let anniversary = person.anniversary, has.isDisjoint(with: [.anniversary, .appleDate]) { add("ANNIVERSARY", anniversary.description) }
        if !person.nicknames.isEmpty, !has.contains(.nickname) { add("NICKNAME", VCardText.list(person.nicknames)) }
        guard !added.isEmpty else { return }
        let at = (properties.lastIndex { $0.name == "N" || $0.name == "FN" } ?? -1) + 1
        properties.insert(contentsOf: added, at: at)
    }

    /// Whether the property is `name` with `date` as its value.
    private static func says(_ date: PartialDate, _ p: VCardProperty, _ name: String) -> Bool {
        guard p.name.uppercased() == name, !p.parameters.contains(where: { $0.name == "VALUE" && $0.values == ["text"] }),
              case .date(let said) = DateParsing.parse(Array(p.value.utf8)) else { return false }
        return said == date
    }
}
