import ContactsCore

/// The vCard parameters that are members of a JSContact object (RFC 9555 §2.3), both ways:
/// `TYPE` as `contexts` (and a phone's `features`), `PREF` as `pref`, `MEDIATYPE`, `SERVICE-TYPE`,
/// `USERNAME`, `LEVEL`, `INDEX`, a note's `CREATED`/`AUTHOR`/`AUTHOR-NAME`; every other
/// parameter, and the group, in the object's `vCardParams` (§2.15.2), so that nothing is lost.
enum JSContactParameters {
    /// The maps whose objects have `contexts` (RFC 9553 §2.3–§2.6).
    static let contextMaps: Set<String> = ["emails", "phones", "onlineServices", "preferredLanguages", "addresses", "nicknames",
                                           "organizations", "links", "media", "calendars", "cryptoKeys", "directories",
                                           "schedulingAddresses", "pronouns"]
    /// The maps whose objects have `pref`.
    static let prefMaps: Set<String> = contextMaps.subtracting(["organizations"])
    /// The maps whose objects have `label` (Apple's `X-ABLabel`, RFC 9555 §2.11.10).
    static let labelMaps: Set<String> = ["emails", "phones", "onlineServices", "links", "media", "calendars", "cryptoKeys",
                                         "directories", "schedulingAddresses"]
    /// The maps whose objects are resources with a `mediaType`.
    static let mediaTypeMaps: Set<String> = ["links", "media", "calendars", "cryptoKeys", "directories"]

    /// vCard's `TYPE` values that are contexts, and theirs (RFC 9555 §2.3.18; RFC 9554 §5 for addresses).
    static let contexts = ["home": "private", "work": "work"]
    static let addressContexts = ["billing": "billing", "delivery": "delivery"]
    /// `TEL`'s `TYPE` values that are a phone's features (RFC 9555 Table 3).
    static let features = ["cell": "mobile", "fax": "fax", "main-number": "main-number", "pager": "pager", "text": "text",
                           "textphone": "textphone", "video": "video", "voice": "voice"]
    /// `EXPERTISE`'s levels and JSContact's (RFC 9555 §2.3.12).
    static let expertiseLevels = ["beginner": "low", "average": "medium", "expert": "high"]

    // MARK: vCard → JSContact

