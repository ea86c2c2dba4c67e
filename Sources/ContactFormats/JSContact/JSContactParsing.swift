import ContactsCore

/// A JSContact Card (RFC 9553) as the vCard 4.0 properties it stands for, by RFC 9555 §3: the
/// reverse of `JSContactWriting`, each object of a map one property with `PROP-ID` its key;
/// `vCardProps` as the properties they are; a member of no vCard property (`localizations`, a
/// vendor's) as `JSPROP` with its pointer (§3.2.1), so that the card written back is the Card.
struct JSContactParsing {
    private(set) var properties: [VCardProperty] = []
    /// What of the Card is left out, with the line of its member.
    private(set) var warnings: [(line: Int, message: String)] = []
    private var groups = 0
    private var usedGroups: Set<String> = []
    /// The names of the properties in `vCardProps`: a Card member they also give is not said twice.
    private var keptNames: Set<String> = []

    /// The properties of a Card (checked to be one by the caller).
    static func properties(of card: JSONValue) -> (properties: [VCardProperty], warnings: [(line: Int, message: String)]) {
        var parsing = JSContactParsing()
        for (_, value) in card.members ?? [] { parsing.noteGroups(value) }
        for json in card["vCardProps"]?.array ?? [] {
            if let name = json.array?.first?.string { parsing.keptNames.insert(name.uppercased()) }
        }
        for (key, value) in card.members ?? [] where key != "localizations" { parsing.read(key, value, line: value.line) }
        parsing.groupTitlesWithOrganizations(card["titles"])
        if let localizations = card["localizations"] { parsing.readLocalizations(localizations) }
        return (parsing.properties, parsing.warnings)
    }

    /// The declarations whose home is an object of a map, by map, kind and `vCardName`.
    private static let entries: [(name: String, entry: JSContactEntry)] = PropertyTable.all.compactMap {
        if case .entry(let entry)? = $0.jsContact { return ($0.written(in: .v4).name, entry) }
        return nil
    }

    private mutating func read(_ key: String, _ value: JSONValue, line: Int) {
        switch key {
        case "@type", "version":
            return
        case "uid", "kind", "language", "prodId":
            guard let s = value.string else { return unknown([key], value, malformed: "a string, not \(value.described)") }
            let name = ["uid": "UID", "kind": "KIND", "language": "LANGUAGE", "prodId": "PRODID"][key]!
            guard !keptNames.contains(name) else { return }
            add(VCardProperty(name: name, value: VCardText.escape(s), line: line))
        case "created", "updated":
            guard let basic = value.string.flatMap(JSContactDates.basicUTC) else {
                return unknown([key], value, malformed: "not a UTC date and time (2024-07-02T18:00:00Z)")
            }
            add(VCardProperty(name: key == "created" ? "CREATED" : "REV", value: basic, line: line))
        case "name":
            readName(value)
        case "anniversaries":
            for (id, object) in entries(key, value) { readAnniversary(id, object) }
        case "organizations":
            for (id, object) in entries(key, value) { readOrganization(id, object) }
        case "addresses":
            for (id, object) in entries(key, value) { readAddress(id, object) }
        case "keywords":
            let items = (value.members ?? []).filter { $0.value.kind.isTrue }.map { VCardText.escape($0.key) }
            if !items.isEmpty { add(VCardProperty(name: "CATEGORIES", value: items.joined(separator: ","), line: line)) }
        case "members":
            for (uri, flag) in value.members ?? [] where flag.kind.isTrue {
                add(VCardProperty(name: "MEMBER", value: VCardText.escapingURI(uri), line: flag.line))
            }
        case "relatedTo":
            for (related, object) in value.members ?? [] {
                var property = VCardProperty(name: "RELATED", value: VCardText.escapingURI(related), line: object.line)
                JSContactParameters.parameters(of: object, map: "relatedTo", kind: nil, into: &property)
                if !related.contains(":") && !property.parameters.contains(where: { $0.name == "VALUE" }) {
                    property.parameters.append(VCardParameter(name: "VALUE", values: ["text"]))
                    property.value = VCardText.escape(related)
                }
                add(property)
                unknownMembers(of: object, at: [key, related], known: [])
            }
        case "speakToAs":
            for (member, inner) in value.members ?? [] {
                if member == "grammaticalGender", let s = inner.string {
                    add(VCardProperty(name: "GRAMGENDER", value: VCardText.escape(s), line: inner.line))
                } else if member == "pronouns" {
                    for (id, object) in entries("pronouns", inner, path: [key, member]) {
                        readEntry(name: "PRONOUNS", valueKey: "pronouns", form: .text, map: "pronouns", id: id, object, path: [key, member, id])
                    }
                } else {
                    unknown([key, member], inner)
                }
            }
        case "vCardProps":
            for json in value.array ?? [] {
                switch JCardProperty.property(json, warnings: &warnings) {
                case .success(let property): add(property)
                case .failure(let failure): warnings.append((json.line, "vCardProps: not a jCard property, left out: \(failure.message)"))
                }
            }
        default:
            if Self.entries.contains(where: { $0.entry.map == key }) {
                for (id, object) in entries(key, value) { readMapEntry(key, id, object) }
            } else {
                unknown([key], value)
            }
        }
    }

