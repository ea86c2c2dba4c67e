/// Where readers push the people they decode, one at a time, followed by one `finish()`.
/// Writers, filters and the sorter are sinks; readers never know which one they feed.
public protocol PeopleSink: AnyObject {
    func consume(_ person: PersonInfo) throws
    func finish() throws
}
