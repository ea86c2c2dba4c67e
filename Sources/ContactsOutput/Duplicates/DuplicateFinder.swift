import ContactsCore

/// Finds the people that are one person, by hashed keys (never pairwise), strongest reason
/// first: the same UID; the same personal e-mail address (any case); the same phone number in
/// E.164 and names that fit (a family shares its landline: `Anna Berg` and `Erik Berg` are two,
/// `Anna Berg`, `A. Berg` and a nameless card one); the same role address (`info@`, `office@`)
/// and names that fit, both with a family name (colleagues share `info@`: `K. Lindqvist` and
/// `Karin Lindqvist` are one, `Karin` and `Lars Lindqvist` two); the same folded name and the
/// same whole birthday (its year too). People a UID, an e-mail, a phone or a role address
/// links whose known birthdays differ are not joined: they make a conflict.
public struct DuplicateFinder {
    /// Why people are in a group, strongest first.
    public enum Reason: String, Comparable, Sendable {
        case uid
        case email
        case phone
        case roleEmail = "role-email"
        case nameAndBirthday = "name-birthday"
        case conflict

        private var rank: Int {
            switch self {
            case .uid: 0
            case .email: 1
            case .phone: 2
            case .roleEmail: 3
            case .nameAndBirthday: 4
            case .conflict: 5
            }
        }

        public static func < (a: Reason, b: Reason) -> Bool { a.rank < b.rank }
    }

    /// One member of a group: the index of the person as added, and the strongest reason that linked it.
    public struct Member: Equatable, Sendable {
        public var index: Int
        public var reason: Reason
    }

    private var people: [DuplicateKeys] = []
    private let keying: DuplicateKeying

    /// No one yet; national phone numbers are read as numbers of `region` (ISO 3166: `DE`).
    public init(region: String?) {
        keying = DuplicateKeying(numbers: PhoneNumbers(region: region))
    }

    /// No one yet; people added as persons compared by what `keying` makes of them.
    init(keying: DuplicateKeying) {
        self.keying = keying
    }

    /// The number of people added.
    public var count: Int { people.count }

    /// Adds the next person (its index is the number added before).
    public mutating func add(_ person: PersonInfo) {
        people.append(keying.keys(person))
    }

    /// Adds the next person by its keys (made on another thread).
    mutating func add(_ keys: DuplicateKeys) {
        people.append(keys)
    }

    /// The groups of two or more, in the order of their first member, each member in input order;
    /// then the conflicts (two people a UID or an e-mail links, whose birthdays differ).
    public func groups() -> [[Member]] {
        var parent = Array(people.indices)
        var birthday = people.map(\.birthday)  // the group's birthday, at its root
        var name = people.map { (given: $0.given, family: $0.family) }  // its fullest name, at its root
        var reason = [Reason?](repeating: nil, count: people.count)
        var conflicts: [(Int, Int)] = []
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        func link(_ a: Int, _ b: Int, _ why: Reason) {
            let (ra, rb) = (root(a), root(b))
            guard ra != rb else { return }
            // A phone joins groups whose names fit (their fullest ones): a nameless card that
            // shares the landline of Anna and Erik Berg joins one of them, not both.
            if (why == .phone || why == .roleEmail) && !Self.namesFit(name[ra], name[rb]) { return }
            if why == .roleEmail && (name[ra].family.isEmpty || name[rb].family.isEmpty) { return }
            if let x = birthday[ra], let y = birthday[rb], !Self.compatible(x, y) {
                if why != .nameAndBirthday { conflicts.append((min(a, b), max(a, b))) }
                return
            }
            let (keep, join) = ra < rb ? (ra, rb) : (rb, ra)
            parent[join] = keep
            if Self.fullness(name[join]) > Self.fullness(name[keep]) { name[keep] = name[join] }
            if birthday[keep] == nil || (birthday[keep]?.year == nil && birthday[join]?.year != nil) { birthday[keep] = birthday[join] }
            if reason[a] == nil || why < reason[a]! { reason[a] = why }
            if reason[b] == nil || why < reason[b]! { reason[b] = why }
        }
        func linkToFirst<Key: Hashable>(_ key: Key, _ i: Int, _ first: inout [Key: Int], _ why: Reason) {
            if let j = first[key] { link(j, i, why) } else { first[key] = i }
        }
        do {
            var uids: [[UInt8]: Int] = [:]  // as bytes: canonically equivalent UIDs are two
            uids.reserveCapacity(people.count)
            for i in people.indices {
                if let uid = people[i].uid { linkToFirst(Array(uid.utf8), i, &uids, .uid) }
            }
        }
        do {
            var emails: [String: Int] = [:]
            emails.reserveCapacity(people.count)
            for i in people.indices {
                for email in people[i].emails { linkToFirst(email, i, &emails, .email) }
            }
        }
        // A phone links the earlier holders whose names fit, not only the first: a family's
        // landline, then someone's own card with it. Compared within the holders' family names
        // (`NameBoundHolders`), never with every holder: a switchboard's thousand holders cost
        // a thousand steps, not a million.
        var holders: [String: NameBoundHolders] = [:]
        for i in people.indices {
            for phone in people[i].phones {
                holders[phone, default: NameBoundHolders()].add(i, given: people[i].given, family: people[i].family) { link($0, i, .phone) }
            }
        }
        // A role address likewise, between people with family names.
        holders = [:]
        for i in people.indices where !people[i].family.isEmpty {
            for address in people[i].roleEmails {
                holders[address, default: NameBoundHolders()].add(i, given: people[i].given, family: people[i].family) {
                    link($0, i, .roleEmail)
                }
            }
        }
        holders = [:]
        do {
            var namesAndDays: [NameAndDay: Int] = [:]
            for i in people.indices {
                // A whole date: a year-less birthday may be anyone's of that name born on that day.
                guard let day = people[i].birthday, day.year != nil, !people[i].name.isEmpty else { continue }
                linkToFirst(NameAndDay(name: people[i].name, day: day), i, &namesAndDays, .nameAndBirthday)
            }
        }
        var members: [Int: [Member]] = [:]
        var order: [Int] = []
        for i in people.indices where reason[i] != nil {
            let r = root(i)
            if members[r] == nil { order.append(r) }
            members[r, default: []].append(Member(index: i, reason: reason[i]!))
        }
        var groups = order.map { members[$0]! }.filter { $0.count > 1 }
        var seen = Set<[Int]>()
        for (a, b) in conflicts where seen.insert([a, b]).inserted {
            groups.append([Member(index: a, reason: .conflict), Member(index: b, reason: .conflict)])
        }
        return groups.sorted { $0[0].index < $1[0].index }
    }

