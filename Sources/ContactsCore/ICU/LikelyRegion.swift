internal import VCICU

/// Whether `code` (upper case) is a country code ICU knows: `DE` and `US` are, `ZZ` is not.
public func isRegion(_ code: String) -> Bool {
    vc_is_region(code) == 1
}

/// The country of a locale (`de_AT` gives `AT`), else the likeliest one for its language, as
/// ICU's CLDR data says (`de` gives `DE`, `sv` `SE`); nil for the root locale.
public func likelyRegion(of locale: String) -> String? {
    var out = [CChar](repeating: 0, count: 16)
    let n = vc_likely_region(locale, &out, 16)
    guard n > 0 else { return nil }
    return String(decoding: out[..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
