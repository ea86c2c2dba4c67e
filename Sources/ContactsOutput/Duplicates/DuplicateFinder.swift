import ContactsCore

/// Finds the people that are one person, by hashed keys (never pairwise), strongest reason
/// first: the same UID; the same personal e-mail address (any case; a role address such as
/// `info@` links nobody); the same folded name and the same whole birthday (its year too).
/// People a UID or an
/// e-mail links whose known birthdays differ are not joined: they make a conflict.
public struct DuplicateFinder {
    /// Why people are in a group, strongest first.
    public enum Reason: String, Comparable, Sendable {
        case uid
        case email
        case nameAndBirthday = "name-birthday"
        case conflict

        private var rank: Int {
            switch self {
            case .uid: 0
            case .email: 1
            case .nameAndBirthday: 2
            case .conflict: 3
            }
        }

        public static func < (a: Reason, b: Reason) -> Bool { a.rank < b.rank }
    }

    /// One member of a group: the index of the person as added, and the strongest reason that linked it.
    public struct Member: Equatable, Sendable {
        public var index: Int
        public var reason: Reason
    }

    /// What a person is compared by.
    private struct Keys {
        var uid: String?
        var emails: [String]
        var name: String
        var birthday: PartialDate?
    }

    private var people: [Keys] = []

    /// No one yet.
    public init() {}

    /// The number of people added.
    public var count: Int { people.count }

    /// Local parts of the addresses of a role, not of a person (`info@example.org`).
    static let roleAddresses: Set<String> = [
        "info", "office", "contact", "sales", "support", "noreply", "no-reply", "donotreply", "do-not-reply",
        "admin", "hello", "team", "mail", "post", "kontakt", "service", "billing", "enquiries", "inquiries",
        "webmaster", "postmaster", "hostmaster", "abuse", "hr", "jobs", "careers", "press", "marketing", "help",
        "reception", "booking", "bookings", "orders", "accounts", "newsletter", "feedback",
    ]

    /// Adds the next person (its index is the number added before).
    public mutating func add(_ person: PersonInfo) {
        let emails = person.emails.map { $0.value.trimmingSpaces().lowercased() }.filter { email in
            guard let at = email.lastIndex(of: "@"), at != email.startIndex else { return false }
            return !Self.roleAddresses.contains(String(email[..<at]))
        }
        let uid = person.uid.map { $0.trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
        // The name counts only with a whole birthday: folded only then.
        let name = person.birthday?.year == nil ? "" : Self.foldedName(person)
        people.append(Keys(uid: uid, emails: emails, name: name, birthday: person.birthday))
    }

    /// The name compared: the given and family names (else the name shown), folded (case and
    /// accents), white space as single spaces.
    static func foldedName(_ person: PersonInfo) -> String {
        let parts = person.hasNameParts ? person.givenNames + person.familyNames : [person.formattedName ?? ""]
        var name: [UInt8] = []
        for byte in folded(parts.joined(separator: " ")).utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if name.last != 0x20 { name.append(0x20) }
            } else {
                name.append(byte)
            }
        }
        if name.first == 0x20 { name.removeFirst() }
        if name.last == 0x20 { name.removeLast() }
        return String(decoding: name, as: UTF8.self)
    }

    /// The groups of two or more, in the order of their first member, each member in input order;
    /// then the conflicts (two people a UID or an e-mail links, whose birthdays differ).
    public func groups() -> [[Member]] {
        var parent = Array(people.indices)
        var birthday = people.map(\.birthday)  // the group's birthday, at its root
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
            if let x = birthday[ra], let y = birthday[rb], !Self.compatible(x, y) {
                if why != .nameAndBirthday { conflicts.append((min(a, b), max(a, b))) }
                return
            }
            let (keep, join) = ra < rb ? (ra, rb) : (rb, ra)
            parent[join] = keep
            if birthday[keep] == nil || (birthday[keep]?.year == nil && birthday[join]?.year != nil) { birthday[keep] = birthday[join] }
            for i in [a, b] where reason[i] == nil || why < reason[i]! { reason[i] = why }
        }
        func linkAll(_ why: Reason, _ keys: (Keys) -> [String]) {
            var first: [String: Int] = [:]
            first.reserveCapacity(people.count)
            for (i, person) in people.enumerated() {
                for key in keys(person) {
                    if let j = first[key] { link(j, i, why) } else { first[key] = i }
                }
            }
        }
        linkAll(.uid) { $0.uid.map { [$0] } ?? [] }
        linkAll(.email) { $0.emails }
        linkAll(.nameAndBirthday) { person in
            // A whole date: a year-less birthday may be anyone's of that name born on that day.
            guard let day = person.birthday, day.year != nil, !person.name.isEmpty else { return [] }
            return ["\(person.name)\u{0}\(day.description)"]
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

    /// Two known birthdays that may be one: the same day and month, and the same year where both have one.
    static func compatible(_ a: PartialDate, _ b: PartialDate) -> Bool {
        a.month == b.month && a.day == b.day && (a.year == nil || b.year == nil || a.year == b.year)
    }
}
