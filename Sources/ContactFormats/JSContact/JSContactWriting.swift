import ContactsCore

/// A vCard 4.0 card as a JSContact Card (RFC 9553), by RFC 9555 §2: each property where its
/// declaration's `jsContact` home says, its parameters as `JSContactParameters` converts them;
/// a property of no home, or one a home cannot hold as it is (a second `FN`, a text birthday, a
/// UTC offset as time zone, a parameter on a keyword), in `vCardProps` as its jCard, so that the
/// Card read back is the card.
struct JSContactWriting {
    /// The Card's members in the order they are written.
    static let order = ["@type", "version", "uid", "kind", "language", "prodId", "created", "updated", "name", "nicknames",
                        "organizations", "titles", "speakToAs", "emails", "phones", "onlineServices", "preferredLanguages",
                        "addresses", "media", "links", "directories", "calendars", "schedulingAddresses", "cryptoKeys",
                        "anniversaries", "keywords", "notes", "personalInfo", "relatedTo", "members"]

    private var top: [String: JSONValue] = [:]
    private var extra: [(key: String, value: JSONValue)] = []  // members JSPROP adds
    private var name: [(key: String, value: JSONValue)] = []
    /// The objects of each map, in order, with the group of the property each came from.
    private var maps: [String: [(key: String, object: [(key: String, value: JSONValue)], group: String?, source: Source)]] = [:]
    /// The property an object came from: its name and ALTID (which pairs it with its localizations).
    private typealias Source = (name: String, altID: String?)
    private var keywords: [(key: String, value: JSONValue)] = []
    private var members: [(key: String, value: JSONValue)] = []
    private var relatedTo: [(key: String, value: JSONValue)] = []
    private var speakToAs: [(key: String, value: JSONValue)] = []
    private var vCardProps: [JSONValue] = []
    /// The names of the properties kept in vCardProps.
    private var keptNames: Set<String> = []
    private var counters: [String: Int] = [:]
    private var labels: [(property: VCardProperty, group: String)] = []
    private var places: [(property: VCardProperty, kind: String, members: [(key: String, value: JSONValue)])] = []
    private var patches: [VCardProperty] = []
    /// Whether an N was converted (a card has one; another is kept in vCardProps).
    private var hasName = false
    /// Where each of the name's components is in N's value (nil: a separator), for their pronunciation.
    private var namePositions: [JSComps.Position?] = []
    /// N's `ALTID`, which pairs it with its pronunciation.
    private var nameAltID: String?
    /// Ns with `PHONETIC` (RFC 9555 §2.3.13): the pronunciation of the name's components.
    private var phoneticNames: [VCardProperty] = []
    /// The Card's language (`LANGUAGE`, or the `LANGUAGE` parameter of its only FN): a property in
    /// another is a localization (RFC 9555 §2.3.9).
    private var cardLanguage: String?
    /// Properties in another language than the Card's, localizing others (once those are known).
    private var localized: [VCardProperty] = []
    /// The Card's localizations: by language, the patches (a path, the value there).
    private var localizations: [(language: String, patches: [(key: String, value: JSONValue)])] = []
    /// The FN's ALTID and the FN, which a localization of it pairs with.
    private var fullName: (altID: String?, property: VCardProperty)?
    /// An Apple labelled date (`X-ABDATE`) was read.
    private var sawAppleDate = false
    /// An empty FN was read (the name keeps it only when it has components).
    private var emptyFullName = false
    /// An `FN;DERIVED=TRUE`, left out when N's components give it.
    private var derivedName: VCardProperty?
    /// How many properties each group has (lower case).
    private var groupSizes: [String: Int] = [:]

    /// The Card of a card's properties; `uid` makes the UID of a card without one (RFC 9555 §2.1.1).
    static func card(of properties: [VCardProperty], uid: () -> String) -> JSONValue {
        var writing = JSContactWriting()
        writing.cardLanguage = Self.language(of: properties)
        // The language of the only FN is the Card's when it has no LANGUAGE (RFC 9555 Figure 3).
        if let language = writing.cardLanguage, !properties.contains(where: { $0.name.uppercased() == "LANGUAGE" }) {
            writing.top["language"] = .string(language)
        }
        for property in properties { writing.add(property) }
        writing.finish()
        return writing.card(uid: uid)
    }

