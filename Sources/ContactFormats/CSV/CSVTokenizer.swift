import ContactsCore

/// Splits CSV bytes into records of fields (RFC 4180 and what real files do): quoted fields
/// holding delimiters, doubled quotes and line breaks; CRLF, LF and CR; a leading UTF-8
/// byte-order mark; a last line without a line end; blank lines skipped.
///
/// Lenient where files are sloppy, with a warning and its position: a bare quote inside an
/// unquoted field is kept as text; text after a closing quote is appended to the field.
/// A quoted field still open at the end of the input makes that record unterminated.
///
/// Resumable and pure: feed chunks of any size (one byte at a time gives the same records).
/// Memory grows with the longest record only.
package struct CSVTokenizer: ~Copyable {
    /// A problem inside a record, with its 1-based line and byte column.
    package struct Problem: Equatable, Sendable {
        /// The line of the problem.
        package var line: Int
        /// Its 1-based byte column.
        package var column: Int
        /// What it is about.
        package var code: Diagnostic.Code
        /// What is wrong.
        package var message: String
    }

    /// One record, valid only during the callback.
    package struct Record {
        /// The bytes of all fields, back to back.
        package let bytes: UnsafeBufferPointer<UInt8>
        /// Where each field ends in `bytes`.
        package let ends: UnsafeBufferPointer<Int>
        /// The raw text of the record as read, line end included (when raw text is kept).
        package let raw: UnsafeBufferPointer<UInt8>
        /// The line the record starts on.
        package let line: Int
        /// What was odd in the record (a bare quote, text after a closing quote).
        package let problems: [Problem]
        /// A quoted field was still open at the end of the input.
        package let isUnterminated: Bool
        /// The record grew past the size limit: its fields were dropped and reading went on
        /// after the next line end.
        package let isOversized: Bool
        /// It was dropped so because it has more than `maxFields` fields.
        package let isTooWide: Bool

        /// The number of fields.
        package var count: Int { ends.count }

        /// Every field is empty (a row of delimiters only): no record at all.
        package var isBlank: Bool { bytes.isEmpty && !isOversized && !isUnterminated }

        /// The bytes of field `i`, quotes removed and doubled quotes single.
        package func field(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            let start = i == 0 ? 0 : ends[i - 1]
            return UnsafeBufferPointer(rebasing: bytes[start..<ends[i]])
        }
    }

    private enum State {
        case fieldStart, unquoted, quoted, afterQuote
    }

    /// More fields than any exporter writes (Outlook's has about 90): a record with more is
    /// dropped as one over the size limit is, so that a row of millions of empty fields costs
    /// no memory per field.
    package static let maxFields = 10_000

    /// The field delimiter.
    package let delimiter: UInt8
    private let keepsRaw: Bool
    private let maxRecordBytes: Int
    /// Past the size limit: the record is read to its real end (quotes still followed), its
    /// fields and raw text dropped.
    private var discarding = false
    private var isOversized = false
    private var isTooWide = false
    private var bom = ByteOrderMarkSkipper()
    private var state = State.fieldStart
    private var bytes = ByteBuffer(capacity: 1024)  // the fields' bytes: appended for every field of every row
    private var ends = UnsharedBuffer<Int>(capacity: 64)
    private var raw: [UInt8] = []
    private var problems: [Problem] = []
    private var line = 1
    private var column = 0
    private var recordLine = 1
    private var quoteLine = 0
    private var quoteColumn = 0
    private var previousWasCR = false
    private var recordHasContent = false
    private var warnedBareQuote = false
    /// A record ended with a CR that was the last byte of a chunk: it is emitted once the next
    /// byte shows whether an LF belongs to its line end (and so to its raw text).
    private var recordAwaitsLF = false
    private var isUnterminated = false

    /// A tokenizer for this delimiter; a record over `maxRecordBytes` is cut there and marked.
    package init(delimiter: UInt8 = UInt8(ascii: ","), keepsRawText: Bool = false, maxRecordBytes: Int = 64 << 20) {
        self.delimiter = delimiter
        self.keepsRaw = keepsRawText
        self.maxRecordBytes = maxRecordBytes
    }

    /// A tokenizer for a later part of an input, which starts at a record on line `firstLine`
    /// (and so has no byte-order mark to skip).
    init(delimiter: UInt8, keepsRawText: Bool, maxRecordBytes: Int, firstLine: Int) {
        self.init(delimiter: delimiter, keepsRawText: keepsRawText, maxRecordBytes: maxRecordBytes)
        line = firstLine
        recordLine = firstLine
        bom.finishWithoutMark()
    }

    /// Nothing of a record is pending: the bytes so far ended at a line end outside quotes.
    var isAtRecordStart: Bool {
        state == .fieldStart && !recordHasContent && bytes.isEmpty && ends.isEmpty && !recordAwaitsLF && !discarding
    }

    /// Feeds a chunk; `emit` gets each record it completes (valid only during the call).
    package mutating func feed(_ chunk: Span<UInt8>, emit: (Record) throws -> Void) rethrows {
        let (start, replay) = bom.skip(chunk)
        if !replay.isEmpty { try feed(replay.span, emit: emit) }
        try chunk.withUnsafeBufferPointer { try feed(buffer: $0, from: start, emit: emit) }
    }

    private mutating func feed(buffer chunk: UnsafeBufferPointer<UInt8>, from start: Int, emit: (Record) throws -> Void) rethrows {
        var i = start
        let n = chunk.count
        if recordAwaitsLF && i < n {
            if chunk[i] == 0x0A {
                if keepsRaw { raw.append(0x0A) }
                i += 1
                previousWasCR = false
            }
            try emitRecord(emit: emit)
        }
        var rawStart = i
        let quote = UInt8(ascii: "\"")
        while i < n {
            if bytes.count > maxRecordBytes || (discarding && !bytes.isEmpty) { startDiscarding() }
            if state != .afterQuote {
                // A run of plain bytes inside a field, or starting an unquoted one, goes in at once.
                let j = ByteScan.firstOf(quote, state == .quoted ? quote : delimiter, orLineEnd: chunk, from: i)
                if j > i {
                    if state == .fieldStart {
                        if !recordHasContent { recordLine = line }
                        state = .unquoted
                        recordHasContent = true
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<j]))
                    column += j - i
                    previousWasCR = false
                    i = j
                    // The delimiter that ends an unquoted field, at once.
                    if state == .unquoted && i < n && chunk[i] == delimiter && bytes.count <= maxRecordBytes {
                        column += 1
                        i += 1
                        endField()
                    }
                    continue
                }
            }
            let b = chunk[i]
            i += 1
            if b == 0x0A && previousWasCR {  // the LF of a CRLF: the line was already ended
                previousWasCR = false
                if state == .quoted { bytes.append(b) }
                continue
            }
            previousWasCR = b == 0x0D
            column += 1
            let isLineEnd = b == 0x0A || b == 0x0D
            if !recordHasContent && !isLineEnd { recordLine = line }
            if isLineEnd && state != .quoted {  // the record ends
                if keepsRaw { appendRaw(chunk, rawStart, i, includingLF: b == 0x0D) }
                let crEndsChunk = b == 0x0D && i == n  // an LF may still come, in the next chunk
                if b == 0x0D && i < n && chunk[i] == 0x0A { i += 1; previousWasCR = false }
                rawStart = i
                try endRecord(emit: emit, awaitingLF: crEndsChunk)
                newLine()
                continue
            }
            switch state {
            case .fieldStart, .unquoted:
                if b == delimiter {
                    endField()
                    recordHasContent = true
                } else if b == quote && state == .fieldStart {
                    state = .quoted
                    quoteLine = line
                    quoteColumn = column
                    recordHasContent = true
                } else {
                    if b == quote && !warnedBareQuote && !discarding {
                        problems.append(Problem(line: line, column: column, code: .bareQuote, message: "bare quote in an unquoted field, kept as text"))
                        warnedBareQuote = true
                    }
                    bytes.append(b)
                    state = .unquoted
                    recordHasContent = true
                }
            case .quoted:
                if b == quote {
                    state = .afterQuote
                } else {
                    bytes.append(b)
                    if isLineEnd { newLine() }
                }
            case .afterQuote:
                if b == quote {
                    bytes.append(quote)  // a doubled quote
                    state = .quoted
                } else if b == delimiter {
                    endField()
                } else {
                    if !discarding {
                        problems.append(Problem(line: line, column: column, code: .textAfterQuote, message: "text after a closing quote, kept"))
                    }
                    bytes.append(b)
                    state = .unquoted
                }
            }
        }
        if keepsRaw && !discarding && rawStart < n {
            if raw.count + (n - rawStart) > maxRecordBytes {
                startDiscarding()
            } else {
                raw.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[rawStart..<n]))
            }
        }
        if bytes.count > maxRecordBytes || (discarding && !bytes.isEmpty) { startDiscarding() }
    }

    /// The record is larger than the limit: its fields and raw text are dropped (the raw text is
    /// not kept in part: a part would be a record of its own in the rejects), and it is read on
    /// to its real end, which a quoted field may put many lines later.
    private mutating func startDiscarding() {
        discarding = true
        isOversized = true
        bytes.removeAll()
        ends.removeAll()
        raw.removeAll()
        problems.removeAll()
    }

    /// Ends the input: a last record without a line end is emitted, an open quote reported.
    package mutating func finish(emit: (Record) throws -> Void) rethrows {
        let replay = bom.finish()
        if !replay.isEmpty { try feed(replay.span, emit: emit) }
        if recordAwaitsLF { try emitRecord(emit: emit) }
        guard recordHasContent || !bytes.isEmpty || !ends.isEmpty else { return }
        var unterminated = false
        if state == .quoted {
            unterminated = true
            problems.append(Problem(line: quoteLine, column: quoteColumn, code: .unclosedQuote,
                                    message: "quoted field opened here is never closed"))
        }
        try endRecord(emit: emit, unterminated: unterminated)
    }

    private mutating func appendRaw(_ chunk: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, includingLF: Bool) {
        var end = to
        if includingLF && end < chunk.count && chunk[end] == 0x0A { end += 1 }
        guard !discarding else { return }
        guard raw.count + (end - from) <= maxRecordBytes else { return startDiscarding() }
        raw.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[from..<end]))
    }

    private mutating func newLine() {
        line += 1
        column = 0
    }

    private mutating func endField() {
        state = .fieldStart
        guard !discarding else { return }
        guard ends.count < Self.maxFields else {
            isTooWide = true
            return startDiscarding()
        }
        ends.append(bytes.count)
    }

    private mutating func endRecord(emit: (Record) throws -> Void, unterminated: Bool = false,
                                    awaitingLF: Bool = false) rethrows {
        guard recordHasContent || !bytes.isEmpty else {  // a blank line
            clearRecord()
            return
        }
        endField()
        isUnterminated = unterminated
        if awaitingLF {
            recordAwaitsLF = true
        } else {
            try emitRecord(emit: emit)
        }
    }

    private mutating func emitRecord(emit: (Record) throws -> Void) rethrows {
        defer { clearRecord() }
        try raw.withUnsafeBufferPointer { r in
            try emit(Record(bytes: bytes.bytes, ends: ends.bytes, raw: r, line: recordLine, problems: problems,
                            isUnterminated: isUnterminated && !isOversized, isOversized: isOversized,
                            isTooWide: isTooWide))
        }
    }

    private mutating func clearRecord() {
        bytes.removeAll()
        ends.removeAll()
        raw.removeAll(keepingCapacity: true)
        problems.removeAll(keepingCapacity: true)
        state = .fieldStart
        warnedBareQuote = false
        recordHasContent = false
        recordAwaitsLF = false
        isUnterminated = false
        isOversized = false
        isTooWide = false
        discarding = false
    }
}
