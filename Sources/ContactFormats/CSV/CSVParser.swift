import ContactsCore

/// Streams CSV contact exports (Google, Outlook, Thunderbird, spreadsheets) into `PersonInfo`
/// values pushed into a sink. The first row is the header; its names decide the dialect and
/// what each column holds. The delimiter (comma, semicolon or tab) is detected from the header
/// line unless given.
public final class CSVParser: ContactsParser {
    /// How a CSV input is read.
    public struct Options: Sendable {
        /// What to decode: everything, or only what the birthday formats need.
        public var scope: DecodeScope
        /// Keep each record's raw text for `--rejects`.
        public var keepsRawText: Bool
        /// The delimiter; nil: told by the header line.
        public var delimiter: UInt8?
        /// The dialect; nil: told by the header.
        public var dialect: CSVDialect?
        /// How to read `03/04/1990`; nil: the dialect's order, else the locale's, with a warning
        /// when a value is ambiguous.
        public var dateOrder: DateOrder?
        /// The locale whose usual date order applies when neither the user nor the dialect decide.
        public var locale: String
        /// A record larger than this is rejected; reading goes on after the next line end.
        public var maxRecordBytes: Int
        /// A warning about the input's encoding (read as Windows-1252), given once the header
        /// is taken: a file that is no CSV gets its one error alone.
        public var encodingNote: String?
        /// Today, against which a birth year is checked: a birthday after it, or more than
        /// `PartialDate.oldestAge` years before it, is read without its year, with a warning;
        /// nil: no check.
        public var today: CalendarDate?

        /// Options with these values.
        public init(scope: DecodeScope = .full, keepsRawText: Bool = false, delimiter: UInt8? = nil,
                    dialect: CSVDialect? = nil, dateOrder: DateOrder? = nil, locale: String = "root",
                    maxRecordBytes: Int = 64 << 20, encodingNote: String? = nil, today: CalendarDate? = nil) {
            self.encodingNote = encodingNote
            self.today = today
            self.scope = scope
            self.keepsRawText = keepsRawText
            self.delimiter = delimiter
            self.dialect = dialect
            self.dateOrder = dateOrder
            self.locale = locale
            self.maxRecordBytes = maxRecordBytes
        }
    }

    /// The input's name in diagnostics.
    public let path: String
    /// What was read so far.
    public private(set) var statistics = ReadStatistics()
    private let sink: PeopleSink
    private let diagnostics: DiagnosticsHandler
    private let options: Options
    private var tokenizer: CSVTokenizer?
    private var head: [UInt8] = []
    private var schema: CSVSchema?
    private var mapper: CSVPersonMapper?
    private var headerRejected = false
    private var saidOnce = SaidOnce()

    /// A parser that pushes people into `sink` and problems into `diagnostics`.
    public init(path: String, sink: PeopleSink, diagnostics: DiagnosticsHandler, options: Options = Options()) {
        self.path = path
        self.sink = sink
        self.diagnostics = diagnostics
        self.options = options
    }

    /// What a parser for a later part takes from the lead: taken on the lead's thread, and
    /// used on another.
    struct Header: Sendable {
        fileprivate let path: String
        fileprivate let options: Options
        fileprivate let mapper: CSVPersonMapper.Settings  // the schema among them
        fileprivate let delimiter: UInt8

        /// Nil while `lead` has not read a header it accepted.
        init?(_ lead: CSVParser) {
            guard lead.readsParts, let mapper = lead.mapper, let delimiter = lead.tokenizer?.delimiter else { return nil }
            (path, options, self.mapper, self.delimiter) = (lead.path, lead.options, mapper.settings, delimiter)
        }
    }

