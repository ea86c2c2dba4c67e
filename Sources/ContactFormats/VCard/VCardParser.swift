import ContactsCore

/// Streams vCard 2.1, 3.0 and 4.0 bytes into `PersonInfo` values pushed into a sink.
///
/// Feed chunks of any size, then call `finish()`. Warnings and rejected records go to the
/// diagnostics handler with their line. A card that never ends (`END:VCARD` missing, or a new
/// `BEGIN:VCARD` first) and text outside any card are rejected; every other card is converted.
/// Nested 2.1/3.0 `AGENT` cards stay inside their parent's `AGENT` property.
public final class VCardParser: ContactsParser {
    /// How a vCard input is read.
    public struct Options: Sendable {
        /// What to decode: everything, or only what the birthday formats need.
        public var scope: DecodeScope
        /// Keep the raw text of each record so rejects can be written out as they were read.
        public var keepsRawText: Bool
        /// A card (or line) larger than this is rejected, and reading goes on after it; its raw
        /// text is kept up to this size.
        public var maxRecordBytes: Int
        /// Check every card against the vCard rules (`--check`) and report what it breaks,
        /// instead of decoding it; the sink gets no one.
        public var checksRules: Bool
        /// The character set of quoted-printable bytes that name none and are not UTF-8 (the
        /// input's `--encoding`); nil: Windows-1252, with a warning.
        public var fallbackCharset: String?
        /// Today, against which a birth year is checked: a birthday after it, or more than
        /// `PartialDate.oldestAge` years before it, is read without its year, with a warning;
        /// nil: no check.
        public var today: CalendarDate?

        /// Options with these values.
        public init(scope: DecodeScope = .full, keepsRawText: Bool = false, maxRecordBytes: Int = 64 << 20,
                    checksRules: Bool = false, fallbackCharset: String? = nil, today: CalendarDate? = nil) {
            self.scope = scope
            self.keepsRawText = keepsRawText || checksRules
            self.maxRecordBytes = maxRecordBytes
            self.checksRules = checksRules
            self.fallbackCharset = fallbackCharset
            self.today = today
        }
    }

    /// The input's name in diagnostics.
    public let path: String
    /// What was read so far.
    private let statisticsCell = UncheckedCell<ReadStatistics>(ReadStatistics())  // counted per card: a cell as the state below
    public var statistics: ReadStatistics { statisticsCell.value }
    private let sink: PeopleSink
    private let diagnostics: DiagnosticsHandler
    private let keepsRaw: Bool
    private let maxRecordBytes: Int
    /// Leave out properties the birthday formats do not use, before splitting them into parts.
    private let skipsUnneeded: Bool
    private var saidOnce = SaidOnce()
    // The lexer, card and checker change on every line: in cells the run-time exclusivity checks
    // do not watch (they cost a one-thread vCard read about 10%); only this parser touches them.
    private let lexer: UncheckedCell<VCardLexer>
    private let decoder: PersonDecoder
    private let checker: UncheckedCell<VCardRuleChecker?>
    private let card = UncheckedCell<CardBuffer>(CardBuffer())
    /// Where the parser is between two lines, changed by `handle` alone.
    private let state = UncheckedCell<State>(State())
    /// What the birthday formats keep of the card being read (`skipsUnneeded`).
    private let namesAndDates = UncheckedCell<NamesAndDatesLines>(NamesAndDatesLines())
    private let fields = PropertyTable.fields
    private var agentText: [UInt8] = []
    private var stray: [UInt8] = []
    private var strayLine = 0
    private var strayPreview = ""

    /// `firstLine`: the line number where the bytes start (1 unless they are a later part of a file).
    public init(path: String, sink: PeopleSink, diagnostics: DiagnosticsHandler, options: Options = Options(),
                firstLine: Int = 1) {
        self.path = path
        self.sink = sink
        self.diagnostics = diagnostics
        self.keepsRaw = options.keepsRawText
        self.maxRecordBytes = options.maxRecordBytes
        self.lexer = UncheckedCell(VCardLexer(keepsRawText: options.keepsRawText, maxLineBytes: options.maxRecordBytes,
                                              firstLine: firstLine))
        self.decoder = PersonDecoder(scope: options.scope, fallbackCharset: options.fallbackCharset, today: options.today)
        self.checker = UncheckedCell(options.checksRules ? VCardRuleChecker(today: options.today) : nil)
        self.skipsUnneeded = options.scope == .namesAndDates && !options.checksRules
    }