    private mutating func add(_ property: VCardProperty) {
        var property = property
        if let group = property.group, !group.isEmpty { groupSizes[group.lowercased(), default: 0] += 1 }
        let upper = property.name.uppercased()
        // `VALUE` naming the property's default type says nothing (a home would not take the property with it).
        let declaration = PropertyTable.declaration(in40: upper)
        if let first = declaration?.values.first?.rawValue {
            property.parameters.removeAll { $0.name == "VALUE" && $0.values.count == 1 && $0.values[0].lowercased() == first }
        }
        guard upper != "VERSION" else { return }  // every Card is vCard 4.0's
        // Apple's labelled date, which stays in vCardProps, can be the card's anniversary: an ANNIVERSARY
        // after it stays there too, so that the two keep their order (the first one is the anniversary).
        if upper == "X-ABDATE" { sawAppleDate = true }
        if upper == "ANNIVERSARY" && sawAppleDate { return keep(property) }
        if upper == "JSPROP" { return patches.append(property) }
        if upper == "N" && property.parameters.contains(where: { $0.name == "PHONETIC" }) {
            return phoneticNames.append(property)  // the pronunciation of the name's components, once they are known
        }
        let home = declaration?.jsContact
        if let home, Self.isLocalizable(home), let k = property.parameters.firstIndex(where: { $0.name == "LANGUAGE" }),
           property.parameters[k].values.count == 1 {
            if let cardLanguage, property.parameters[k].values[0].lowercased() == cardLanguage.lowercased() {
                property.parameters.remove(at: k)  // the Card's own language
            } else {
                return localized.append(property)
            }
        }
        // One after a property of its name kept in vCardProps is kept there too: the reader puts
        // vCardProps after the rest, so that the two come back in their order (addresses, phones…).
        if !keptNames.isEmpty && keptNames.contains(upper) { return keep(property) }
        guard let home, convert(property, home) else {
            keptNames.insert(upper)
            return keep(property)
        }
    }

    /// The Card's language: its `LANGUAGE`, else its only FN's `LANGUAGE` parameter (RFC 9555 Figure 3).
    private static func language(of properties: [VCardProperty]) -> String? {
        var fullName: VCardProperty?, fullNames = 0
        for property in properties {
            let count = property.name.utf8.count  // names compared only when their length fits
            if count == 8, property.parameters.isEmpty, matchesIgnoringCase(property.name.utf8, "LANGUAGE") {
                return ValueDecoding.unescape(Array(property.value.utf8))
            }
            if count == 2, matchesIgnoringCase(property.name.utf8, "FN") {
                fullName = property
                fullNames += 1
            }
        }
        guard fullNames == 1, let fullName, fullName.parameters.count == 1, fullName.parameters[0].name == "LANGUAGE"
        else { return nil }
        return fullName.parameters[0].values.first?.lowercased()
    }

    /// The homes whose properties a Card localizes: names, titles, notes, nicknames, personal
    /// information, addresses and organizations.
    private static func isLocalizable(_ home: JSContactHome) -> Bool {
        switch home {
        case .fullName, .name, .address, .organization: return true
        case .entry(let entry): return entry.form == .text && ["titles", "notes", "personalInfo"].contains(entry.map)
            || entry.map == "nicknames"
        default: return false
        }
    }

    private static func altID(of property: VCardProperty) -> String? {
        property.parameters.first { $0.name == "ALTID" }?.values.first
    }

    /// Puts the property in its home; false when that cannot hold it as it is.
    private mutating func convert(_ property: VCardProperty, _ home: JSContactHome) -> Bool {
        let bare = property.parameters.isEmpty && (property.group ?? "").isEmpty
        let text = ValueDecoding.unescape(Array(property.value.utf8))
        switch home {
        case .member(let key):
            guard top[key] == nil else { return false }
            if key == "kind" {
                let kind = text.lowercased()
                // RFC 9553 §2.1.4's kinds, and a vendor's (`example.com:baz`).
                guard bare, ["individual", "group", "org", "location", "device", "application"].contains(kind) || kind.contains(":")
                else { return false }
                top[key] = .string(kind)
            } else {
                // The Card needs its UID even when it has parameters, which the property in vCardProps keeps (and the reader prefers).
                top[key] = .string(text)
                return bare
            }
        case .timestamp(let key):
            guard bare, top[key] == nil, let utc = JSContactDates.utc(property.value) else { return false }
            top[key] = .string(utc)
        case .fullName:
            // A name derived from N's components (RFC 9555 §3.1), which the reader derives again.
            if property.parameters.count == 1, property.parameters[0].name == "DERIVED",
               property.parameters[0].values.map({ $0.lowercased() }) == ["true"], derivedName == nil {
                derivedName = property
                return true
            }
            // An FN's ALTID pairs it with its localizations (and is kept with it when none does).
            let paired = property.parameters.count == 1 && property.parameters[0].name == "ALTID" && (property.group ?? "").isEmpty
            guard bare || paired, !name.contains(where: { $0.key == "full" }) else { return false }
            // The empty FN a card with no name is written with says nothing, but where N's components are
            // (which a reader would make a name of): a name with them keeps it (`finish`).
            guard !text.isEmpty || paired else {
                emptyFullName = true
                return true
            }
            name.insert(("full", .string(text)), at: 0)
            fullName = (Self.altID(of: property), property)
        case .name:
            return convertName(property)
        case .anniversary(let kind):
            return convertAnniversary(property, kind: kind)
        case .place(let kind):
            var members: [(key: String, value: JSONValue)] = []
            let isURI = property.parameters.contains { $0.name == "VALUE" && $0.values == ["uri"] }
            if isURI && text.lowercased().hasPrefix("geo:") && property.parameters.count == 1 && (property.group ?? "").isEmpty {
                members = [("coordinates", .string(text))]
            } else if bare {
                members = [("full", .string(text))]
            } else {
                return false
            }
            places.append((property, kind, members))
        case .entry(let entry):
            return convertEntry(property, entry)
        case .organization:
            append(Self.organization(property), to: "organizations", key: "ORG", property: property)
        case .address:
            guard let object = Self.address(property) else { return false }
            append(object, to: "addresses", key: "ADDR", property: property)
        case .keywords:
            guard bare else { return false }
            let raw = Array(property.value.utf8)
            let items = ValueDecoding.split(raw, on: UInt8(ascii: ",")).map { ValueDecoding.unescape(raw[$0]) }.filter { !$0.isEmpty }
            // Keywords are a set: a category said twice keeps its property as it is.
            guard Set(items).count == items.count, !items.contains(where: { item in keywords.contains { $0.key == item } }) else {
                return false
            }
            keywords += items.map { ($0, .true) }
        case .members:
            guard bare, !members.contains(where: { $0.key == text }) else { return false }
            members.append((text, .true))
        case .relatedTo:
            guard !relatedTo.contains(where: { $0.key == text }) else { return false }
            var property = property
            if !text.contains(":") {  // text that is no URI: the reader knows it for text
                property.parameters.removeAll { $0.name == "VALUE" && $0.values.map { $0.lowercased() } == ["text"] }
            }
            relatedTo.append((text, .object(JSContactParameters.members(of: property, map: "relatedTo"))))
        case .grammaticalGender:
            guard bare, !speakToAs.contains(where: { $0.key == "grammaticalGender" }) else { return false }
            speakToAs.insert(("grammaticalGender", .string(text.lowercased())), at: 0)
        case .pronouns:
            var object: [(key: String, value: JSONValue)] = [("pronouns", .string(text))]
            object += JSContactParameters.members(of: property, map: "pronouns")
            append(object, to: "pronouns", key: "PRONOUNS", property: property)
        case .label:
            guard let group = property.group, !group.isEmpty, property.parameters.isEmpty else { return false }
            labels.append((property, group))
        }
        return true
    }