    /// A parser for a later part of the input that `header` was taken from (with a path of its
    /// own: a worker retains it for every person).
    init(_ header: Header, sink: PeopleSink, diagnostics: DiagnosticsHandler, firstLine: Int) {
        path = header.path.ownCopy()
        self.sink = sink
        self.diagnostics = diagnostics
        options = header.options
        schema = header.mapper.schema
        mapper = CSVPersonMapper(header.mapper)
        tokenizer = CSVTokenizer(delimiter: header.delimiter, keepsRawText: options.keepsRawText,
                                 maxRecordBytes: options.maxRecordBytes, firstLine: firstLine)
    }

    /// Whether a header was read and accepted, so that later parts can be read with it.
    var readsParts: Bool { schema != nil && mapper != nil && tokenizer != nil && !headerRejected }

    public func feed(_ bytes: Span<UInt8>) throws {
        if tokenizer == nil {
            // Wait for the whole header line (up to 64 KiB) to choose the delimiter: a line end
            // outside quotes, so that where the chunks are cut cannot change the choice.
            head.append(span: bytes)
            guard Self.endsLine(head) || head.count >= min(1 << 16, options.maxRecordBytes) else { return }
            if head.last == 0x0D && Self.separatorLine(head)?.length == head.count { return }  // its LF may follow
            try startTokenizing()
            return
        }
        try tokenizer!.feed(bytes) { try self.handle($0) }
    }

    /// Ends a part of the input cut after a line feed: true when it ended at the end of a
    /// record (not inside a quoted field, say), so that what follows may be read by a parser of
    /// its own.
    package func endPart() -> Bool { tokenizer?.isAtRecordStart ?? false }

    public func finish() throws {
        if tokenizer == nil { try startTokenizing() }
        try tokenizer!.finish { try self.handle($0) }
    }

    private func startTokenizing() throws {
        var buffered = head
        head = []
        if let (separator, length) = Self.separatorLine(buffered) {
            // Excel's `sep=;` line names the delimiter; the header is the line after it.
            tokenizer = CSVTokenizer(delimiter: options.delimiter ?? separator, keepsRawText: options.keepsRawText,
                                     maxRecordBytes: options.maxRecordBytes, firstLine: 2)
            buffered.removeFirst(length)
        } else {
            let headerLine = buffered.prefix(min(1 << 16, options.maxRecordBytes))
            tokenizer = CSVTokenizer(delimiter: options.delimiter ?? CSVParser.detectDelimiter(headerLine),
                                     keepsRawText: options.keepsRawText, maxRecordBytes: options.maxRecordBytes)
        }
        try tokenizer!.feed(buffered.span) { try self.handle($0) }
    }

    /// Excel's first line `sep=X` (any case, after a byte-order mark): the delimiter it names
    /// and the bytes up to the next line (the mark and the line end included).
    public static func separatorLine(_ head: [UInt8]) -> (delimiter: UInt8, length: Int)? {
        let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard head.count >= start + 5, matchesIgnoringCase(head[start..<start + 4], "SEP="),
              head[start + 4] != 0x0A && head[start + 4] != 0x0D else { return nil }
        var end = start + 5
        guard end == head.count || head[end] == 0x0A || head[end] == 0x0D else { return nil }
        if end < head.count && head[end] == 0x0D { end += 1 }
        if end < head.count && head[end] == 0x0A { end += 1 }
        return (head[start + 4], end)
    }

    /// Whether the bytes hold a line end outside quotes.
    static func endsLine(_ head: [UInt8]) -> Bool {
        var quoted = false
        for b in head {
            if b == UInt8(ascii: "\"") { quoted.toggle() } else if !quoted && (b == 0x0A || b == 0x0D) { return true }
        }
        return false
    }