    /// Each object of a map, with its key; a member that is no object is kept as `JSPROP`.
    private mutating func entries(_ map: String, _ value: JSONValue, path: [String]? = nil) -> [(id: String, object: JSONValue)] {
        guard let members = value.members else {
            unknown(path ?? [map], value, malformed: "a map of objects, not \(value.described)")
            return []
        }
        var objects: [(id: String, object: JSONValue)] = []
        for (id, object) in members {
            if object.members != nil {
                objects.append((id, object))
            } else {
                unknown((path ?? [map]) + [id], object, malformed: "an entry is an object, not \(object.described)")
            }
        }
        return objects
    }

    private mutating func readMapEntry(_ map: String, _ id: String, _ object: JSONValue) {
        let kind = object["kind"]?.string ?? (map == "titles" ? "title" : nil)  // a Title's kind is title by default
        let vCardName = object["vCardName"]?.string?.lowercased()
        let candidates = Self.entries.filter { $0.entry.map == map }
        let match: (name: String, entry: JSContactEntry)?
        if map == "addresses" {
            match = nil
        } else if map == "onlineServices" {
            match = candidates.first { $0.entry.vCardName == (vCardName == "impp" ? "impp" : nil) }
        } else if map == "links" {
            match = candidates.first { $0.entry.kind == (kind == "contact" ? "contact" : nil) }
        } else if candidates.count == 1 {
            match = candidates[0]
        } else {
            match = candidates.first { $0.entry.kind == kind }
        }
        guard let match else { return unknown([map, id], object) }
        var valueKey = match.entry.value
        var form = match.entry.form
        if map == "onlineServices" && object["uri"] == nil && object["user"] != nil {
            valueKey = "user"
            form = .text
        }
        readEntry(name: match.name, valueKey: valueKey, form: form, map: map, id: id, object, path: [map, id])
    }

    private mutating func readEntry(name: String, valueKey: String, form: JSContactEntry.Value, map: String, id: String,
                                    _ object: JSONValue, path: [String]) {
        guard let value = object[valueKey]?.string else { return unknown(path, object, malformed: "no '\(valueKey)' string") }
        let escaped = form == .uri || form == .geo ? VCardText.escapingURI(value) : VCardText.escape(value)
        var known: Set<String> = [valueKey, "uri", "user"]
        var property = VCardProperty(name: name, value: escaped, line: object.line)
        JSContactParameters.parameters(of: object, map: map, kind: object["kind"]?.string, into: &property)
        if map == "titles" { known.insert("organizationId") }
        // The value types the value shows (RFC 9555 keeps no VALUE): a social profile's user name, a `tel:` number.
        if !property.parameters.contains(where: { $0.name == "VALUE" }) {
            if valueKey == "user" && name == "SOCIALPROFILE" {
                property.parameters.append(VCardParameter(name: "VALUE", values: ["text"]))
            } else if name == "TEL" && value.lowercased().hasPrefix("tel:") {
                property.parameters.append(VCardParameter(name: "VALUE", values: ["uri"]))
            }
        }
        finish(&property, id: id, object, path: path, known: known)
    }

