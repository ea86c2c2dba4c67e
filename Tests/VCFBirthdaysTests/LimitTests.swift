import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Broken or hostile input must not take unbounded memory: records past the limit are rejected
/// with their position and reading goes on.
@Suite struct LimitTests {
    private func parseVCard(_ text: String, limit: Int, chunk: Int = 1 << 16) throws -> ([PersonInfo], RecordingDiagnostics) {
        let sink = SpySink()
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
            "h.vcf:4: error: vCard larger than 1024 bytes (see --max-record-bytes): rejected, not written to the rejects file",
        ])
        // No part of it goes to the rejects: cut short, it would read as a card of its own.
        #expect(diagnostics.rejections[0].rawText == "")
    }

    @Test func theLexerHoldsNoMoreThanTheLimit() {
        var lexer = VCardLexer(keepsRawText: true, maxLineBytes: 4096)
        var oversized = 0
        let chunk = [UInt8](repeating: UInt8(ascii: "q"), count: 1000)
        lexer.feed(Array("NOTE:".utf8).span) { _, _, _ in }
        for _ in 0..<200 {  // one 200 kB line, no line end
            lexer.feed(chunk.span) { _, _, _ in }
            #expect(lexer.bufferedBytes <= 4096 + 1000)
        }
        lexer.feed(Array("\nFN:x\n".utf8).span) { line, _, _ in if line.isOversized { oversized += 1 } }
        lexer.finish { line, _, _ in if line.isOversized { oversized += 1 } }
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
        #expect(diagnostics.rejections.first?.diagnostic?.message == "vCard with more than 100000 properties: rejected, not written to the rejects file")
    }

    @Test func junkOutsideCardsIsRejectedInBoundedBlocks() throws {
        let junk = String(repeating: "garbage line of junk\n", count: 1000)
        let (people, diagnostics) = try parseVCard(junk + "BEGIN:VCARD\nFN:After\nEND:VCARD\n", limit: 2048)
        #expect(people.map(\.displayName) == ["After"])
        #expect(diagnostics.rejections.count > 1)
        #expect(diagnostics.rejections.allSatisfy { $0.rawText.utf8.count <= 2048 })
        #expect(diagnostics.rejections.map(\.rawText).joined() == junk)  // nothing lost
    }

    private func parseCSV(_ text: String, limit: Int, chunk: Int) throws -> ([PersonInfo], RecordingDiagnostics) {
        let sink = SpySink()
        let diagnostics = RecordingDiagnostics()
        let parser = CSVParser(path: "h.csv", sink: sink, diagnostics: diagnostics,
                               options: .init(keepsRawText: true, maxRecordBytes: limit))
        try feed(parser, Array(text.utf8), chunkSize: chunk)
        return (sink.people, diagnostics)
    }

    /// A row over the limit is rejected as it grows (not only where a read ends), read on to
    /// its real end, past the line breaks of a quoted field, and reported once; the rows
    /// before and after it are kept, and no part of it reaches the rejects.
    @Test(arguments: [1, 5, 4096, 1 << 20])
    func aCSVRowOverTheLimitIsSkippedToItsRealEnd(chunk: Int) throws {
        let field = (0..<3000).map { "line \($0), \"\"quoted\"\", not a row" }.joined(separator: "\n")
        let text = "Name,Note\nAnn,ok\nBob,\"" + field + "\"\nCid,fine\nDee,\"two\nlines\"\n"
            + "Eve," + String(repeating: "z", count: 200_000) + "\nFay,last\n"
        let (people, diagnostics) = try parseCSV(text, limit: 4096, chunk: chunk)
        #expect(people.map(\.displayName) == ["Ann", "Cid", "Dee", "Fay"])
        #expect(diagnostics.rejections.map { $0.diagnostic?.description } == [
            "h.csv:3: error: record larger than 4096 bytes (see --max-record-bytes): rejected, not written to the rejects file",
            "h.csv:3006: error: record larger than 4096 bytes (see --max-record-bytes): rejected, not written to the rejects file",
        ])
        #expect(diagnostics.rejections.allSatisfy { $0.rawText.isEmpty })
        #expect(diagnostics.warnings.isEmpty)
    }

    /// A record whose raw text is over the limit though its fields are not (doubled quotes) is
    /// over the limit too: its raw text would be cut.
    @Test func aCSVRowWhoseRawTextIsOverTheLimitIsRejected() throws {
        let text = "Name,Note\nAnn,\"" + String(repeating: "\"\"", count: 1500) + "\"\nBo,x\n"
        let (people, diagnostics) = try parseCSV(text, limit: 2048, chunk: 1 << 16)
        #expect(people.map(\.displayName) == ["Bo"])
        #expect(diagnostics.rejections.count == 1 && diagnostics.rejections[0].rawText.isEmpty)
    }

    /// #38: an LDIF line that outgrows the limit before it ends is counted, not held; its entry
    /// is rejected and the next one read.
    @Test(arguments: [1000, 4093])
    func theLDIFLexerHoldsNoMoreThanTheLimit(chunk: Int) throws {
        var lexer = LDIFLexer(keepsRawText: true, maxRecordBytes: 4096)
        var records: [LDIFLexer.Record] = []
        let text = Array("dn: cn=A\ncn: A\ndescription: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 200_000)
            + Array("\n\ndn: cn=B\ncn: B\n".utf8)
        for start in stride(from: 0, to: text.count, by: chunk) {
            lexer.feed(text[start..<min(start + chunk, text.count)].span) { records.append($0) }
            #expect(lexer.bufferedBytes <= 4096 + chunk)
        }
        lexer.finish { records.append($0) }
        #expect(records.map(\.isOversized) == [true, false])
        #expect(records.map(\.firstLine) == [1, 5])
        #expect(records[1].lines.map { String(decoding: $0.bytes, as: UTF8.self) } == ["dn: cn=B", "cn: B"])
    }

    /// #38: an LDIF entry of more attributes, or a CSV row of more fields, than any exporter
    /// writes is rejected without a cost per attribute or field; the records after it are read.
    @Test func tooManyAttributesOrFieldsRejectTheirRecord() throws {
        let entries = "dn: cn=A\ncn: A\nsn: A\n" + String(repeating: "o: x\n", count: LDIFLexer.maxLines) + "\ndn: cn=B\ncn: B\nsn: B\n"
        let ldif = try readContacts(Array(entries.utf8), format: .ldif, scope: .full)
        #expect(ldif.people.map(\.displayName) == ["B"])
        #expect(ldif.diagnostics.rejections.map { $0.diagnostic?.message } == ["entry with more than 100000 attributes: rejected, not written to the rejects file"])
        let rows = "Name,Note\nAnn,x\nWide" + String(repeating: ",", count: CSVTokenizer.maxFields) + "\nBo,y\n"
        let (people, diagnostics) = try parseCSV(rows, limit: 64 << 20, chunk: 4096)
        #expect(people.map(\.displayName) == ["Ann", "Bo"])
        #expect(diagnostics.rejections.map { $0.diagnostic?.message } == ["record with more than 10000 fields: rejected, not written to the rejects file"])
        let header = "Name" + String(repeating: ",x", count: CSVTokenizer.maxFields) + "\nAnn\n"
        let wide = try parseCSV(header, limit: 64 << 20, chunk: 4096)
        #expect(wide.0.isEmpty && wide.1.rejections.first?.diagnostic?.message.contains("more than 10000 columns") == true)
    }
}
