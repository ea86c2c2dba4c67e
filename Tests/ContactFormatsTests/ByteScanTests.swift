import Testing
@testable import ContactsCore
@testable import ContactFormats
import ContactsTesting
import ContactFormatsTesting

/// The scans 8 bytes at a time find what one byte at a time finds, from every start, also among
/// bytes with the high bit set and zero bytes (which the word trick marks above a match).
@Suite struct ByteScanTests {
    private func randomTexts() -> [[UInt8]] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % 1_000)
        }
        let rare: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: ","), 0x0A, 0x0D, UInt8(ascii: ";")]
        let common: [UInt8] = [UInt8(ascii: "a"), 0x80, 0xFF, 0xC3, 0x01, 0x00, 0x7F, UInt8(ascii: " ")]
        return (0..<200).map { _ in
            (0..<(next() % 80)).map { _ in next() < 60 ? rare[next() % rare.count] : common[next() % common.count] }
        }
    }

    @Test func firstLineEnd() {
        for bytes in randomTexts() {
            for from in 0...bytes.count {
                let expected = bytes[from...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
                #expect(ByteScan.firstLineEnd(bytes.span, from: from) == expected, "\(bytes) from \(from)")
            }
        }
    }

    @Test func firstNonASCII() {
        for bytes in randomTexts() {
            for from in 0...bytes.count {
                #expect(ByteScan.firstNonASCII(bytes.span, from: from) == (bytes[from...].firstIndex { $0 >= 0x80 } ?? bytes.count))
            }
        }
    }

    @Test func firstOfTwoOrALineEnd() {
        let quote = UInt8(ascii: "\"")
        for bytes in randomTexts() {
            for stop in [UInt8(ascii: ","), quote] {
                for from in 0...bytes.count {
                    let expected = bytes[from...].firstIndex { $0 == quote || $0 == stop || $0 == 0x0A || $0 == 0x0D } ?? bytes.count
                    #expect(ByteScan.firstOf(quote, stop, orLineEnd: bytes.span, from: from) == expected, "\(bytes) from \(from)")
                }
            }
        }
    }

    @Test func firstJSONEscape() {
        let (quote, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"))
        for bytes in randomTexts() {
            // Backslashes, and the bytes either side of 0x20, too.
            let varied = bytes.map { $0 == UInt8(ascii: ",") ? backslash : $0 == UInt8(ascii: ";") ? 0x1F : $0 == 0x01 ? 0x21 : $0 }
            for text in [bytes, varied] {
                for from in 0...text.count {
                    let expected = text[from...].firstIndex { $0 < 0x20 || $0 == quote || $0 == backslash } ?? text.count
                    #expect(ByteScan.firstJSONEscape(text.span, from: from) == expected, "\(text) from \(from)")
                }
            }
        }
    }

    /// A substring found byte for byte wherever it is, and not when it only starts at the end.
    @Test func containsASubstring() {
        func holds(_ text: String, _ part: String) -> Bool {
            Array(text.utf8).span.contains(Array(part.utf8).span)
        }
        for (text, part, expected) in [("anna berg", "berg", true), ("bbberg", "berg", true), ("anna ber", "berg", false),
                                       ("", "", true), ("x", "", true), ("", "x", false), ("zoe lee", "zoe", true),
                                       ("bergen", "berg", true), ("ber g", "berg", false), ("müller", "ü", true)] {
            #expect(holds(text, part) == expected, "\(text) \(part)")
        }
    }
}