    private mutating func readName(_ name: JSONValue) {
        guard name.members != nil else { return unknown(["name"], name, malformed: "an object, not \(name.described)") }
        var known: Set<String> = ["full", "components", "sortAs"]
        if let full = name["full"]?.string {
            add(VCardProperty(name: "FN", value: VCardText.escape(full), line: name.line))
        }
        guard let components = name["components"]?.array else {
            unknownMembers(of: name, at: ["name"], known: known)
            return
        }
        // N's components (RFC 9555 Table 1): a secondary surname also after the family names, a
        // generation also before the honorific suffixes (as Figure 53 has them).
        var byKind = Array(repeating: [String](), count: NameKinds.all.count)
        var phonetics = byKind  // each component's pronunciation, where it has one
        var order: [(kind: Int, item: Int)] = []
        var joined = "", afterValue = false  // the components joined as RFC 9553 §2.2.1.1 says, for FN
        for component in components {
            guard let kind = component["kind"]?.string, let value = component["value"]?.string else { continue }
            if kind == "separator" {
                joined += value
                afterValue = false
                continue
            }
            guard let index = NameKinds.all.firstIndex(of: kind) else {
                warnings.append((component.line, "name: a component of kind '\(kind)' has no place in vCard's N, left out"))
                continue
            }
            order.append((index, byKind[index].count))
            byKind[index].append(value)
            phonetics[index].append(component["phonetic"]?.string ?? "")
            joined += (afterValue ? name["defaultSeparator"]?.string ?? " " : "") + value
            afterValue = true
        }
        let seven = !byKind[5].isEmpty || !byKind[6].isEmpty
        /// A secondary surname also after the family names, a generation also before the suffixes.
        func assembled(_ byKind: [[String]]) -> [[String]] {
            var parts = byKind
            parts[0] = byKind[0] + byKind[5]
            parts[4] = byKind[6] + byKind[4]
            return Array(parts.prefix(seven ? 7 : 5))
        }
        let parts = assembled(byKind)
        let positions = order.map { kind, item in (kind, kind == 4 ? byKind[6].count + item : item) }
        var property = VCardProperty(name: "N", value: VCardText.structured(parts), line: name.line)
        if name["isOrdered"]?.kind.isTrue == true {
            let jsComps = JSComps.parameter(components, positions: positions, defaultSeparator: name["defaultSeparator"]?.string)
            property.parameters.append(VCardParameter(name: "JSCOMPS", values: [jsComps]))
        }
        known.formUnion(["isOrdered", "defaultSeparator"])
        if let sortAs = name["sortAs"]?.members {
            let values = NameKinds.all.prefix(seven ? 7 : 5).map { kind in sortAs.first { $0.key == kind }?.value.string ?? "" }
            var trimmed = values
            while trimmed.last == "" { trimmed.removeLast() }
            if !trimmed.isEmpty { property.parameters.append(VCardParameter(name: "SORT-AS", values: [trimmed.joined(separator: ",")])) }
        }
        JSContactParameters.parameters(of: name, map: "name", kind: nil, into: &property)
        // The pronunciation (RFC 9555 §2.3.13): an N of the same ALTID with PHONETIC and SCRIPT.
        var phonetic: VCardProperty?
        if phonetics.joined().contains(where: { !$0.isEmpty }) {
            let altID = property.parameters.first { $0.name == "ALTID" }?.values.first ?? "1"
            if !property.parameters.contains(where: { $0.name == "ALTID" }) {
                property.parameters.append(VCardParameter(name: "ALTID", values: [altID]))
            }
            var parameters = [VCardParameter(name: "ALTID", values: [altID]),
                              VCardParameter(name: "PHONETIC", values: [name["phoneticSystem"]?.string ?? "script"])]
            if let script = name["phoneticScript"]?.string { parameters.append(VCardParameter(name: "SCRIPT", values: [script])) }
            phonetic = VCardProperty(name: "N", parameters: parameters, value: VCardText.structured(assembled(phonetics)), line: name.line)
            known.formUnion(["phoneticSystem", "phoneticScript"])
        }
        add(property)
        if let phonetic { add(phonetic) }
        if name["full"] == nil && !keptNames.contains("FN") {
            let derived = name["isOrdered"]?.kind.isTrue == true ? joined
                : (parts[3] + parts[1] + parts[2] + parts[0] + parts[4]).joined(separator: " ")
            if !derived.isEmpty {
                add(VCardProperty(name: "FN", parameters: [VCardParameter(name: "DERIVED", values: ["TRUE"])],
                                  value: VCardText.escape(derived), line: name.line))
            }
        }
        known.insert("vCardParams")
        unknownMembers(of: name, at: ["name"], known: known)
    }

