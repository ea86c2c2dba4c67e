import Testing
@testable import ContactsCore
@testable import ContactFormats
import ContactsTesting
import ContactFormatsTesting

/// Runs the lexer over `input` fed `chunk` bytes at a time; returns (line number, text) pairs.
private func lex(_ input: [UInt8], chunk: Int) -> [(Int, String)] {
    var lexer = VCardLexer(keepsRawText: true)
    var lines: [(Int, String)] = []
    forEachChunk(of: input, size: chunk) { piece in
        lexer.feed(piece.span) { line, bytes, _ in lines.append((line.number, String(utf8: bytes))) }
    }
    lexer.finish { line, bytes, _ in lines.append((line.number, String(utf8: bytes))) }
    return lines
}

private func lex(_ text: String) -> [(Int, String)] {
    let bytes = Array(text.utf8)
    let whole = lex(bytes, chunk: max(1, bytes.count))
    // Every case must give the same lines when fed one byte (and three bytes) at a time.
    for chunk in [1, 3] {
        let pieces = lex(bytes, chunk: chunk)
        #expect(pieces.map(\.0) == whole.map(\.0), "line numbers differ with \(chunk)-byte chunks")
        #expect(pieces.map(\.1) == whole.map(\.1), "lines differ with \(chunk)-byte chunks")
    }
    return whole
}

@Suite struct LexerTests {
    @Test func lineEndsCRLFLFAndCR() {
        let lines = lex("A:1\r\nB:2\nC:3\rD:4")
        #expect(lines.map(\.1) == ["A:1", "B:2", "C:3", "D:4"])
        #expect(lines.map(\.0) == [1, 2, 3, 4])
    }

    @Test func unfoldsSpaceAndTabContinuations() {
        let lines = lex("NOTE:one\r\n  two\r\n\tthree\r\nFN:x\r\n")
        #expect(lines.map(\.1) == ["NOTE:one two" + "three", "FN:x"])
        #expect(lines.map(\.0) == [1, 4])
    }

    @Test func unfoldsAFoldThatSplitsAUTF8Sequence() {
        // "ü" is C3 BC: the fold falls between its two bytes.
        let bytes: [UInt8] = Array("FN:M".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xBC] + Array("ller\r\n".utf8)
        for chunk in [1, 2, 100] {
            #expect(lex(bytes, chunk: chunk).map(\.1) == ["FN:Müller"])
        }
    }

    @Test func skipsByteOrderMarkAndBlankLines() {
        #expect(lex("\u{FEFF}BEGIN:VCARD\r\n\r\n\r\nEND:VCARD\r\n").map(\.1) == ["BEGIN:VCARD", "END:VCARD"])
        #expect(lex("\u{FEFF}BEGIN:VCARD\r\n\r\n\r\nEND:VCARD\r\n").map(\.0) == [1, 4])
    }

    @Test func aLoneBOMPrefixIsContent() {
        let bytes: [UInt8] = [0xEF, 0xBB] + Array("X:1\n".utf8)
        #expect(lex(bytes, chunk: 1).map(\.1) == [String(decoding: bytes.dropLast(), as: UTF8.self)])
    }

    @Test func joinsQuotedPrintableSoftBreaksWithoutIndentation() {
        let lines = lex("NOTE;ENCODING=QUOTED-PRINTABLE:abc=\r\ndef=\r\n=C3=BC\r\nFN:x\r\n")
        #expect(lines.map(\.1) == ["NOTE;ENCODING=QUOTED-PRINTABLE:abcdef=C3=BC", "FN:x"])
    }

    @Test func aTrailingEqualsSignOutsideQuotedPrintableIsKept() {
        #expect(lex("NOTE:a=\r\nFN:x\r\n").map(\.1) == ["NOTE:a=", "FN:x"])
    }

    @Test func joinsUnindentedBase64Lines() {
        let lines = lex("PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQ\r\nSkZJRgAB\r\n\r\nFN:x\r\n")
        #expect(lines.map(\.1) == ["PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgAB", "FN:x"])
    }

