import ContactsCore
import ContactFormats

/// The people vCard 2.1 holds, as it holds them, for round-trip checks: 2.1 has no lists in a
/// name's parts, so the items of each part are one, joined by commas. A card without `FN` is
/// written with one made from the parts before the join; one whose `FN` is empty keeps it
/// empty, and is shown by the joined parts.
public func vCard21Representable(_ people: [PersonInfo]) -> [PersonInfo] {
    people.map { person in
        var p = person
        if p.formattedName == nil && !person.cardProperties.contains(where: { $0.name.uppercased() == "FN" }) {
            p.formattedName = person.displayName
        }
        for part in [\PersonInfo.familyNames, \.givenNames, \.additionalNames, \.honorificPrefixes, \.honorificSuffixes]
        where p[keyPath: part].count > 1 {
            p[keyPath: part] = [p[keyPath: part].joined(separator: ",")]
        }
        return p
    }
}