    private mutating func readAnniversary(_ id: String, _ object: JSONValue) {
        let names = ["birth": ("BDAY", "BIRTHPLACE"), "wedding": ("ANNIVERSARY", nil), "death": ("DEATHDATE", "DEATHPLACE")]
        guard let kind = object["kind"]?.string, let (name, placeName) = names[kind], let date = object["date"] else {
            return unknown(["anniversaries", id], object)  // a kind vCard has no property for
        }
        let value: String?
        var scale: String?
        if date["@type"]?.string == "Timestamp" {
            value = date["utc"]?.string.flatMap(JSContactDates.basicUTC)
        } else {
            value = JSContactDates.vCardDate(date)
            scale = date["calendarScale"]?.string
        }
        guard let value else { return unknown(["anniversaries", id], object, malformed: "a date vCard cannot hold") }
        var property = VCardProperty(name: name, value: value, line: object.line)
        if let scale { property.parameters.append(VCardParameter(name: "CALSCALE", values: [scale])) }
        JSContactParameters.parameters(of: object, map: "anniversaries", kind: kind, into: &property)
        finish(&property, id: id, object, path: ["anniversaries", id], known: ["date", "place"])
        if let place = object["place"] {
            if let placeName, let full = place["full"]?.string {
                add(VCardProperty(name: placeName, value: VCardText.escape(full), line: place.line))
            } else if let placeName, let coordinates = place["coordinates"]?.string {
                add(VCardProperty(name: placeName, parameters: [VCardParameter(name: "VALUE", values: ["uri"])],
                                  value: VCardText.escapingURI(coordinates), line: place.line))
            } else {
                unknown(["anniversaries", id, "place"], place)
            }
        }
    }

    private mutating func readOrganization(_ id: String, _ object: JSONValue) {
        var parts = [object["name"]?.string ?? ""]
        var sortAs = [object["sortAs"]?.string ?? ""]
        for unit in object["units"]?.array ?? [] {
            parts.append(unit["name"]?.string ?? "")
            sortAs.append(unit["sortAs"]?.string ?? "")
        }
        var property = VCardProperty(name: "ORG", value: parts.map(VCardText.escape).joined(separator: ";"), line: object.line)
        while sortAs.last == "" { sortAs.removeLast() }
        if !sortAs.isEmpty { property.parameters.append(VCardParameter(name: "SORT-AS", values: [sortAs.joined(separator: ",")])) }
        JSContactParameters.parameters(of: object, map: "organizations", kind: nil, into: &property)
        finish(&property, id: id, object, path: ["organizations", id], known: ["name", "units", "sortAs"])
    }