    public func feed(_ bytes: Span<UInt8>) throws {
        try lexer.value.feed(bytes) { try self.handle($0, $1, raw: $2) }
    }

    /// Ends a part of the input cut just before a `BEGIN:VCARD` line that follows an
    /// `END:VCARD` line: true when no card is open there, and the parser is finished (the next
    /// part can be read by a parser of its own).
    package func endPart() throws -> Bool {
        try lexer.value.endLine { try self.handle($0, $1, raw: $2) }
        if state.value.inCard { return false }
        try finish()
        return true
    }

    /// Ends the input: a card still open is rejected, and the sink is not finished here (a
    /// sink may take several inputs).
    public func finish() throws {
        try lexer.value.finish { try self.handle($0, $1, raw: $2) }
        if state.value.inCard {
            var reason = (code: Diagnostic.Code.unclosedCard, message: "vCard is not closed: no END:VCARD before the end of the input")
            if case .discarding(let limit, _) = state.value.place { reason = passed(limit) }
            state.value.place = .outside
            try reject(line: card.value.beginLine, reason.code, reason.message, raw: card.value.raw)
        }
        try flushStray()
    }

    /// Where the parser is between two lines: the one state `handle` reads and changes.
    private struct State {
        enum Place {
            /// Outside any card: a line here is stray text.
            case outside
            /// In a card, at its own level.
            case card
            /// In a nested `AGENT` card this deep, the value of the card's property at `property`.
            case agent(depth: Int, property: Int)
            /// In a card past a limit, with nested cards this deep: read to its `END:VCARD`
            /// without being kept, then rejected.
            case discarding(Limit, depth: Int)
        }

        /// The limits a card may pass (a plain value: the state is copied on every line).
        enum Limit { case size, properties }

        var place = Place.outside
        /// What the last line at the card's level was, for a line that continues it.
        var lastLine = PreviousLine.none
        /// The line before was `AGENT:` with no value: a `BEGIN:VCARD` now starts a nested card.
        var afterEmptyAgent = false

        var inCard: Bool {
            if case .outside = place { return false }
            return true
        }
    }

