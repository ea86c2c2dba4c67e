import ContactsCore
import ContactFormats

/// The bytes people are ordered by for a sort order: ICU sort keys of the name (with the
/// birthday's rank first for `date` and `upcoming`), compared bytewise. Holds a collator, so
/// one value serves one thread.
struct SortKeys {
    let order: SortOrder
    let collator: Collator
    let dates: DateContext

    /// The same keys from a copy of the collator, for another thread.
    func copy() -> SortKeys {
        SortKeys(order: order, collator: collator.copy(), dates: dates)
    }

    /// Appends the person's key to `key`.
    func appendKey(for person: PersonInfo, to key: inout [UInt8]) {
        if order == .date || order == .upcoming {
            // Another calendar's birthday ranks by its next Gregorian day.
            let rank: Int? = if let birthday = person.birthday {
                order == .date ? birthday.month * 100 + birthday.day : dates.upcoming(birthday).days
            } else if person.calendarBirthday != nil, let next = dates.upcoming(of: person) {
                order == .date ? next.date.month * 100 + next.date.day : next.days
            } else {
                nil
            }
            if let rank {
                key.append(UInt8(rank >> 8 & 0xFF))
                key.append(UInt8(rank & 0xFF))
            } else {
                key.append(0xFF)
                key.append(0xFF)
            }
        }
        let start = key.count
        Self.appendSortName(person, familyFirst: order != .first, to: &key)
        collator.replaceWithSortKey(&key, from: start)
    }

    /// The name people are sorted by: name parts separated by tabs (which sort before every
    /// letter), using `SORT-AS` or phonetic spellings where present; `FN` when there are no
    /// name parts.
    static func appendSortName(_ person: PersonInfo, familyFirst: Bool, to name: inout [UInt8]) {
        func append(_ text: String) {
            var text = text
            text.withUTF8 { name.append(contentsOf: $0) }
        }
        func append(_ parts: [String]) {
            for (i, part) in parts.enumerated() {
                if i > 0 { name.append(0x20) }
                append(part)
            }
        }
        /// `SORT-AS`, else the phonetic spelling; nil: the parts.
        func spelling(_ sortAs: Int, _ phonetic: String?) -> String? {
            if sortAs < person.sortAs.count, !person.sortAs[sortAs].isEmpty { return person.sortAs[sortAs] }
            if let phonetic, !phonetic.isEmpty { return phonetic }
            return nil
        }
        func isEmpty(_ spelling: String?, _ parts: [String]) -> Bool {
            spelling == nil && parts.count <= 1 && (parts.first?.isEmpty ?? true)  // joined, it is ""
        }
        func add(_ spelling: String?, _ parts: [String]) {
            if let spelling { append(spelling) } else { append(parts) }
        }
        let family = spelling(0, person.phoneticFamilyName), given = spelling(1, person.phoneticGivenName)
        guard !isEmpty(family, person.familyNames) || !isEmpty(given, person.givenNames) else { return append(person.displayName) }
        if familyFirst { add(family, person.familyNames) } else { add(given, person.givenNames) }
        name.append(0x09)
        if familyFirst { add(given, person.givenNames) } else { add(family, person.familyNames) }
        name.append(0x09)
        append(person.additionalNames)
        name.append(0x09)
        append(person.honorificPrefixes)
        name.append(0x09)
        append(person.honorificSuffixes)
    }
}
