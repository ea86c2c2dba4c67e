/// The text folded for matching with ICU: case folded, accents and other marks removed (`Müller`,
/// `MULLER` and `muller` fold alike, `Zoë` as `zoe`, `Łódź` as `lodz`). ASCII text, which ICU
/// only lower-cases, is lower-cased here on its bytes.
public func folded(_ text: String) -> String {
    let input = text.utf8.span
    var ascii = true
    for i in input.indices where input[i] >= 0x80 { ascii = false; break }
    if ascii {
        return String(utf8Capacity: input.count) { out in
            for i in input.indices { out.append(input[i] &- 0x41 < 26 ? input[i] | 0x20 : input[i]) }
        }
    }
    return icuFolded(input)
}

/// The UTF-8 text folded by ICU (lower-cased when ICU cannot).
func icuFolded(_ input: Span<UInt8>) -> String {
    ICU.fold(input) ?? String(utf8: input).lowercased()
}
