/// Buffers people with a sort key computed once each (ICU sort keys, compared as bytes), then
/// forwards them in order on `finish()`. Ties keep input order, so output is deterministic.
/// Keys live in one byte arena and only small index records are moved while sorting.
public final class SortingSink: PeopleSink {
    private struct Entry {
        var keyStart: Int
        var keyLength: Int
        var index: Int
    }

    private let order: SortOrder
    private let collator: Collator
    private let dates: DateContext
    private let next: PeopleSink
    private var people: [PersonInfo] = []
    private var keys: [UInt8] = []
    private var entries: [Entry] = []

    public init(order: SortOrder, collator: Collator, dates: DateContext, next: PeopleSink) {
        self.order = order
        self.collator = collator
        self.dates = dates
        self.next = next
    }

    public func consume(_ person: PersonInfo) throws {
        guard order != .none else { return try next.consume(person) }
        let key = sortKey(person)
        entries.append(Entry(keyStart: keys.count, keyLength: key.count, index: people.count))
        keys.append(contentsOf: key)
        people.append(person)
    }

    public func finish() throws {
        if !entries.isEmpty {
            keys.withUnsafeBytes { arena in
                let base = arena.baseAddress!
                // Swift's sort is stable: equal keys stay in input order.
                entries.sort { a, b in
                    let c = memcmp(base + a.keyStart, base + b.keyStart, min(a.keyLength, b.keyLength))
                    return c != 0 ? c < 0 : a.keyLength < b.keyLength
                }
            }
        }
        for entry in entries { try next.consume(people[entry.index]) }
        people.removeAll()
        keys.removeAll()
        entries.removeAll()
        try next.finish()
    }

    /// The bytes people are ordered by.
    func sortKey(_ person: PersonInfo) -> [UInt8] {
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
