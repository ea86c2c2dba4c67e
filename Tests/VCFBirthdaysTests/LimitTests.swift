import Testing
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Broken or hostile input must not take unbounded memory: records past the limit are rejected
/// with their position and reading goes on.
@Suite struct LimitTests {
    private func parseVCard(_ text: String, limit: Int, chunk: Int = 1 << 16) throws -> ([PersonInfo], RecordingDiagnostics) {
        let sink = MockSink()
        let diagnostics = RecordingDiagnostics()
        let parser = VCardParser(path: "h.vcf", sink: sink, diagnostics: diagnostics,
                                 options: .init(keepsRawText: true, maxRecordBytes: limit))
        try feed(parser, Array(text.utf8), chunkSize: chunk)
        return (sink.people, diagnostics)
    }

    @Test(arguments: [1, 7, 1 << 16])
    func aGiantLineRejectsItsCardOnly(chunk: Int) throws {
        let giant = "NOTE:" + String(repeating: "x", count: 5000)
        let text = "BEGIN:VCARD\nFN:Before\nEND:VCARD\nBEGIN:VCARD\nFN:Huge\n\(giant)\nEND:VCARD\nBEGIN:VCARD\nFN:After\nEND:VCARD\n"
        let (people, diagnostics) = try parseVCard(text, limit: 1024, chunk: chunk)
        #expect(people.map(\.displayName) == ["Before", "After"])
        #expect(diagnostics.rejections.map { $0.diagnostic?.description } == [
            "h.vcf:4: error: vCard larger than 1024 bytes (see --max-record-bytes): rejected",
        ])
        #expect(diagnostics.rejections[0].rawText.utf8.count <= 1024)
        #expect(diagnostics.rejections[0].rawText.hasPrefix("BEGIN:VCARD\nFN:Huge\n"))
        // The raw text kept does not depend on where the chunks were cut.
        let whole = try parseVCard(text, limit: 1024, chunk: .max).1
        #expect(diagnostics.rejections.map(\.rawText) == whole.rejections.map(\.rawText))
    }

    @Test func theLexerHoldsNoMoreThanTheLimit() {
        var lexer = VCardLexer(keepsRawText: true, maxLineBytes: 4096)
        var oversized = 0
        let chunk = [UInt8](repeating: UInt8(ascii: "q"), count: 1000)
        Array("NOTE:".utf8).withUnsafeBufferPointer { lexer.feed($0) { _ in } }
        for _ in 0..<200 {  // one 200 kB line, no line end
            chunk.withUnsafeBufferPointer { lexer.feed($0) { _ in } }
            #expect(lexer.bufferedBytes <= 4096 + 1000)
        }
        Array("\nFN:x\n".utf8).withUnsafeBufferPointer { lexer.feed($0) { if $0.isOversized { oversized += 1 } } }
        lexer.finish { if $0.isOversized { oversized += 1 } }
        #expect(oversized == 1)
    }

    @Test func aZipBombOfFoldedLinesIsCut() throws {
        let folds = String(repeating: " aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n", count: 2000)
        let text = "BEGIN:VCARD\nFN:Bomb\nNOTE:start\n\(folds)END:VCARD\nBEGIN:VCARD\nFN:After\nEND:VCARD\n"
        let (people, diagnostics) = try parseVCard(text, limit: 4096)
        #expect(people.map(\.displayName) == ["After"])
        #expect(diagnostics.rejections.count == 1)
    }

    @Test func tooManyPropertiesRejectTheCard() throws {
        let lines = String(repeating: "X-A:1\n", count: VCardParser.maxProperties + 5)
        let (people, diagnostics) = try parseVCard("BEGIN:VCARD\nFN:Many\n\(lines)END:VCARD\nBEGIN:VCARD\nFN:After\nEND:VCARD\n",
                                                   limit: 64 << 20)
        #expect(people.map(\.displayName) == ["After"])
        #expect(diagnostics.rejections.first?.diagnostic?.message == "vCard with more than 100000 properties: rejected")
    }

    @Test func junkOutsideCardsIsRejectedInBoundedBlocks() throws {
        let junk = String(repeating: "garbage line of junk\n", count: 1000)
        let (people, diagnostics) = try parseVCard(junk + "BEGIN:VCARD\nFN:After\nEND:VCARD\n", limit: 2048)
        #expect(people.map(\.displayName) == ["After"])
        #expect(diagnostics.rejections.count > 1)
        #expect(diagnostics.rejections.allSatisfy { $0.rawText.utf8.count <= 2048 })
        #expect(diagnostics.rejections.map(\.rawText).joined() == junk)  // nothing lost
    }

    @Test(arguments: [1, 5, 1 << 16])
    func anUnterminatedCSVQuoteIsCutAndReadingGoesOn(chunk: Int) throws {
        let sink = MockSink()
        let diagnostics = RecordingDiagnostics()
        let parser = CSVParser(path: "h.csv", sink: sink, diagnostics: diagnostics,
                               options: .init(keepsRawText: true, maxRecordBytes: 1024))
        let text = "Name,Note\nAnn,ok\nBob,\"" + String(repeating: "y", count: 3000) + "\nCid,fine\nDee,also\n"
        try feed(parser, Array(text.utf8), chunkSize: chunk)
        #expect(sink.people.map(\.displayName) == ["Ann", "Cid", "Dee"])
        #expect(diagnostics.rejections.map { $0.diagnostic?.description } == [
            "h.csv:3: error: record larger than 1024 bytes (see --max-record-bytes): rejected",
        ])
    }
}