    /// The transition: one line read in the present state. A `BEGIN:VCARD` is a nested card
    /// only right after an empty `AGENT`; anywhere else it starts a card at the outer level,
    /// whatever is open (so that an unclosed card never takes the cards after it).
    private func handle(_ line: VCardLexer.Line, _ bytes: Span<UInt8>, raw: Span<UInt8>) throws {
        // A line's name is found once: the card's frame, a nested card and the property are told by it.
        let head = ContentLineParser.head(bytes)
        let framesOrNests = Self.mayFrameOrNest(bytes, head)
        let marker = framesOrNests ? Self.marker(bytes, head) : .none
        let afterEmptyAgent = state.value.afterEmptyAgent
        let inCard = state.value.inCard
        if inCard { checker.value?.physicalLines(raw, firstLine: line.number) }
        state.value.afterEmptyAgent = inCard && marker == .none && framesOrNests && Self.opensAgent(bytes, head)
        switch state.value.place {
        case .outside:
            if marker == .begin {
                try flushStray()
                startCard(line, raw: raw)
            } else {
                if keepsRaw && stray.count + raw.count > maxRecordBytes { try flushStray() }
                if stray.isEmpty && strayPreview.isEmpty {
                    strayLine = line.number
                    strayPreview = String(utf8: bytes.extracting(0..<min(40, bytes.count)))
                }
                if keepsRaw { stray.append(span: raw) }
            }
        case .discarding(let limit, let depth):
            switch marker {
            case .begin where !afterEmptyAgent:
                let (code, message) = passed(limit)
                try reject(line: card.value.beginLine, code, message, raw: card.value.raw)
                startCard(line, raw: raw)
            case .begin:
                state.value.place = .discarding(limit, depth: depth + 1)
            case .end where depth == 0:
                state.value.place = .outside
                let (code, message) = passed(limit)
                try reject(line: card.value.beginLine, code, message, raw: card.value.raw)
            case .end:
                state.value.place = .discarding(limit, depth: depth - 1)
            case .none:
                break
            }
        case .agent(let depth, let property):
            if marker == .begin && !afterEmptyAgent {
                try reject(line: card.value.beginLine, .unclosedCard, Self.unclosed(by: line), raw: card.value.raw)
                startCard(line, raw: raw)
                return
            }
            if passesALimit(line, bytes, nestedDepth: depth) { return try discard(line, bytes, raw: raw, marker, nestedDepth: depth) }
            if keepsRaw { card.value.raw.append(span: raw) }
            appendAgentLine(bytes)
            switch marker {
            case .begin:
                state.value.place = .agent(depth: depth + 1, property: property)
            case .end where depth == 1:
                agentText.removeLast(2)  // the escaped newline after the last line
                card.value.setAgent(agentText, at: property)
                state.value.place = .card
                state.value.lastLine = .none
            case .end:
                state.value.place = .agent(depth: depth - 1, property: property)
            case .none:
                break
            }
        case .card:
            if passesALimit(line, bytes, nestedDepth: 0) { return try discard(line, bytes, raw: raw, marker, nestedDepth: 0) }
            switch marker {
            case .begin where afterEmptyAgent:
                if keepsRaw { card.value.raw.append(span: raw) }
                state.value.place = .agent(depth: 1, property: card.value.properties.count - 1)
                agentText.removeAll(keepingCapacity: true)
                appendAgentLine(bytes)
            case .begin:
                try reject(line: card.value.beginLine, .unclosedCard, Self.unclosed(by: line), raw: card.value.raw)
                startCard(line, raw: raw)
            case .end:
                if keepsRaw { card.value.raw.append(span: raw) }
                state.value.place = .outside
                try finishCard()
            case .none:
                if keepsRaw { card.value.raw.append(span: raw) }
                // The birthday formats look at the name first, and keep what they need.
                let field = head.flatMap { fields.field(in: bytes, name: $0.name) }
                if skipsUnneeded, let head, ContentLineParser.isProperty(bytes, head), !namesAndDates.value.keeps(field) {
                    card.value.skip(line: bytes)
                    state.value.lastLine = .skipped
                } else if card.value.append(line: bytes, number: line.number, head: head, field: field) {
                    state.value.lastLine = .kept
                } else {
                    try continuation(line, bytes)
                }
            }
        }
    }

    /// Whether this line makes the open card larger than `--max-record-bytes` or gives it more
    /// properties than `maxProperties` (asked of every line: inlined).
    @inline(__always)
    private func passesALimit(_ line: VCardLexer.Line, _ bytes: Span<UInt8>, nestedDepth: Int) -> Bool {
        line.isOversized || card.value.size + (nestedDepth > 0 ? agentText.count : 0) + bytes.count > maxRecordBytes
            || card.value.properties.count + card.value.skippedProperties >= Self.maxProperties
    }

    /// The card past a limit is skipped to its end and rejected (`passed`).
    private func discard(_ line: VCardLexer.Line, _ bytes: Span<UInt8>, raw: Span<UInt8>, _ marker: Marker, nestedDepth: Int) throws {
        let size = card.value.size + (nestedDepth > 0 ? agentText.count : 0) + bytes.count
        state.value.place = .discarding(line.isOversized || size > maxRecordBytes ? .size : .properties, depth: nestedDepth)
        card.value.reset(beginLine: card.value.beginLine)
        if marker == .end && nestedDepth == 0 { try handle(line, bytes, raw: raw) }  // the line that ends it
    }

    /// Why a card past a limit is rejected.
    private func passed(_ limit: State.Limit) -> (Diagnostic.Code, String) {
        // Its raw text is dropped: a part of it in the rejects would read as a whole card.
        let notKept = keepsRaw ? ", not written to the rejects file" : ""
        switch limit {
        case .size: return (.recordTooLarge, "vCard larger than \(maxRecordBytes) bytes (see --max-record-bytes): rejected" + notKept)
        case .properties: return (.tooManyProperties, "vCard with more than \(Self.maxProperties) properties: rejected" + notKept)
        }
    }

    /// Why a card is rejected when a `BEGIN:VCARD` comes before its end.
    private static func unclosed(by line: VCardLexer.Line) -> String {
        "vCard is not closed: BEGIN:VCARD on line \(line.number) comes before END:VCARD"
    }

