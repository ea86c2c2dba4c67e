internal import VCICU

/// The CLDR plural category of a number in a locale, as ICU says it: `one`, `few`, `many`,
/// `other`, … (English: 1 is `one`; Polish: 2 is `few`, 5 is `many`).
public func pluralCategory(of number: Int, locale: String) -> String {
    var out = [CChar](repeating: 0, count: 32)
    let n = vc_plural_category(locale, Int32(clamping: number), &out, 32)
    guard n > 0 else { return "other" }
    return String(decoding: out[..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
