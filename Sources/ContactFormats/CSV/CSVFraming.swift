import ContactsCore

/// Where CSV input is cut into parts: after a line feed outside quotes. The lead reads the
/// header with the first part, and the parsers of later parts read with it
/// (`CSVParser.Header`); an input whose header is refused is read by the lead alone.
package struct CSVFraming: RecordFraming {
    let path: String
    let options: CSVParser.Options

    package init(path: String, options: CSVParser.Options) {
        (self.path, self.options) = (path, options)
    }

    package func makeLead(sink: PeopleSink, diagnostics: DiagnosticsHandler) -> CSVParser {
        CSVParser(path: path, sink: sink, diagnostics: diagnostics, options: options)
    }

    package func partParsers(after lead: CSVParser) -> PartParsers<CSVParser>? {
        guard let header = CSVParser.Header(lead) else { return nil }
        return { CSVParser(header, sink: $0, diagnostics: $0, firstLine: $1) }
    }

    /// Just after the first line feed at or after `from` that an even number of quotes since
    /// `partStart` (a record's start) puts outside quotes; nil when there is none yet. The count is
    /// a guess (a bare quote in an unquoted field is text): a part that does not end at a record
    /// after all is read on by its own parser.
    package func cut(_ bytes: [UInt8], partStart: Int, from after: Int) -> Int? {
        func next(_ byte: UInt8, from i: Int) -> Int? { bytes.span.firstIndex(of: byte, from: i) }
        var quoted = false
        var i = partStart
        while let q = next(UInt8(ascii: "\""), from: i), q < after {
            quoted.toggle()
            i = q + 1
        }
        i = max(i, after)
        // The next quote is found once, not again for every line feed before it: a quoted
        // field of many lines made this quadratic.
        var quote = next(UInt8(ascii: "\""), from: i)
        while true {
            guard let lf = next(0x0A, from: i) else { return nil }
            while let q = quote, q < lf {
                quoted.toggle()
                quote = next(UInt8(ascii: "\""), from: q + 1)
            }
            if !quoted { return lf + 1 }
            i = lf + 1
        }
    }
}

extension CSVParser: PartParser {}
