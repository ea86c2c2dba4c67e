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
        collator.beginText()
        Self.forEachSortNamePiece(person, familyFirst: order != .first, text: collator.addText, separator: collator.addText(ascii:))
        collator.appendTextKey(to: &key)
    }

    /// The name people are sorted by, in pieces: name parts separated by tabs (which sort
    /// before every letter), using `SORT-AS` or phonetic spellings where present; `FN` when there
    /// are no name parts. `text` gets the texts, `separator` the spaces and tabs between them.
    static func forEachSortNamePiece(_ person: PersonInfo, familyFirst: Bool, text: (String) -> Void,
                                     separator: (UInt8) -> Void) {
        func add(_ parts: [String]) {
            for (i, part) in parts.enumerated() {
                if i > 0 { separator(0x20) }
                text(part)
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
            if let spelling { text(spelling) } else { add(parts) }
        }
        let family = spelling(0, person.phoneticFamilyName), given = spelling(1, person.phoneticGivenName)
        guard !isEmpty(family, person.familyNames) || !isEmpty(given, person.givenNames) else { return text(person.displayName) }
        if familyFirst { add(family, person.familyNames) } else { add(given, person.givenNames) }
        separator(0x09)
        if familyFirst { add(given, person.givenNames) } else { add(family, person.familyNames) }
        separator(0x09)
        add(person.additionalNames)
        separator(0x09)
        add(person.honorificPrefixes)
        separator(0x09)
        add(person.honorificSuffixes)
    }
}
