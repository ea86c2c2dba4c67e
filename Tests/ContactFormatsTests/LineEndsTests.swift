import Testing
@testable import ContactsCore
@testable import ContactFormats
import ContactsTesting
import ContactFormatsTesting

@Suite struct LineEndsTests {
    private func count(_ text: [UInt8]) -> Int { LineEnds.count(text.span) }

    @Test func linesEndInLFCRLFOrCR() {
        #expect(count(Array("a\nb\r\nc\rd".utf8)) == 3)
        #expect(count(Array("\r\r\n\n".utf8)) == 3)
        #expect(count(Array("a\r".utf8)) == 1)
        #expect(count([]) == 0)
    }

    /// Random runs of line ends and text, long enough for the 32-byte blocks and their tails,
    /// with a CRLF wherever it may fall across a block's edge: the count is the number the
    /// lexer gives the line after them, less one.
    @Test func countsAsTheLexerNumbersLines() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet: [UInt8] = [0x0D, 0x0A, UInt8(ascii: "a"), 0x0D, 0x0A]
        for _ in 0..<400 {
            let text = (0..<Int(next() % 2_000)).map { _ in alphabet[Int(next() % 5)] }
            var lexer = VCardLexer()
            var lastNumber = 0
            let input = text + Array("\nZ\n".utf8)
            lexer.feed(input.span) { line, _, _ in lastNumber = line.number }
            lexer.finish { line, _, _ in lastNumber = line.number }
            #expect(count(text + [0x0A]) + 1 == lastNumber, "\(text)")
        }
    }
}
