/// Whether `code` (upper case) is a country code ICU knows: `DE` and `US` are, `ZZ` is not.
public func isRegion(_ code: String) -> Bool {
    ICU.isRegion(code)
}

/// The country of a locale (`de_AT` gives `AT`), else the likeliest one for its language, as
/// ICU's CLDR data says (`de` gives `DE`, `sv` `SE`); nil for the root locale.
public func likelyRegion(of locale: String) -> String? {
    ICU.likelyRegion(of: locale)
}
