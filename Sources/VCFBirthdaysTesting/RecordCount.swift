import VCFBirthdays

/// How many records an input holds, from its framing alone, for the accounting check
/// (converted + rejected = records). It reads the same logical lines (vCard) and rows (CSV) as
/// the tool, but none of the record logic that decides what is converted or rejected.
public enum RecordCount {
    /// Top-level vCards, plus each run of text outside any card. A `BEGIN:VCARD` inside a card
    /// opens a nested card on the line right after an empty `AGENT` property; anywhere else it
    /// starts a new record (the open card is rejected, nested or not).
    public static func vcard(_ bytes: [UInt8]) -> Int {
        var lexer = VCardLexer()
        var records = 0, depth = 0, inStray = false, afterEmptyAgent = false
        func line(_: VCardLexer.Line, _ bytes: Span<UInt8>, _: Span<UInt8>) {
            let text = [UInt8](copying: bytes)
            let opensNested = afterEmptyAgent
            afterEmptyAgent = false
            switch marker(text) {
            case "BEGIN":
                if depth > 0 && opensNested {
                    depth += 1
                } else {
                    records += 1
                    depth = 1
                }
                inStray = false
            case "END" where depth > 0:
                depth -= 1
            default:  // an END:VCARD outside any card is stray text too
                if depth == 0 {
                    if !inStray { records += 1 }
                    inStray = true
                } else {
                    afterEmptyAgent = isEmptyAgent(text) == true
                }
            }
        }
        lexer.feed(bytes.span, emit: line)
        lexer.finish(emit: line)
        return records
    }

    /// Rows with any field that is not empty; the first row (the header) counts when there is one.
    public static func csv(_ bytes: [UInt8]) -> Int {
        var bytes = bytes
        var delimiter = CSVParser.detectDelimiter(bytes.prefix(1 << 16))
        if let (separator, length) = CSVParser.separatorLine(bytes) {  // Excel's `sep=;` is no record
            bytes.removeFirst(length)
            delimiter = separator
        }
        var tokenizer = CSVTokenizer(delimiter: delimiter)
        var rows = 0, header = false
        func row(_ record: borrowing CSVTokenizer.Record) {
            if !header {
                header = true
                rows += 1
            } else if !record.isBlank {
                rows += 1
            }
        }
        tokenizer.feed(bytes.span, emit: row)
        tokenizer.finish(emit: row)
        return rows
    }

    /// Converted plus rejected as a reader reports them, for comparison with `csv`/`vcard`: a
    /// CSV header that was read as one (not rejected) counts as a record too.
    public static func accounted(people: Int, diagnostics: RecordingDiagnostics, csv: Bool, input: [UInt8]) -> Int {
        let headerRejected = diagnostics.rejections.contains { $0.diagnostic?.message.hasPrefix("not a contacts file") ?? false }
        let headerRead = csv && !headerRejected && Self.csv(input) > 0
        return people + diagnostics.rejections.count + (headerRead ? 1 : 0)
    }

    /// `BEGIN` or `END` for a `BEGIN:VCARD` / `END:VCARD` line (any case, white space around
    /// the parts), else nil.
    private static func marker(_ line: [UInt8]) -> String? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let word = trimmedUpper(line[..<colon]), value = trimmedUpper(line[(colon + 1)...])
        return value == "VCARD" && (word == "BEGIN" || word == "END") ? word : nil
    }

    /// For a property line, whether it is `AGENT` with an empty value; nil when the line is not
    /// a property (no name before the colon).
    private static func isEmptyAgent(_ line: [UInt8]) -> Bool? {
        guard let end = line.firstIndex(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }),
              line.contains(UInt8(ascii: ":")) else { return nil }
        var name = trimmedUpper(line[..<end])
        if let dot = name.firstIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        guard !name.isEmpty else { return nil }
        guard name == "AGENT" else { return false }
        var quoted = false, valueStart: Int?
        for (i, b) in line.enumerated() {
            if b == UInt8(ascii: "\"") { quoted.toggle() }
            if b == UInt8(ascii: ":") && !quoted { valueStart = i + 1; break }
        }
        let value = line[(valueStart ?? line.firstIndex(of: UInt8(ascii: ":"))! + 1)...]
        return value.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    private static func trimmedUpper(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " \t").uppercased()
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