    private mutating func convertEntry(_ property: VCardProperty, _ entry: JSContactEntry) -> Bool {
        guard let objects = Self.objects(property, entry) else { return false }
        for object in objects { append(object, to: entry.map, key: entry.key, property: property) }
        return true
    }

    /// The objects of a map a property gives (a list's items an object each); nil when its value
    /// is none the object holds (a UTC offset as time zone, text as a URI).
    private static func objects(_ property: VCardProperty, _ entry: JSContactEntry) -> [[(key: String, value: JSONValue)]]? {
        let valueType = property.parameters.first { $0.name == "VALUE" }?.values.first?.lowercased()
        let raw = Array(property.value.utf8)
        var valueKey = entry.value
        switch entry.form {
        case .timeZone:
            guard valueType == nil || valueType == "text" else { return nil }
            let first = raw.first ?? 0
            if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || isDigit(first) { return nil }  // an offset
        case .geo:
            guard String(decoding: raw.prefix(4), as: UTF8.self).lowercased() == "geo:" else { return nil }
        case .uri:
            if valueType == "text" {
                guard entry.map == "onlineServices" else { return nil }  // a social profile's user name
                valueKey = "user"
            }
        case .text, .textList:
            break
        }
        var property = property
        if entry.map == "phones" && valueType == "uri" && String(decoding: raw.prefix(4), as: UTF8.self).lowercased() == "tel:" {
            property.parameters.removeAll { $0.name == "VALUE" }  // the reader knows a `tel:` number for a URI
        }
        var head: [(key: String, value: JSONValue)] = []
        if let kind = entry.kind { head.append(("kind", .string(kind))) }
        let parameters = JSContactParameters.members(of: property, map: entry.map, kind: entry.kind)
        let tail: [(key: String, value: JSONValue)] = entry.vCardName.map { [("vCardName", .string($0))] } ?? []
        let values = entry.form == .textList ? ValueDecoding.split(raw, on: UInt8(ascii: ",")).map { ValueDecoding.unescape(raw[$0]) }
            : [ValueDecoding.unescape(raw)]
        return values.map { head + [(valueKey, .string($0))] + parameters + tail }
    }

    /// N's components (RFC 9555 Table 1): a family name also given as secondary surname, and an
    /// honorific suffix also given as generation, once.
    private mutating func convertName(_ property: VCardProperty) -> Bool {
        guard !hasName, let converted = Self.name(property) else { return false }
        hasName = true
        name += converted.members
        namePositions = converted.positions
        nameAltID = Self.altID(of: property)
        return true
    }

