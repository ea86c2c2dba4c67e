/// The CLDR plural category of a number in a locale, as ICU says it: `one`, `few`, `many`,
/// `other`, … (English: 1 is `one`; Polish: 2 is `few`, 5 is `many`).
public func pluralCategory(of number: Int, locale: String) -> String {
    ICU.pluralCategory(of: Int32(clamping: number), locale: locale) ?? "other"
}
