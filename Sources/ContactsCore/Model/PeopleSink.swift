/// Where readers push the people they decode, one at a time, followed by one `finish()`.
/// Writers, filters and the sorter are sinks; readers never know which one they feed.
public protocol PeopleSink: AnyObject {
    /// Takes the next person, in input order; throwing stops the reading.
    func consume(_ person: PersonInfo) throws
    /// Ends the output, after every input.
    func finish() throws
}