    /// An address with components or a label is `ADR`; one with only a time zone `TZ`, with only a position `GEO`.
    private mutating func readAddress(_ id: String, _ object: JSONValue) {
        let components = object["components"]?.array ?? []
        if components.isEmpty && object["full"] == nil && object["countryCode"] == nil {
            if object["timeZone"]?.string != nil, object["coordinates"] == nil {
                return readEntry(name: "TZ", valueKey: "timeZone", form: .timeZone, map: "addresses", id: id, object, path: ["addresses", id])
            }
            if object["coordinates"]?.string != nil, object["timeZone"] == nil {
                return readEntry(name: "GEO", valueKey: "coordinates", form: .geo, map: "addresses", id: id, object, path: ["addresses", id])
            }
        }
        var parts = Array(repeating: [String](), count: AddressKinds.all.count)
        let kinds = components.compactMap { $0["kind"]?.string }
        let hasNew = kinds.contains { AddressKinds.all.lastIndex(of: $0).map { $0 >= 7 } == true && !["apartment", "name"].contains($0) }
        var positions: [JSComps.Position] = []
        for component in components {
            guard let kind = component["kind"]?.string, let value = component["value"]?.string, kind != "separator" else { continue }
            // RFC 6350's seven; with any of RFC 9554's, its `apartment` and `name` too.
            guard let index = hasNew ? AddressKinds.all.lastIndex(of: kind) : AddressKinds.all.firstIndex(of: kind) else {
                warnings.append((component.line, "addresses: a component of kind '\(kind)' has no place in vCard's ADR, left out"))
                continue
            }
            positions.append((index, parts[index].count))
            parts[index].append(value)
        }
        if hasNew {  // RFC 9554 §2.2: the extended and street address for readers that know only those
            parts[1] = [[7, 9, 8, 12].flatMap { parts[$0] }.joined(separator: " ")]
            parts[2] = [[10, 11, 13, 17, 16, 14, 15].flatMap { parts[$0] }.joined(separator: " ")]
        }
        var property = VCardProperty(name: "ADR", value: VCardText.structured(Array(parts.prefix(hasNew ? 18 : 7))), line: object.line)
        if object["isOrdered"]?.kind.isTrue == true {
            let jsComps = JSComps.parameter(components, positions: positions, defaultSeparator: object["defaultSeparator"]?.string)
            property.parameters.append(VCardParameter(name: "JSCOMPS", values: [jsComps]))
        }
        for (member, parameter) in [("full", "LABEL"), ("coordinates", "GEO"), ("timeZone", "TZ"), ("countryCode", "CC")] {
            if let value = object[member]?.string { property.parameters.append(VCardParameter(name: parameter, values: [value])) }
        }
        JSContactParameters.parameters(of: object, map: "addresses", kind: nil, into: &property)
        finish(&property, id: id, object, path: ["addresses", id],
               known: ["components", "full", "coordinates", "timeZone", "countryCode", "isOrdered", "defaultSeparator"])
    }

    // MARK: Localizations (RFC 9555 §2.3.9)

    /// Each patch of `localizations` that stands for a property in another language — a name
    /// (`name`, `name/full`), an object of a map (`titles/t1`), its value (`titles/t1/name`), or
    /// a map's objects (`titles`) — as that property with `LANGUAGE`, paired with the property it
    /// localizes by `ALTID`; the other patches (a pronunciation, a component) as `JSPROP`.
    private mutating func readLocalizations(_ value: JSONValue) {
        guard let languages = value.members else { return unknown(["localizations"], value, malformed: "an object, not \(value.described)") }
        var residual: [(key: String, value: JSONValue)] = []
        for (language, patches) in languages {
            guard let members = patches.members, !language.isEmpty else {
                residual.append((language, patches))
                continue
            }
            var rest: [(key: String, value: JSONValue)] = []
            for (path, patch) in members where !localize(language, JSONPointer.segments(path), patch) { rest.append((path, patch)) }
            if !rest.isEmpty { residual.append((language, .object(rest))) }
        }
        if !residual.isEmpty { unknown(["localizations"], .object(residual)) }
    }

