import Testing
@testable import ContactsCore
@testable import ContactFormats
import ContactsTesting
import ContactFormatsTesting

/// Tokenizes `input` fed `chunk` bytes at a time.
private func tokenize(_ input: [UInt8], delimiter: Character = ",", chunk: Int)
    -> [(line: Int, fields: [String], problems: [CSVTokenizer.Problem], unterminated: Bool, raw: String)] {
    var tokenizer = CSVTokenizer(delimiter: delimiter.asciiValue!, keepsRawText: true)
    var records: [(line: Int, fields: [String], problems: [CSVTokenizer.Problem], unterminated: Bool, raw: String)] = []
    func collect(_ r: borrowing CSVTokenizer.Record) {
        records.append((r.line, (0..<r.count).map { r.withField($0) { String(utf8: $0) } }, r.problems,
                        r.isUnterminated, String(decoding: r.rawText, as: UTF8.self)))
    }
    forEachChunk(of: input, size: chunk) { piece in tokenizer.feed(piece.span, emit: collect) }
    tokenizer.finish(emit: collect)
    return records
}

/// A table case: `§` marks where the one expected problem is (line and byte column); it is
/// removed from the input. Every case is also fed one byte and three bytes at a time.
private func check(_ marked: String, delimiter: Character = ",", fields expected: [[String]], lines: [Int]? = nil,
                   problem: String? = nil, unterminated: Bool = false, rawIsInput: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
    var input: [UInt8] = []
    var marker: (line: Int, column: Int)?
    var line = 1, column = 0
    for b in marked.utf8 {
        if marked.utf8.count >= 2, b == 0xC2 { continue }  // first byte of "§" (C2 A7)
        if b == 0xA7 { marker = (line, column + 1); continue }
        input.append(b)
        if b == 0x0A { line += 1; column = 0 } else { column += 1 }
    }
    let whole = tokenize(input, delimiter: delimiter, chunk: max(1, input.count))
    #expect(whole.map(\.fields) == expected, sourceLocation: sourceLocation)
    if let lines { #expect(whole.map(\.line) == lines, sourceLocation: sourceLocation) }
    let problems = whole.flatMap(\.problems)
    if let problem, let marker {
        #expect(problems.map { "\($0.line):\($0.column)" } == ["\(marker.line):\(marker.column)"], sourceLocation: sourceLocation)
        #expect(problems.first?.message.contains(problem) == true, sourceLocation: sourceLocation)
    } else {
        #expect(problems.isEmpty, sourceLocation: sourceLocation)
    }
    #expect(whole.last?.unterminated == unterminated || whole.isEmpty, sourceLocation: sourceLocation)
    if rawIsInput {
        let withoutMark = input.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(input.dropFirst(3)) : input
        #expect(whole.map(\.raw).joined() == String(decoding: withoutMark, as: UTF8.self), sourceLocation: sourceLocation)
    }
    for chunk in [1, 3] {
        let pieces = tokenize(input, delimiter: delimiter, chunk: chunk)
        #expect(pieces.map(\.fields) == whole.map(\.fields), "\(chunk)-byte chunks", sourceLocation: sourceLocation)
        #expect(pieces.map(\.line) == whole.map(\.line), "\(chunk)-byte chunks", sourceLocation: sourceLocation)
        #expect(pieces.map(\.problems) == whole.map(\.problems), "\(chunk)-byte chunks", sourceLocation: sourceLocation)
        #expect(pieces.map(\.raw) == whole.map(\.raw), "\(chunk)-byte chunks", sourceLocation: sourceLocation)
    }
}

@Suite struct CSVTokenizerTests {
    @Test func plainFieldsAndLineEnds() {
        check("a,b,c\r\nd,e,f\ng,h,i\rj,k,l", fields: [["a", "b", "c"], ["d", "e", "f"], ["g", "h", "i"], ["j", "k", "l"]],
              lines: [1, 2, 3, 4])
    }

    @Test func quotedDelimitersQuotesAndLineBreaks() {
        check("\"a,b\",\"say \"\"hi\"\"\",\"two\r\nlines\"\nnext,row\n",
              fields: [["a,b", "say \"hi\"", "two\r\nlines"], ["next", "row"]], lines: [1, 3])
    }

    @Test func emptyFieldsAndTrailingDelimiter() {
        check("a,,c,\n,,\n", fields: [["a", "", "c", ""], ["", "", ""]])
    }

    @Test func blankLinesAreSkippedAndLinesStillCounted() {
        check("a\n\n\r\n\nb\n", fields: [["a"], ["b"]], lines: [1, 5], rawIsInput: false)
    }

    @Test func byteOrderMarkIsSkipped() {
        check("\u{FEFF}Name,Birthday\nAnn,--04-15\n", fields: [["Name", "Birthday"], ["Ann", "--04-15"]])
    }

    @Test func semicolonAndTabDelimiters() {
        check("a;\"b;c\";d\n", delimiter: ";", fields: [["a", "b;c", "d"]])
        check("a\tb c\t\"d\te\"\n", delimiter: "\t", fields: [["a", "b c", "d\te"]])
    }

    @Test func bareQuoteInAnUnquotedFieldIsKeptWithAWarning() {
        check("name,note\nDieter §\"Didi\" H,x\n", fields: [["name", "note"], ["Dieter \"Didi\" H", "x"]],
              problem: "bare quote")
    }

    @Test func textAfterAClosingQuoteIsKeptWithAWarning() {
        check("a,\"b\"§c,d\n", fields: [["a", "bc", "d"]], problem: "text after a closing quote")
    }

    @Test func anUnterminatedQuoteMakesTheLastRecordUnterminated() {
        check("a,b\nc,§\"never closed\nmore\n", fields: [["a", "b"], ["c", "never closed\nmore\n"]],
              problem: "never closed", unterminated: true)
    }

    @Test func lastLineWithoutLineEnd() {
        check("a,b\nc,\"d\"", fields: [["a", "b"], ["c", "d"]])
    }

    @Test func rawTextIsKeptPerRecord() {
        let records = tokenize(Array("a,\"b\nc\"\r\nd,e".utf8), chunk: 2)
        #expect(records.map(\.raw) == ["a,\"b\nc\"\r\n", "d,e"])
    }

    /// Fields of every length around the 8 bytes `ByteScan` looks at together, with
    /// the byte that ends them at each place in such a word.
    @Test func fieldsOfEveryLengthAroundAWord() {
        let plain = (0..<19).map { String(repeating: "ä", count: $0 / 2) + String(repeating: "x", count: $0 % 2) }
        check(plain.joined(separator: ",") + "\n" + plain.map { "\"\($0)\"\"\($0)\r\n\($0)\"" }.joined(separator: ",") + "\r\n",
              fields: [plain, plain.map { "\($0)\"\($0)\r\n\($0)" }])
    }

    @Test func delimiterIsDetectedFromTheHeaderLine() {
        #expect(CSVParser.detectDelimiter(Array("Name;Geburtstag;\"E-Mail, privat\"\n".utf8)) == UInt8(ascii: ";"))
        #expect(CSVParser.detectDelimiter(Array("First Name\tLast Name\tBirthday\r\n".utf8)) == 0x09)
        #expect(CSVParser.detectDelimiter(Array("a,b;c,d\n".utf8)) == UInt8(ascii: ","))
        #expect(CSVParser.detectDelimiter(Array("Name\n".utf8)) == UInt8(ascii: ","))
    }
}

@Suite struct CSVDateTests {
    private func parsed(_ text: String, _ order: DateOrder = .mdy) -> (DateParsing.Result, Bool) {
        let p = CSVDates.parse(text, order: order)
        return (p.result, p.ambiguous)
    }

    @Test func outlookAndISOForms() {
        #expect(parsed("4/15/1985").0 == .date(date(1985, 4, 15)))
        #expect(parsed("4/15/1985 12:00:00 AM").0 == .date(date(1985, 4, 15)))
        #expect(parsed("12/3/1604").0 == .date(date(nil, 12, 3)))
        #expect(parsed("1985-04-15").0 == .date(date(1985, 4, 15)))
        #expect(parsed("--04-15").0 == .date(date(nil, 4, 15)))
        #expect(parsed("1985/04/15").0 == .date(date(1985, 4, 15)))
    }

    @Test func noDate() {
        #expect(parsed("0/0/00").0 == .empty)
        #expect(parsed("0.0.00").0 == .empty)
        #expect(parsed("").0 == .empty)
    }

    @Test func dottedDatesAreDayFirst() {
        #expect(parsed("24.12.1961", .mdy).0 == .date(date(1961, 12, 24)))
        #expect(parsed("3.4.1990", .mdy) == (.date(date(1990, 4, 3)), false))
        #expect(parsed("3.11.").0 == .date(date(nil, 11, 3)))
        #expect(parsed("15.04").0 == .date(date(nil, 4, 15)))
    }

    @Test func slashedDatesFollowTheOrderAndSayWhenAmbiguous() {
        #expect(parsed("07/08/1979", .mdy) == (.date(date(1979, 7, 8)), true))
        #expect(parsed("07/08/1979", .dmy) == (.date(date(1979, 8, 7)), true))
        #expect(parsed("13/08/1979", .dmy) == (.date(date(1979, 8, 13)), false))
        #expect(parsed("05/05/1979", .dmy) == (.date(date(1979, 5, 5)), false))
    }

    @Test(arguments: ["4/15/85", "2/30/1990", "13/13/2000", "a/b/c", "4/15", "1.2.3.4"])
    func invalid(text: String) {
        guard case .invalid = parsed(text).0 else {
            Issue.record("'\(text)' should be invalid")
            return
        }
    }

    @Test func usualOrderByLocale() {
        #expect(DateOrder.usual(inLocale: "en_US") == .mdy)
        #expect(DateOrder.usual(inLocale: "en_GB") == .dmy)
        #expect(DateOrder.usual(inLocale: "de_DE") == .dmy)
        #expect(DateOrder.usual(inLocale: "ja") == .ymd)
        #expect(DateOrder.usual(inLocale: "root") == .mdy)
    }
}