    /// The Name's members an N gives, and where each component is in N's value (nil: a separator).
    private static func name(_ property: VCardProperty) -> (members: [(key: String, value: JSONValue)], positions: [JSComps.Position?])? {
        let parts = ValueDecoding.structured(Array(property.value.utf8), lists: true)
        guard parts.count <= NameKinds.all.count else { return nil }
        // RFC 9554's secondary surnames and generations are also in the family names (after them) and
        // the suffixes (before them): an N whose values are not so would not come back, and stays whole.
        func items(_ k: Int) -> [String] { k < parts.count ? parts[k].filter { !$0.isEmpty } : [] }
        guard items(0) == items(0).filter({ !items(5).contains($0) }) + items(5) || items(5).isEmpty,
              items(4) == items(6) + items(4).filter({ !items(6).contains($0) }) || items(6).isEmpty else { return nil }
        var components: [JSONValue] = []
        var positions: [JSComps.Position?] = []
        for (index, items) in parts.enumerated() {
            for (j, item) in items.enumerated() where !item.isEmpty {
                if index == 0 && parts.count > 5 && parts[5].contains(item) { continue }
                if index == 4 && parts.count > 6 && parts[6].contains(item) { continue }
                components.append(.object([("kind", .string(NameKinds.all[index])), ("value", .string(item))]))
                positions.append((index, j))
            }
        }
        var members: [(key: String, value: JSONValue)] = []
        var skipping: Set<String> = ["SORT-AS"]
        if let ordered = Self.ordered(property, parts: parts, kinds: NameKinds.all, count: components.count) {
            members.append(("components", .array(ordered.components)))
            members.append(("isOrdered", .true))
            if let separator = ordered.defaultSeparator { members.append(("defaultSeparator", .string(separator))) }
            skipping.insert("JSCOMPS")
            positions = ordered.positions
        } else if !components.isEmpty {
            members.append(("components", .array(components)))
        }
        if let sortAs = property.parameters.first(where: { $0.name == "SORT-AS" }) {
            let values = sortAs.values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let sorted = values.prefix(NameKinds.all.count).enumerated().filter { !$0.element.isEmpty }
                .map { (key: NameKinds.all[$0.offset], value: JSONValue.string($0.element)) }
            if !sorted.isEmpty { members.append(("sortAs", .object(sorted))) }
        }
        members += JSContactParameters.members(of: property, map: "name", skipping: skipping)
        return (members, positions)
    }

    /// The components in the order `JSCOMPS` gives them, and the default separator; nil without
    /// a valid one (RFC 9555 §3.3.1), which then stays a parameter.
    private static func ordered(_ property: VCardProperty, parts: [[String]], kinds: [String], count: Int)
        -> (components: [JSONValue], positions: [JSComps.Position?], defaultSeparator: String?)? {
        let given = property.parameters.filter { $0.name == "JSCOMPS" }
        guard given.count == 1, given[0].values.count == 1, let (separator, entries) = JSComps.parse(given[0].values[0]),
              let ordered = JSComps.components(entries, parts: parts, kinds: kinds, count: count) else { return nil }
        return (ordered.components, ordered.positions, separator)
    }

    /// An N with `PHONETIC` and `SCRIPT` (and the `ALTID` of the name's N) as the `phonetic` of
    /// the components at its positions, the name's `phoneticSystem` and `phoneticScript` (RFC
    /// 9555 §2.3.13); false when it cannot be (another language, a position with no component).
    private mutating func convertPhonetic(_ property: VCardProperty) -> Bool {
        var system: String?, script: String?, altID: String?
        for parameter in property.parameters {
            guard parameter.values.count == 1 else { return false }
            switch parameter.name {
            case "PHONETIC": system = parameter.values[0].lowercased()
            case "SCRIPT": script = parameter.values[0]
            case "ALTID": altID = parameter.values[0]
            default: return false
            }
        }
        guard (property.group ?? "").isEmpty, altID == nameAltID, phoneticNames.count == 1,
              let k = name.firstIndex(where: { $0.key == "components" }), var components = name[k].value.array,
              !name.contains(where: { $0.key == "phoneticSystem" || $0.key == "phoneticScript" }) else { return false }
        let parts = ValueDecoding.structured(Array(property.value.utf8), lists: true)
        var used: Set<Int> = []
        for (c, position) in namePositions.enumerated() {
            guard let (i, j) = position, i < parts.count, j < parts[i].count, !parts[i][j].isEmpty else { continue }
            components[c] = .object((components[c].members ?? []) + [("phonetic", .string(parts[i][j]))])
            used.insert(i << 16 | j)
        }
        // Every pronunciation has its component (but a family name's and suffix's copies of a
        // secondary surname's and generation's, which are no components of their own).
        for (i, items) in parts.enumerated() {
            for (j, item) in items.enumerated() where !item.isEmpty && !used.contains(i << 16 | j) && i != 0 && i != 4 { return false }
        }
        guard !used.isEmpty else { return false }
        name[k].value = .array(components)
        if let system, system != "script" { name.append(("phoneticSystem", .string(system))) }
        if let script { name.append(("phoneticScript", .string(script))) }
        if altID != nil { name = Self.removing("altid", from: name) }
        return true
    }

    private mutating func convertAnniversary(_ property: VCardProperty, kind: String) -> Bool {
        let valueType = property.parameters.first { $0.name == "VALUE" }?.values.first?.lowercased()
        guard valueType != "text" else { return false }
        let date: JSONValue
        if let partial = JSContactDates.partialDate(property.value) {
            var members = partial
            if let scale = property.parameters.first(where: { $0.name == "CALSCALE" })?.values.first {
                members.append(("calendarScale", .string(scale.lowercased())))
            }
            date = .object(members)
        } else if let utc = JSContactDates.utc(property.value) {
            guard !property.parameters.contains(where: { $0.name == "CALSCALE" }) else { return false }
            date = .object([("@type", .string("Timestamp")), ("utc", .string(utc))])
        } else {
            return false
        }
        var object: [(key: String, value: JSONValue)] = [("kind", .string(kind)), ("date", date)]
        object += JSContactParameters.members(of: property, map: "anniversaries", skipping: ["CALSCALE"])
        append(object, to: "anniversaries", key: "ANNIVERSARY", property: property)
        return true
    }

