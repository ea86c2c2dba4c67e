import ContactsCore

/// One JSON value (RFC 8259) of a record, with the line it starts on, as `JSONValue.parse`
/// reads it from the record's bytes: what the jCard reader converts.
package struct JSONValue: Sendable {
    package indirect enum Kind: Sendable {
        case string(String)
        /// A number as written (`42`, `1.3e2`): converted by whoever knows what it means.
        case number(String)
        case bool(Bool)
        case null
        case array([JSONValue])
        /// Members in the order written (a repeated key is kept: the reader chooses).
        case object([(key: String, value: JSONValue)])
    }

    package var kind: Kind
    package var line: Int

    /// Why bytes are no JSON value, and the line where that shows.
    package struct SyntaxError: Error, Sendable {
        package var line: Int
        package var message: String
    }

    /// Arrays and objects nested deeper than this are refused: no contact format needs more,
    /// and the reader's recursion stays bounded.
    package static let maxDepth = 64

    /// More values than this in one record are refused: a record's tree stays within a few
    /// times its bytes (a million empty arrays would be some 40 MB of nodes).
    package static let maxValues = 1 << 20

    /// The one value `bytes` hold (white space around it allowed), its first line numbered `firstLine`.
    package static func parse(_ bytes: [UInt8], firstLine: Int) throws(SyntaxError) -> JSONValue {
        var reader = Reader(bytes: bytes, line: firstLine)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == bytes.count else { throw reader.error("text after the value: \(reader.preview)") }
        return value
    }

    /// The value as a string when it is one.
    package var string: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    /// The value's elements when it is an array.
    package var array: [JSONValue]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    /// A short description for a message: the kind of value.
    package var described: String {
        switch kind {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A recursive-descent reader over one record's bytes.
private struct Reader {
    let bytes: [UInt8]
    var at = 0
    var line: Int
    var values = 0

    init(bytes: [UInt8], line: Int) {
        self.bytes = bytes
        self.line = line
    }

    func error(_ message: String) -> JSONValue.SyntaxError { JSONValue.SyntaxError(line: line, message: message) }

    /// The next few characters, for a message (control characters escaped by the reporter).
    var preview: String {
        at < bytes.count ? "'" + String(decoding: bytes[at..<min(bytes.count, at + 20)], as: UTF8.self) + "'" : "the end"
    }

    mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            at += 1
        }
    }

    mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        let start = line
        guard at < bytes.count else { throw error("a value was expected before the end") }
        values += 1
        guard values <= JSONValue.maxValues else { throw error("more than \(JSONValue.maxValues) values in one record") }
        switch bytes[at] {
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try string()), line: start)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try sequence(closedBy: UInt8(ascii: "]"), in: "array", depth: depth) { reader throws(JSONValue.SyntaxError) in
                elements.append(try reader.value(depth: depth + 1))
            }
            return JSONValue(kind: .array(elements), line: start)
        case UInt8(ascii: "{"):
            var members: [(key: String, value: JSONValue)] = []
            try sequence(closedBy: UInt8(ascii: "}"), in: "object", depth: depth) { reader throws(JSONValue.SyntaxError) in
                guard reader.at < reader.bytes.count, reader.bytes[reader.at] == UInt8(ascii: "\"") else {
                    throw reader.error("a member's name (a string) expected, not \(reader.preview)")
                }
                let key = try reader.string()
                reader.skipSpace()
                guard reader.at < reader.bytes.count, reader.bytes[reader.at] == UInt8(ascii: ":") else {
                    throw reader.error("':' expected after a member's name, not \(reader.preview)")
                }
                reader.at += 1
                reader.skipSpace()
                members.append((key, try reader.value(depth: depth + 1)))
            }
            return JSONValue(kind: .object(members), line: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONValue(kind: .bool(true), line: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONValue(kind: .bool(false), line: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONValue(kind: .null, line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONValue(kind: .number(try number()), line: start)
        default: throw error("a value was expected, not \(preview)")
        }
    }

    /// The elements of an array or the members of an object (`at` on its opening bracket), each
    /// read by `element`, separated by commas, up to `close` (`what`: `array` or `object`, for messages).
    private mutating func sequence(closedBy close: UInt8, in what: String, depth: Int,
                                   _ element: (inout Reader) throws(JSONValue.SyntaxError) -> Void) throws(JSONValue.SyntaxError) {
        guard depth < JSONValue.maxDepth else { throw error("arrays and objects nested more than \(JSONValue.maxDepth) deep") }
        at += 1
        skipSpace()
        if at < bytes.count && bytes[at] == close {
            at += 1
            return
        }
        let closing = String(decoding: [close], as: UTF8.self)
        while true {
            skipSpace()
            try element(&self)
            skipSpace()
            guard at < bytes.count else { throw error("the \(what) is not closed: '\(closing)' expected before the end") }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == close { at += 1; return }
            throw error("',' or '\(closing)' expected in an \(what), not \(preview)")
        }
    }

    private mutating func literal(_ word: String) throws(JSONValue.SyntaxError) {
        let count = word.utf8.count
        guard at + count <= bytes.count, bytes[at..<(at + count)].elementsEqual(word.utf8) else {
            throw error("a value was expected, not \(preview)")
        }
        at += count
    }

    /// A number in JSON's grammar: `-`? int frac? exp?.
    private mutating func number() throws(JSONValue.SyntaxError) -> String {
        let start = at
        func digits() -> Int {
            let from = at
            while at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") { at += 1 }
            return at - from
        }
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        let intStart = at
        let intDigits = digits()
        guard intDigits > 0, !(intDigits > 1 && bytes[intStart] == UInt8(ascii: "0")) else { throw error("not a number: \(preview)") }
        if at < bytes.count && bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw error("not a number: digits expected after '.'") }
        }
        if at < bytes.count && (bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E")) {
            at += 1
            if at < bytes.count && (bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-")) { at += 1 }
            guard digits() > 0 else { throw error("not a number: digits expected in the exponent") }
        }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// A string, its escapes decoded (a `\u` pair of surrogates is one character; a lone one is
    /// an error, as are control characters and bytes that are no UTF-8).
    mutating func string() throws(JSONValue.SyntaxError) -> String {
        at += 1  // the opening quote
        let start = at
        var out: [UInt8]? = nil  // made at the first escape
        while at < bytes.count {
            let b = bytes[at]
            if b == UInt8(ascii: "\"") {
                let text = out ?? Array(bytes[start..<at])
                at += 1
                guard ValueDecoding.isValidUTF8(text) else { throw error("a string that is not UTF-8") }
                return String(decoding: text, as: UTF8.self)
            }
            if b < 0x20 {
                throw error(b == 0x0A ? "the string is not closed on its line (a line break in a string is written \\n)"
                                      : "a control character in a string (U+00\(String(b, radix: 16, uppercase: true)), which JSON escapes)")
            }
            if b == UInt8(ascii: "\\") {
                if out == nil { out = Array(bytes[start..<at]) }
                at += 1
                guard at < bytes.count else { break }
                switch bytes[at] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out!.append(bytes[at])
                case UInt8(ascii: "b"): out!.append(0x08)
                case UInt8(ascii: "f"): out!.append(0x0C)
                case UInt8(ascii: "n"): out!.append(0x0A)
                case UInt8(ascii: "r"): out!.append(0x0D)
                case UInt8(ascii: "t"): out!.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard at + 2 < bytes.count, bytes[at + 1] == UInt8(ascii: "\\"), bytes[at + 2] == UInt8(ascii: "u") else {
                            throw error("a lone surrogate (\\u\(String(scalar, radix: 16))) in a string")
                        }
                        at += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate (\\u\(String(scalar, radix: 16))) in a string") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw error("a lone surrogate (\\u\(String(scalar, radix: 16))) in a string")
                    }
                    out!.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
                default:
                    throw error("an unknown escape '\\\(String(decoding: [bytes[at]], as: UTF8.self))' in a string")
                }
                at += 1
                continue
            }
            out?.append(b)
            at += 1
        }
        throw error("the string is not closed before the end")
    }

    /// The four hex digits after `\u` (`at` on the `u`, left on the last digit).
    private mutating func hex4() throws(JSONValue.SyntaxError) -> UInt32 {
        guard at + 4 < bytes.count else { throw error("four hex digits expected after \\u") }
        var v: UInt32 = 0
        for k in 1...4 {
            let b = bytes[at + k]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw error("four hex digits expected after \\u")
            }
            v = v << 4 | UInt32(d)
        }
        at += 4
        return v
    }
}

