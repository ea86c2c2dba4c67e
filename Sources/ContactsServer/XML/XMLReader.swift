/// A small, strict XML reader for what WebDAV servers answer: elements with namespaces,
/// attributes (only `xmlns` ones matter), character data, CDATA, comments, processing
/// instructions and the five predefined and numeric character references. A document type
/// declaration is refused (no entities are defined, so none can be expanded: no "billion
/// laughs", no external entity), as is nesting deeper than `maxDepth`. Bytes, not
/// `Character`s: the document is read in one pass.
public enum XMLReader {
    /// Elements nested deeper than this are refused.
    public static let maxDepth = 64

    /// The document's root element.
    public static func parse(_ bytes: [UInt8]) throws -> XMLElement {
        var reader = Reader(bytes: bytes)
        return try reader.document()
    }

    private struct Open {
        var element: XMLElement
        var qualifiedName: ArraySlice<UInt8>
        var namespaces: [String: String]
        var text: [UInt8]
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        func fail(_ reason: String) -> XMLSyntaxError { XMLSyntaxError(offset: i, reason: reason) }

        func starts(with literal: String) -> Bool {
            let l = Array(literal.utf8)
            return i + l.count <= bytes.count && bytes[i..<i + l.count].elementsEqual(l)
        }

        mutating func skip(past literal: String) throws {
            let l = Array(literal.utf8)
            while i + l.count <= bytes.count {
                if bytes[i..<i + l.count].elementsEqual(l) {
                    i += l.count
                    return
                }
                i += 1
            }
            throw fail("'\(literal)' expected before the end")
        }

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        static func isNameByte(_ b: UInt8) -> Bool {
            !isSpace(b) && b != UInt8(ascii: "/") && b != UInt8(ascii: ">") && b != UInt8(ascii: "=")
                && b != UInt8(ascii: "<") && b != UInt8(ascii: "\"") && b != UInt8(ascii: "'")
        }

        mutating func skipSpace() {
            while i < bytes.count && Self.isSpace(bytes[i]) { i += 1 }
        }

        mutating func name() throws -> ArraySlice<UInt8> {
            let start = i
            while i < bytes.count && Self.isNameByte(bytes[i]) { i += 1 }
            guard i > start else { throw fail("a name expected") }
            return bytes[start..<i]
        }

        /// Character data up to `end` (exclusive), references replaced.
        func decoded(_ range: Range<Int>, into out: inout [UInt8]) throws {
            var j = range.lowerBound
            while j < range.upperBound {
                let b = bytes[j]
                guard b == UInt8(ascii: "&") else {
                    out.append(b)
                    j += 1
                    continue
                }
                guard let semicolon = bytes[j..<range.upperBound].firstIndex(of: UInt8(ascii: ";")), semicolon - j <= 12 else {
                    throw XMLSyntaxError(offset: j, reason: "'&' that starts no reference")
                }
                let reference = String(decoding: bytes[(j + 1)..<semicolon], as: UTF8.self)
                switch reference {
                case "lt": out.append(UInt8(ascii: "<"))
                case "gt": out.append(UInt8(ascii: ">"))
                case "amp": out.append(UInt8(ascii: "&"))
                case "quot": out.append(UInt8(ascii: "\""))
                case "apos": out.append(UInt8(ascii: "'"))
                default:
                    let number: UInt32? = reference.hasPrefix("#x") ? UInt32(reference.dropFirst(2), radix: 16)
                        : reference.hasPrefix("#") ? UInt32(reference.dropFirst(), radix: 10) : nil
                    guard let number, number != 0, let scalar = Unicode.Scalar(number) else {
                        throw XMLSyntaxError(offset: j, reason: "unknown reference '&\(reference);'")
                    }
                    out += Array(String(Character(scalar)).utf8)
                }
                j = semicolon + 1
            }
        }