    /// Adds the properties one patch stands for; false (nothing added) when it stands for none.
    private mutating func localize(_ language: String, _ path: [String], _ patch: JSONValue) -> Bool {
        let before = (properties.count, warnings.count)
        var base: Int?  // the property localized, which gets the ALTID
        switch (path.count, patch.kind) {
        case (1, .object) where path[0] == "name":
            base = properties.firstIndex { $0.name == "N" && !$0.parameters.contains { $0.name == "LANGUAGE" || $0.name == "PHONETIC" } }
            if base != nil { readName(patch) }
            // A name derived from the components is the Card's only.
            if let k = properties[before.0...].firstIndex(where: { $0.parameters.contains { $0.name == "DERIVED" } }) { properties.remove(at: k) }
        case (2, .string(let full)) where path == ["name", "full"]:
            base = properties.firstIndex { $0.name == "FN" && $0.parameters.allSatisfy { $0.name == "ALTID" } }
            if base != nil { add(VCardProperty(name: "FN", value: VCardText.escape(full), line: patch.line)) }
        case (2, .object):
            base = baseIndex(id: path[1], map: path[0])
            guard base != nil else { return false }
            switch path[0] {
            case "addresses": readAddress(path[1], patch)
            case "organizations": readOrganization(path[1], patch)
            default: readMapEntry(path[0], path[1], patch)
            }
        case (3, .string(let text)):
            guard let b = baseIndex(id: path[1], map: path[0]),
                  let entry = Self.entries.first(where: { $0.name == properties[b].name })?.entry, entry.value == path[2],
                  entry.form == .text || entry.form == .textList else { return false }
            base = b
            add(VCardProperty(name: properties[b].name, value: VCardText.escape(text), line: patch.line))
        case (1, .object(let objects)) where Self.entries.contains(where: { $0.entry.map == path[0] }):
            // A map's objects only in this language (RFC 9555 Figure 5): no property they localize.
            for (id, object) in objects {
                guard object.members != nil else { return rollBack(to: before) }
                readMapEntry(path[0], id, object)
            }
        default:
            return false
        }
        let added = properties.count - before.0
        guard added > 0, !properties[before.0...].contains(where: { $0.name == "JSPROP" }), warnings.count == before.1 else {
            return rollBack(to: before)
        }
        let altID = base.map { ensureAltID($0) }
        for k in before.0..<properties.count {
            properties[k].parameters.append(VCardParameter(name: "LANGUAGE", values: [language]))
            if let altID { properties[k].parameters.append(VCardParameter(name: "ALTID", values: [altID])) }
        }
        return true
    }

    /// The property an object of a map came from (its `PROP-ID`, no `LANGUAGE`).
    private func baseIndex(id: String, map: String) -> Int? {
        let names = map == "addresses" ? ["ADR"] : map == "organizations" ? ["ORG"] : Self.entries.filter { $0.entry.map == map }.map(\.name)
        return properties.firstIndex { property in
            names.contains(property.name) && property.parameters.contains { $0.name == "PROP-ID" && $0.values == [id] }
                && !property.parameters.contains { $0.name == "LANGUAGE" }
        }
    }

    private mutating func rollBack(to before: (Int, Int)) -> Bool {
        properties.removeSubrange(before.0...)
        warnings.removeSubrange(before.1...)
        return false
    }

    /// The property's ALTID, given one (a number no other property has) when it has none.
    private mutating func ensureAltID(_ k: Int) -> String {
        if let given = properties[k].parameters.first(where: { $0.name == "ALTID" })?.values.first { return given }
        let used = Set(properties.flatMap { $0.parameters.filter { $0.name == "ALTID" }.flatMap(\.values) })
        var n = 1
        while used.contains(String(n)) { n += 1 }
        properties[k].parameters.append(VCardParameter(name: "ALTID", values: [String(n)]))
        // A name's FN and N are one name: the FN gets it too.
        if properties[k].name == "N", let fn = properties.firstIndex(where: { $0.name == "FN" && $0.parameters.isEmpty }) {
            properties[fn].parameters.append(VCardParameter(name: "ALTID", values: [String(n)]))
        }
        return String(n)
    }

