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

    func key(for person: PersonInfo) -> [UInt8] {
        switch order {
        case .last, .none:
            return collator.sortKey(Self.sortName(person, familyFirst: true))
        case .first:
            return collator.sortKey(Self.sortName(person, familyFirst: false))
        case .date, .upcoming:
            var key: [UInt8]
            if let birthday = person.birthday {
                let rank = order == .date ? birthday.month * 100 + birthday.day
                                          : dates.upcoming(birthday).days
                key = [UInt8(rank >> 8 & 0xFF), UInt8(rank & 0xFF)]
            } else {
                key = [0xFF, 0xFF]
            }
            key += collator.sortKey(Self.sortName(person, familyFirst: true))
            return key
        }
    }

    /// The name people are sorted by: name parts separated by tabs (which sort before every
    /// letter), using `SORT-AS` or phonetic spellings where present; `FN` when there are no
    /// name parts.
    static func sortName(_ person: PersonInfo, familyFirst: Bool) -> String {
        func preferred(_ sortAs: Int, _ phonetic: String?, _ parts: [String]) -> String {
            if sortAs < person.sortAs.count, !person.sortAs[sortAs].isEmpty { return person.sortAs[sortAs] }
            if let phonetic, !phonetic.isEmpty { return phonetic }
            return parts.joined(separator: " ")
        }
        let family = preferred(0, person.phoneticFamilyName, person.familyNames)
        let given = preferred(1, person.phoneticGivenName, person.givenNames)
        guard !family.isEmpty || !given.isEmpty else { return person.displayName }
        let rest = [person.additionalNames.joined(separator: " "), person.honorificPrefixes.joined(separator: " "),
                    person.honorificSuffixes.joined(separator: " ")]
        return ((familyFirst ? [family, given] : [given, family]) + rest).joined(separator: "\t")
    }
}
