import ContactsCore
import ContactFormats

/// `--merge`: holds everyone read until the groups of duplicates are known (`DuplicateFinder`),
/// then passes each group on as one person (`CardMerge`) at its first member's place, and
/// everyone else as read. Conflicts are not merged.
public final class DuplicateMerger: PeopleSink {
    private let next: PeopleSink
    private let summary: ((String) -> Void)?
    private var finder: DuplicateFinder
    private let held: HeldPeople
    private let merge: CardMerge

    /// Merges into `next`; national phone numbers are numbers of `region`; merged people are
    /// read with `scope`; people beyond `budget.bytes` wait in its scratch file; `summary`
    /// gets the line that says what was merged (none when nil).
    public init(next: PeopleSink, region: String?, scope: DecodeScope, budget: MemoryBudget, summary: ((String) -> Void)?) {
        self.next = next
        self.summary = summary
        let numbers = PhoneNumbers(region: region)
        finder = DuplicateFinder(keying: DuplicateKeying(numbers: numbers))
        held = HeldPeople(budget: budget)
        merge = CardMerge(scope: scope, numbers: numbers)
    }

    public func consume(_ person: PersonInfo) throws {
        finder.add(person)
        try held.append(person)
    }

    public func finish() throws {
        let all = finder.groups()
        let groups = all.filter { $0[0].reason != .conflict }
        let conflicts = all.count - groups.count
        var groupAt: [Int: Int] = [:]  // a group's first member: the group
        var later = Set<Int>()  // the other members
        for (number, group) in groups.enumerated() {
            groupAt[group[0].index] = number
            for member in group.dropFirst() { later.insert(member.index) }
        }
        var merged = 0, people = 0
        for index in 0..<held.count where !later.contains(index) {
            let person = try held.person(index, inOrder: true)
            guard let number = groupAt[index] else {
                try next.consume(person)
                continue
            }
            var members = [person]
            for member in groups[number].dropFirst() { members.append(try held.person(member.index, inOrder: false)) }
            if let one = try merge.merged(members) {
                try next.consume(one)
                merged += 1
                people += members.count
            } else {
                for member in members { try next.consume(member) }
            }
        }
        summary?("merged " + counted(people, "person", "people") + " into \(merged) (groups of duplicates: --dupes lists them), "
                 + counted(conflicts, "conflict", "conflicts") + " left apart")
        try next.finish()
    }
}
