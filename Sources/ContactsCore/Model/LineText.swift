/// The one rule of every line-oriented output (the birthday list, TSV, the mail query, the
/// duplicates report, diagnostics and the summary): one record is one line of its fields, and no
/// control, bidirectional or line-break character from the input reaches it raw — not a C0 or
/// C1 control (ESC, U+009B, NEL), DEL, the line and paragraph separators, nor the bidirectional
/// marks, embeddings, overrides and isolates that make a line read as another.
public enum LineText {
    /// Whether a character may not appear raw in a line of output.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || isBidiControl(v)
    }

    /// U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069.
    static func isBidiControl(_ v: UInt32) -> Bool {
        v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// Whether the text may hold an unsafe character: each starts with a byte below 0x20, 0x7F,
    /// or 0xC2, 0xD8 or 0xE2 in UTF-8 (a fast test before looking at characters).
    @inlinable
    public static func mayHoldForbidden(_ text: String) -> Bool {
        let bytes = text.utf8.span  // its contiguous bytes: the UTF-8 view's iterator took ~40 instructions a byte
        for i in bytes.indices {
            let b = bytes[i]
            if b < 0x20 || b == 0x7F || b == 0xC2 || b == 0xD8 || b == 0xE2 { return true }
        }
        return false
    }

    /// The text with each unsafe character (a tab too) as a space: a field of a line read by people.
    public static func spaced(_ text: String) -> String {
        guard mayHoldForbidden(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(isForbidden(scalar) ? " " : scalar) }
        return String(out)
    }
}
