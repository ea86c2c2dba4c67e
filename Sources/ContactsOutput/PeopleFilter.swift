import ContactsCore

/// Who is written, for every output: people in any of `categories` (all when empty), in none of
/// `excludedCategories`, whose name holds `match`. Categories and names are compared folded
/// (`folded`: case and accents aside), categories whole, the name as a substring of the shown
/// name or of a nickname.
public struct PeopleFilter: Sendable {
    /// Folded categories, any of which a person must have (none: no condition).
    public let categories: Set<String>
    /// Folded categories a person must not have.
    public let excludedCategories: Set<String>
    /// Folded text the name must hold.
    public let match: String?

    /// A filter of these conditions (folded here).
    public init(categories: [String] = [], excludedCategories: [String] = [], match: String? = nil) {
        self.categories = Set(categories.map(folded))
        self.excludedCategories = Set(excludedCategories.map(folded))
        self.match = match.map(folded).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// No condition: everyone passes.
    public var isEmpty: Bool { categories.isEmpty && excludedCategories.isEmpty && match == nil }

    /// Whether the person passes.
    public func includes(_ person: PersonInfo) -> Bool {
        if !categories.isEmpty || !excludedCategories.isEmpty {
            let theirs = person.categories.map(folded)
            if !categories.isEmpty && !theirs.contains(where: categories.contains) { return false }
            if theirs.contains(where: excludedCategories.contains) { return false }
        }
        if let match {
            return ([person.displayName] + person.nicknames).contains { folded($0).contains(match) }
        }
        return true
    }
}
