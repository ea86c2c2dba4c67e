/// Buffers people with a sort key computed once each (ICU sort keys, compared as bytes), then
/// forwards them in order on `finish()`. Ties keep input order, so output is deterministic.
/// Each person waits as compact bytes (`PersonCoding`) next to its key, in large blocks of
/// memory; only small index records are moved while sorting.
public final class SortingSink: PeopleSink {
    private struct Entry {  // 12 bytes
        var offset: UInt32
        var personLength: UInt32
        var block: UInt16
        var keyLength: UInt16
    }

    private static let blockSize = 16 << 20
    private let order: SortOrder
    private let collator: Collator
    private let dates: DateContext
    private let next: PeopleSink
    private var coding = PersonCoding()
    private var blocks: [(base: UnsafeMutableRawPointer, capacity: Int)] = []
    private var used = 0  // bytes used in the last block
    private var entries: [Entry] = []
    private var scratch: [UInt8] = []

    public init(order: SortOrder, collator: Collator, dates: DateContext, next: PeopleSink) {
        self.order = order
        self.collator = collator
        self.dates = dates
        self.next = next
    }

    deinit { release() }

    public func consume(_ person: PersonInfo) throws {
        guard order != .none else { return try next.consume(person) }
        var key = sortKey(person)
        if key.count > Int(UInt16.max) { key = Array(key.prefix(Int(UInt16.max))) }  // never for a real name
        scratch.removeAll(keepingCapacity: true)
        coding.encode(person, into: &scratch)
        let size = key.count + scratch.count
        if blocks.isEmpty || used + size > blocks[blocks.count - 1].capacity {
            let capacity = max(Self.blockSize, size)
            blocks.append((UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8), capacity))
            used = 0
        }
        let base = blocks[blocks.count - 1].base + used
        key.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: key.count) }
        scratch.withUnsafeBytes { base.advanced(by: key.count).copyMemory(from: $0.baseAddress!, byteCount: scratch.count) }
        entries.append(Entry(offset: UInt32(used), personLength: UInt32(scratch.count), block: UInt16(blocks.count - 1),
                             keyLength: UInt16(key.count)))
        used += size
    }

    public func finish() throws {
        let bases = blocks.map(\.base)
        // Swift's sort is stable: equal keys stay in input order.
        entries.sort { a, b in
            let c = memcmp(bases[Int(a.block)] + Int(a.offset), bases[Int(b.block)] + Int(b.offset),
                           Int(min(a.keyLength, b.keyLength)))
            return c != 0 ? c < 0 : a.keyLength < b.keyLength
        }
        for entry in entries {
            let start = bases[Int(entry.block)] + Int(entry.offset) + Int(entry.keyLength)
            try next.consume(coding.decode(UnsafeRawBufferPointer(start: start, count: Int(entry.personLength))))
        }
        entries = []
        release()
        try next.finish()
    }

    private func release() {
        for block in blocks { block.base.deallocate() }
        blocks = []
        used = 0
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