    /// The members `property`'s parameters (and group) give an object of `map`; `skipping` names
    /// parameters the caller converts itself.
    static func members(of property: VCardProperty, map: String, kind: String? = nil, skipping: Set<String> = []) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        var kept: [(name: String, values: [String])] = []
        var types: [String] = []
        var author: [(key: String, value: JSONValue)] = []
        for parameter in property.parameters {
            let name = parameter.name
            if skipping.contains(name) { continue }
            if name == "TYPE" && (contextMaps.contains(map) || map == "relatedTo") {
                types += parameter.values.flatMap { $0.split(separator: ",").map(String.init) }
            } else if parameter.values.count == 1, let member = member(name, parameter.values[0], map: map, kind: kind),
                      !members.contains(where: { $0.key == member.key }), !author.contains(where: { "author." + $0.key == member.key }) {
                if member.key.hasPrefix("author.") {
                    author.append((String(member.key.dropFirst(7)), member.value))
                } else {
                    members.append(member)
                }
            } else {
                kept.append((name.lowercased(), parameter.values))
            }
        }
        if !author.isEmpty { members.append(("author", .object(author))) }
        // In the order the reader writes the parameters back, so that a Card read and written is the same text.
        let rank = ["pref", "mediaType", "service", "user", "level", "listAs", "created", "author"]
        members.sort { rank.firstIndex(of: $0.key)! < rank.firstIndex(of: $1.key)! }
        if !types.isEmpty {
            var contextMembers: [(key: String, value: JSONValue)] = [], featureMembers: [(key: String, value: JSONValue)] = []
            var relation: [(key: String, value: JSONValue)] = []
            var unmapped: [String] = []  // types of no context or feature, kept in vCardParams
            for type in types {
                let lower = type.lowercased()
                if map == "relatedTo" {
                    if !relation.contains(where: { $0.key == lower }) { relation.append((lower, .true)) } else { unmapped.append(type) }
                } else if let context = context(lower, in: map), !contextMembers.contains(where: { $0.key == context }) {
                    contextMembers.append((context, .true))
                } else if map == "phones", let feature = features[lower], !featureMembers.contains(where: { $0.key == feature }) {
                    featureMembers.append((feature, .true))
                } else {
                    unmapped.append(type)
                }
            }
            if !contextMembers.isEmpty { members.append(("contexts", .object(contextMembers))) }
            if !featureMembers.isEmpty { members.append(("features", .object(featureMembers))) }
            if map == "relatedTo" { members.append(("relation", .object(relation))) }
            if !unmapped.isEmpty { kept.insert(("type", unmapped), at: 0) }
        } else if map == "relatedTo" {
            members.append(("relation", .object([])))
        }
        if let group = property.group, !group.isEmpty { kept.append(("group", [group])) }
        if !kept.isEmpty { members.append(("vCardParams", vCardParams(kept))) }
        return members
    }

    /// The member a parameter with one value is in an object of `map` (`author.…`: of its
    /// author); nil: it is none, and kept in `vCardParams`.
    private static func member(_ name: String, _ value: String, map: String, kind: String?) -> (key: String, value: JSONValue)? {
        func count(_ text: String) -> JSONValue? {
            guard let n = Int(text), n >= 1, String(n) == text else { return nil }
            return .integer(n)
        }
        switch name {
        case "PREF" where prefMaps.contains(map):
            guard let n = Int(value), (1...100).contains(n), String(n) == value else { return nil }
            return ("pref", .integer(n))
        case "MEDIATYPE" where mediaTypeMaps.contains(map): return ("mediaType", .string(value))
        case "SERVICE-TYPE" where map == "onlineServices": return ("service", .string(value))
        case "USERNAME" where map == "onlineServices": return ("user", .string(value))
        case "LEVEL" where map == "personalInfo":
            let lower = value.lowercased()
            return ("level", .string(kind == "expertise" ? expertiseLevels[lower] ?? lower : lower))
        case "INDEX" where map == "personalInfo" || map == "directories": return count(value).map { ("listAs", $0) }
        case "CREATED" where map == "notes": return JSContactDates.utc(value).map { ("created", .string($0)) }
        case "AUTHOR" where map == "notes": return ("author.uri", .string(value))
        case "AUTHOR-NAME" where map == "notes": return ("author.name", .string(value))
        default: return nil
        }
    }

    /// Parameters as `vCardParams` has them: a value a string, several an array (RFC 7095 §3.4).
    static func vCardParams(_ parameters: [(name: String, values: [String])]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        for (name, values) in parameters {
            if let k = members.firstIndex(where: { $0.key == name }) {
                let before = members[k].value.array ?? [members[k].value]
                members[k].value = .array(before + values.map(JSONValue.string))
            } else {
                members.append((name, values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string))))
            }
        }
        return .object(members)
    }

    /// The context a `TYPE` value is in an object of `map`, if any.
    private static func context(_ type: String, in map: String) -> String? {
        contexts[type] ?? (map == "addresses" ? addressContexts[type] : nil)
    }

    // MARK: JSContact → vCard

    /// vCard's `TYPE` value for a context.
    static func vCardType(context: String) -> String {
        context == "private" ? "home" : context
    }

    /// vCard's `TYPE` value for a phone's feature.
    static func vCardType(feature: String) -> String {
        feature == "mobile" ? "cell" : feature
    }

    /// The parameters and group of an object's members (those `JSContactParsing` has not taken):
    /// the types from `vCardParams`' `type` first, then the contexts, features and relation's not among them.
    static func parameters(of object: JSONValue, map: String, kind: String?, into property: inout VCardProperty) {
        var types: [String] = []
        if let params = object["vCardParams"]?.members {
            for (key, value) in params {
                let values = (value.array ?? [value]).compactMap(\.string)
                guard !values.isEmpty, VCardEncoder.isWritableName(key) else { continue }
                switch key.lowercased() {
                case "group": property.group = values[0]
                case "type": types += values
                // A parameter vCard does not list, repeated (`PREF=0;PREF=1`): as many as there are values, as jCard reads it.
                case _ where values.count > 1 && !JCardProperty.listParameters.contains(key.uppercased()):
                    property.parameters += values.map { VCardParameter(name: key.uppercased(), values: [$0]) }
                default: property.parameters.append(VCardParameter(name: key.uppercased(), values: values))
                }
            }
        }
        var more: [String] = []
        for (key, _) in object["contexts"]?.members ?? [] { more.append(vCardType(context: key)) }
        for (key, _) in object["features"]?.members ?? [] { more.append(vCardType(feature: key)) }
        for (key, _) in object["relation"]?.members ?? [] { more.append(key) }
        for type in more where !types.contains(where: { $0.lowercased() == type.lowercased() }) { types.append(type) }
        if !types.isEmpty { property.parameters.insert(VCardParameter(name: "TYPE", values: types), at: 0) }
        func add(_ name: String, _ value: String?) {
            if let value, !value.isEmpty { property.parameters.append(VCardParameter(name: name, values: [value])) }
        }
        add("PREF", object["pref"]?.integer.map(String.init))
        add("MEDIATYPE", object["mediaType"]?.string)
        add("SERVICE-TYPE", object["service"]?.string)
        if map == "onlineServices" && object["uri"] != nil { add("USERNAME", object["user"]?.string) }
        if let level = object["level"]?.string {
            add("LEVEL", kind == "expertise" ? expertiseLevels.first { $0.value == level }?.key ?? level : level)
        }
        add("INDEX", object["listAs"]?.integer.map(String.init))
        add("CREATED", object["created"]?.string.flatMap(JSContactDates.basicUTC))
        add("AUTHOR", object["author"]?["uri"]?.string)
        add("AUTHOR-NAME", object["author"]?["name"]?.string)
    }

    /// The members `parameters(of:…)` reads, which are no unknown property of an object.
    static let known: Set<String> = ["@type", "vCardParams", "vCardName", "contexts", "features", "relation", "pref", "mediaType",
                                     "service", "user", "level", "listAs", "created", "author", "label", "kind"]
}
