import ContactsCore

/// Streams cards in JSON into `PersonInfo` values pushed into a sink: jCard (RFC 7095: a single
/// card `["vcard", [properties]]`, an array of cards, or cards one after another, a card to a
/// line) or JSContact (RFC 9553: a Card object, an array of them, or one after another).
///
/// Each card becomes the vCard 4.0 card it stands for (`JCardProperty`, `JSContactParsing`),
/// read as a vCard is (`PersonDecoder`), or checked against vCard 4.0's rules with
/// `checksRules`. A card that is no JSON, or none of the kind, is rejected with the line where
/// that shows, its text kept for the rejects; a part of a card that is none is left out with
/// a warning; text between cards is rejected once for each stretch of it; every other card is converted.
public final class JSONCardParser: ContactsParser {
    /// The JSON form of the cards.
    public enum Kind: Sendable {
        case jCard, jsContact

        var name: String { self == .jCard ? "jCard" : "JSContact" }
    }


    /// The input's name in diagnostics.
    public let path: String
    /// What was read so far.
    public private(set) var statistics = ReadStatistics()
    private let sink: PeopleSink
    private let diagnostics: DiagnosticsHandler
    private let options: VCardParser.Options
    private let kind: Kind
    private let decoder: PersonDecoder
    private var checker: VCardRuleChecker?
    private var records: JSONRecords
    private var card = CardBuffer()
    private var saidOnce = SaidOnce()
    private var stray: [UInt8] = []
    private var strayLine = 0

    /// Read as vCard is (`VCardParser.Options`: the scope, the rejects' text, the record size limit, `--check`).
    public init(_ kind: Kind, path: String, sink: PeopleSink, diagnostics: DiagnosticsHandler, options: VCardParser.Options = .init()) {
        self.kind = kind
        self.path = path
        self.sink = sink
        self.diagnostics = diagnostics
        self.options = options
        decoder = PersonDecoder(scope: options.scope, fallbackCharset: nil, today: options.today)
        checker = options.checksRules ? VCardRuleChecker(today: options.today) : nil
        records = JSONRecords(maxRecordBytes: options.maxRecordBytes, restartTag: kind == .jCard ? "vcard" : nil)
    }

    public func feed(_ bytes: Span<UInt8>) throws {
        try records.feed(bytes) { try self.handle($0) }
    }

    /// Ends the input: a card still open is rejected.
    public func finish() throws {
        try records.finish { try self.handle($0) }
        try flushStray()
        if records.endsInRecord {
            let open = records.unfinished
            let tooLarge = open.size > options.maxRecordBytes
            try reject(line: open.line, tooLarge ? .recordTooLarge : .unclosedCard,
                       tooLarge ? tooLargeMessage : "\(kind.name) is not closed: the input ends inside it", raw: tooLarge ? [] : open.bytes)
        } else if records.endsInList {
            warn(records.line, .unclosedCard, "the array of cards is not closed: no ']' before the end of the input")
        }
    }

