import ContactsCore

/// The content lines of one card, kept as byte ranges into one arena so that a card costs a few
/// array appends, not an allocation per property. Strings are made only for what is used.
package struct CardBuffer: ~Copyable {
    package struct Property {
        package var group: Range<Int>
        package var name: Range<Int>
        package var parameters: Range<Int>  // indices into `parameters`
        package var value: Range<Int>
        package var line: Int
        /// The model field its name is read into (`PropertyTable.field(of:)`), nil for a name with none.
        package var field: PropertyName?
    }

    package struct Parameter {
        package var name: Range<Int>   // empty for a bare vCard 2.1 parameter (`EMAIL;INTERNET:`)
        package var value: Range<Int>  // raw, quotes and RFC 6868 escapes still in place
    }

    /// The lines' bytes, one after another (a buffer never shared: an append per line costs
    /// no uniqueness check and no generic copy).
    var bytes = ByteBuffer()
    package var properties: [Property] = []
    package var parameters: [Parameter] = []
    package var raw: [UInt8] = []
    package var beginLine = 0
    /// Properties left out because the output does not need them, and their bytes.
    package var skippedProperties = 0
    var skippedBytes = 0
    /// Text of nested `AGENT` cards, by property index, in the vCard 3.0 inline form.
    private(set) package var agentValues: [Int: [UInt8]] = [:]
    private var agentBytes = 0

    package init() {}

    package mutating func reset(beginLine: Int) {
        bytes.removeAll()
        properties.removeAll(keepingCapacity: true)
        parameters.removeAll(keepingCapacity: true)
        raw.removeAll(keepingCapacity: true)
        agentValues.removeAll()
        agentBytes = 0
        skippedProperties = 0
        skippedBytes = 0
        self.beginLine = beginLine
    }

    /// Adds a logical line; false when it is not a property (no name or no colon).
    package mutating func append(line: Span<UInt8>, number: Int) -> Bool {
        let head = ContentLineParser.head(line)
        return append(line: line, number: number, head: head,
                      field: head.flatMap { PropertyTable.fields.field(in: line, name: $0.name) })
    }

    /// As `append(line:number:)`, for a line in an array.
    @discardableResult
    package mutating func append(line: [UInt8], number: Int) -> Bool {
        append(line: line.span, number: number)
    }

    /// As `append(line:number:)`, with the line's `ContentLineParser.head` and the field of its
    /// name known already.
    package mutating func append(line: Span<UInt8>, number: Int, head: ContentLineParser.Head?,
                                 field: PropertyName?) -> Bool {
        let base = bytes.count
        let firstParameter = parameters.count
        guard let head, let value = ContentLineParser.parse(line, head, shiftedBy: base, into: &parameters) else { return false }
        bytes.append(span: line)
        properties.append(Property(group: head.group.shifted(by: base), name: head.name.shifted(by: base),
                                   parameters: firstParameter..<parameters.count,
                                   value: value.shifted(by: base), line: number, field: field))
        return true
    }

    /// Adds a line that is no property to the value of the last property, as a new line of it
    /// (a line break the exporter did not escape); false when the last property's value may not
    /// hold a line break (only `NOTE`, `ADR` and `LABEL` may: a name or a number never does, and
    /// a stray line is no part of it), or the card has no property yet.
    package mutating func appendContinuation(line: Span<UInt8>) -> Bool {
        guard let last = properties.indices.last, properties[last].value.upperBound == bytes.count,
              ["NOTE", "ADR", "LABEL"].contains(where: { equalsIgnoringCase(properties[last].name, $0) }) else { return false }
        let quotedPrintable = parameters[properties[last].parameters].contains { p in
            (p.name.isEmpty || equalsIgnoringCase(p.name, "ENCODING")) && equalsIgnoringCase(p.value, "QUOTED-PRINTABLE")
        }
        bytes.append(contentsOf: quotedPrintable ? Array("=0D=0A".utf8) : [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        bytes.append(span: line)
        properties[last].value = properties[last].value.lowerBound..<bytes.count
        return true
    }

    /// Counts a property line that is not kept.
    package mutating func skip(line: Span<UInt8>) {
        skippedProperties += 1
        skippedBytes += line.count
    }

    /// Keeps the text of the nested card that is the value of property `index`.
    package mutating func setAgent(_ text: [UInt8], at index: Int) {
        agentBytes += text.count - (agentValues[index]?.count ?? 0)
        agentValues[index] = text
    }

    /// The bytes the card holds, kept or skipped, with its nested cards.
    package var size: Int { bytes.count + skippedBytes + agentBytes }

    /// Calls `body` with the bytes in `range` (valid only during the call).
    func withSlice<R>(_ range: Range<Int>, _ body: (Span<UInt8>) -> R) -> R {
        bytes.withSpan { body($0.extracting(range)) }
    }

    /// The bytes in `range` as a string (they are UTF-8; what is not becomes U+FFFD).
    func string(_ range: Range<Int>) -> String {
        withSlice(range) { String(utf8: $0) }
    }

    /// Whether the bytes in `range` equal `upper` (upper-case ASCII), ignoring case.
    package func equalsIgnoringCase(_ range: Range<Int>, _ upper: StaticString) -> Bool {
        withSlice(range) { matchesIgnoringCase($0, upper) }
    }

    /// Whether the bytes in two ranges are the same.
    func bytesEqual(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && bytes.withSpan { $0.extracting(a).compareBytes($0.extracting(b)) == 0 }
    }
}

package enum VCardVersion: Sendable {
    case v21, v30, v40
}

extension Range where Bound == Int {
    func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}

/// Splits one logical content line (`group.NAME;PARAM=x;BARE:value`) into byte ranges.
package enum ContentLineParser {
    struct Parsed {
        var group: Range<Int>
        var name: Range<Int>
        var parameters: [CardBuffer.Parameter]
        var value: Range<Int>
    }

    /// The name of a property line (after its group), or nil when the line is not a property
    /// (no name, or no colon): what `parse` would find as the name, without splitting the rest.
    package static func name(_ line: Span<UInt8>) -> Range<Int>? {
        guard let head = head(line), isProperty(line, head) else { return nil }
        return head.name
    }

    /// Whether a line with this head is a property: a colon comes at or after its end.
    package static func isProperty(_ line: Span<UInt8>, _ head: Head) -> Bool {
        line[head.end] == UInt8(ascii: ":") || line.firstIndex(of: UInt8(ascii: ":"), from: head.end) != nil
    }

    /// A line's group and name, and where the name ends (at its first `;` or `:`).
    package typealias Head = (group: Range<Int>, name: Range<Int>, end: Int)

    /// The group and name before the first `;` or `:` (where the name ends), nil when there is
    /// no name or neither character.
    package static func head(_ line: Span<UInt8>) -> Head? {
        let n = line.count
        var i = 0
        while i < n && (line[i] == 0x20 || line[i] == 0x09) { i += 1 }
        var nameStart = i
        var group = i..<i
        var space = -1  // the first white space in the name
        while i < n {
            // Letters are above all five bytes looked for: passed 8 at a time while no byte is
            // at or below `;` (the word's lowest such byte is exact; digits and `-` stop it too).
            i = line.firstIndex(from: i, marks: { ($0 &- 0x3C3C_3C3C_3C3C_3C3C) & ~$0 & 0x8080_8080_8080_8080 },
                                stops: { $0 <= UInt8(ascii: ";") })
            guard i < n else { break }
            let b = line[i]
            if b == UInt8(ascii: ";") || b == UInt8(ascii: ":") { break }
            if b == UInt8(ascii: ".") && group.isEmpty {
                group = nameStart..<i
                nameStart = i + 1
                space = -1
            } else if (b == 0x20 || b == 0x09) && space < 0 {
                space = i
            }
            i += 1
        }
        guard i < n else { return nil }
        var nameEnd = i
        while nameEnd > nameStart && (line[nameEnd - 1] == 0x20 || line[nameEnd - 1] == 0x09) { nameEnd -= 1 }
        // No name has white space inside: such a line is text ("Call him: tomorrow").
        guard nameEnd > nameStart, space < 0 || space >= nameEnd else { return nil }
        return (group, nameStart..<nameEnd, i)
    }

    static func parse(_ line: Span<UInt8>) -> Parsed? {
        guard let head = head(line) else { return nil }
        var parameters: [CardBuffer.Parameter] = []
        guard let value = parse(line, head, shiftedBy: 0, into: &parameters) else { return nil }
        return Parsed(group: head.group, name: head.name, parameters: parameters, value: value)
    }

    /// The value of the line with this `head`, its parameters appended to `parameters` with
    /// their ranges shifted by `offset`; nil (and nothing appended) when the line is no property.
    static func parse(_ line: Span<UInt8>, _ head: Head, shiftedBy offset: Int,
                      into parameters: inout [CardBuffer.Parameter]) -> Range<Int>? {
        if let value = parse(line, head, honouringQuotes: true, shiftedBy: offset, into: &parameters) { return value }
        // An unbalanced quote: take the first colon.
        return parse(line, head, honouringQuotes: false, shiftedBy: offset, into: &parameters)
    }

    private static func parse(_ line: Span<UInt8>, _ head: Head, honouringQuotes: Bool, shiftedBy offset: Int,
                              into parameters: inout [CardBuffer.Parameter]) -> Range<Int>? {
        let first = parameters.count
        let n = line.count
        var i = head.end
        while i < n && line[i] == UInt8(ascii: ";") {
            i += 1
            let start = i
            var equals = -1
            var quoted = false
            while i < n {
                let b = line[i]
                if b == UInt8(ascii: "\"") && honouringQuotes {
                    quoted.toggle()
                } else if !quoted {
                    if b == UInt8(ascii: ";") || b == UInt8(ascii: ":") { break }
                    if b == UInt8(ascii: "=") && equals < 0 { equals = i }
                }
                i += 1
            }
            guard i < n else { break }
            if i > start {
                if equals >= 0 {
                    parameters.append(CardBuffer.Parameter(name: trimmed(line, start..<equals).shifted(by: offset),
                                                           value: ((equals + 1)..<i).shifted(by: offset)))
                } else {
                    parameters.append(CardBuffer.Parameter(name: (start..<start).shifted(by: offset),
                                                           value: trimmed(line, start..<i).shifted(by: offset)))
                }
            }
        }
        guard i < n, line[i] == UInt8(ascii: ":") else {
            parameters.removeLast(parameters.count - first)
            return nil
        }
        return (i + 1)..<n
    }

    private static func trimmed(_ line: Span<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var r = range
        while let f = r.first, line[f] == 0x20 || line[f] == 0x09 { r = r.dropFirst() }
        while let l = r.last, line[l] == 0x20 || line[l] == 0x09 { r = r.dropLast() }
        return r
    }
}