    /// ADR's components (RFC 9555 Table 2; RFC 9554's eleven after the seven): the extended and
    /// street address left out when the new components are there, which hold them.
    private static func address(_ property: VCardProperty) -> [(key: String, value: JSONValue)]? {
        let parts = ValueDecoding.structured(Array(property.value.utf8), lists: true)
        guard parts.count <= AddressKinds.all.count else { return nil }
        let hasNew = parts.count > 7 && parts[7...].contains { $0.contains { !$0.isEmpty } }
        if hasNew {
            // The extended and street address are left out only when they are what the new components
            // give back (RFC 9554 §2.2's compatibility form, as the reader writes it); else nothing is.
            func joined(_ indices: [Int]) -> String {
                indices.flatMap { $0 < parts.count ? parts[$0].filter { !$0.isEmpty } : [] }.joined(separator: " ")
            }
            guard parts[1].filter({ !$0.isEmpty }).joined(separator: " ") == joined([7, 9, 8, 12]),
                  parts[2].filter({ !$0.isEmpty }).joined(separator: " ") == joined([10, 11, 13, 17, 16, 14, 15]) else { return nil }
        }
        var components: [JSONValue] = []
        // With RFC 9554's components, those of the street and extended address in their place (as RFC 9555 Figure 16 orders them).
        let order = hasNew ? [0, 7, 9, 8, 12, 10, 11, 13, 17, 16, 14, 15, 3, 4, 5, 6] : Array(parts.indices)
        for index in order where index < parts.count {
            for item in parts[index] where !item.isEmpty {
                components.append(.object([("kind", .string(AddressKinds.all[index])), ("value", .string(item))]))
            }
        }
        var object: [(key: String, value: JSONValue)] = []
        var skipping: Set<String> = []
        if let ordered = Self.ordered(property, parts: parts, kinds: AddressKinds.all, count: components.count) {
            object = [("components", .array(ordered.components)), ("isOrdered", .true)]
            if let separator = ordered.defaultSeparator { object.append(("defaultSeparator", .string(separator))) }
            skipping.insert("JSCOMPS")
        } else {
            object = [("components", .array(components))]
        }
        let named: [(parameter: String, member: String)] = [("LABEL", "full"), ("GEO", "coordinates"), ("TZ", "timeZone"), ("CC", "countryCode")]
        for (parameter, member) in named {
            if let p = property.parameters.first(where: { $0.name == parameter }), p.values.count == 1,
               property.parameters.filter({ $0.name == parameter }).count == 1 {
                object.append((member, .string(p.values[0])))
                skipping.insert(parameter)
            }
        }
        object += JSContactParameters.members(of: property, map: "addresses", skipping: skipping)
        return object
    }

    /// The Organization an ORG gives: its name, its units and their `sortAs`.
    private static func organization(_ property: VCardProperty) -> [(key: String, value: JSONValue)] {
        let parts = ValueDecoding.structured(Array(property.value.utf8), lists: false).map { $0.first ?? "" }
        var object: [(key: String, value: JSONValue)] = []
        let sortAs = property.parameters.first { $0.name == "SORT-AS" }?.values
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        if let first = parts.first, !first.isEmpty { object.append(("name", .string(first))) }
        if parts.count > 1 {
            object.append(("units", .array(parts.dropFirst().enumerated().map { k, unit in
                var members: [(key: String, value: JSONValue)] = [("name", .string(unit))]
                if k + 1 < sortAs.count, !sortAs[k + 1].isEmpty { members.append(("sortAs", .string(sortAs[k + 1]))) }
                return .object(members)
            })))
        }
        if let first = sortAs.first, !first.isEmpty { object.append(("sortAs", .string(first))) }
        object += JSContactParameters.members(of: property, map: "organizations", skipping: ["SORT-AS"])
        return object
    }

    private mutating func append(_ object: [(key: String, value: JSONValue)], to map: String, key: String, property: VCardProperty) {
        let id: String
        if let given = property.parameters.first(where: { $0.name == "PROP-ID" })?.values.first, Self.isID(given),
           !(maps[map] ?? []).contains(where: { $0.key == given }) {
            id = given
        } else {
            var n = counters[key, default: 0]
            repeat { n += 1 } while (maps[map] ?? []).contains { $0.key == "\(key)-\(n)" }
            counters[key] = n
            id = "\(key)-\(n)"
        }
        let without = object.compactMap { member -> (key: String, value: JSONValue)? in
            guard member.key == "vCardParams", let params = member.value.members else { return member }
            let rest = params.filter { $0.key != "prop-id" }
            return rest.isEmpty ? nil : (member.key, .object(rest))
        }
        maps[map, default: []].append((id, without, property.group, (property.name.uppercased(), Self.altID(of: property))))
    }

    /// Whether a string is a JSContact Id (RFC 9553 §1.4.1): 1 to 255 letters, digits, `-` and `_`.
    static func isID(_ s: String) -> Bool {
        (1...255).contains(s.utf8.count) && s.utf8.allSatisfy { isDigit($0) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F }
    }