    private func handle(_ event: JSONRecords.Event) throws {
        switch event {
        case .oversized(_, let line):
            try flushStray()
            try reject(line: line, .recordTooLarge, tooLargeMessage, raw: [])
        case .unclosed(let bytes, let line, let next):
            try flushStray()
            try reject(line: line, .unclosedCard, "\(kind.name) is not closed: the card on line \(next) starts before it ends", raw: bytes)
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
        let properties: [VCardProperty]
        var warnings: [(line: Int, message: String)] = []
        switch kind {
        case .jCard:
            guard let top = json.array, top.count == 2, top[0].string?.lowercased() == "vcard", let elements = top[1].array else {
                return try reject(line: line, .notJCard, "not a jCard (an array of \"vcard\" and an array of properties): "
                                    + "\(json.described) \(Self.summary(json))", raw: bytes)
            }
            var converted: [VCardProperty] = []
            for json in elements {
                switch JCardProperty.property(json, warnings: &warnings) {
                case .success(let property): converted.append(property)
                case .failure(let failure): warn(json.line, .invalidJCardProperty, "not a jCard property, left out: \(failure.message)")
                }
            }
            properties = converted
        case .jsContact:
            guard json.members != nil, json["@type"]?.string == "Card" else {
                return try reject(line: line, .notJSContact, "not a JSContact Card (an object whose \"@type\" is \"Card\"): "
                                    + "\(json.described) \(Self.summary(json))", raw: bytes)
            }
            // A member named twice could mean either (JSContact is I-JSON, RFC 9553 §1.3).
            if let (key, at) = json.repeatedKey {
                return try reject(line: at, .invalidJSON, "'\(key.prefix(40))' is named twice in one object, which JSContact (I-JSON) "
                                    + "does not allow; the card from line \(line) is rejected", raw: bytes)
            }
            (properties, warnings) = JSContactParsing.properties(of: json)
        }
        guard properties.count < VCardParser.maxProperties else {
            return try reject(line: line, .tooManyProperties, "\(kind.name) card with more than \(VCardParser.maxProperties) properties: rejected",
                              raw: bytes)
        }
        card.reset(beginLine: line)
        if options.keepsRawText { card.raw = bytes }
        var hasVersion = false
        for property in properties {
            hasVersion = hasVersion || property.name == "VERSION"
            add(property)
        }
        for w in warnings { warn(w.line, kind == .jCard ? .invalidJCardProperty : .invalidJSContactMember, w.message) }
        // jCard is vCard 4.0 (RFC 7095 §3.2), and so is JSContact's; a card without its version is still read as one.
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

    /// Whether the bytes start as JSContact: `{` (or `[` `{`) with a member `"@type"` whose value
    /// is `"Card"` among the first bytes, white space (and a byte-order mark) allowed.
    public static func looksLikeJSContact(_ head: [UInt8]) -> Bool {
        var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpace() { while i < head.count && [0x20, 0x09, 0x0D, 0x0A].contains(head[i]) { i += 1 } }
        skipSpace()
        if i < head.count && head[i] == UInt8(ascii: "[") {
            i += 1
            skipSpace()
        }
        guard i < head.count, head[i] == UInt8(ascii: "{") else { return false }
        let window = Array(head[i..<min(head.count, i + 4096)])
        let key = Array(#""@type""#.utf8), card = Array(#""Card""#.utf8)
        var k = 0
        while k + key.count <= window.count {
            if window[k..<(k + key.count)].elementsEqual(key) {
                var j = k + key.count
                while j < window.count && [0x20, 0x09, 0x0D, 0x0A, UInt8(ascii: ":")].contains(window[j]) { j += 1 }
                if j + card.count <= window.count && window[j..<(j + card.count)].elementsEqual(card) { return true }
            }
            k += 1
        }
        return false
    }

    /// Adds a property to the card as its vCard line.
    private func add(_ property: VCardProperty) {
        var line: [UInt8] = []
        VCardLineWriter.append(property, to: &line)
        card.append(line: line, number: property.line)
    }

    /// What a rejected value held, for the message: its first string.
    private static func summary(_ json: JSONValue) -> String {
        switch json.kind {
        case .array(let elements): return elements.first.map { "starting with " + ($0.string.map { "'\($0.prefix(40))'" } ?? $0.described) } ?? "(empty)"
        case .object(let members): return members.first.map { "with '\($0.key.prefix(40))' first" } ?? "(empty)"
        default: return ""
        }
    }

    private var tooLargeMessage: String {
        "\(kind.name) card larger than \(options.maxRecordBytes) bytes (see --max-record-bytes): rejected"
            + (options.keepsRawText ? ", not written to the rejects file" : "")
    }

    private func flushStray() throws {
        guard !stray.isEmpty else { return }
        let raw = stray
        stray.removeAll(keepingCapacity: true)
        try reject(line: strayLine, .outsideCard, "text outside of any \(kind.name) card: '\(String(decoding: raw.prefix(40), as: UTF8.self))'",
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
