/// Cuts a stream of JSON text into records without parsing them: the values at the top (one
/// after another, as JSON Lines or JSON text sequences put them), and the elements of a top-level
/// array whose first element is an array or an object (`[[…], […]]`, `[{…}, {…}]`: a file of
/// records). A top-level array whose first element is anything else is one record (a single
/// jCard, `["vcard", […]]`). Fed bytes in chunks; a record's bytes are handed over whole, with
/// its first line, or its size alone when it passes the limit (its bytes are not kept).
package struct JSONRecords {
    /// What ended: a record, its bytes and first line (`oversized`: its size, the bytes dropped).
    package enum Event {
        case record(bytes: [UInt8], line: Int)
        case oversized(size: Int, line: Int)
        /// A record cut short by the next one starting (`restartTag`): its bytes so far.
        case unclosed(bytes: [UInt8], line: Int, next: Int)
    }

    private enum Level { case top, list }
    private var level = Level.top
    /// A `[` at the top whose first element is still to come (`openLine`: its line).
    private var opening = false
    private var openLine = 0
    /// The line breaks between that `[` and its first element (kept in the record, whose lines count from the `[`).
    private var openingLines = 0
    /// The record being read; `depth` counts its open arrays and objects.
    private var inRecord = false
    private var record: [UInt8] = []
    private var recordLine = 0
    private var recordSize = 0
    private var depth = 0
    private var inString = false, escaped = false
    /// A record that is a string, number or literal: it ends where its text does.
    private var scalar = false
    private let maxBytes: Int
    /// What a record starts with (`["vcard"`, any case, white space after the bracket): seen at
    /// the start of a line inside a record that has not ended, it ends that one unclosed and
    /// starts the next, so that one missing bracket loses one card, not the rest of the input.
    private let restartTag: [UInt8]?
    /// Only white space since the last line break.
    private var atLineStart = true
    /// A `[` at the start of a line inside a record, its offset and line, and how much of the tag followed.
    private var restart: (offset: Int, line: Int, matched: Int)?
    /// The line being read.
    package private(set) var line: Int

    /// `restartTag`: the string a record's array starts with (`vcard`), which no record holds
    /// inside it; nil: none.
    package init(maxRecordBytes: Int, restartTag: String? = nil, firstLine: Int = 1) {
        maxBytes = maxRecordBytes
        self.restartTag = restartTag.map { Array(("\"" + $0 + "\"").utf8).map(asciiUpper) }
        line = firstLine
    }

    /// Whether the input ended inside a record (the caller rejects it), or inside the top-level
    /// array of records (the records in it were read); asked after `finish`.
    package var endsInRecord: Bool { inRecord }
    package var endsInList: Bool { level == .list || opening }

    /// Reads `bytes`, handing each record that ends in them to `body`.
    package mutating func feed(_ bytes: Span<UInt8>, _ body: (Event) throws -> Void) rethrows {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if inRecord && !inString && scalar && Self.endsScalar(b) {
                try end(body)  // the byte is read again, between records
                continue
            }
            i += 1
            if b == 0x0A { line += 1 }
            if inRecord {
                keep(b)
                if inString {
                    if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") {
                        inString = false
                        if scalar { try end(body); continue }
                    }
                    if restart != nil { try watchForRestart(b, body) }  // the tag is a string
                    continue
                }
                guard !scalar else { continue }
                switch b {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { try end(body); continue }
                default: break
                }
                try watchForRestart(b, body)
                continue
            }
            if Self.isSpace(b) {
                if opening && b == 0x0A { openingLines += 1 }
                continue
            }
            if opening {
                opening = false
                if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                    level = .list
                    start(b, line: line)
                } else if b == UInt8(ascii: "]") {
                    level = .top  // an empty array: no record
                } else {
                    start(UInt8(ascii: "["), line: openLine)  // the array is the record
                    for _ in 0..<openingLines { keep(0x0A) }
                    take(b)
                }
                continue
            }
            if b == UInt8(ascii: ",") { continue }  // between records: at the top too (`{…},\n{…}`)
            switch level {
            case .top:
                if b == UInt8(ascii: "[") {
                    opening = true
                    openLine = line
                    openingLines = 0
                } else {
                    start(b, line: line)
                }
            case .list:
                if b == UInt8(ascii: "]") { level = .top; continue }
                start(b, line: line)
            }
        }
    }

    /// Follows a `[` at the start of a line inside the record: when the tag follows it, the
    /// record so far is handed over unclosed and the next starts at that `[`.
    private mutating func watchForRestart(_ b: UInt8, _ body: (Event) throws -> Void) rethrows {
        defer { atLineStart = b == 0x0A || (atLineStart && Self.isSpace(b)) }
        guard let tag = restartTag, recordSize <= maxBytes else { return }
        if b == UInt8(ascii: "[") && atLineStart {
            restart = (record.count - 1, line, 0)
            return
        }
        guard var r = restart else { return }
        if r.matched == 0 && Self.isSpace(b) { return }
        guard asciiUpper(b) == tag[r.matched] else { restart = nil; return }
        r.matched += 1
        restart = r
        guard r.matched == tag.count else { return }
        let cut = Array(record[..<r.offset])
        record.removeFirst(r.offset)
        try body(.unclosed(bytes: cut, line: recordLine, next: r.line))
        recordLine = r.line
        recordSize = record.count
        depth = 1
        restart = nil
    }

    /// Ends the input: a scalar record still open is handed over (the caller asks
    /// `endsInRecord` and `endsInList` for what did not end).
    package mutating func finish(_ body: (Event) throws -> Void) rethrows {
        if inRecord && scalar && !inString { try end(body) }
    }

    /// The bytes of the record that did not end, for the rejects.
    package var unfinished: (bytes: [UInt8], size: Int, line: Int) { (record, recordSize, recordLine) }

    private mutating func start(_ b: UInt8, line: Int) {
        inRecord = true
        restart = nil
        atLineStart = false
        record.removeAll(keepingCapacity: true)
        recordSize = 0
        recordLine = line
        depth = 0
        scalar = b != UInt8(ascii: "[") && b != UInt8(ascii: "{")
        take(b)
    }

    /// The first byte of a record (after `start`), or the byte after a `[` that opens one.
    private mutating func take(_ b: UInt8) {
        keep(b)
        switch b {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
        default: break
        }
    }

    private mutating func keep(_ b: UInt8) {
        recordSize += 1
        if recordSize <= maxBytes {
            record.append(b)
        } else if !record.isEmpty {
            record = []  // past the limit: the size alone is counted
        }
    }

    private mutating func end(_ body: (Event) throws -> Void) rethrows {
        inRecord = false
        inString = false
        escaped = false
        if recordSize > maxBytes {
            try body(.oversized(size: recordSize, line: recordLine))
        } else {
            try body(.record(bytes: record, line: recordLine))
        }
    }

    /// What ends a record that is no array, object or string (`true`, `42`, stray text).
    private static func endsScalar(_ b: UInt8) -> Bool {
        isSpace(b) || b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
            || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}
