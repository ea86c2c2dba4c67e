import ContactsCore

/// Where vCard input is cut into parts: just before a `BEGIN:VCARD` line that follows an
/// `END:VCARD` line. A part that ends inside a card after all (an unclosed card holding the
/// next `BEGIN:VCARD`) is read on by its own parser.
package struct VCardFraming: RecordFraming {
    let path: String
    let options: VCardParser.Options

    package init(path: String, options: VCardParser.Options) {
        (self.path, self.options) = (path, options)
    }

    package func makeLead(sink: PeopleSink, diagnostics: DiagnosticsHandler) -> VCardParser {
        VCardParser(path: path, sink: sink, diagnostics: diagnostics, options: options)
    }

    package func partParsers(after lead: VCardParser) -> PartParsers<VCardParser>? {
        let (path, options) = (self.path, self.options)
        // A path of its own: a worker retains it for every card.
        return { VCardParser(path: path.ownCopy(), sink: $0, diagnostics: $0, options: options, firstLine: $1) }
    }

    /// The index of the first line `BEGIN:VCARD` at or after `from` whose line before is
    /// `END:VCARD` (both upper case, after `partStart`) and whose next line has begun and is not
    /// a continuation; nil when there is none yet.
    package func cut(_ bytes: [UInt8], partStart notBefore: Int, from: Int) -> Int? {
        let (begin, end) = (Self.beginLine, Self.endLine)
        let p = bytes
        let n = p.count
        var i = max(from, notBefore + end.count + 1)
        while i < n {
            guard let lf = p.span.firstIndex(of: 0x0A, from: i - 1) else { return nil }
            let s = lf + 1
            i = s + 1
            guard s + begin.count + 2 < n, equal(p, at: s, begin) else { continue }
            var next = s + begin.count
            if p[next] == 0x0D { next += 1 }
            guard p[next] == 0x0A, p[next + 1] != 0x20, p[next + 1] != 0x09 else { continue }
            let lineEnd = p[lf - 1] == 0x0D ? lf - 1 : lf
            let lineStart = lineEnd - end.count
            guard lineStart > notBefore, equal(p, at: lineStart, end),
                  p[lineStart - 1] == 0x0A || p[lineStart - 1] == 0x0D else { continue }
            return s
        }
        return nil
    }

    private static let beginLine = Array("BEGIN:VCARD".utf8), endLine = Array("END:VCARD".utf8)

    private func equal(_ p: [UInt8], at i: Int, _ word: [UInt8]) -> Bool {
        i >= 0 && i + word.count <= p.count && p[i..<(i + word.count)].elementsEqual(word)
    }
}

extension VCardParser: PartParser {}
