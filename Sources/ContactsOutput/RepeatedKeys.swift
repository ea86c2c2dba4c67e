import ContactsCore
import ContactFormats

/// The cheap count behind the likely-duplicates warning of a birthday output or LDIF: how many
/// UIDs, e-mail addresses (where the output reads them) and pairs of a name and a birthday (the
/// events a calendar would hold twice) more than one of the people written has, ASCII case
/// aside. A preparer (on any thread) puts a person's keys, 64-bit hashes, before what it
/// prepared (`appendKeys`); the sink counts them as it takes the person, in input order
/// (`count`), so that a part read again or in another order changes nothing. Past `capacity`
/// different keys the table is dropped and the counts are nil, whatever the order.
public final class RepeatedKeys {
    /// How many keys of each kind more than one person has.
    public struct Counts: Equatable, Sendable {
        public var uids = 0, emails = 0, namesAndBirthdays = 0
        /// All kinds together.
        public var total: Int { uids + emails + namesAndBirthdays }
    }

    private enum Kind: UInt64 { case uid = 1, email = 2, nameAndBirthday = 3 }

    // Used on the sink's thread only: in a cell without run-time exclusivity checks (they cost more than the rest).
    private let table = UncheckedCell(Table())
    private let capacity: Int

    /// A count that holds at most `capacity` keys (8 to 16 bytes each).
    public init(capacity: Int = 1 << 18) {
        self.capacity = capacity
    }

    /// The keys more than one person has; nil when there were more different keys than the table holds.
    public var repeated: Counts? { table.value.full ? nil : table.value.counts }

    /// Appends the person's keys, each once: a byte with how many, then each in 8 bytes.
    static func appendKeys(of person: PersonInfo, to bytes: inout [UInt8]) {
        let countAt = bytes.count
        bytes.append(0)
        func add(_ key: UInt64) {
            bytes.appendLittleEndian(key)
            bytes[countAt] += 1
        }
        // The kind in the lowest two bits of a key, which is never 0 (the third is the table's).
        if let uid = person.uid, !uid.isEmpty { add(hash(uid, into: offset) << 3 | Kind.uid.rawValue) }
        if let birthday = person.birthday {
            var hash = offset ^ (UInt64(birthday.year ?? 0) << 16 | UInt64(birthday.month) << 8 | UInt64(birthday.day))
            person.forEachDisplayNamePart { hash = Self.hash($0, into: hash) }
            add(hash << 3 | Kind.nameAndBirthday.rawValue)
        }
        // A person's own address written twice is one key (the other kinds cannot be equal).
        let emailsAt = bytes.count
        for email in person.emails where !email.value.isEmpty && bytes[countAt] < 255 {
            let key = hash(email.value, into: offset) << 3 | Kind.email.rawValue
            let known = Self.holds(key, in: bytes.span, from: emailsAt)
            if !known { add(key) }
        }
    }

    /// Whether the keys from `start` of `bytes` hold `key`.
    private static func holds(_ key: UInt64, in bytes: Span<UInt8>, from start: Int) -> Bool {
        stride(from: start, to: bytes.count, by: 8).contains { bytes.littleEndianWord(at: $0) == key }
    }

    /// Counts the keys `appendKeys` put at the start of `bytes`; returns how many bytes they take.
    func count(_ bytes: Span<UInt8>) -> Int {
        table.value.count(bytes, capacity: capacity)
    }

    /// Open addressing: a key (hash << 3 | seen again << 2 | kind) per slot, 0 when free.
    private struct Table {
        var slots = [UInt64](repeating: 0, count: 4096)
        var used = 0
        var counts = Counts()
        var full = false

        mutating func count(_ bytes: Span<UInt8>, capacity: Int) -> Int {
            let n = Int(bytes[0])
            if !full {
                for i in 0..<n { count(bytes.littleEndianWord(at: 1 + 8 * i)) }
                if used > capacity {
                    full = true
                    slots = []
                }
            }
            return 1 + 8 * n
        }

        /// The second coming of a key counts; a third does not again.
        private mutating func count(_ key: UInt64) {
            if (used + 1) * 4 > slots.count * 3 { grow() }
            let mask = slots.count - 1
            var i = RepeatedKeys.start(key, mask)
            while slots[i] != 0 {
                if slots[i] | 4 == key | 4 {
                    guard slots[i] & 4 == 0 else { return }
                    slots[i] |= 4
                    switch Kind(rawValue: key & 3)! {
                    case .uid: counts.uids += 1
                    case .email: counts.emails += 1
                    case .nameAndBirthday: counts.namesAndBirthdays += 1
                    }
                    return
                }
                i = (i + 1) & mask
            }
            slots[i] = key
            used += 1
        }

        private mutating func grow() {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            let mask = slots.count - 1
            for key in old where key != 0 {
                var i = RepeatedKeys.start(key, mask)
                while slots[i] != 0 { i = (i + 1) & mask }
                slots[i] = key
            }
        }
    }

    /// Where a key's search starts: its bits mixed again (the lowest say its kind).
    fileprivate static func start(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    private static let offset: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The text's hash, from `hash`, ASCII letters folded to lower case (`ByteScan.foldedHash`).
    private static func hash(_ text: String, into hash: UInt64) -> UInt64 {
        ByteScan.foldedHash(text.utf8.span, seed: hash)
    }
}
