import ContactsCore

/// Streams jCard (RFC 7095) into `PersonInfo` values pushed into a sink: a single card
/// (`["vcard", [properties]]`), an array of cards, or cards one after another (a card to a line).
///
/// Each card becomes the vCard 4.0 card it stands for (`JCardProperty`), read as a vCard is
/// (`PersonDecoder`), or checked against vCard 4.0's rules with `checksRules`. A card that is
/// no JSON, or no jCard, is rejected with the line where that shows, its text kept for the
/// rejects; a property of a card that is none is left out with a warning; text between cards
/// is rejected once for each stretch of it; every other card is converted.
public final class JCardParser: ContactsParser {
    /// The input's name in diagnostics.
    public let path: String
    /// What was read so far.
    public private(set) var statistics = ReadStatistics()
    private let sink: PeopleSink
    private let diagnostics: DiagnosticsHandler
    private let options: VCardParser.Options
    private let decoder: PersonDecoder
    private var checker: VCardRuleChecker?
    private var records: JSONRecords
    private var card = CardBuffer()
    private var saidOnce = SaidOnce()
    private var stray: [UInt8] = []
    private var strayLine = 0

    /// Read as vCard is (`VCardParser.Options`: the scope, the rejects' text, the record size limit, `--check`).
    public init(path: String, sink: PeopleSink, diagnostics: DiagnosticsHandler, options: VCardParser.Options = .init()) {
        self.path = path
        self.sink = sink
        self.diagnostics = diagnostics
        self.options = options
        decoder = PersonDecoder(scope: options.scope, fallbackCharset: nil, today: options.today)
        checker = options.checksRules ? VCardRuleChecker(today: options.today) : nil
        records = JSONRecords(maxRecordBytes: options.maxRecordBytes, restartTag: "vcard")
    }

    public func feed(_ bytes: Span<UInt8>) throws {
        try bytes.withUnsafeBufferPointer { bytes in try records.feed(bytes) { try self.handle($0) } }
    }

    /// Ends the input: a card still open is rejected.
    public func finish() throws {
        try records.finish { try self.handle($0) }
        try flushStray()
        if records.endsInRecord {
            let open = records.unfinished
            let tooLarge = open.size > options.maxRecordBytes
            try reject(line: open.line, tooLarge ? .recordTooLarge : .unclosedCard,
                       tooLarge ? Self.tooLarge(options.maxRecordBytes, keepsRaw: options.keepsRawText)
                                : "jCard is not closed: the input ends inside it", raw: tooLarge ? [] : open.bytes)
        } else if records.endsInList {
            warn(records.line, .unclosedCard, "the array of cards is not closed: no ']' before the end of the input")
        }
    }

    private func handle(_ event: JSONRecords.Event) throws {
        switch event {
        case .oversized(_, let line):
            try flushStray()
            try reject(line: line, .recordTooLarge, Self.tooLarge(options.maxRecordBytes, keepsRaw: options.keepsRawText), raw: [])
        case .unclosed(let bytes, let line, let next):
            try flushStray()
            try reject(line: line, .unclosedCard, "jCard is not closed: the card on line \(next) starts before it ends", raw: bytes)
        case .record(let bytes, let line):
            // A word between cards (no array or object): stray text, said once for a stretch of it.
            if let first = bytes.first, first != UInt8(ascii: "["), first != UInt8(ascii: "{") {
                if stray.isEmpty { strayLine = line }
                if stray.count < options.maxRecordBytes { stray += stray.isEmpty ? bytes : [0x20] + bytes }
                return
            }
            try flushStray()
            try read(bytes, line: line)
        }
    }

