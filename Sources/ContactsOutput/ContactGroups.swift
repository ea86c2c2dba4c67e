import ContactsCore
import ContactFormats

/// Contact groups as Apple's and iCloud's address books keep them: a card of its own
/// (`X-ADDRESSBOOKSERVER-KIND:group`, in vCard 4.0 `KIND:group`) naming the group and listing its
/// members' UIDs (`X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:…`, `MEMBER`). What the group cards of a
/// run's inputs say: who is in which group, and where the group cards are (they are not people).
public struct ContactGroups: Sendable {
    /// The names of the groups of each member, by `memberKey` of its UID.
    private var groupsOfMember: [String: [String]] = [:]
    /// Where the group cards are.
    public private(set) var cards: Set<SourcePosition> = []

    /// No group card seen.
    public init() {}

    /// Whether no group card was seen.
    public var isEmpty: Bool { cards.isEmpty }

    /// Takes note of `card` when it is a group card (read with its extra properties); true when it is.
    @discardableResult
    public mutating func add(_ card: PersonInfo) -> Bool {
        let properties = card.extraProperties
        func named(_ names: Set<String>) -> [VCardProperty] { properties.filter { names.contains($0.name.uppercased()) } }
        guard named(["X-ADDRESSBOOKSERVER-KIND", "KIND"]).contains(where: { $0.value.lowercased() == "group" }) else { return false }
        cards.insert(card.source)
        let name = card.displayName
        guard !name.isEmpty else { return true }
        for member in named(["X-ADDRESSBOOKSERVER-MEMBER", "MEMBER"]) {
            let key = Self.memberKey(member.value)
            if !(groupsOfMember[key]?.contains(name) ?? false) { groupsOfMember[key, default: []].append(name) }
        }
        return true
    }

    /// The names of the groups the person is a member of, by their UID.
    public func groups(of person: PersonInfo) -> [String] {
        guard let uid = person.uid, !groupsOfMember.isEmpty else { return [] }
        return groupsOfMember[Self.memberKey(uid)] ?? []
    }

    /// A UID as members are listed: without `urn:uuid:`, in lower case.
    static func memberKey(_ uid: String) -> String {
        let lower = uid.trimmingSpaces().lowercased()
        return lower.hasPrefix("urn:uuid:") ? String(lower.dropFirst(9)) : lower
    }
}

/// Passes people on with the names of the groups they are members of added to their categories
/// (in vCard output also as a `CATEGORIES` property), and the group cards not at all, but for
/// vCard output (`keepsGroupCards`), where they stay cards.
public final class GroupCategories: PeopleSink {
    private let groups: ContactGroups
    private let keepsGroupCards: Bool
    private let next: PeopleSink

    /// People to `next`, with what `groups` says.
    public init(_ groups: ContactGroups, keepsGroupCards: Bool, next: PeopleSink) {
        self.groups = groups
        self.keepsGroupCards = keepsGroupCards
        self.next = next
    }

    public func consume(_ person: PersonInfo) throws {
        if groups.cards.contains(person.source) {
            if keepsGroupCards { try next.consume(person) }
            return
        }
        let added = groups.groups(of: person).filter { !person.categories.contains($0) }
        guard !added.isEmpty else { return try next.consume(person) }
        var member = person
        member.categories += added
        if !member.cardProperties.isEmpty {
            member.cardProperties.append(VCardProperty(name: "CATEGORIES", value: VCardText.list(added), line: person.source.line))
        }
        try next.consume(member)
    }

    public func finish() throws {
        try next.finish()
    }
}