        /// `name="value"` pairs up to `>` or `/>`; returns whether the element is empty.
        mutating func attributes(into attributes: inout [(ArraySlice<UInt8>, String)]) throws -> Bool {
            while true {
                skipSpace()
                guard i < bytes.count else { throw fail("an unclosed tag") }
                if bytes[i] == UInt8(ascii: ">") {
                    i += 1
                    return false
                }
                if starts(with: "/>") {
                    i += 2
                    return true
                }
                let attribute = try name()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw fail("'=' expected after an attribute's name") }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                    throw fail("a quoted attribute value expected")
                }
                let quote = bytes[i]
                i += 1
                guard let end = bytes[i...].firstIndex(of: quote) else { throw fail("an unclosed attribute value") }
                var value: [UInt8] = []
                try decoded(i..<end, into: &value)
                attributes.append((attribute, String(decoding: value, as: UTF8.self)))
                i = end + 1
            }
        }

        /// The namespace and local name of `qualified` in `scope`.
        func resolve(_ qualified: ArraySlice<UInt8>, _ scope: [String: String], isAttribute: Bool = false) throws -> (String, String) {
            if let colon = qualified.firstIndex(of: UInt8(ascii: ":")) {
                let prefix = String(decoding: qualified[..<colon], as: UTF8.self)
                guard let namespace = scope[prefix] else { throw fail("the prefix '\(prefix)' is not declared") }
                return (namespace, String(decoding: qualified[(colon + 1)...], as: UTF8.self))
            }
            return (isAttribute ? "" : scope[""] ?? "", String(decoding: qualified, as: UTF8.self))
        }

        mutating func document() throws -> XMLElement {
            var stack: [Open] = []
            var root: XMLElement?
            /// A finished element: a child of the open one, or the root.
            func close(_ element: XMLElement) throws {
                if stack.isEmpty {
                    guard root == nil else { throw fail("a second root element") }
                    root = element
                } else {
                    stack[stack.count - 1].element.children.append(element)
                }
            }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
            while i < bytes.count {
                if bytes[i] != UInt8(ascii: "<") {
                    let start = i
                    while i < bytes.count && bytes[i] != UInt8(ascii: "<") { i += 1 }
                    if stack.isEmpty {
                        guard bytes[start..<i].allSatisfy(Self.isSpace) else { throw XMLSyntaxError(offset: start, reason: "text outside the root element") }
                    } else {
                        try decoded(start..<i, into: &stack[stack.count - 1].text)
                    }
                    continue
                }
                if starts(with: "<!--") {
                    try skip(past: "-->")
                } else if starts(with: "<?") {
                    try skip(past: "?>")
                } else if starts(with: "<![CDATA[") {
                    guard !stack.isEmpty else { throw fail("CDATA outside the root element") }
                    let start = i + 9
                    try skip(past: "]]>")
                    stack[stack.count - 1].text += bytes[start..<(i - 3)]
                } else if starts(with: "<!") {
                    throw fail("a document type declaration or other markup declaration, which a WebDAV response has no use for")
                } else if starts(with: "</") {
                    i += 2
                    let closing = try name()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw fail("'>' expected") }
                    i += 1
                    guard let open = stack.popLast(), open.qualifiedName.elementsEqual(closing) else {
                        throw fail("'</\(String(decoding: closing, as: UTF8.self))>' closes no open element")
                    }
                    var element = open.element
                    element.text = String(decoding: open.text, as: UTF8.self)
                    try close(element)
                } else {
                    i += 1
                    let qualified = try name()
                    var attributes: [(ArraySlice<UInt8>, String)] = []
                    let isEmpty = try self.attributes(into: &attributes)
                    var scope = stack.last?.namespaces ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
                    for (attribute, value) in attributes {
                        if attribute.elementsEqual("xmlns".utf8) {
                            scope[""] = value
                        } else if attribute.starts(with: "xmlns:".utf8) {
                            scope[String(decoding: attribute.dropFirst(6), as: UTF8.self)] = value
                        }
                    }
                    let (namespace, local) = try resolve(qualified, scope)
                    let element = XMLElement(namespace: namespace, name: local)
                    if isEmpty {
                        try close(element)
                    } else {
                        guard stack.count < XMLReader.maxDepth else { throw fail("elements nested deeper than \(XMLReader.maxDepth)") }
                        stack.append(Open(element: element, qualifiedName: qualified, namespaces: scope, text: []))
                    }
                }
            }
            guard stack.isEmpty else { throw fail("'<\(String(decoding: stack.last!.qualifiedName, as: UTF8.self))>' is not closed") }
            guard let root else { throw fail("no root element") }
            return root
        }
    }
}