    /// The most frequent of comma, semicolon and tab outside quotes on the first line; comma
    /// when there is none.
    public static func detectDelimiter<C: Collection<UInt8>>(_ head: C) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, 0x09: 0]
        var quoted = false
        for b in head {
            if b == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted && (b == 0x0A || b == 0x0D) { break }
            if !quoted, counts[b] != nil { counts[b]! += 1 }
        }
        let best = counts.max { a, b in a.value < b.value || (a.value == b.value && a.key > b.key) }!
        return best.value > 0 ? best.key : UInt8(ascii: ",")
    }

    private func handle(_ record: borrowing CSVTokenizer.Record) throws {
        guard let schema else { return try readHeader(record) }
        if headerRejected {  // the rest of a file that is no contacts file: to the rejects, as a part of it
            guard !record.isBlank else { return }
            try diagnostics.reject(nil, rawText: record.rawText)
            return
        }
        if record.isOversized {
            return try reject(record, line: record.line, column: nil, .recordTooLarge,
                              (record.isTooWide ? "record with more than \(CSVTokenizer.maxFields) fields: rejected"
                                                : "record larger than \(options.maxRecordBytes) bytes (see --max-record-bytes): rejected")
                                + (options.keepsRawText ? ", not written to the rejects file" : ""))
        }
        if record.isUnterminated {
            let problem = record.problems.last!
            return try reject(record, line: problem.line, column: problem.column, problem.code, problem.message)
        }
        for problem in record.problems {
            warn(problem.line, column: problem.column, problem.code, problem.message)
        }
        if record.count != schema.headers.count {
            warn(record.line, .fieldCount, "row has \(record.count) fields, the header has \(schema.headers.count)")
        }
        guard let mapper else { return }
        var person = PersonInfo(source: SourcePosition(path: path, line: record.line))
        guard mapper.map(record, into: &person) else { return }
        for w in mapper.warnings { warn(w.line, w.code, w.message) }
        guard mapper.identifies else {
            return try reject(record, line: record.line, column: nil, .noContactField, "row has no contact field: no name, e-mail, phone, address, date, note or other column that is read")
        }
        if let warning = person.dropImplausibleBirthYear(today: options.today) { warn(record.line, .implausibleBirthYear, warning) }
        statistics.count(person)
        try sink.consume(person)
    }

    private func readHeader(_ record: borrowing CSVTokenizer.Record) throws {
        let names = (0..<record.count).map { record.withField($0) { String(utf8: $0) } }
        let schema = CSVSchema(headers: names, dialect: options.dialect)
        self.schema = schema
        guard schema.hasNameColumn && !record.isOversized else {
            headerRejected = true
            let shown = record.isTooWide ? "more than \(CSVTokenizer.maxFields) columns"
                : record.isOversized ? "larger than \(options.maxRecordBytes) bytes"
                : names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", …" : "")
            statistics.rejected += 1
            try diagnostics.reject(
                Diagnostic(.error, .notContacts, path: path, line: record.line,
                           "not a contacts file: no name column in the CSV header (\(shown)); expected e.g. Name, First Name, Last Name"),
                rawText: record.rawText)
            return
        }
        if let note = options.encodingNote {
            statistics.warnings += 1
            diagnostics.report(Diagnostic(.warning, .encodingGuessed, path: path, line: 0, note))
        }
        let order = options.dateOrder ?? schema.usualDateOrder ?? DateOrder.usual(inLocale: options.locale)
        mapper = CSVPersonMapper(schema: schema, scope: options.scope, dateOrder: order,
                                 dateOrderGiven: options.dateOrder != nil || schema.usualDateOrder != nil)
    }

    private func reject(_ record: borrowing CSVTokenizer.Record, line: Int, column: Int?, _ code: Diagnostic.Code, _ message: String) throws {
        statistics.rejected += 1
        try diagnostics.reject(Diagnostic(.error, code, path: path, line: line, column: column, message), rawText: record.rawText)
    }

    /// A warning, unless it is one said once and said already.
    private func warn(_ line: Int, column: Int? = nil, _ code: Diagnostic.Code, _ message: String) {
        let diagnostic = Diagnostic(.warning, code, path: path, line: line, column: column, message)
        guard saidOnce.admits(diagnostic) else { return }
        statistics.warnings += 1
        diagnostics.report(diagnostic)
    }
}