    /// A title's `organizationId` as vCard says it (RFC 9555 §2.9.6): the title in the group of its organization.
    private mutating func groupTitlesWithOrganizations(_ titles: JSONValue?) {
        for (id, title) in titles?.members ?? [] {
            guard let organization = title["organizationId"]?.string,
                  let t = properties.firstIndex(where: { ($0.name == "TITLE" || $0.name == "ROLE") && $0.parameters.contains { $0.name == "PROP-ID" && $0.values == [id] } }),
                  let o = properties.firstIndex(where: { $0.name == "ORG" && $0.parameters.contains { $0.name == "PROP-ID" && $0.values == [organization] } })
            else { continue }
            let group = properties[o].group.flatMap { $0.isEmpty ? nil : $0 } ?? properties[t].group.flatMap { $0.isEmpty ? nil : $0 } ?? newGroup()
            properties[o].group = group
            properties[t].group = group
        }
    }

    /// Adds the property with `PROP-ID` (RFC 9555 §3.1) and its label as `X-ABLabel` in its
    /// group; the object's other members as `JSPROP`.
    private mutating func finish(_ property: inout VCardProperty, id: String, _ object: JSONValue, path: [String], known: Set<String>) {
        if !property.parameters.contains(where: { $0.name == "PROP-ID" }) {
            property.parameters.append(VCardParameter(name: "PROP-ID", values: [id]))
        }
        if let label = object["label"]?.string {
            if property.group == nil || property.group!.isEmpty { property.group = newGroup() }
            add(property)
            add(VCardProperty(group: property.group, name: "X-ABLabel", value: VCardText.escape(label), line: object.line))
        } else {
            add(property)
        }
        unknownMembers(of: object, at: path, known: known)
    }

    private mutating func unknownMembers(of object: JSONValue, at path: [String], known: Set<String>) {
        for (key, value) in object.members ?? [] where !known.contains(key) && !JSContactParameters.known.contains(key) {
            unknown(path + [key], value)
        }
    }

    /// A member of no vCard property: `JSPROP;JSPTR=pointer:compact JSON` (RFC 9555 §3.2.1);
    /// `malformed`: one that should have been a property, which is said.
    private mutating func unknown(_ path: [String], _ value: JSONValue, malformed: String? = nil) {
        let pointer = JSONPointer.pointer(path)
        if let malformed { warnings.append((value.line, "\(pointer): \(malformed); kept as JSPROP")) }
        // A Card's member in other letters (`nickNames`) is no member (names are case-sensitive): most likely a mistake.
        if malformed == nil, path.count == 1, let meant = Self.cardMembers.first(where: { $0.lowercased() == path[0].lowercased() }) {
            warnings.append((value.line, "\(pointer): no member of a Card (names are case-sensitive; '\(meant)' is one); kept as JSPROP"))
        }
        add(VCardProperty(name: "JSPROP", parameters: [VCardParameter(name: "JSPTR", values: [pointer])],
                          value: VCardText.escape(value.text), line: value.line))
    }

    private mutating func add(_ property: VCardProperty) { properties.append(property) }

    /// The members of a Card (RFC 9553, RFC 9555), as written.
    static let cardMembers = JSContactWriting.order + ["localizations", "vCardProps"]

    /// The groups named in `vCardParams` anywhere in the Card, which a new group must not take.
    private mutating func noteGroups(_ value: JSONValue) {
        switch value.kind {
        case .object(let members):
            for (key, inner) in members {
                if key == "vCardParams", let group = inner["group"]?.string { usedGroups.insert(group.lowercased()) }
                noteGroups(inner)
            }
        case .array(let elements):
            for element in elements {
                if let group = element.array?.dropFirst().first?["group"]?.string { usedGroups.insert(group.lowercased()) }
                noteGroups(element)
            }
        default: break
        }
    }

    /// A group no property has (`itemN`, as Apple names them), for a label.
    private mutating func newGroup() -> String {
        while true {
            groups += 1
            let group = "item\(groups)"
            if usedGroups.insert(group).inserted { return group }
        }
    }
}

extension JSONValue.Kind {
    /// Whether it is JSON's `true`.
    var isTrue: Bool {
        if case .bool(true) = self { return true }
        return false
    }
}
