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

    /// One record, lent to the callback (the tokenizer's own buffers, so nothing is copied).
    package struct Record: ~Copyable {
        /// The bytes of all fields, back to back.
        fileprivate var bytes = ByteBuffer(capacity: 1024)  // appended for every field of every row
        /// Where each field ends in `bytes`.
        fileprivate var ends = UnsharedBuffer<Int>(capacity: 64)
        /// The raw text of the record as read, line end included (when raw text is kept).
        package fileprivate(set) var rawText: [UInt8] = []
        /// The line the record starts on.
        package fileprivate(set) var line = 1
        /// What was odd in the record (a bare quote, text after a closing quote).
        package fileprivate(set) var problems: [Problem] = []
        /// A quoted field was still open at the end of the input.
        package fileprivate(set) var isUnterminated = false
        /// The record grew past the size limit: its fields were dropped and reading went on
        /// after the next line end.
        package fileprivate(set) var isOversized = false
        /// It was dropped so because it has more than `maxFields` fields.
        package fileprivate(set) var isTooWide = false

        /// The number of fields.
        package var count: Int { ends.count }

        /// Every field is empty (a row of delimiters only): no record at all.
        package var isBlank: Bool { bytes.isEmpty && !isOversized && !isUnterminated }

        /// Whether field `i` is empty.
        package func isEmpty(field i: Int) -> Bool { range(of: i).isEmpty }

        /// Calls `body` with the bytes of field `i`, quotes removed and doubled quotes single.
        package func withField<R>(_ i: Int, _ body: (Span<UInt8>) throws -> R) rethrows -> R {
            let range = range(of: i)
            return try bytes.withSpan { try body($0.extracting(range)) }
        }

        private func range(of i: Int) -> Range<Int> {
            ends.withSpan { ends in (i == 0 ? 0 : ends[i - 1])..<ends[i] }
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
    private var bom = ByteOrderMarkSkipper()
    private var state = State.fieldStart
    /// The record being read.
    private var record = Record()
    private var line = 1
    private var column = 0
    private var quoteLine = 0
    private var quoteColumn = 0
    private var previousWasCR = false
    private var recordHasContent = false
    private var warnedBareQuote = false
    /// A record ended with a CR that was the last byte of a chunk: it is emitted once the next
    /// byte shows whether an LF belongs to its line end (and so to its raw text).
    private var recordAwaitsLF = false

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
        record.line = firstLine
        bom.finishWithoutMark()
    }

    /// Nothing of a record is pending: the bytes so far ended at a line end outside quotes.
    var isAtRecordStart: Bool {
        state == .fieldStart && !recordHasContent && record.bytes.isEmpty && record.ends.isEmpty && !recordAwaitsLF && !discarding
    }

    /// Feeds a chunk; `emit` gets each record it completes (valid only during the call).
    package mutating func feed(_ chunk: Span<UInt8>, emit: (borrowing Record) throws -> Void) rethrows {
        let (start, replay) = bom.skip(chunk)
        if !replay.isEmpty { try feed(replay.span, emit: emit) }
        try feed(chunk, from: start, emit: emit)
    }

    private mutating func feed(_ chunk: Span<UInt8>, from start: Int, emit: (borrowing Record) throws -> Void) rethrows {
        var i = start
        let n = chunk.count
        if recordAwaitsLF && i < n {
            if chunk[i] == 0x0A {
                if keepsRaw { record.rawText.append(0x0A) }
                i += 1
                previousWasCR = false
            }
            try emitRecord(emit: emit)
        }
        var rawStart = i
        let quote = UInt8(ascii: "\"")
        while i < n {
            if record.bytes.count > maxRecordBytes || (discarding && !record.bytes.isEmpty) { startDiscarding() }
            if state != .afterQuote {
                // A run of plain bytes inside a field, or starting an unquoted one, goes in at once.
                let j = ByteScan.firstOf(quote, state == .quoted ? quote : delimiter, orLineEnd: chunk, from: i)
                if j > i {
                    if state == .fieldStart {
                        if !recordHasContent { record.line = line }
                        state = .unquoted
                        recordHasContent = true
                    }
                    record.bytes.append(span: chunk.extracting(i..<j))
                    column += j - i
                    previousWasCR = false
                    i = j
                    // The delimiter that ends an unquoted field, at once.
                    if state == .unquoted && i < n && chunk[i] == delimiter && record.bytes.count <= maxRecordBytes {
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
                if state == .quoted { record.bytes.append(b) }
                continue
            }
            previousWasCR = b == 0x0D
            column += 1
            let isLineEnd = b == 0x0A || b == 0x0D
            if !recordHasContent && !isLineEnd { record.line = line }
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
                        record.problems.append(Problem(line: line, column: column, code: .bareQuote, message: "bare quote in an unquoted field, kept as text"))
                        warnedBareQuote = true
                    }
                    record.bytes.append(b)
                    state = .unquoted
                    recordHasContent = true
                }
            case .quoted:
                if b == quote {
                    state = .afterQuote
                } else {
                    record.bytes.append(b)
                    if isLineEnd { newLine() }
                }
            case .afterQuote:
                if b == quote {
                    record.bytes.append(quote)  // a doubled quote
                    state = .quoted
                } else if b == delimiter {
                    endField()
                } else {
                    if !discarding {
                        record.problems.append(Problem(line: line, column: column, code: .textAfterQuote, message: "text after a closing quote, kept"))
                    }
                    record.bytes.append(b)
                    state = .unquoted
                }
            }
        }
        if keepsRaw && !discarding && rawStart < n {
            if record.rawText.count + (n - rawStart) > maxRecordBytes {
                startDiscarding()
            } else {
                record.rawText.append(span: chunk.extracting(rawStart..<n))
            }
        }
        if record.bytes.count > maxRecordBytes || (discarding && !record.bytes.isEmpty) { startDiscarding() }
    }

    /// The record is larger than the limit: its fields and raw text are dropped (the raw text is
    /// not kept in part: a part would be a record of its own in the rejects), and it is read on
    /// to its real end, which a quoted field may put many lines later.
    private mutating func startDiscarding() {
        discarding = true
        record.isOversized = true
        record.bytes.removeAll()
        record.ends.removeAll()
        record.rawText.removeAll()
        record.problems.removeAll()
    }

    /// Ends the input: a last record without a line end is emitted, an open quote reported.
    package mutating func finish(emit: (borrowing Record) throws -> Void) rethrows {
        let replay = bom.finish()
        if !replay.isEmpty { try feed(replay.span, emit: emit) }
        if recordAwaitsLF { try emitRecord(emit: emit) }
        guard recordHasContent || !record.bytes.isEmpty || !record.ends.isEmpty else { return }
        var unterminated = false
        if state == .quoted {
            unterminated = true
            record.problems.append(Problem(line: quoteLine, column: quoteColumn, code: .unclosedQuote,
                                           message: "quoted field opened here is never closed"))
        }
        try endRecord(emit: emit, unterminated: unterminated)
    }

    private mutating func appendRaw(_ chunk: Span<UInt8>, _ from: Int, _ to: Int, includingLF: Bool) {
        var end = to
        if includingLF && end < chunk.count && chunk[end] == 0x0A { end += 1 }
        guard !discarding else { return }
        guard record.rawText.count + (end - from) <= maxRecordBytes else { return startDiscarding() }
        record.rawText.append(span: chunk.extracting(from..<end))
    }

    private mutating func newLine() {
        line += 1
        column = 0
    }

    private mutating func endField() {
        state = .fieldStart
        guard !discarding else { return }
        guard record.ends.count < Self.maxFields else {
            record.isTooWide = true
            return startDiscarding()
        }
        record.ends.append(record.bytes.count)
    }

    private mutating func endRecord(emit: (borrowing Record) throws -> Void, unterminated: Bool = false,
                                    awaitingLF: Bool = false) rethrows {
        guard recordHasContent || !record.bytes.isEmpty else {  // a blank line
            clearRecord()
            return
        }
        endField()
        record.isUnterminated = unterminated
        if awaitingLF {
            recordAwaitsLF = true
        } else {
            try emitRecord(emit: emit)
        }
    }

    private mutating func emitRecord(emit: (borrowing Record) throws -> Void) rethrows {
        defer { clearRecord() }
        if record.isOversized { record.isUnterminated = false }
        try emit(record)
    }

    private mutating func clearRecord() {
        record.bytes.removeAll()
        record.ends.removeAll()
        record.rawText.removeAll(keepingCapacity: true)
        record.problems.removeAll(keepingCapacity: true)
        state = .fieldStart
        warnedBareQuote = false
        recordHasContent = false
        recordAwaitsLF = false
        record.isUnterminated = false
        record.isOversized = false
        record.isTooWide = false
        discarding = false
    }
}
