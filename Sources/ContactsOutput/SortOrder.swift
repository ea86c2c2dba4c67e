import ContactsCore
import ContactFormats

/// How the birthday formats order people.
public enum SortOrder: String, CaseIterable, Sendable {
    /// Family name, then given name, then the rest, in the locale's collation.
    case last
    /// Given name, then family name, then the rest.
    case first
    /// Month and day of the birthday (then by family name); people without one last.
    case date
    /// The next birthday from today first (then by family name); people without one last.
    case upcoming
    /// Input order.
    case none
}