    /// The holders of one key that links people only when their names fit (a phone number),
    /// by family name: a new holder is linked with the first holder of each given name of its
    /// own family name that fits, and with the first nameless holder; a nameless one with the
    /// first holder of all (whose group then decides, as `link` compares the groups' names).
    private struct NameBoundHolders {
        private var first: Int?
        private var nameless: Int?
        private var byFamily: [String: [(given: String, index: Int)]] = [:]

        mutating func add(_ i: Int, given: String, family: String, link: (Int) -> Void) {
            if given.isEmpty && family.isEmpty {
                if let first { link(first) }
                if let nameless { link(nameless) } else { nameless = i }
            } else {
                if let nameless { link(nameless) }
                var known = false
                for holder in byFamily[family] ?? [] {
                    if holder.given == given { known = true }
                    if DuplicateFinder.namesFit((holder.given, family), (given, family)) { link(holder.index) }
                }
                if !known { byFamily[family, default: []].append((given, i)) }
            }
            if first == nil { first = i }
        }
    }

    /// A folded name and a whole birthday, compared as one.
    private struct NameAndDay: Hashable {
        var name: String
        var day: PartialDate
    }

    /// Names that may be one person's: one side has none, or the family names agree and the
    /// given names agree, one is missing, or one is the other's initial (`A.` for `Anna`).
    fileprivate static func namesFit(_ a: (given: String, family: String), _ b: (given: String, family: String)) -> Bool {
        if (a.given.isEmpty && a.family.isEmpty) || (b.given.isEmpty && b.family.isEmpty) { return true }
        guard a.family == b.family else { return false }
        if a.given == b.given || a.given.isEmpty || b.given.isEmpty { return true }
        func initial(_ name: String) -> Character? {
            let letters = name.filter { $0 != "." && $0 != " " }
            return letters.count == 1 ? letters.first : nil
        }
        if let i = initial(a.given) { return b.given.first == i }
        if let i = initial(b.given) { return a.given.first == i }
        return false
    }

    /// How much of a name is known: none, a family name, an initial, a whole given name.
    private static func fullness(_ name: (given: String, family: String)) -> Int {
        (name.family.isEmpty ? 0 : 1) + (name.given.filter { $0 != "." && $0 != " " }.count > 1 ? 2 : name.given.isEmpty ? 0 : 1)
    }

    /// Two known birthdays that may be one: the same day and month, and the same year where both have one.
    static func compatible(_ a: PartialDate, _ b: PartialDate) -> Bool {
        a.month == b.month && a.day == b.day && (a.year == nil || b.year == nil || a.year == b.year)
    }
}