// MARK: Building and writing

extension JSONValue {
    /// A value made here, not read (line 0).
    package init(_ kind: Kind) { self.init(kind: kind, line: 0) }

    package static func string(_ s: String) -> JSONValue { JSONValue(.string(s)) }
    package static func object(_ members: [(key: String, value: JSONValue)]) -> JSONValue { JSONValue(.object(members)) }
    package static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }
    package static func integer(_ n: Int) -> JSONValue { JSONValue(.number(String(n))) }
    package static var `true`: JSONValue { JSONValue(.bool(true)) }

    /// The members when it is an object.
    package var members: [(key: String, value: JSONValue)]? {
        if case .object(let m) = kind { return m }
        return nil
    }

    /// The value of the first member named `key` when it is an object.
    package subscript(key: String) -> JSONValue? {
        members?.first { $0.key == key }?.value
    }

    /// The first member name an object in the value has twice (I-JSON forbids it, RFC 7493 §2.3),
    /// with the line of its second member; nil when there is none.
    package var repeatedKey: (key: String, line: Int)? {
        switch kind {
        case .object(let members):
            var seen = Set<String>()
            for (key, value) in members {
                if !seen.insert(key).inserted { return (key, value.line) }
                if let repeated = value.repeatedKey { return repeated }
            }
            return nil
        case .array(let elements):
            for element in elements { if let repeated = element.repeatedKey { return repeated } }
            return nil
        default:
            return nil
        }
    }

    /// The value as an integer when it is a number without fraction or exponent that fits.
    package var integer: Int? {
        if case .number(let n) = kind { return Int(n) }
        return nil
    }

    /// The value as compact JSON text (RFC 8259, no white space between tokens).
    package func append(to bytes: inout [UInt8]) {
        switch kind {
        case .string(let s): JSONText.appendString(s, to: &bytes)
        case .number(let n): bytes.append(contentsOf: n.utf8)
        case .bool(let b): bytes.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (k, element) in elements.enumerated() {
                if k > 0 { bytes.append(UInt8(ascii: ",")) }
                element.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (k, member) in members.enumerated() {
                if k > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONText.appendString(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The compact JSON text of the value.
    package var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
