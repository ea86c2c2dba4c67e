/// Locale-aware string ordering through the system ICU.
public final class Collator {
    /// The locale it was opened for (`root` for the root collation).
    public let locale: String
    private let collation: ICU.Collation

    /// Opens the collation of an ICU locale (`sv`, `de_DE`, `root`). Unknown locales fall back
    /// to the root collation, as ICU does.
    public init(locale: String) throws {
        var err: Int32 = 0
        guard let collation = ICU.Collation(locale: locale == "root" ? "" : locale, error: &err) else {
            throw ICUError(code: err, what: "cannot open the collation for locale '\(locale)'")
        }
        self.locale = locale
        self.collation = collation
    }

    private init(locale: String, collation: ICU.Collation) {
        self.locale = locale
        self.collation = collation
    }

    /// Whether ICU has collation data for the locale (or a parent of it, `sv` for `sv_SE`);
    /// when not, it sorts in the root collation.
    public var hasCollationData: Bool {
        locale == "root" || collation.validLocale != "root"
    }

    /// A collator with the same ordering for use on another thread: one collator must not be
    /// used by two threads at once.
    public func copy() -> Collator {
        var err: Int32 = 0
        guard let copied = collation.copy(error: &err) else {
            preconditionFailure("cannot copy the collation for locale '\(locale)' (ICU error \(err))")
        }
        return Collator(locale: locale, collation: copied)
    }

    /// The sort key of `text`: comparing keys bytewise orders the strings as the locale does.
    public func sortKey(_ text: String) -> [UInt8] {
        var key: [UInt8] = []
        beginText()
        addText(text)
        appendTextKey(to: &key)
        return key
    }

    /// Starts the text of a sort key made in parts: `addText`, then `appendTextKey` (a person's
    /// name goes to ICU part by part, with no string or array made of it first).
    package func beginText() { collation.begin() }

    /// Appends to the text of the key being made.
    package func addText(_ text: String) {
        guard collation.add(text.utf8.span) else { preconditionFailure("out of memory for a sort key") }
    }

    /// Appends an ASCII byte (a separator) to the text of the key being made.
    package func addText(ascii: UInt8) {
        guard collation.add(ascii: ascii) else { preconditionFailure("out of memory for a sort key") }
    }

    /// Appends the sort key of the text made since `beginText` to `key`.
    package func appendTextKey(to key: inout [UInt8]) {
        guard collation.appendKey(to: &key) else { preconditionFailure("out of memory for a sort key") }
    }

    /// Compares two strings in the locale's order.
    public func compare(_ a: String, _ b: String) -> Int {
        collation.compare(a.utf8.span, b.utf8.span)
    }
}

/// An ICU failure, with ICU's error code.
public struct ICUError: Error, CustomStringConvertible {
    /// ICU's error code.
    public let code: Int32
    /// What failed.
    public let what: String
    public var description: String { "\(what) (ICU error \(code))" }
}
