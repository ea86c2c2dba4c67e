import ContactsCore
import ContactFormats

/// Who is written, for every output: people in any of `categories` (all when empty), in none of
/// `excludedCategories`, whose name holds `match`, and who have `query` in their name, a
/// nickname, their organization or an e-mail address (a mail client's address-book query).
/// Categories and texts are compared folded (`folded`: case and accents aside), categories
/// whole, the rest as substrings.
public struct PeopleFilter: Sendable {
    /// Folded categories, any of which a person must have (none: no condition).
    public let categories: Set<String>
    /// Folded categories a person must not have.
    public let excludedCategories: Set<String>
    /// Folded text the name must hold.
    public let match: String?
    /// Folded text the name, a nickname, the organization or an e-mail address must hold.
    public let query: String?

    /// A filter of these conditions (folded here).
    public init(categories: [String] = [], excludedCategories: [String] = [], match: String? = nil, query: String? = nil) {
        self.categories = Set(categories.map(folded))
        self.excludedCategories = Set(excludedCategories.map(folded))
        self.match = match.map(folded).flatMap { $0.isEmpty ? nil : $0 }
        self.query = query.map(folded).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// No condition: everyone passes.
    public var isEmpty: Bool { categories.isEmpty && excludedCategories.isEmpty && match == nil && query == nil }

    /// Whether the person passes.
    public func includes(_ person: PersonInfo) -> Bool {
        if !categories.isEmpty || !excludedCategories.isEmpty {
            let theirs = person.categories.map(folded)
            if !categories.isEmpty && !theirs.contains(where: categories.contains) { return false }
            if theirs.contains(where: excludedCategories.contains) { return false }
        }
        if let match, !([person.displayName] + person.nicknames).contains(where: { Self.holds($0, match) }) {
            return false
        }
        if let query {
            let texts = [person.displayName] + person.nicknames + [person.organization ?? ""] + person.emails.map(\.value)
            return texts.contains { Self.holds($0, query) }
        }
        return true
    }

    /// Whether `text`, folded, holds `part` (folded already): compared as UTF-8 bytes.
    private static func holds(_ text: String, _ part: String) -> Bool {
        let text = folded(text)
        return text.utf8.span.contains(part.utf8.span)
    }
}
