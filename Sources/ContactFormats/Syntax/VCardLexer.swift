import ContactsCore

/// Turns vCard bytes into logical content lines: splits CRLF, LF and CR line ends, unfolds
/// continuation lines (a leading space or tab), joins vCard 2.1 quoted-printable soft line breaks
/// (also when the next line is not indented, as Android writes them) and unindented base64
/// continuation lines, skips blank lines and a leading UTF-8 byte-order mark.
///
/// Resumable and pure: feed chunks of any size (one byte at a time gives the same lines) and
/// call `finish()` at the end of input. Memory grows with the longest logical line only, and at
/// most to `maxLineBytes`: a longer line is cut there and marked oversized.
package struct VCardLexer: ~Copyable {
    /// One logical line, beside its bytes: the 1-based line number where it starts, and
    /// whether it was cut. `emit` gets it with the line's bytes, unfolded, and the raw bytes of
    /// the physical lines it was read from with their line ends (when raw text is kept), both
    /// valid only during the call.
    package struct Line {
        /// The 1-based line where it starts.
        package let number: Int
        /// The line was longer than the limit; its bytes and raw bytes hold its start only.
        package let isOversized: Bool
    }

    private let keepsRaw: Bool
    private let maxLineBytes: Int
    private var carryOversized = false  // the physical line in `carry` went past the limit
    private var pendingOversized = false
    private var logical = ByteBuffer()  // the pending logical line, unfolded
    private var raw = ByteBuffer()      // its physical lines with their line ends
    private var hasPending = false
    private var pendingNumber = 0
    private var carry: [UInt8] = []     // a physical line that spans chunks
    private var physicalNumber = 0      // number of the last completed physical line
    private var afterCR = false         // the last byte seen ended a line with CR
    private var lastLineInRaw = false   // the last completed physical line went into `raw`
    private var endedWithLoneCR = false // the last physical line ended with a CR not (yet) followed by LF
    private var blankCRs = 0            // blank lines of one lone CR each, not yet known to be blank lines
    private var bom = ByteOrderMarkSkipper()

    /// `firstLine`: the number of the input's first line (a later part of a file starts later).
    package init(keepsRawText: Bool = false, maxLineBytes: Int = 64 << 20, firstLine: Int = 1) {
        keepsRaw = keepsRawText
        self.maxLineBytes = maxLineBytes
        physicalNumber = firstLine - 1
    }

    /// The bytes held between chunks: bounded by the line limit, whatever the input.
    var bufferedBytes: Int { carry.count + logical.count + raw.count }

    /// Feeds a chunk; `emit` gets each line it completes (valid only during the call).
    package mutating func feed(_ chunk: Span<UInt8>, emit: (Line, Span<UInt8>, Span<UInt8>) throws -> Void) rethrows {
        let (start, replay) = bom.skip(chunk)
        if !replay.isEmpty { try feed(replay.span, emit: emit) }
        try feed(chunk, from: start, emit: emit)
    }

    private mutating func feed(_ chunk: Span<UInt8>, from start: Int, emit: (Line, Span<UInt8>, Span<UInt8>) throws -> Void) rethrows {
        var i = start
        let n = chunk.count
        if afterCR {
            afterCR = false
            if i < n && chunk[i] == 0x0A {  // the LF of a CRLF split across chunks
                if lastLineInRaw && keepsRaw && raw.count + blankCRs + 1 <= maxLineBytes {
                    // `CR CR LF` cut after its last CR: the CRs held back belong to the line end too.
                    for _ in 0..<blankCRs { raw.append(0x0D) }
                    raw.append(0x0A)
                }
                blankCRs = 0
                i += 1
                endedWithLoneCR = false
            }
        }
        while i < n {
            let end = ByteScan.firstLineEnd(chunk, from: i)
            if end == n {  // the line goes on in the next chunk
                appendToCarry(chunk.extracting(i..<n))
                return
            }
            var next = end + 1
            var terminatorLength = 1
            if chunk[end] == 0x0D {
                if next < n {
                    if chunk[next] == 0x0A {
                        next += 1
                        terminatorLength = 2
                    }
                } else {
                    afterCR = true
                }
            }
            if carry.isEmpty && !hasPending && (chunk[end] == 0x0A || terminatorLength == 2)
                && Self.endsHere(chunk, line: i..<end, next: next) && next - i <= maxLineBytes
                && !endedWithLoneCR && blankCRs == 0 {
                // The usual line: whole in the chunk, and the next one neither continues it nor is
                // blank. It is emitted from the chunk, without being copied or held back.
                physicalNumber += 1
                try emit(Line(number: physicalNumber, isOversized: false), chunk.extracting(i..<end), chunk.extracting(i..<next))
            } else if carry.isEmpty {
                if end - i > maxLineBytes { carryOversized = true }
                try physicalLine(chunk.extracting(i..<min(end, i + maxLineBytes)),
                                 terminator: chunk.extracting(end..<end + terminatorLength), emit: emit)
            } else {
                appendToCarry(chunk.extracting(i..<end))
                let line = carry
                carry.removeAll(keepingCapacity: true)
                try physicalLine(line.span, terminator: chunk.extracting(end..<end + terminatorLength), emit: emit)
            }
            i = next
        }
    }

    /// Whether the physical line `line` of `chunk`, whose line end is over at `next`, is a whole
    /// logical line as far as the bytes after it tell: the next line starts in the chunk with
    /// no white space (a folded line), no line end (a blank line) and no base64 text (more of a
    /// picture), and this one does not end with "=" (a quoted-printable soft line break).
    @inline(__always)
    private static func endsHere(_ chunk: Span<UInt8>, line: Range<Int>, next: Int) -> Bool {
        guard next < chunk.count, !line.isEmpty, chunk[line.upperBound - 1] != UInt8(ascii: "=") else { return false }
        switch chunk[next] {
        case 0x20, 0x09, 0x0A, 0x0D: return false
        default: break
        }
        // A line of base64 characters to its end may continue a picture: the usual property
        // line stops being one at its first `:`, `;`, `.` or `-`.
        var k = next
        while k < chunk.count && isBase64Character(chunk[k]) { k += 1 }
        return k < chunk.count && chunk[k] != 0x0A && chunk[k] != 0x0D
    }

    /// A–Z, a–z, 0–9, `+`, `/` and `=`: a bit each, bytes 0 to 63 in one word and 64 to 127 in
    /// the other (one test of a bit instead of the ranges' comparisons, for the start of every line).
    @inline(__always)
    static func isBase64Character(_ b: UInt8) -> Bool {
        let digitsAndSigns: UInt64 = 0x23FF_8800_0000_0000  // 0–9 (0x30–0x39), + (0x2B), / (0x2F), = (0x3D)
        let letters: UInt64 = 0x07FF_FFFE_07FF_FFFE         // A–Z (0x41–0x5A), a–z (0x61–0x7A)
        return b < 0x80 && ((b < 0x40 ? digitsAndSigns : letters) >> UInt64(b & 63)) & 1 != 0
    }

    /// Keeps the start of a line that goes on in the next chunk, up to the limit: a line longer
    /// than that keeps its first `maxLineBytes` bytes however the input is cut into chunks.
    private mutating func appendToCarry(_ bytes: Span<UInt8>) {
        let room = maxLineBytes - carry.count
        if bytes.count > room { carryOversized = true }
        if room > 0 { carry.append(span: bytes.extracting(0..<min(room, bytes.count))) }
    }

    /// Ends the input: emits the pending line and a last line that has no line end.
    package mutating func finish(emit: (Line, Span<UInt8>, Span<UInt8>) throws -> Void) rethrows {
        let replay = bom.finish()
        if !replay.isEmpty { try feed(replay.span, emit: emit) }
        afterCR = false
        if !carry.isEmpty {
            let line = carry, noLineEnd: [UInt8] = []
            carry.removeAll(keepingCapacity: true)
            try physicalLine(line.span, terminator: noLineEnd.span, emit: emit)
        }
        try flush(emit: emit)
    }

    /// Emits the pending line, for a caller that knows the next line starts a new one (the
    /// input was cut before a `BEGIN:VCARD` line).
    package mutating func endLine(emit: (Line, Span<UInt8>, Span<UInt8>) throws -> Void) rethrows {
        try flush(emit: emit)
    }

    @inline(__always)
    private mutating func physicalLine(_ content: Span<UInt8>, terminator: Span<UInt8>,
                                       emit: (Line, Span<UInt8>, Span<UInt8>) throws -> Void) rethrows {
        physicalNumber += 1
        let oversized = carryOversized
        carryOversized = false
        let loneCR = terminator.count == 1 && terminator[0] == 0x0D
        defer { endedWithLoneCR = loneCR }
        // `CR CR LF` (iOS 5 and 6) and longer runs of CR before an LF are one line end, not a
        // line end and blank lines, which would end a folded line in the middle.
        if content.isEmpty && !oversized && endedWithLoneCR {
            guard !loneCR else {
                blankCRs += 1  // `CR CR`: a blank line, unless an LF comes after the CRs
                return
            }
            if lastLineInRaw && keepsRaw && raw.count + blankCRs + 2 <= maxLineBytes {
                for _ in 0..<blankCRs { raw.append(0x0D) }
                raw.append(span: terminator)
            }
            blankCRs = 0
            return
        }
        if blankCRs > 0 {  // they were blank lines after all
            blankCRs = 0
            try flush(emit: emit)
            lastLineInRaw = false
        }
        if content.isEmpty && !oversized {  // a blank line ends the pending line and is skipped
            try flush(emit: emit)
            lastLineInRaw = false
            return
        }
        let first = content.isEmpty ? 0 : content[0]
        if hasPending && pendingEndsWithSoftBreak() && !VCardLexer.isCardFrame(content) {
            logical.removeLast()  // the soft break's "="
            appendLogical(content)
        } else if hasPending && (first == 0x20 || first == 0x09) {
            appendLogical(content.extracting(1..<content.count))
        } else if hasPending && VCardLexer.isBase64Text(content) && pendingIsBase64() {
            appendLogical(content)
        } else {
            try flush(emit: emit)
            hasPending = true
            pendingNumber = physicalNumber
            appendLogical(content)
        }
        if oversized { pendingOversized = true }
        // A CR may be the start of a CRLF cut between chunks: room for both, however it is cut.
        let terminatorRoom = !terminator.isEmpty && terminator[0] == 0x0D ? 2 : terminator.count
        lastLineInRaw = keepsRaw && raw.count + content.count + terminatorRoom <= maxLineBytes
        if lastLineInRaw {
            raw.append(span: content)
            raw.append(span: terminator)
        }
    }

    /// Adds to the pending line unless that would pass the limit, which marks it oversized.
    private mutating func appendLogical(_ bytes: Span<UInt8>) {
        guard !pendingOversized else { return }
        if logical.count + bytes.count > maxLineBytes {
            pendingOversized = true
        } else {
            logical.append(span: bytes)
        }
    }

    private mutating func flush(emit: (Line, Span<UInt8>, Span<UInt8>) throws -> Void) rethrows {
        guard hasPending else { return }
        let line = Line(number: pendingNumber, isOversized: pendingOversized)
        try logical.withSpan { bytes in try raw.withSpan { raw in try emit(line, bytes, raw) } }
        hasPending = false
        pendingOversized = false
        logical.removeAll()
        raw.removeAll()
    }

    /// The pending line is quoted-printable and ends with a soft line break ("=").
    private func pendingEndsWithSoftBreak() -> Bool {
        guard logical.last == UInt8(ascii: "=") else { return false }
        return logical.withSpan { VCardLexer.isQuotedPrintable($0) }
    }

    /// The line's parameters say quoted-printable exactly as the decoder reads them: a bare
    /// `QUOTED-PRINTABLE` or `ENCODING=QUOTED-PRINTABLE`, in any case.
    static func isQuotedPrintable(_ line: Span<UInt8>) -> Bool {
        guard let parsed = ContentLineParser.parse(line) else { return false }
        return parsed.parameters.contains { p in
            (p.name.isEmpty || matchesIgnoringCase(line.extracting(p.name), "ENCODING"))
                && matchesIgnoringCase(line.extracting(p.value), "QUOTED-PRINTABLE")
        }
    }

    /// `END:VCARD` or `BEGIN:VCARD`, which no soft line break can continue into (a 2.1 value
    /// that wrongly ends with "=" must not swallow the end of its card, nor the next card).
    static func isCardFrame(_ line: Span<UInt8>) -> Bool {
        var lo = 0, hi = line.count
        while lo < hi && (line[lo] == 0x20 || line[lo] == 0x09) { lo += 1 }
        while hi > lo && (line[hi - 1] == 0x20 || line[hi - 1] == 0x09) { hi -= 1 }
        return matchesIgnoringCase(line.extracting(lo..<hi), "END:VCARD") || matchesIgnoringCase(line.extracting(lo..<hi), "BEGIN:VCARD")
    }

    /// The pending line holds a base64 value (`ENCODING=BASE64`, `ENCODING=b`, bare `BASE64`).
    private func pendingIsBase64() -> Bool {
        logical.withSpan { line in
            VCardLexer.parametersContain(line, "BASE64") || VCardLexer.parametersContain(line, "ENCODING=B;")
                || VCardLexer.parametersContain(line, "ENCODING=B:")
        }
    }

    /// A line that can only be more base64 text: base64 characters and nothing else.
    static func isBase64Text(_ line: Span<UInt8>) -> Bool {
        for i in line.indices where !isBase64Character(line[i]) { return false }
        return true
    }

    /// Whether `needle` (upper-case ASCII) occurs, ignoring case, in the part of `line` before
    /// the value (up to and including the first colon outside quotes).
    static func parametersContain(_ line: Span<UInt8>, _ needle: StaticString) -> Bool {
        var end = 0
        var quoted = false
        while end < line.count {
            let b = line[end]
            if b == UInt8(ascii: "\"") { quoted.toggle() }
            if b == UInt8(ascii: ":") && !quoted { break }
            end += 1
        }
        return containsIgnoringCase(line.extracting(0..<Swift.min(end + 1, line.count)), needle)
    }
}
