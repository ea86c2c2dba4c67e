import Testing
import VCICU
@testable import ContactsCore

@Suite struct DisplayWidthTests {
    /// The columns of the scripts counted without ICU (Latin, Greek, Cyrillic, CJK ideographs,
    /// Hangul syllables) are ICU's, character by character, for every character of them.
    @Test func quickWidthsAreICUs() {
        let ranges: [ClosedRange<UInt32>] = [0...0x5FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3]
        var differ: [String] = []
        for range in ranges {
            for value in range {
                let scalar = Unicode.Scalar(value)!
                let icu = Int(vc_char_width(Int32(value)))
                if displayWidth(String(Character(scalar))) != icu { differ.append("U+\(String(value, radix: 16)) (ICU: \(icu))") }
            }
        }
        #expect(differ.isEmpty, "\(differ.prefix(20))")
    }
}