    @Test func keepsRawTextOfEachLogicalLine() {
        var lexer = VCardLexer(keepsRawText: true)
        var raws: [String] = []
        lexer.feed(Array("A:1\r\n 2\nB:3\r".utf8).span) { _, _, raw in raws.append(String(utf8: raw)) }
        lexer.finish { _, _, raw in raws.append(String(utf8: raw)) }
        #expect(raws == ["A:1\r\n 2\n", "B:3\r"])
    }

    /// Whatever the bytes and however they are cut into chunks, the lines, their raw text, their
    /// numbers and their oversized marks are the same: the lexer reads a line that is whole in its
    /// chunk and not continued by the next one without holding it back, and every other line
    /// through its state; random inputs of the pieces that choose between the two must agree.
    @Test func anyChunkingGivesTheSameLinesAndRawText() {
        let pieces = ["BEGIN:VCARD", "END:VCARD", "FN:Jane", "N:Doe;Jane;;;", "PHOTO;ENCODING=b:", "PHOTO;BASE64:",
                      "iVBORw0KGgo", "AAAA==", "NOTE;QUOTED-PRINTABLE:a=", "=C3=BC", "item1.EMAIL:x@y", " ", "\t", "=",
                      "ABC", "x:y", "\r\n", "\n", "\r", "\r\n", "\n", "\r\r\n", "\u{FEFF}", "ü"]
        var random = SplitMix(state: 39)
        func lines(_ bytes: [UInt8], chunk: Int, limit: Int) -> [String] {
            var lexer = VCardLexer(keepsRawText: true, maxLineBytes: limit)
            var out: [String] = []
            func emit(_ line: VCardLexer.Line, _ bytes: Span<UInt8>, _ raw: Span<UInt8>) {
                out.append("\(line.number) \(line.isOversized) \([UInt8](copying: bytes)) \([UInt8](copying: raw))")
            }
            forEachChunk(of: bytes, size: chunk) { piece in lexer.feed(piece.span, emit: emit) }
            lexer.finish(emit: emit)
            return out
        }
        for _ in 0..<3_000 {
            let text = (0..<random.int(1...24)).map { _ in random.pick(pieces) }.joined()
            let bytes = Array(text.utf8)
            let limit = random.pick([12, 64 << 20])
            let whole = lines(bytes, chunk: max(1, bytes.count), limit: limit)
            for chunk in [1, 2, 5, 16] {
                #expect(lines(bytes, chunk: chunk, limit: limit) == whole, "\(chunk)-byte chunks of \(Array(text.utf8))")
            }
        }
    }

    @Test func lastLineWithoutLineEnd() {
        #expect(lex("A:1\r\nB:2").map(\.1) == ["A:1", "B:2"])
    }
}

