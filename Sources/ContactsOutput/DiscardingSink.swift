import ContactsCore
import ContactFormats

/// Takes people and keeps none (`--check` reads only to find problems).
public final class DiscardingSink: PeopleSink {
    /// A sink that keeps nothing.
    public init() {}
    public func consume(_ person: PersonInfo) throws {}
    public func finish() throws {}
}
