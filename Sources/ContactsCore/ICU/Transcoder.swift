/// Turns text in UTF-16 or a legacy code page (`windows-1252`, `ISO-8859-1`, `Shift_JIS`, …)
/// into UTF-8 through ICU: streamed chunk by chunk (a character split between chunks is
/// completed by the next one), or a whole value at once.
public final class Transcoder {
    /// The character set it converts from, as given.
    public let charset: String
    private let converter: ICU.Converter
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    /// Bytes so far that could not be decoded (each became U+FFFD).
    public private(set) var substitutions = 0

    /// A converter from `charset` to UTF-8; throws when ICU does not know it.
    public init(charset: String) throws {
        var err: Int32 = 0
        guard let converter = ICU.Converter(charset: charset, error: &err) else {
            throw ICUError(code: err, what: "unknown encoding '\(charset)'")
        }
        self.charset = charset
        self.converter = converter
    }

    /// The UTF-8 of a complete text, and how many of its bytes could not be decoded (each became
    /// U+FFFD).
    public func utf8<C: Collection<UInt8>>(from text: C) -> (bytes: [UInt8], substitutions: Int) {
        utf8(from: Array(text).span)
    }

    /// The UTF-8 of a complete text, and how many of its bytes could not be decoded (each became
    /// U+FFFD).
    package func utf8(from text: Span<UInt8>) -> (bytes: [UInt8], substitutions: Int) {
        let before = substitutions
        var out: [UInt8] = []
        convert(text, flush: true) { out.append(span: $0) }
        return (out, substitutions - before)
    }

    /// Converts `input` and hands the UTF-8 to `body` in pieces. With `flush`, the input is
    /// complete and a dangling partial character is decoded as U+FFFD.
    package func convert(_ input: Span<UInt8>, flush: Bool, _ body: (Span<UInt8>) throws -> Void) rethrows {
        // The buffer is taken out of the object while it is used, so that its span is the
        // function's own.
        var out: [UInt8] = []
        swap(&out, &output)
        defer { swap(&out, &output) }
        var offset = 0
        while true {
            let (consumed, written, substituted) = converter.convert(input, from: offset, into: &out, flush: flush)
            offset += consumed
            substitutions += substituted
            if written > 0 { try body(out.span.extracting(0..<written)) }
            // Done when all input is used and the output was not full (nothing left pending).
            if offset >= input.count && written < out.count { return }
        }
    }
}