    /// A line inside a card that is no property: a new line of the value before it when that
    /// value may hold one (a bare CR in a note, a 2.1 address's second street line written
    /// unescaped), with a warning; else ignored, with a warning.
    private func continuation(_ line: VCardLexer.Line, _ bytes: Span<UInt8>) throws {
        let text = String(utf8: bytes.extracting(0..<min(40, bytes.count)))
        let kept: Bool
        switch state.value.lastLine {
        case .kept: kept = card.value.appendContinuation(line: bytes)
        case .skipped:
            card.value.skip(line: bytes)
            kept = true
        case .none: kept = false
        }
        guard kept else {
            warn(line.number, .notAProperty, "not a vCard property (no name or no ':'), ignored: '\(text)'")
            return
        }
        let message = "not a vCard property: '\(text)' is read as a new line of the value before it "
            + "(a line break the exporter did not escape)"
        if checker.value != nil {
            diagnostics.report(Diagnostic(.error, .continuationLine, path: path, line: line.number, message))
        } else {
            warn(line.number, .continuationLine, message)
        }
    }

    /// What the last line inside a card was, for a line that continues it.
    private enum PreviousLine { case none, kept, skipped }

    /// Whether the line's name may be `BEGIN`, `END` or `AGENT` (the first letter of a name of
    /// their length): the lines `marker` and `opensAgent` are asked of, told at once from the rest.
    @inline(__always)
    private static func mayFrameOrNest(_ line: Span<UInt8>, _ head: ContentLineParser.Head?) -> Bool {
        guard let name = head?.name else { return false }
        let first = line[name.lowerBound] | 0x20  // ASCII letters in lower case
        return name.count == 5 ? first == UInt8(ascii: "b") || first == UInt8(ascii: "a") : name.count == 3 && first == UInt8(ascii: "e")
    }

    /// `AGENT:` (with a group or parameters, in any case) and no value: a nested card follows.
    /// `head`: the line's `ContentLineParser.head`.
    static func opensAgent(_ line: Span<UInt8>, _ head: ContentLineParser.Head?) -> Bool {
        guard let name = head?.name, name.count == 5, matchesIgnoringCase(line.extracting(name), "AGENT") else { return false }
        var end = line.count
        while end > 0 && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
        // A colon ends it, so the line is a property.
        guard end > 0, line[end - 1] == UInt8(ascii: ":") else { return false }
        // The colon that ends the name and parameters (the first outside quotes) must be that
        // last one: `AGENT::` has the value `:`.
        var quoted = false
        for i in name.upperBound..<end {
            if line[i] == UInt8(ascii: "\"") { quoted.toggle() }
            if line[i] == UInt8(ascii: ":") && !quoted { return i == end - 1 }
        }
        return false
    }

    /// More properties than any real card has; beyond it, a card is rejected.
    static let maxProperties = 100_000

    private func startCard(_ line: VCardLexer.Line, raw: Span<UInt8>) {
        state.value.place = .card
        state.value.lastLine = .none
        card.value.reset(beginLine: line.number)
        namesAndDates.value = NamesAndDatesLines()
        if keepsRaw { card.value.raw.append(span: raw) }
        checker.value?.startCard()
        checker.value?.physicalLines(raw, firstLine: line.number)
    }

    private func finishCard() throws {
        if checker.value != nil { return checker.value!.report(card.value, path: path, to: diagnostics, counting: &statisticsCell.value) }
        let person = decoder.decode(&card.value, path: path)
        for w in decoder.warnings { warn(w.line, w.code, w.message) }
        statisticsCell.value.count(person)
        try sink.consume(person)
    }

