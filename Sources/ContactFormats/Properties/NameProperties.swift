import ContactsCore

/// The properties that name a person, and say how the name sorts and what they are called.
extension PropertyTable {
    static let names: [PropertyDeclaration] = [
        PropertyDeclaration("FN", .all, kind: .text, merge: .naming, field: .formattedName, definedIn: "RFC 6350 §6.2.1",
                            values: [.text], parameters: .listed.union(.language),
                            jsContact: .fullName),
        PropertyDeclaration("N", .all, once: .all, kind: .name, rule: .components(5), merge: .naming, field: .name,
                            definedIn: "RFC 6350 §6.2.2",
                            values: [.text], parameters: [.sortAs, .language, .altID, .phonetic, .script, .jsComps],
                            jsContact: .name),
        PropertyDeclaration("NICKNAME", [.v30, .v40], kind: .textList, merge: .items, field: .nickname,
                            definedIn: "RFC 6350 §6.2.3",
                            values: [.text], parameters: .listed.union(.language),
                            jsContact: .entry(JSContactEntry("nicknames", value: "name", key: "NICK", .textList))),
        PropertyDeclaration("SORT-STRING", .v30, once: .v30, kind: .text, merge: .naming, definedIn: "RFC 2426 §3.6.5"),
        PropertyDeclaration("GENDER", .v40, once: .v40, in30: "X-GENDER", kind: .gender, rule: .sex, merge: .single,
                            definedIn: "RFC 6350 §6.2.7",
                            values: [.text], parameters: []),
        PropertyDeclaration("GRAMGENDER", .v40, definedIn: "RFC 9554 §3.2",
                            values: [.text], parameters: [.language],
                            jsContact: .grammaticalGender),
        PropertyDeclaration("PRONOUNS", .v40, definedIn: "RFC 9554 §3.4",
                            values: [.text], parameters: .listed.union(.language),
                            jsContact: .pronouns),
    ]
}

extension PersonDecoder {
    /// The first `FN` with text; an empty one is no name.
    func readFormattedName(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        guard person.formattedName == nil else { return false }
        let shown = trimmedText(card, p)
        if !shown.isEmpty { person.formattedName = shown }
        return true
    }

    /// `N`'s five components, each a list (not in 2.1, where a comma is a comma), and its
    /// `SORT-AS`; a later `N` only when the first had no name in it.
    func readName(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, version: VCardVersion,
                  to person: inout PersonInfo) -> Bool {
        guard !person.hasNameParts && person.honorificPrefixes.isEmpty else { return false }
        person.familyNames = []
        person.givenNames = []
        person.additionalNames = []
        person.honorificPrefixes = []
        person.honorificSuffixes = []
        withValue(card, p) { value in
            ValueDecoding.forEachItem(value, lists: version != .v21) { component, item in
                switch component {
                case 0: person.familyNames.append(item)
                case 1: person.givenNames.append(item)
                case 2: person.additionalNames.append(item)
                case 3: person.honorificPrefixes.append(item)
                case 4: person.honorificSuffixes.append(item)
                default: break
                }
            }
        }
        person.sortAs = parameterValues(card, p, "SORT-AS").map { $0.trimmingSpaces() }
        return true
    }

    func readNickname(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        person.nicknames += withValue(card, p) { ValueDecoding.textList($0) }
        return true
    }
}

extension PersonProperties {
    static func writeFormattedName(_ person: PersonInfo, to out: inout PropertyWriter) {
        if let shown = person.formattedName { out.add("FN", VCardText.escape(shown), alternativeID("FN", of: person)) }
    }

    static func writeName(_ person: PersonInfo, to out: inout PropertyWriter) {
        guard nameParts(person).contains(where: { !$0.isEmpty }) || !person.sortAs.isEmpty else { return }
        out.add("N", name(person), alternativeID("N", of: person)
                    + (person.sortAs.isEmpty ? [] : [VCardParameter(name: "SORT-AS", values: person.sortAs)]))
    }

    /// The `ALTID` of the alternatives of the property `name` among the extra properties (LDIF's
    /// `sn;lang-ja` read as `N;ALTID=1;LANGUAGE=ja`), which the model's value is one of; none without.
    private static func alternativeID(_ name: String, of person: PersonInfo) -> [VCardParameter] {
        guard !person.extraProperties.isEmpty,
              let id = person.extraProperties.first(where: { $0.name == name })?.parameters.first(where: { $0.name == "ALTID" })
        else { return [] }
        return [VCardParameter(name: "ALTID", values: id.values)]
    }

    static func writeNickname(_ person: PersonInfo, to out: inout PropertyWriter) {
        if !person.nicknames.isEmpty { out.add("NICKNAME", VCardText.list(person.nicknames)) }
    }

    /// The `N` value: family, given, additional names, prefixes, suffixes, each a list.
    package static func name(_ person: PersonInfo) -> String {
        VCardText.structured(nameParts(person).map { $0.isEmpty ? [""] : $0 })
    }

    private static func nameParts(_ person: PersonInfo) -> [[String]] {
        [person.familyNames, person.givenNames, person.additionalNames, person.honorificPrefixes, person.honorificSuffixes]
    }
}
