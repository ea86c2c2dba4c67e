import ContactsCore

/// Streams LDIF (RFC 2849: Thunderbird's and abook's address book exports, LDAP dumps) into
/// `PersonInfo` values pushed into a sink: one person per entry; a first `version: 1` line,
/// comments, folded lines, base64 values (`attribute:: `) and CRLF or LF line ends are read.
/// Entries of no person's object class (an organizational unit) are skipped with a warning;
/// change records (`changetype: modify`) and entries larger than `maxRecordBytes` are rejected.
public final class LDIFParser: ContactsParser {
    /// How an LDIF input is read.
    public struct Options: Sendable {
        /// What to decode: attributes with no field are kept only with `.full` and `.card`.
        public var scope: DecodeScope
        /// Keep each record's raw text for `--rejects`.
        public var keepsRawText: Bool
        /// A record larger than this is rejected; reading goes on after the next blank line.
        public var maxRecordBytes: Int
        /// Today, against which a birth year is checked: a birthday after it, or more than
        /// `PartialDate.oldestAge` years before it, is read without its year, with a warning;
        /// nil: no check.
        public var today: CalendarDate?

        /// Options with these values.
        public init(scope: DecodeScope = .full, keepsRawText: Bool = false, maxRecordBytes: Int = 64 << 20,
                    today: CalendarDate? = nil) {
            self.today = today
            self.scope = scope
            self.keepsRawText = keepsRawText
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
    private var lexer: LDIFLexer
    private var mapper: LDIFPersonMapper
    /// What reads the `x-vcard` lines of our own output, kept from entry to entry as the vCard
    /// parser keeps its own.
    private lazy var carrierDecoder = PersonDecoder(scope: options.scope == .card ? .card : .full, today: options.today)
    private var carrierCard = CardBuffer()

    /// A parser that pushes people into `sink` and problems into `diagnostics`.
    public convenience init(path: String, sink: PeopleSink, diagnostics: DiagnosticsHandler, options: Options = Options()) {
        self.init(path: path, sink: sink, diagnostics: diagnostics, options: options, firstLine: 1)
    }

    /// A parser for the part of an input that starts at a record on `firstLine`.
    init(path: String, sink: PeopleSink, diagnostics: DiagnosticsHandler, options: Options, firstLine: Int) {
        self.path = path
        self.sink = sink
        self.diagnostics = diagnostics
        self.options = options
        lexer = LDIFLexer(keepsRawText: options.keepsRawText, maxRecordBytes: options.maxRecordBytes, firstLine: firstLine)
        mapper = LDIFPersonMapper(keepsExtras: options.scope.keepsExtras)
    }

    public func feed(_ bytes: Span<UInt8>) throws {
        try lexer.feed(bytes) { try handle($0) }
    }

    public func finish() throws {
        try lexer.finish { try handle($0) }
    }

    /// Ends a part of the input: true when it ended between records.
    package func endPart() -> Bool { lexer.isAtRecordStart }

    /// Whether the bytes start like LDIF: the first line that is no comment or blank is
    /// `version: 1` or a `dn:` (any case).
    public static func looksLikeLDIF(_ head: [UInt8]) -> Bool {
        var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < head.count {
            var end = start
            while end < head.count && head[end] != 0x0A { end += 1 }
            let line = head[start..<end]
            start = end + 1
            if line.isEmpty || line == [0x0D] || line.first == UInt8(ascii: "#") || line.first == 0x20 { continue }
            return matchesIgnoringCase(line.prefix(3), "DN:") || matchesIgnoringCase(line.prefix(8), "VERSION:")
        }
        return false
    }

    private func handle(_ record: LDIFLexer.Record) throws {
        if record.isOversized {
            return try reject(record, record.hasTooManyLines ? .tooManyProperties : .recordTooLarge,
                              (record.hasTooManyLines ? "entry with more than \(LDIFLexer.maxLines) attributes: rejected"
                                                      : "entry larger than \(options.maxRecordBytes) bytes (see --max-record-bytes): rejected")
                              + (options.keepsRawText ? ", not written to the rejects file" : ""))
        }
        if let line = record.strayContinuation {
            warn(line, .notAnAttribute, "a folded line (starting with a space) with no line before it: left out")
        }
        var attributes: [LDIFAttribute] = []
        attributes.reserveCapacity(record.lines.count)
        for line in record.lines {
            if let attribute = attribute(line) { attributes.append(attribute) }
        }
        // `version: 1` starts the input; taken wherever a record starts with it, so that a
        // part read on a thread reads as the whole does.
        if attributes.first?.key == "version" { attributes.removeFirst() }
        guard !attributes.isEmpty else { return }
        if let change = attributes.first(where: { $0.key == "changetype" }) {
            let kind = ValueDecoding.makeString(change.value).trimmingSpaces()
            if kind.asciiLowercased() != "add" {
                return try reject(record, .changeRecord,
                                  "an LDIF change record (changetype: \(Diagnostic.safeText(kind, limit: 20))), not an entry: rejected")
            }
        }
        let carried = attributes.filter { $0.key == LDIFEncoder.carrier }
        if !carried.isEmpty {
            let others = attributes.filter { $0.key != LDIFEncoder.carrier }
            if let person = carriedPerson(carried, others, firstLine: record.firstLine) {
                statistics.count(person)
                return try sink.consume(person)
            }
            warn(record.firstLine, .editedEntry, "the attributes differ from the entry's x-vcard lines (changed since written): read from the attributes")
            attributes = others
        }
        var person = PersonInfo(source: SourcePosition(path: path, line: record.firstLine))
        let isPerson = mapper.map(attributes, into: &person)
        for w in mapper.warnings { warn(w.line, w.code, w.message) }
        guard isPerson else {
            let classes = mapper.otherClasses.prefix(3).map { Diagnostic.safeText($0, limit: 40) }.joined(separator: ", ")
            return warn(record.firstLine, .notAPerson, "an entry of object class \(classes), not a person: skipped")
        }
        guard person.hasNameParts || !(person.formattedName ?? "").isEmpty || !person.emails.isEmpty || !person.phones.isEmpty
                || !(person.organization ?? "").isEmpty || !person.nicknames.isEmpty else {
            return try reject(record, .noContactField, "entry has no name, e-mail, phone, organization or nickname")
        }
        if let warning = person.dropImplausibleBirthYear(today: options.today) { warn(record.firstLine, .implausibleBirthYear, warning) }
        statistics.count(person)
        try sink.consume(person)
    }

    /// The person our LDIF output carries in its `x-vcard` lines (vCard 4.0 content lines), when
    /// the entry's other attributes are those the writer gives that person: nil once they were changed.
    private func carriedPerson(_ carried: [LDIFAttribute], _ others: [LDIFAttribute], firstLine: Int) -> PersonInfo? {
        carrierCard.reset(beginLine: firstLine)
        carrierCard.append(line: Array("VERSION:4.0".utf8), number: firstLine)
        for line in carried {
            guard carrierCard.append(line: line.value, number: line.line) else { return nil }
        }
        var person = carrierDecoder.decode(&carrierCard, path: path)
        guard !others.contains(where: \.isURL) else { return nil }  // the writer writes no URL reference
        let read = others.map { LDIFEncoder.Attribute(description: ([$0.type] + $0.options).joined(separator: ";").asciiLowercased(),
                                                      value: $0.value) }
        let written = LDIFEncoder.attributes(person).map {
            LDIFEncoder.Attribute(description: $0.description.asciiLowercased(), value: $0.value)
        }
        guard read == written else { return nil }
        if !options.scope.keepsExtras { person.extraProperties = [] }
        return person
    }

    /// The `attribute[;options]: value`, `:: base64` or `:< URL` of a logical line; nil, with a
    /// warning, for a line that is none.
    private func attribute(_ line: LDIFLexer.Line) -> LDIFAttribute? {
        let bytes = line.bytes
        func isNameByte(_ b: UInt8) -> Bool {
            (0x41...0x5A).contains(asciiUpper(b)) || (0x30...0x39).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_")
        }
        var colon = 0
        while colon < bytes.count && (isNameByte(bytes[colon]) || (colon > 0 && bytes[colon] == UInt8(ascii: ";"))) { colon += 1 }
        guard colon > 0, colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else {
            let shown = Diagnostic.safeText(ValueDecoding.makeString(bytes.prefix(40)), limit: 40)
            warn(line.number, .notAnAttribute, "not an LDIF line (attribute: value): \(shown): left out")
            return nil
        }
        let description = ValueDecoding.makeString(bytes[..<colon]).split(separator: ";", omittingEmptySubsequences: false)
        var i = colon + 1
        let marker = i < bytes.count ? bytes[i] : 0
        if marker == UInt8(ascii: ":") || marker == UInt8(ascii: "<") { i += 1 }
        while i < bytes.count && bytes[i] == 0x20 { i += 1 }
        var value = Array(bytes[i...])
        let type = String(description[0])
        if marker == UInt8(ascii: ":") {
            guard let decoded = Base64.decode(Substring(ValueDecoding.makeString(value))) else {
                warn(line.number, .notAnAttribute, "\(Diagnostic.safeText(type, limit: 40)):: is no base64: left out")
                return nil
            }
            value = decoded
        }
        return LDIFAttribute(type: type, options: description.dropFirst().map(String.init), value: value,
                             isURL: marker == UInt8(ascii: "<"), line: line.number)
    }

    private func reject(_ record: LDIFLexer.Record, _ code: Diagnostic.Code, _ message: String) throws {
        statistics.rejected += 1
        try diagnostics.reject(Diagnostic(.error, code, path: path, line: record.firstLine, message), rawText: record.raw)
    }

    private func warn(_ line: Int, _ code: Diagnostic.Code, _ message: String) {
        statistics.warnings += 1
        diagnostics.report(Diagnostic(.warning, code, path: path, line: line, message))
    }
}

/// Where LDIF input is cut into parts: after a blank line, which always ends a record.
package struct LDIFFraming: RecordFraming {
    let path: String
    let options: LDIFParser.Options

    package init(path: String, options: LDIFParser.Options) {
        (self.path, self.options) = (path, options)
    }

    package func makeLead(sink: PeopleSink, diagnostics: DiagnosticsHandler) -> LDIFParser {
        LDIFParser(path: path, sink: sink, diagnostics: diagnostics, options: options)
    }

    package func partParsers(after lead: LDIFParser) -> PartParsers<LDIFParser>? {
        let (path, options) = (path, options)
        return { LDIFParser(path: path.ownCopy(), sink: $0, diagnostics: $0, options: options, firstLine: $1) }
    }

    /// Just after the first blank line (a line feed, maybe a carriage return, and a line feed)
    /// whose line feed is at or after `from`.
    package func cut(_ bytes: [UInt8], partStart: Int, from after: Int) -> Int? {
        let p = bytes.span
        var i = max(after, partStart)
        while let lf = p.firstIndex(of: 0x0A, from: i) {
            var next = lf + 1
            if next < p.count && p[next] == 0x0D { next += 1 }
            if next < p.count && p[next] == 0x0A { return next + 1 }
            if next >= p.count { return nil }  // the next bytes decide
            i = lf + 1
        }
        return nil
    }
}

extension LDIFParser: PartParser {}
