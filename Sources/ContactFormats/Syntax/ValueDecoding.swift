import ContactsCore

/// Decoding of vCard value and parameter text: escapes, structured values, quoted-printable,
/// RFC 6868 parameter escapes. All over bytes; a `String` is made once per field at the end.
package enum ValueDecoding {
    /// Removes vCard text escapes: `\n` `\N` → newline, `\\` `\,` `\;` `\:` → the character.
    /// Any other backslash is kept as it is. A CR LF or lone CR (quoted-printable `=0D=0A`)
    /// becomes one newline.
    package static func unescape<C: Collection<UInt8>>(_ bytes: C) -> String {
        bytes.withContiguousSpan { unescape($0) }
    }

    /// As `unescape(_:)` over a collection, for a span.
    package static func unescape(_ bytes: Span<UInt8>) -> String {
        let n = bytes.count
        // Most values have nothing to undo: told 8 bytes at a time (a line feed, which needs
        // nothing, takes the longer way round).
        guard ByteScan.firstOf(UInt8(ascii: "\\"), 0x0D, orLineEnd: bytes, from: 0) < n else { return String(utf8: bytes) }
        var out: [UInt8] = []
        out.reserveCapacity(n)
        var i = 0
        while i < n {
            let b = bytes[i]
            if b == 0x0D {
                out.append(0x0A)
                i += i + 1 < n && bytes[i + 1] == 0x0A ? 2 : 1
                continue
            }
            if b == UInt8(ascii: "\\") && i + 1 < n {
                let next = bytes[i + 1]
                switch next {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    out.append(0x0A)
                    i += 2
                    continue
                case UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
                    out.append(next)
                    i += 2
                    continue
                default:
                    break
                }
            }
            out.append(b)
            i += 1
        }
        return makeString(out)
    }

    /// `range` without the spaces and tabs at its ends: trimmed before a value is unescaped, as
    /// `trimmingSpaces` trims it after (no escape makes or takes a space or tab, and a
    /// backslash before one is kept either way), without a second string.
    static func trimmedSpaces(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound, end = range.upperBound
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        return start..<end
    }

    /// Splits at every `separator` not escaped by a backslash; the pieces (ranges of the
    /// collection's indices) are still escaped.
    package static func split<C: Collection<UInt8>>(_ bytes: C, on separator: UInt8) -> [Range<Int>] where C.Index == Int {
        let pieces = bytes.withContiguousSpan { split($0, on: separator) }
        let start = bytes.startIndex
        return start == 0 ? pieces : pieces.map { $0.shifted(by: start) }
    }

    /// As `split(_:on:)` over a collection, for a span.
    package static func split(_ bytes: Span<UInt8>, on separator: UInt8) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if b == separator {
                pieces.append(start..<i)
                start = i + 1
            }
            i += 1
        }
        pieces.append(start..<n)
        return pieces
    }

    /// Structured value (`N`, `ADR`, `ORG`): components split at `;`, each a list split at `,`
    /// (when `lists` is true), unescaped.
    package static func structured<C: Collection<UInt8>>(_ bytes: C, lists: Bool) -> [[String]] {
        bytes.withContiguousSpan { structured($0, lists: lists) }
    }

    /// As `structured(_:lists:)` over a collection, for a span.
    package static func structured(_ bytes: Span<UInt8>, lists: Bool) -> [[String]] {
        var components: [[String]] = []
        for component in split(bytes, on: UInt8(ascii: ";")) {
            let part = bytes.extracting(component)
            guard lists else {
                components.append([unescape(part)])
                continue
            }
            var items: [String] = []
            for item in split(part, on: UInt8(ascii: ",")) { items.append(unescape(part.extracting(item))) }
            components.append(items)
        }
        return components
    }

    /// The items of a structured value as `structured` gives them, without their surrounding
    /// spaces and (unless `keepsEmpty`) leaving out empty ones: `body` gets each with its
    /// component's index. With `components` false only commas separate (a text list). Makes
    /// no arrays, so a value costs only its strings.
    static func forEachItem<C: Collection<UInt8>>(_ bytes: C, lists: Bool, components: Bool = true, keepsEmpty: Bool = false,
                                                  _ body: (_ component: Int, _ item: consuming String) -> Void) {
        bytes.withContiguousSpan { forEachItem($0, lists: lists, components: components, keepsEmpty: keepsEmpty, body) }
    }

    /// As `forEachItem(_:lists:components:keepsEmpty:_:)` over a collection, for a span.
    static func forEachItem(_ bytes: Span<UInt8>, lists: Bool, components: Bool = true, keepsEmpty: Bool = false,
                            _ body: (_ component: Int, _ item: consuming String) -> Void) {
        var component = 0
        var start = 0
        var i = 0
        let n = bytes.count
        while true {
            // From separator to separator, 8 bytes at a time; the end ends the last item.
            i = ByteScan.firstOf(UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","), in: bytes, from: i)
            let b: UInt8 = i < n ? bytes[i] : 0
            if b == UInt8(ascii: "\\") {
                i = min(i + 2, n)
                continue
            }
            let endsComponent = components && b == UInt8(ascii: ";")
            if i == n || endsComponent || (lists && b == UInt8(ascii: ",")) {
                if start < i || keepsEmpty {
                    let text = unescape(bytes.extracting(trimmedSpaces(bytes, start..<i)))
                    if !text.isEmpty || keepsEmpty { body(component, text) }
                }
                if endsComponent { component += 1 }
                start = i + 1
            }
            if i == n { return }
            i += 1
        }
    }

    /// A comma-separated text list (`CATEGORIES`, `NICKNAME`), unescaped, empty items dropped.
    static func textList<C: Collection<UInt8>>(_ bytes: C) -> [String] {
        bytes.withContiguousSpan { textList($0) }
    }

    /// As `textList(_:)` over a collection, for a span.
    static func textList(_ bytes: Span<UInt8>) -> [String] {
        var items: [String] = []
        forEachItem(bytes, lists: true, components: false) { items.append($1) }
        return items
    }

    /// Decodes quoted-printable (`=XX`, soft line breaks already joined by the lexer). A `=` not
    /// followed by two hex digits is kept literally.
    package static func decodeQuotedPrintable<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] {
        bytes.withContiguousSpan { decodeQuotedPrintable($0) }
    }

    /// As `decodeQuotedPrintable(_:)` over a collection, for a span.
    package static func decodeQuotedPrintable(_ bytes: Span<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        let n = bytes.count
        out.reserveCapacity(n)
        var i = 0
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "="), i + 2 < n, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
                continue
            }
            if b == UInt8(ascii: "="), i + 1 < n, bytes[i + 1] == 0x0D || bytes[i + 1] == 0x0A {
                i += 1  // a soft line break the lexer left in place
                while i < n, bytes[i] == 0x0D || bytes[i] == 0x0A { i += 1 }
                continue
            }
            out.append(b)
            i += 1
        }
        return out
    }

    /// A phone number without surrounding spaces and its `tel:` URI scheme (repeated ones too);
    /// a value that is only `tel:` is kept, so that reading and writing agree on it.
    package static func phoneNumber(_ value: String) -> String {
        var number = value.trimmingSpaces()
        while number.utf8.count > 4, startsWithTelScheme(number) {
            number = String(number.dropFirst(4)).trimmingSpaces()
        }
        return number
    }

    /// Whether the first four characters are `tel:` in any case: told by the bytes when the fifth
    /// is ASCII (no character but an ASCII letter lower-cases to `t`, `e` or `l`, and an ASCII byte
    /// after the colon starts a character of its own), else by the characters.
    private static func startsWithTelScheme(_ number: String) -> Bool {
        var bytes = number.utf8.makeIterator()
        guard let t = bytes.next(), let e = bytes.next(), let l = bytes.next(), let colon = bytes.next(),
              let fifth = bytes.next() else { return false }
        guard fifth >= 0x80 else {
            return t | 0x20 == UInt8(ascii: "t") && e | 0x20 == UInt8(ascii: "e") && l | 0x20 == UInt8(ascii: "l")
                && colon == UInt8(ascii: ":")
        }
        return number.prefix(4).lowercased() == "tel:"
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// For a parameter value of ASCII text without RFC 6868 escapes or inner quotes (the usual `TYPE=HOME,WORK`):
    /// calls `body` with each comma-separated item, unquoted and without surrounding spaces,
    /// and returns true. Returns false, calling nothing, for any other value.
    static func forEachASCIIListItem(_ bytes: Span<UInt8>, _ body: (Span<UInt8>) -> Void) -> Bool {
        let inner = bytes.extracting(withoutQuotes(bytes))
        let n = inner.count
        for i in 0..<n where inner[i] >= 0x80 || inner[i] == UInt8(ascii: "^") || inner[i] == UInt8(ascii: "\"") { return false }
        var start = 0
        for i in 0...n where i == n || inner[i] == UInt8(ascii: ",") {
            var (lo, hi) = (start, i)
            while lo < hi && (inner[lo] == 0x20 || inner[lo] == 0x09) { lo += 1 }
            while hi > lo && (inner[hi - 1] == 0x20 || inner[hi - 1] == 0x09) { hi -= 1 }
            if lo < hi { body(inner.extracting(lo..<hi)) }
            start = i + 1
        }
        return true
    }

    /// A parameter value: surrounding quotes removed, RFC 6868 `^n ^' ^^` decoded.
    package static func parameterValue<C: Collection<UInt8>>(_ bytes: C) -> String {
        bytes.withContiguousSpan { parameterValue($0) }
    }

    /// As `parameterValue(_:)` over a collection, for a span.
    package static func parameterValue(_ bytes: Span<UInt8>) -> String {
        decodingCarets(bytes.extracting(withoutQuotes(bytes)))
    }

    /// The range of the bytes inside a pair of surrounding double quotes (all of them without).
    private static func withoutQuotes(_ bytes: Span<UInt8>) -> Range<Int> {
        let n = bytes.count
        guard n >= 2, bytes[0] == UInt8(ascii: "\""), bytes[n - 1] == UInt8(ascii: "\"") else { return 0..<n }
        return 1..<(n - 1)
    }

    /// A list parameter (`TYPE`, `SORT-AS`): split at commas outside quotes, each item unquoted
    /// and its RFC 6868 escapes decoded, then split at the commas inside (`TYPE="voice,home"`
    /// is two types, as RFC 6350 writes them); empty items left out.
    static func parameterList<C: Collection<UInt8>>(_ bytes: C) -> [String] {
        bytes.withContiguousSpan { parameterList($0) }
    }

    /// As `parameterList(_:)` over a collection, for a span.
    static func parameterList(_ bytes: Span<UInt8>) -> [String] {
        var items: [String] = []
        var start = 0
        var quoted = false
        var special = false  // a quote or caret in the item
        let n = bytes.count
        for i in 0...n {
            if i < n {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { quoted.toggle() }
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "^") { special = true }
                guard b == UInt8(ascii: ","), !quoted else { continue }
            }
            let item = bytes.extracting(start..<i)
            if special {
                items += parameterValue(item).split(separator: ",").map(String.init)
            } else if !item.isEmpty {  // most items: nothing to unquote, decode or split
                items.append(String(utf8: item))
            }
            start = i + 1
            special = false
        }
        return items
    }

    /// Decodes RFC 6868 escapes: `^n` a line break, `^'` a double quote, `^^` a caret.
    private static func decodingCarets(_ inner: Span<UInt8>) -> String {
        guard inner.firstIndex(of: UInt8(ascii: "^"), from: 0) != nil else { return String(utf8: inner) }
        var out: [UInt8] = []
        var i = 0
        let n = inner.count
        while i < n {
            let b = inner[i]
            if b == UInt8(ascii: "^"), i + 1 < n {
                switch inner[i + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    out.append(0x0A); i += 2; continue
                case UInt8(ascii: "'"):
                    out.append(UInt8(ascii: "\"")); i += 2; continue
                case UInt8(ascii: "^"):
                    out.append(UInt8(ascii: "^")); i += 2; continue
                default: break
                }
            }
            out.append(b)
            i += 1
        }
        return makeString(out)
    }

    /// Bytes already known to be UTF-8 (invalid sequences become U+FFFD).
    package static func makeString<C: Collection<UInt8>>(_ bytes: C) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the bytes are valid UTF-8 (RFC 3629: no overlong forms, surrogates or code
    /// points past U+10FFFF), without making a string. The scan works on a span, so that no
    /// caller in another module runs it as unspecialised generic code (a byte's subscript
    /// through a witness table cost about a thousand instructions a byte).
    package static func isValidUTF8<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        bytes.withContiguousSpan { isValidUTF8($0) }
    }

    /// As `isValidUTF8(_:)` over a collection, for a span.
    package static func isValidUTF8(_ bytes: Span<UInt8>) -> Bool {
        let end = bytes.count
        // ASCII, the usual case, 8 bytes at a time: at the start and after every other character.
        var i = ByteScan.firstNonASCII(bytes, from: 0)
        while i < end {
            let b = bytes[i]
            if b < 0x80 {
                i = ByteScan.firstNonASCII(bytes, from: i + 1)
                continue
            }
            let count: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the range of the second byte
            switch b {
            case 0xC2...0xDF: count = 2
            case 0xE0: count = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: count = 3
            case 0xED: count = 3; high = 0x9F
            case 0xF0: count = 4; low = 0x90
            case 0xF1...0xF3: count = 4
            case 0xF4: count = 4; high = 0x8F
            default: return false
            }
            guard end - i >= count else { return false }
            let second = bytes[i &+ 1]
            guard second >= low && second <= high else { return false }
            if count > 2 {
                guard bytes[i &+ 2] & 0xC0 == 0x80, count == 3 || bytes[i &+ 3] & 0xC0 == 0x80 else { return false }
            }
            i &+= count
        }
        return true
    }
}

extension String {
    /// The same text in storage of its own, which no other thread retains.
    package func ownCopy() -> String {
        String(decoding: Array(utf8), as: UTF8.self)
    }

    /// Lower-cases ASCII letters only (type names are ASCII; no locale rules apply).
    package func asciiLowercased() -> String {
        guard utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return self }
        // Written into the string's own storage (a short one's needs no allocation), not an array first.
        return String(utf8Capacity: utf8.count) { out in
            for b in utf8 { out.append(asciiLower(b)) }
        }
    }

    /// CR LF and lone CR as LF.
    package func normalizingLineBreaks() -> String {
        guard utf8.contains(0x0D) else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var afterCR = false
        for b in utf8 {
            if b == 0x0D { out.append(0x0A) } else if !(b == 0x0A && afterCR) { out.append(b) }
            afterCR = b == 0x0D
        }
        return String(decoding: out, as: UTF8.self)
    }
}
