/// Skips a UTF-8 byte-order mark at the very start of an input, also when it arrives split
/// across chunks. Bytes that only looked like the start of one are handed back to be read.
struct ByteOrderMarkSkipper {
    private static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private var matched = 0
    private var done = false

    /// Where content starts in `chunk`, and bytes from earlier chunks to read before it.
    mutating func skip(_ chunk: Span<UInt8>) -> (start: Int, replay: [UInt8]) {
        guard !done else { return (0, []) }
        let before = matched
        var i = 0
        while i < chunk.count && matched < 3 {
            guard chunk[i] == Self.mark[matched] else {
                done = true
                return (0, Array(Self.mark[0..<before]))
            }
            matched += 1
            i += 1
        }
        if matched == 3 { done = true }
        return (i, [])
    }

    /// Skips nothing: the input starts later than its first byte.
    mutating func finishWithoutMark() {
        done = true
    }

    /// At the end of the input: the start of a mark that never completed, to be read as text.
    mutating func finish() -> [UInt8] {
        defer { done = true }
        return done ? [] : Array(Self.mark[0..<matched])
    }
}