@Suite struct ContentLineTests {
    private func parsed(_ text: String) -> (group: String, name: String, params: [(String, String)], value: String)? {
        let bytes = Array(text.utf8)
        guard let p = ContentLineParser.parse(bytes.span) else { return nil }
        func s(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        return (s(p.group), s(p.name), p.parameters.map { (s($0.name), s($0.value)) }, s(p.value))
    }

    @Test func groupNameParametersValue() throws {
        let p = try #require(parsed("item1.EMAIL;type=INTERNET;type=pref:a@b.example"))
        #expect(p.group == "item1")
        #expect(p.name == "EMAIL")
        #expect(p.params.map(\.0) == ["type", "type"])
        #expect(p.params.map(\.1) == ["INTERNET", "pref"])
        #expect(p.value == "a@b.example")
    }

    @Test func bareParametersAndQuotedColons() throws {
        let bare = try #require(parsed("EMAIL;INTERNET;WORK:x@y"))
        #expect(bare.params.map(\.0) == ["", ""])
        #expect(bare.params.map(\.1) == ["INTERNET", "WORK"])
        let quoted = try #require(parsed("ADR;LABEL=\"a:b;c\":;;street"))
        #expect(quoted.params.map(\.1) == ["\"a:b;c\""])
        #expect(quoted.value == ";;street")
    }

    @Test func unbalancedQuoteFallsBackToFirstColon() throws {
        let p = try #require(parsed("NOTE;X=\"oops:value"))
        #expect(p.value == "value")
    }

    @Test func linesThatAreNotProperties() {
        #expect(parsed("no colon here") == nil)
        #expect(parsed(":value without name") == nil)
    }

    /// A line's group and name: white space around the name but none inside it (a group may
    /// hold some), the first dot ends the group, a line with no `;` or `:` has none.
    @Test(arguments: [
        ("item1.EMAIL:x", "item1", "EMAIL"), (" \tFN \t:x", "", "FN"), ("a b.EMAIL:x", "a b", "EMAIL"),
        (".FN:x", "", "FN"), ("a.b.FN:x", "a", "b.FN"), (".a b.C:x", "a b", "C"), ("1.TEL;TYPE=cell:x", "1", "TEL"),
        ("X-A_B-9;P=1:v", "", "X-A_B-9"), ("EMAIL X:y", nil, nil), ("a.b c:x", nil, nil), ("E\tX;y:z", nil, nil),
        ("FN", nil, nil), (":x", nil, nil), ("a.:x", nil, nil), ("   :x", nil, nil),
        // Names and groups longer than the 8 bytes passed at once.
        ("X-ANDROID-CUSTOM-LONGNAME;P=1:v", "", "X-ANDROID-CUSTOM-LONGNAME"), ("ABCDEFGH:x", "", "ABCDEFGH"),
        ("itemlonggroup12345.X-ABLABELXYZ:v", "itemlonggroup12345", "X-ABLABELXYZ"), ("ABCDEFGHIJKLMNOP QRS:x", nil, nil),
        ("ABCDEFGHIJK\tL:x", nil, nil), ("ABCDEFGHIJKLMNOPQRSTUVWX", nil, nil), ("ABCDEFGHIJKLMNOPQRSTUVW:", "", "ABCDEFGHIJKLMNOPQRSTUVW"),
    ] as [(String, String?, String?)])
    func head(line: String, group: String?, name: String?) {
        let bytes = Array(line.utf8)
        let head = ContentLineParser.head(bytes.span)
        #expect(head.map { String(decoding: bytes[$0.group], as: UTF8.self) } == group)
        #expect(head.map { String(decoding: bytes[$0.name], as: UTF8.self) } == name)
    }

    /// `head` passes 8 bytes at a time over a name's letters: on random lines of the bytes it
    /// stops at and others (0, 0x80, 0xFF among them), it finds what a byte-at-a-time reading finds.
    @Test func headFindsWhatAByteAtATimeReadingFinds() {
        func reference(_ line: [UInt8]) -> ContentLineParser.Head? {
            var i = 0
            while i < line.count && (line[i] == 0x20 || line[i] == 0x09) { i += 1 }
            var nameStart = i, group = i..<i, space = -1
            while i < line.count && line[i] != 0x3B && line[i] != 0x3A {
                if line[i] == 0x2E && group.isEmpty {
                    group = nameStart..<i
                    nameStart = i + 1
                    space = -1
                } else if (line[i] == 0x20 || line[i] == 0x09) && space < 0 {
                    space = i
                }
                i += 1
            }
            guard i < line.count else { return nil }
            var nameEnd = i
            while nameEnd > nameStart && (line[nameEnd - 1] == 0x20 || line[nameEnd - 1] == 0x09) { nameEnd -= 1 }
            guard nameEnd > nameStart, space < 0 || space >= nameEnd else { return nil }
            return (group, nameStart..<nameEnd, i)
        }
        let alphabet: [UInt8] = Array("AZaz09-_;:. \t".utf8) + [0x00, 0x3C, 0x80, 0xFF]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for _ in 0..<20_000 {
            // Mostly letters, so that runs of 8 and more come up.
            let line = (0..<next(40)).map { _ in next(3) == 0 ? alphabet[next(alphabet.count)] : UInt8(0x41 + next(26)) }
            let found = ContentLineParser.head(line.span)
            let expected = reference(line)
            #expect(found?.group == expected?.group && found?.name == expected?.name && found?.end == expected?.end, "\(line)")
        }
    }
}

@Suite struct Base64CharacterTests {
    /// The base64 alphabet (and `=`) as one bit each, for all 256 bytes.
    @Test func theBitsAreTheBase64Alphabet() {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".utf8)
        for b in 0...255 { #expect(VCardLexer.isBase64Character(UInt8(b)) == alphabet.contains(UInt8(b)), "\(b)") }
    }
}

@Suite struct CardFrameTests {
    /// What starts and ends a card, as the parser tells it from the line's name: white space
    /// around the parts and any case, but no group, parameter or other value.
    @Test(arguments: [
        ("BEGIN:VCARD", VCardParser.Marker.begin), ("END:VCARD", .end), (" begin \t: vCard \t", .begin),
        ("\tEnd:VCARD", .end), ("END :VCARD", .end),
        ("item1.BEGIN:VCARD", .none), (".BEGIN:VCARD", .none), (" .END:VCARD", .none), ("BEGIN;X=1:VCARD", .none),
        ("BEGINX:VCARD", .none), ("BEGIN:VCARDS", .none), ("BEGIN:VCARD;", .none), ("END:VCARD X", .none),
        ("BEGIN:VCALENDAR", .none), ("B EGIN:VCARD", .none), ("EMAIL:VCARD", .none), ("TEL:VCARD", .none),
        ("BEGIN VCARD", .none), ("BEGIN:", .none), ("END", .none), ("", .none), (":VCARD", .none),
    ])
    func marker(line: String, expected: VCardParser.Marker) throws {
        let bytes = Array(line.utf8)
        #expect(VCardParser.marker(bytes.span) == expected)
        // The parser frames a card by the line as `marker` tells it (it asks `marker` only of
        // names that may be a frame's, by their length and first letter); a line that starts with
        // white space continues the line before it, so such an end is left to the table above.
        let begin = expected == .begin ? line : "BEGIN:VCARD", end = expected == .end ? line : "END:VCARD"
        let people = try parse("\(begin)\r\nFN:Ann\r\n\(end)\r\nBEGIN:VCARD\r\nFN:Bo\r\nEND:VCARD\r\n").people
        if expected == .begin || expected == .end && !(line.hasPrefix(" ") || line.hasPrefix("\t")) {
            #expect(people.map(\.formattedName) == ["Ann", "Bo"], "\(line)")
        }
    }

