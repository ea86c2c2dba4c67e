import ContactsCore
import ContactFormats

/// Contact groups as Apple's and iCloud's address books keep them: a card of its own
/// (`X-ADDRESSBOOKSERVER-KIND:group`, in vCard 4.0 `KIND:group`) naming the group and listing its
/// members' UIDs (`X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:…`, `MEMBER`); and as LDAP directories and
/// Thunderbird's mailing lists do, an LDIF entry of a group class listing its members' distinguished
/// names (`member`, `uniqueMember`). What the group cards of a run's inputs say: who is in which
/// group, and where the group cards are (they are not people).
public struct ContactGroups: Sendable {
    /// The names of the groups of each member, by `memberKey` of its UID.
    private var groupsOfMember: [String: [String]] = [:]
    /// The names of the LDIF groups of each member, by its distinguished name (`LDIFObjectClasses.comparable`).
    private var groupsOfEntry: [String: [String]] = [:]
    /// The distinguished name of each LDIF entry that is no group, by where it is.
    private var nameOfEntry: [SourcePosition: String] = [:]
    /// Where the group cards are, and whether each was read from LDIF.
    private var cards: [SourcePosition: Form] = [:]

    /// How a group was written.
    public enum Form: Sendable {
        /// A vCard of the group's kind.
        case card
        /// An LDIF entry of a group class.
        case ldifEntry
    }

    /// No group card seen.
    public init() {}

    /// Whether no group card was seen.
    public var isEmpty: Bool { cards.isEmpty }

    /// Takes note of `card` when it is a group card (read with its extra properties); true when it is.
    @discardableResult
    public mutating func add(_ card: PersonInfo) -> Bool {
        if let entry = LDIFObjectClasses.names(of: card) {
            guard let members = entry.members else {
                if let dn = entry.dn { nameOfEntry[card.source] = dn }
                return false
            }
            cards[card.source] = .ldifEntry
            Self.add(card.displayName, to: members, in: &groupsOfEntry)
            return true
        }
        let properties = card.extraProperties
        func named(_ names: Set<String>) -> [VCardProperty] { properties.filter { names.contains($0.name.uppercased()) } }
        guard named(["X-ADDRESSBOOKSERVER-KIND", "KIND"]).contains(where: { $0.value.lowercased() == "group" }) else { return false }
        cards[card.source] = .card
        Self.add(card.displayName, to: named(["X-ADDRESSBOOKSERVER-MEMBER", "MEMBER"]).map { Self.memberKey($0.value) },
                 in: &groupsOfMember)
        return true
    }

    /// The group `name` (none when empty) among the groups of each of `members`.
    private static func add(_ name: String, to members: [String], in groups: inout [String: [String]]) {
        guard !name.isEmpty else { return }
        for key in members where !(groups[key]?.contains(name) ?? false) { groups[key, default: []].append(name) }
    }

    /// How the group at `source` was written; nil when no group is there.
    public func group(at source: SourcePosition) -> Form? { cards[source] }

    /// The names of the groups the person is a member of: by their UID, or (read from LDIF) by
    /// their distinguished name.
    public func groups(of person: PersonInfo) -> [String] {
        var names: [String] = []
        if let uid = person.uid, !groupsOfMember.isEmpty { names = groupsOfMember[Self.memberKey(uid)] ?? [] }
        if !groupsOfEntry.isEmpty, let dn = nameOfEntry[person.source] {
            names += (groupsOfEntry[dn] ?? []).filter { !names.contains($0) }
        }
        return names
    }

    /// A UID as members are listed: without `urn:uuid:`, in lower case.
    static func memberKey(_ uid: String) -> String {
        let lower = uid.trimmingSpaces().lowercased()
        return lower.hasPrefix("urn:uuid:") ? String(lower.dropFirst(9)) : lower
    }
}

/// Passes people on with the names of the groups they are members of added to their categories
/// (in vCard output also as a `CATEGORIES` property), and the group cards only in the forms the
/// output writes as groups (`keeps`: vCard output keeps every group card, LDIF output the LDIF
/// groups); others not at all.
public final class GroupCategories: PeopleSink {
    private let groups: ContactGroups
    private let keeps: Set<ContactGroups.Form>
    private let next: PeopleSink

    /// People to `next`, with what `groups` says.
    public init(_ groups: ContactGroups, keeps: Set<ContactGroups.Form>, next: PeopleSink) {
        self.groups = groups
        self.keeps = keeps
        self.next = next
    }

    public func consume(_ person: PersonInfo) throws {
        if let form = groups.group(at: person.source) {
            if keeps.contains(form) { try next.consume(person) }
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
