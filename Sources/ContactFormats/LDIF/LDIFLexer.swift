import ContactsCore

/// Cuts LDIF bytes (RFC 2849) into records: logical lines (folded lines joined: a line that
/// starts with a space goes on the one before, without the space) separated by blank lines.
/// Comments (`#`, folded too) are dropped; CRLF, LF and a CR alone end a line. A record keeps its raw
/// text, byte for byte, when asked (for `--rejects`), and stops keeping lines once larger than
/// `maxRecordBytes`.
struct LDIFLexer {
    /// One logical line: its bytes (no line end) and the line it starts on.
    struct Line {
        var bytes: [UInt8]
        var number: Int
    }

    /// A record's logical lines, its first line's number (the first that is no comment), and its raw text.
    struct Record {
        var lines: [Line] = []
        var firstLine = 0
        var hasFirstLine = false
        var raw: [UInt8] = []
        var size = 0
        var isOversized = false
        /// It was dropped so because it has more than `maxLines` attributes.
        var hasTooManyLines = false
        /// Continuation lines with no line before them (the first of them).
        var strayContinuation: Int?
    }

    /// More attributes than any entry has: an entry with more is dropped as one over the size
    /// limit is (as the vCard reader's 100,000 properties), so that its lines cost no memory each.
    static let maxLines = 100_000

    private let keepsRawText: Bool
    private let maxRecordBytes: Int
    /// The physical line being read, when a chunk ended inside it (past the size limit, only
    /// its last byte: the line is counted, not kept).
    private var partial: [UInt8] = []
    /// The number of the next physical line.
    private var lineNumber: Int
    private var record = Record()
    /// The logical line being joined, and whether it is a comment.
    private var logical: Line?
    private var inComment = false

    init(keepsRawText: Bool, maxRecordBytes: Int, firstLine: Int = 1) {
        self.keepsRawText = keepsRawText
        self.maxRecordBytes = maxRecordBytes
        lineNumber = firstLine
    }

    /// The bytes held: of the line being read, the record's lines and its raw text (at most
    /// about the size limit, whatever the input).
    var bufferedBytes: Int {
        partial.count + record.raw.count + (logical?.bytes.count ?? 0) + record.lines.reduce(0) { $0 + $1.bytes.count }
    }

    /// Whether the bytes read so far end between records (after a blank line, or at the start).
    var isAtRecordStart: Bool { partial.isEmpty && logical == nil && !inComment && record.size == 0 }

    /// Reads a chunk; `emit` gets each record that ends in it.
    mutating func feed(_ bytes: Span<UInt8>, _ emit: (Record) throws -> Void) rethrows {
        var start = 0
        if partial.last == 0x0D, bytes.count > 0 {  // a CR at the end of the chunk before: is it CRLF?
            if bytes[0] == 0x0A {
                partial.append(0x0A)
                start = 1
            }
            try flushPartial(emit)
        }
        while start < bytes.count {
            let end = ByteScan.firstLineEnd(bytes, from: start)
            guard end < bytes.count, !(bytes[end] == 0x0D && end + 1 == bytes.count) else {
                partial.append(span: bytes.extracting(start..<bytes.count))
                if record.size + partial.count > maxRecordBytes {
                    // A line that outgrows the limit before it ends: counted, not held.
                    record.size += partial.count - 1
                    dropRecord()
                    partial = [partial.last!]
                }
                return
            }
            // LF, CRLF, or a CR alone (old Macs), as the vCard and CSV readers take them.
            let last = bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? end + 1 : end
            if partial.isEmpty {
                try physicalLine(bytes.extracting(start..<last + 1), emit)
            } else {
                partial.append(span: bytes.extracting(start..<last + 1))
                try flushPartial(emit)
            }
            start = last + 1
        }
    }

    /// Ends the input: a last line without a line end, and the last record.
    mutating func finish(_ emit: (Record) throws -> Void) rethrows {
        if !partial.isEmpty { try flushPartial(emit) }
        try endRecord(emit)
    }

    private mutating func flushPartial(_ emit: (Record) throws -> Void) rethrows {
        let line = partial
        partial.removeAll(keepingCapacity: true)
        try physicalLine(line.span, emit)
    }

    /// One physical line, its line end (LF, maybe after CR) included when it has one.
    private mutating func physicalLine(_ withEnd: Span<UInt8>, _ emit: (Record) throws -> Void) rethrows {
        var end = withEnd.count
        if end > 0 && withEnd[end - 1] == 0x0A { end -= 1 }
        if end > 0 && withEnd[end - 1] == 0x0D { end -= 1 }
        let number = lineNumber
        lineNumber += 1
        if end == 0 {
            try endRecord(emit)
            return
        }
        if record.size == 0 { record.firstLine = number }
        if !record.hasFirstLine && withEnd[0] != UInt8(ascii: "#") && withEnd[0] != 0x20 {
            record.firstLine = number
            record.hasFirstLine = true
        }
        record.size += withEnd.count
        if record.size > maxRecordBytes && !record.isOversized { dropRecord() }
        if record.isOversized { return }
        if keepsRawText { record.raw.append(span: withEnd) }
        let text = withEnd.extracting(0..<end)
        if text[0] == 0x20 {
            if inComment { return }
            if logical == nil {
                if record.strayContinuation == nil { record.strayContinuation = number }
                return
            }
            logical!.bytes.append(span: text.extracting(1..<text.count))
            return
        }
        closeLogical()
        if text[0] == UInt8(ascii: "#") {
            inComment = true
        } else {
            logical = Line(bytes: [UInt8](copying: text), number: number)
        }
    }

    private mutating func closeLogical() {
        inComment = false
        if let line = logical {
            if record.lines.count >= Self.maxLines {
                record.hasTooManyLines = true
                dropRecord()
            } else {
                record.lines.append(line)
            }
        }
        logical = nil
    }

    /// The record is over a limit: what it held goes, and it is read on to its end.
    private mutating func dropRecord() {
        record.isOversized = true
        record.lines = []
        record.raw = []
        logical = nil
    }

    private mutating func endRecord(_ emit: (Record) throws -> Void) rethrows {
        closeLogical()
        guard record.size > 0 else { return }
        let done = record
        record = Record()
        try emit(done)
    }
}
