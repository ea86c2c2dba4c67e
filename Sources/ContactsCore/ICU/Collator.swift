internal import VCICU

/// Locale-aware string ordering through the system ICU.
public final class Collator {
    /// The locale it was opened for (`root` for the root collation).
    public let locale: String
    private let handle: OpaquePointer

    /// Opens the collation of an ICU locale (`sv`, `de_DE`, `root`). Unknown locales fall back
    /// to the root collation, as ICU does.
    public init(locale: String) throws {
        var err: Int32 = 0
        guard let handle = vc_coll_open(locale == "root" ? "" : locale, &err) else {
            throw ICUError(code: err, what: "cannot open the collation for locale '\(locale)'")
        }
        self.locale = locale
        self.handle = handle
    }

    private init(locale: String, handle: OpaquePointer) {
        self.locale = locale
        self.handle = handle
    }

    deinit { vc_coll_close(handle) }

    /// Whether ICU has collation data for the locale (or a parent of it, `sv` for `sv_SE`);
    /// when not, it sorts in the root collation.
    public var hasCollationData: Bool {
        locale == "root" || String(cString: vc_coll_valid_locale(handle)) != "root"
    }

    /// A collator with the same ordering for use on another thread: one collator must not be
    /// used by two threads at once.
    public func copy() -> Collator {
        var err: Int32 = 0
        guard let copied = vc_coll_clone(handle, &err) else {
            preconditionFailure("cannot copy the collation for locale '\(locale)' (ICU error \(err))")
        }
        return Collator(locale: locale, handle: copied)
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
    package func beginText() { vc_coll_begin(handle) }

    /// Appends to the text of the key being made.
    package func addText(_ text: String) {
        var text = text
        let added = text.withUTF8 { vc_coll_add(handle, $0.baseAddress, Int32($0.count)) }
        guard added != 0 else { preconditionFailure("out of memory for a sort key") }
    }

    /// Appends an ASCII byte (a separator) to the text of the key being made.
    package func addText(ascii: UInt8) {
        guard vc_coll_add_ascii(handle, ascii) != 0 else { preconditionFailure("out of memory for a sort key") }
    }

    /// Appends the sort key of the text made since `beginText` to `key`.
    package func appendTextKey(to key: inout [UInt8]) {
        var length: Int32 = 0
        guard let sortKey = vc_coll_text_key(handle, &length) else { preconditionFailure("out of memory for a sort key") }
        key.append(contentsOf: UnsafeBufferPointer(start: sortKey, count: Int(length)))
    }

    /// Compares two strings in the locale's order.
    public func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { ua in
            b.withUTF8 { ub in
                Int(vc_coll_compare(handle, ua.baseAddress, Int32(ua.count), ub.baseAddress, Int32(ub.count)))
            }
        }
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