    /// Nested card text in the vCard 3.0 inline form: escaped, lines joined by `\n`.
    private func appendAgentLine(_ bytes: Span<UInt8>) {
        for i in bytes.indices {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"):
                agentText.append(UInt8(ascii: "\\"))
                agentText.append(b)
            default:
                agentText.append(b)
            }
        }
        agentText.append(UInt8(ascii: "\\"))
        agentText.append(UInt8(ascii: "n"))
    }

    private func flushStray() throws {
        guard !strayPreview.isEmpty else { return }
        let raw = stray
        stray.removeAll(keepingCapacity: true)
        let preview = strayPreview
        strayPreview = ""
        try reject(line: strayLine, .outsideCard, "text outside of any vCard: '\(preview)'", raw: raw)
    }

    private func reject(line: Int, _ code: Diagnostic.Code, _ message: String, raw: [UInt8]) throws {
        statisticsCell.value.rejected += 1
        try diagnostics.reject(Diagnostic(.error, code, path: path, line: line, message), rawText: raw)
    }

    /// A warning, unless it is one said once and said already.
    private func warn(_ line: Int, _ code: Diagnostic.Code, _ message: String) {
        let diagnostic = Diagnostic(.warning, code, path: path, line: line, message)
        guard saidOnce.admits(diagnostic) else { return }
        statisticsCell.value.warnings += 1
        diagnostics.report(diagnostic)
    }

    package enum Marker { case begin, end, none }

    /// `BEGIN:VCARD` / `END:VCARD`, in any case, with white space around the parts.
    package static func marker(_ line: Span<UInt8>) -> Marker {
        marker(line, ContentLineParser.head(line))
    }

    /// The first and last 8 bytes of `BEGIN:VCARD` and of `END:VCARD`, as words.
    private static let beginWords = frameWords("BEGIN:VCARD"), endWords = frameWords("END:VCARD")

    private static func frameWords(_ line: String) -> (first: UInt64, last: UInt64) {
        let bytes = Array(line.utf8).span
        return (bytes.littleEndianWord(at: 0), bytes.littleEndianWord(at: bytes.count - 8))
    }

    /// As `marker(_:)`, with the line's `ContentLineParser.head`: a name with no group (nor a
    /// dot before it) and a colon after it, the value `VCARD`.
    static func marker(_ line: Span<UInt8>, _ head: ContentLineParser.Head?) -> Marker {
        // The usual frame lines, `BEGIN:VCARD` and `END:VCARD` alone in any case, told by their
        // first and last 8 bytes upper-cased.
        if line.count == 11 || line.count == 9 {
            let first = asciiUpper(word: line.littleEndianWord(at: 0)), last = asciiUpper(word: line.littleEndianWord(at: line.count - 8))
            if line.count == 11 && first == Self.beginWords.first && last == Self.beginWords.last { return .begin }
            if line.count == 9 && first == Self.endWords.first && last == Self.endWords.last { return .end }
        }
        guard let (group, name, end) = head, name.count == 5 || name.count == 3, group.isEmpty,
              line[end] == UInt8(ascii: ":"), name.lowerBound == 0 || line[name.lowerBound - 1] != UInt8(ascii: ".") else {
            return .none
        }
        let marker: Marker
        let first = asciiUpper(line[name.lowerBound])  // told apart from EMAIL, TEL, ADR and UID at once
        if name.count == 5 && first == UInt8(ascii: "B") && matchesIgnoringCase(line.extracting(name), "BEGIN") {
            marker = .begin
        } else if name.count == 3 && first == UInt8(ascii: "E") && matchesIgnoringCase(line.extracting(name), "END") {
            marker = .end
        } else {
            return .none
        }
        var lo = end + 1, hi = line.count
        while lo < hi && (line[lo] == 0x20 || line[lo] == 0x09) { lo += 1 }
        while hi > lo && (line[hi - 1] == 0x20 || line[hi - 1] == 0x09) { hi -= 1 }
        return hi - lo == 5 && matchesIgnoringCase(line.extracting(lo..<hi), "VCARD") ? marker : .none
    }
}

/// Which lines of a card the birthday formats keep (`DecodeScope.namesAndDates`): the names, the
/// dates, the UID, and, until a name comes, the first e-mail address and phone number, which name
/// a card that has no name (as the other outputs name it), read only then (`PersonDecoder`).
struct NamesAndDatesLines {
    private var named = false, keptEmail = false, keptPhone = false

    /// Whether the line of this property is kept; the lines before it have been asked.
    mutating func keeps(_ name: PropertyName?) -> Bool {
        guard let name else { return false }
        if name.namesThePerson { named = true }
        if name.isNameOrDate || name == .agent { return true }
        guard !named else { return false }
        if name == .email && !keptEmail { keptEmail = true; return true }
        if name == .phone && !keptPhone { keptPhone = true; return true }
        return false
    }
}