    /// `BEGIN:VCARD` and `END:VCARD` alone on their line are told by two words: with any one byte
    /// changed to each of the 256 values, a line is a frame exactly when it is still the frame
    /// line, ASCII case aside.
    @Test func aFrameLineWithAnyByteChangedIsAFrameOnlyInAnotherCase() {
        var wrong: [String] = []
        for (frame, marker) in [("BEGIN:VCARD", VCardParser.Marker.begin), ("END:VCARD", .end)] {
            let bytes = Array(frame.utf8)
            for i in bytes.indices {
                for b in 0...255 {
                    var line = bytes
                    line[i] = UInt8(b)
                    let expected = line.map(asciiUpper) == bytes ? marker : .none
                    let found = VCardParser.marker(line.span)
                    if found != expected { wrong.append("\(line): \(found), not \(expected)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// `AGENT:` with nothing after the colon that ends its name and parameters opens a nested card.
    @Test(arguments: [
        ("AGENT:", true), ("agent;TYPE=x: \t", true), ("item1.AGENT:", true), ("AGENT;X=\"a:b\":", true),
        ("AGENT::", false), ("AGENT:x", false), ("AGENTS:", false), ("AGENT", false), ("NOTE:", false),
        ("AGENT;X=\"a:", false),
    ])
    func opensAgent(line: String, expected: Bool) {
        let bytes = Array(line.utf8)
        #expect(VCardParser.opensAgent(bytes.span, ContentLineParser.head(bytes.span)) == expected)
    }
}