    private mutating func keep(_ property: VCardProperty) {
        var bytes: [UInt8] = []
        JCardProperty.append(property, to: &bytes)
        if let json = try? JSONValue.parse(bytes, firstLine: 0) { vCardProps.append(json) }
    }

    /// Labels to the one object of their group; places to their anniversary; JSPROP's patches.
    private mutating func finish() {
        let labelled = labels
        for (property, group) in labelled {
            let sameGroup = labelled.filter { $0.group == group }.count
            let holders = maps.filter { JSContactParameters.labelMaps.contains($0.key) }
                .flatMap { map in map.value.indices.filter { map.value[$0].group == group }.map { (map.key, $0) } }
            let others = maps.filter { !JSContactParameters.labelMaps.contains($0.key) }.values.joined().contains { $0.group == group }
            guard sameGroup == 1, holders.count == 1, !others, let (map, index) = holders.first else {
                keep(property)
                continue
            }
            maps[map]![index].object.append(("label", .string(ValueDecoding.unescape(Array(property.value.utf8)))))
            // A group of the property and its label only: the label says it (the reader makes one again).
            if groupSizes[group.lowercased()] == 2 { removeParameter("group", from: map, index) }
        }
        // TZ and GEO grouped with one ADR are that address's (RFC 9555 §2.8.3 says they MUST be).
        for source in ["TZ", "GEO"] {
            let member = source == "TZ" ? "timeZone" : "coordinates"
            for index in (maps["addresses"] ?? []).indices.reversed() where maps["addresses"]![index].source.name == source {
                let entry = maps["addresses"]![index]
                guard let group = entry.group?.lowercased(), !group.isEmpty,
                      let value = entry.object.first(where: { $0.key == member })?.value,
                      entry.object.allSatisfy({ $0.key == member || ($0.key == "vCardParams" && $0.value.members?.count == 1) })
                else { continue }
                let addresses = maps["addresses"]!.indices.filter {
                    maps["addresses"]![$0].source.name == "ADR" && maps["addresses"]![$0].group?.lowercased() == group
                }
                guard addresses.count == 1, !maps["addresses"]![addresses[0]].object.contains(where: { $0.key == member }) else { continue }
                // Where the ADR's own TZ or GEO parameter would have put it.
                let before = ["components", "isOrdered", "defaultSeparator", "full", "coordinates", "timeZone"]
                let allowed = before.prefix { $0 != member }
                var object = maps["addresses"]![addresses[0]].object
                object.insert((member, value), at: object.firstIndex { !allowed.contains($0.key) } ?? object.count)
                maps["addresses"]![addresses[0]].object = object
                maps["addresses"]!.remove(at: index)
                groupSizes[group, default: 1] -= 1
            }
        }
        // A title grouped with one organization only: its organizationId says it (RFC 9555 §2.9.6).
        for index in (maps["titles"] ?? []).indices {
            guard let group = maps["titles"]![index].group?.lowercased(), groupSizes[group] == 2,
                  let organizations = maps["organizations"]?.indices.filter({ maps["organizations"]![$0].group?.lowercased() == group }),
                  organizations.count == 1 else { continue }
            maps["titles"]![index].object.append(("organizationId", .string(maps["organizations"]![organizations[0]].key)))
            removeParameter("group", from: "titles", index)
            removeParameter("group", from: "organizations", organizations[0])
        }
        for (property, kind, members) in places {
            if let index = maps["anniversaries"]?.firstIndex(where: { entry in
                entry.object.contains { $0.key == "kind" && $0.value.string == kind } && !entry.object.contains { $0.key == "place" }
            }) {
                maps["anniversaries"]![index].object.append(("place", .object(members)))
            } else {
                keep(property)
            }
        }
        for property in phoneticNames where !convertPhonetic(property) { keep(property) }
        var pairedFullName = false
        for property in localized {
            if localize(property) { pairedFullName = pairedFullName || property.name.uppercased() == "FN" } else { keep(property) }
        }
        // An FN whose ALTID pairs it with nothing keeps it: the FN is kept as it is.
        if let (altID, property) = fullName, altID != nil, !pairedFullName {
            name.removeAll { $0.key == "full" }
            keep(property)
        }
        for property in patches where !patch(property) { keep(property) }
        if emptyFullName, !name.contains(where: { $0.key == "full" }), name.contains(where: { $0.key == "components" }) {
            name.insert(("full", .string("")), at: 0)
        }
        if let derivedName, name.contains(where: { $0.key == "full" }) || !name.contains(where: { $0.key == "components" }) {
            keep(derivedName)
        }
    }

    // MARK: Localizations (RFC 9555 §2.3.9)

