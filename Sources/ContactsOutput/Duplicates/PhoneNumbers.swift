internal import VCPhone

/// A phone number in E.164 (`+4930123456`), as libphonenumber reads it: a national number
/// (`030 123456`) as one of `region` (ISO 3166, `DE`); nil when it is no possible number, or
/// national without a region.
func e164(_ number: String, region: String?) -> String? {
    var number = number
    var out = [CChar](repeating: 0, count: 64)
    let n = number.withUTF8 { bytes in
        region.map { r in r.withCString { vc_phone_e164(bytes.baseAddress, Int32(clamping: bytes.count), $0, &out, 64) } }
            ?? vc_phone_e164(bytes.baseAddress, Int32(clamping: bytes.count), nil, &out, 64)
    }
    guard n > 0 else { return nil }
    return String(decoding: out[..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Phone numbers read into E.164 once per number as written (libphonenumber is slow: its
/// patterns), for all that compares them in a run: a number comes again and again in
/// duplicates and in a company's cards.
final class PhoneNumbers {
    /// The country of national numbers.
    let region: String?
    private var read: [String: String?] = [:]

    init(region: String?) {
        self.region = region
    }

    /// `number` in E.164 (see `e164`).
    func e164(_ number: String) -> String? {
        if let known = read[number] { return known }
        let found = ContactsOutput.e164(number, region: region)
        read[number] = found
        return found
    }
}
