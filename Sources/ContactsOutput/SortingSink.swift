import ContactsCore
import ContactFormats

/// Buffers people with a sort key computed once each (ICU sort keys, compared as bytes), then
/// forwards them in order on `finish()`. Ties keep input order, so output is deterministic.
/// Each person waits as compact bytes (`PersonCoding`) next to its key (`SortedRecords`).
public final class SortingSink: PeopleSink {
    private let keys: SortKeys
    private let next: PeopleSink
    private var coding = PersonCoding()
    private let records = SortedRecords()
    private var key: [UInt8] = []
    private var scratch: [UInt8] = []

    /// Sorts the people in `order`, names by `collator`, and passes them on to `next` at the end.
    public init(order: SortOrder, collator: Collator, dates: DateContext, next: PeopleSink) {
        keys = SortKeys(order: order, collator: collator, dates: dates)
        self.next = next
    }

    public func consume(_ person: PersonInfo) throws {
        guard keys.order != .none else { return try next.consume(person) }
        key.removeAll(keepingCapacity: true)
        keys.appendKey(for: person, to: &key)
        scratch.removeAll(keepingCapacity: true)
        coding.encode(person, into: &scratch)
        key.withUnsafeBytes { k in scratch.withUnsafeBytes { records.append(key: k, payload: $0) } }
    }

    public func finish() throws {
        try records.drain { try next.consume(coding.decode($0)) }
        try next.finish()
    }
}