    /// A property in another language than the Card's as a patch of `localizations`: an FN as
    /// `name/full`, an N as `name`, a text (`TITLE`) as its value (`titles/t1/name`), an ADR or
    /// ORG as its object (`addresses/a1`), each paired with the property it localizes by `ALTID`
    /// (or as the one of its name); a text no property of its name localizes as a map of its own
    /// (`titles`, RFC 9555 Figure 5). False when it is none of these, and stays in vCardProps.
    private mutating func localize(_ property: VCardProperty) -> Bool {
        guard let language = property.parameters.first(where: { $0.name == "LANGUAGE" })?.values.first, !language.isEmpty,
              let home = PropertyTable.declaration(in40: property.name.uppercased())?.jsContact, (property.group ?? "").isEmpty
        else { return false }
        let upper = property.name.uppercased(), altID = Self.altID(of: property)
        var rest = property
        rest.parameters.removeAll { ["LANGUAGE", "ALTID", "PROP-ID"].contains($0.name) }
        let text = ValueDecoding.unescape(Array(property.value.utf8))
        switch home {
        case .fullName:
            guard rest.parameters.isEmpty, let fullName, fullName.altID == altID, name.contains(where: { $0.key == "full" }) else { return false }
            return addPatch(language, "name/full", .string(text))
        case .name:
            guard hasName, nameAltID == altID, let converted = Self.name(rest) else { return false }
            guard addPatch(language, "name", .object(converted.members)) else { return false }
            if altID != nil { name = Self.removing("altid", from: name) }
            return true
        case .address, .organization, .entry:
            let map: String, object: [(key: String, value: JSONValue)]?
            switch home {
            case .address: (map, object) = ("addresses", Self.address(rest))
            case .organization: (map, object) = ("organizations", Self.organization(rest))
            case .entry(let entry):
                let objects = Self.objects(rest, entry)
                (map, object) = (entry.map, objects?.count == 1 ? objects?[0] : nil)
            default: return false
            }
            guard let object else { return false }
            let bases = (maps[map] ?? []).indices.filter { maps[map]![$0].source.name == upper }
            let paired = bases.filter { maps[map]![$0].source.altID == altID }
            if let b = paired.first, paired.count == 1 {
                let key = maps[map]![b].key
                // A text of no parameters localizes the value; anything else the whole object.
                var done = false
                if case .entry(let entry) = home, rest.parameters.isEmpty {
                    done = addPatch(language, "\(map)/\(key)/\(entry.value)", .string(text))
                } else {
                    done = addPatch(language, "\(map)/\(key)", .object(object))
                }
                if done && altID != nil { removeParameter("altid", from: map, b) }
                return done
            }
            guard bases.isEmpty, altID == nil, case .entry(let entry) = home else { return false }
            return addToMapPatch(language, map, key: Self.propID(of: property) ?? entry.key, object: object)
        default:
            return false
        }
    }

    private static func propID(of property: VCardProperty) -> String? {
        property.parameters.first { $0.name == "PROP-ID" }?.values.first.flatMap { isID($0) ? $0 : nil }
    }

    /// Adds a patch to a language's localizations; false when that path is patched already.
    private mutating func addPatch(_ language: String, _ path: String, _ value: JSONValue) -> Bool {
        let k = languageIndex(language)
        // A name's full form and its components are one patch of the name (patches may not overlap).
        if path == "name", let f = localizations[k].patches.firstIndex(where: { $0.key == "name/full" }), let members = value.members,
           !members.contains(where: { $0.key == "full" }) {
            let full = localizations[k].patches.remove(at: f).value
            localizations[k].patches.append((path, .object([("full", full)] + members)))
            return true
        }
        if path == "name/full", let n = localizations[k].patches.firstIndex(where: { $0.key == "name" }),
           let members = localizations[k].patches[n].value.members, !members.contains(where: { $0.key == "full" }) {
            localizations[k].patches[n].value = .object([("full", value)] + members)
            return true
        }
        guard !localizations[k].patches.contains(where: { $0.key == path || $0.key.hasPrefix(path + "/") || path.hasPrefix($0.key + "/") })
        else { return false }
        localizations[k].patches.append((path, value))
        return true
    }

    /// Adds an object to the map a language's localizations give whole (RFC 9555 Figure 5), under
    /// its PROP-ID or a key made like the Card's (`TITLE-1`).
    private mutating func addToMapPatch(_ language: String, _ map: String, key: String, object: [(key: String, value: JSONValue)]) -> Bool {
        let k = languageIndex(language)
        guard !localizations[k].patches.contains(where: { $0.key.hasPrefix(map + "/") }) else { return false }
        var entries = localizations[k].patches.first { $0.key == map }?.value.members ?? []
        var id = key
        if !Self.isID(key) || entries.contains(where: { $0.key == key }) || (maps[map] ?? []).contains(where: { $0.key == key }) {
            var n = 0
            repeat { n += 1; id = "\(key)-\(n)" } while entries.contains { $0.key == id }
        }
        entries.append((id, .object(object)))
        localizations[k].patches.removeAll { $0.key == map }
        localizations[k].patches.append((map, .object(entries)))
        return true
    }

    /// Where a language's patches are, made when it has none yet.
    private mutating func languageIndex(_ language: String) -> Int {
        if let k = localizations.firstIndex(where: { $0.language == language }) { return k }
        localizations.append((language, []))
        return localizations.count - 1
    }

    /// Takes a parameter out of an object's `vCardParams` (and those, when nothing else is left).
    private mutating func removeParameter(_ parameter: String, from map: String, _ index: Int) {
        maps[map]![index].object = Self.removing(parameter, from: maps[map]![index].object)
    }