    private func read(_ bytes: [UInt8], line: Int) throws {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes, firstLine: line)
        } catch {
            return try reject(line: error.line, .invalidJSON, "not JSON: \(error.message); the card from line \(line) is rejected", raw: bytes)
        }
        guard let top = json.array, top.count == 2, top[0].string?.lowercased() == "vcard", let properties = top[1].array else {
            return try reject(line: line, .notJCard, "not a jCard (an array of \"vcard\" and an array of properties): "
                                + "\(json.described) \(Self.summary(json))", raw: bytes)
        }
        guard properties.count < VCardParser.maxProperties else {
            return try reject(line: line, .tooManyProperties, "jCard with more than \(VCardParser.maxProperties) properties: rejected",
                              raw: bytes)
        }
        card.reset(beginLine: line)
        if options.keepsRawText { card.raw = bytes }
        var warnings: [(line: Int, message: String)] = []
        var hasVersion = false
        for json in properties {
            switch JCardProperty.property(json, warnings: &warnings) {
            case .success(let property):
                hasVersion = hasVersion || property.name == "VERSION"
                add(property)
            case .failure(let failure):
                warn(json.line, .invalidJCardProperty, "not a jCard property, left out: \(failure.message)")
            }
        }
        for w in warnings { warn(w.line, .invalidJCardProperty, w.message) }
        // jCard is vCard 4.0 (RFC 7095 §3.2); a card without its version is still read as one.
        if !hasVersion && checker == nil { add(VCardProperty(name: "VERSION", value: "4.0", line: line)) }
        if checker != nil {
            checker!.startCard()
            return checker!.report(card, path: path, to: diagnostics, counting: &statistics)
        }
        let person = decoder.decode(&card, path: path)
        for w in decoder.warnings { warn(w.line, w.code, w.message) }
        statistics.count(person)
        try sink.consume(person)
    }

    /// Whether the bytes start as jCard: `[` then `"vcard"` (a card) or `[` `"vcard"` (an array
    /// of cards), white space (and a byte-order mark) allowed around them.
    public static func looksLikeJCard(_ head: [UInt8]) -> Bool {
        var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpace() { while i < head.count && [0x20, 0x09, 0x0D, 0x0A].contains(head[i]) { i += 1 } }
        skipSpace()
        guard i < head.count, head[i] == UInt8(ascii: "[") else { return false }
        i += 1
        skipSpace()
        if i < head.count && head[i] == UInt8(ascii: "[") {
            i += 1
            skipSpace()
        }
        let tag = Array(#""vcard""#.utf8)
        return i + tag.count <= head.count && head[i..<(i + tag.count)].map(asciiUpper).elementsEqual(tag.map(asciiUpper))
    }

    /// Adds a property to the card as its vCard line.
    private func add(_ property: VCardProperty) {
        var line: [UInt8] = []
        VCardLineWriter.append(property, to: &line)
        _ = line.withUnsafeBufferPointer { card.append(line: $0, number: property.line) }
    }

    /// What a rejected value held, for the message: its first string.
    private static func summary(_ json: JSONValue) -> String {
        switch json.kind {
        case .array(let elements): return elements.first.map { "starting with " + ($0.string.map { "'\($0.prefix(40))'" } ?? $0.described) } ?? "(empty)"
        case .object(let members): return members.first.map { "with '\($0.key.prefix(40))' first" } ?? "(empty)"
        default: return ""
        }
    }

    private static func tooLarge(_ limit: Int, keepsRaw: Bool) -> String {
        "jCard larger than \(limit) bytes (see --max-record-bytes): rejected" + (keepsRaw ? ", not written to the rejects file" : "")
    }

    private func flushStray() throws {
        guard !stray.isEmpty else { return }
        let raw = stray
        stray.removeAll(keepingCapacity: true)
        try reject(line: strayLine, .outsideCard, "text outside of any jCard: '\(String(decoding: raw.prefix(40), as: UTF8.self))'",
                   raw: raw)
    }

    private func reject(line: Int, _ code: Diagnostic.Code, _ message: String, raw: [UInt8]) throws {
        statistics.rejected += 1
        try diagnostics.reject(Diagnostic(.error, code, path: path, line: line, message), rawText: options.keepsRawText ? raw + [0x0A] : [])
    }

    /// A warning, unless it is one said once and said already.
    private func warn(_ line: Int, _ code: Diagnostic.Code, _ message: String) {
        let diagnostic = Diagnostic(.warning, code, path: path, line: line, message)
        guard saidOnce.admits(diagnostic) else { return }
        statistics.warnings += 1
        diagnostics.report(diagnostic)
    }
}