    private static func removing(_ parameter: String, from object: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        var object = object
        guard let k = object.firstIndex(where: { $0.key == "vCardParams" }), let params = object[k].value.members else { return object }
        let rest = params.filter { $0.key != parameter }
        if rest.isEmpty { object.remove(at: k) } else { object[k].value = .object(rest) }
        return object
    }

    /// JSPROP (RFC 9555 §3.2.1): a member of the Card, or of an object of one of its maps, that
    /// is not there yet; false for any other.
    private mutating func patch(_ property: VCardProperty) -> Bool {
        guard property.parameters.count == 1, property.parameters[0].name == "JSPTR",
              let pointer = property.parameters[0].values.first,
              let value = try? JSONValue.parse(Array(ValueDecoding.unescape(Array(property.value.utf8)).utf8), firstLine: 0)
        else { return false }
        let path = JSONPointer.segments(pointer)
        if path == ["localizations"] {  // what the localizations of the properties did not say
            guard let languages = value.members else { return false }
            for (language, patches) in languages {
                for (key, _) in patches.members ?? [] {
                    if let k = localizations.firstIndex(where: { $0.language == language }),
                       localizations[k].patches.contains(where: { $0.key == key }) { return false }
                }
                guard patches.members != nil else { return false }
            }
            for (language, patches) in languages {
                guard let members = patches.members, !members.isEmpty else { continue }
                localizations[languageIndex(language)].patches += members
            }
            return true
        }
        switch path.count {
        case 1:
            let key = path[0]
            guard !Self.order.contains(key), key != "vCardProps", key != "localizations", !extra.contains(where: { $0.key == key }) else { return false }
            extra.append((key, value))
        case 3:
            guard let index = maps[path[0]]?.firstIndex(where: { $0.key == path[1] }),
                  !maps[path[0]]![index].object.contains(where: { $0.key == path[2] }) else { return false }
            maps[path[0]]![index].object.append((path[2], value))
        default:
            return false
        }
        return true
    }

    private mutating func card(uid: () -> String) -> JSONValue {
        var card: [(key: String, value: JSONValue)] = [("@type", .string("Card")), ("version", .string("1.0"))]
        card.append(("uid", top["uid"] ?? .string(uid())))
        for key in ["kind", "language", "prodId", "created", "updated"] { if let value = top[key] { card.append((key, value)) } }
        if !name.isEmpty { card.append(("name", .object(name))) }
        func map(_ key: String) -> JSONValue? {
            guard let entries = maps[key], !entries.isEmpty else { return nil }
            return .object(entries.map { ($0.key, JSONValue.object($0.object)) })
        }
        if let pronouns = map("pronouns") { speakToAs.append(("pronouns", pronouns)) }
        for key in Self.order.dropFirst(9) {
            switch key {
            case "speakToAs": if !speakToAs.isEmpty { card.append((key, .object(speakToAs))) }
            case "keywords": if !keywords.isEmpty { card.append((key, .object(keywords))) }
            case "relatedTo": if !relatedTo.isEmpty { card.append((key, .object(relatedTo))) }
            case "members": if !members.isEmpty { card.append((key, .object(members))) }
            default: if let value = map(key) { card.append((key, value)) }
            }
        }
        if !localizations.isEmpty {
            card.append(("localizations", .object(localizations.map { ($0.language, JSONValue.object($0.patches)) })))
        }
        card += extra
        if !vCardProps.isEmpty { card.append(("vCardProps", .array(vCardProps))) }
        return .object(card)
    }
}

/// N's components in order, as JSContact's NameComponent kinds (RFC 9555 Table 1).
enum NameKinds {
    static let all = ["surname", "given", "given2", "title", "credential", "surname2", "generation"]
}

/// ADR's components in order, as JSContact's AddressComponent kinds (RFC 9555 Table 2), in the
/// order of RFC 9554 §2.2's ABNF: the street number (10) before the street name (11). RFC 9555's
/// examples have the two the other way round; the ABNF, which defines the vCard syntax, is
/// followed, as the RFCs' authors' conformance tests (jmapio/jscontact-tests) and other
/// converters (Stalwart's calcard) do.
enum AddressKinds {
    static let all = ["postOfficeBox", "apartment", "name", "locality", "region", "postcode", "country",
                      "room", "apartment", "floor", "number", "name", "building", "block", "subdistrict", "district",
                      "landmark", "direction"]
}

/// JSON pointers (RFC 6901) as JSPTR gives them: relative to the Card, `~1` a `/`, `~0` a `~`.
enum JSONPointer {
    static func segments(_ pointer: String) -> [String] {
        let trimmed = pointer.hasPrefix("/") ? String(pointer.dropFirst()) : pointer
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            var out = "", tilde = false
            for c in segment {
                if tilde { out.append(c == "1" ? "/" : c == "0" ? "~" : c); tilde = false } else if c == "~" { tilde = true } else { out.append(c) }
            }
            return out
        }
    }

    static func pointer(_ segments: [String]) -> String {
        segments.map { segment in
            var out = ""
            for c in segment { out += c == "~" ? "~0" : c == "/" ? "~1" : String(c) }
            return out
        }.joined(separator: "/")
    }
}
