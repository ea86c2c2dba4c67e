import Foundation
import Testing
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Everything a reader gives, in the order it gives it: people (every field and the source
/// line), warnings with their lines, rejections with their raw text, and the statistics.
private final class Transcript: PeopleSink, DiagnosticsHandler {
    struct Stop: Error {}
    var entries: [String] = []
    private let stopsAtFirstRejection: Bool

    init(stopsAtFirstRejection: Bool = false) {
        self.stopsAtFirstRejection = stopsAtFirstRejection
    }

    func consume(_ person: PersonInfo) { entries.append("person \(person)") }
    func finish() {}
    func report(_ diagnostic: Diagnostic) { entries.append("report \(diagnostic)") }
    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws {
        entries.append("reject \(diagnostic.map { "\($0)" } ?? "-") \(rawText)")
        if stopsAtFirstRejection { throw Stop() }
    }
}

/// The parallel reader gives what one `VCardParser` gives, wherever the parts are cut.
@Suite struct ParallelVCardParserTests {
    static let workers = WorkerThreads(count: 3)

    /// The transcript of reading `bytes` fed `chunk` bytes at a time, by one parser or (with
    /// `partBytes`) in parts of about that size.
    private static func read(_ bytes: [UInt8], partBytes: Int?, chunk: Int = 4096, scope: DecodeScope = .full,
                             maxRecordBytes: Int = 64 << 20, strict: Bool = false) -> [String] {
        let transcript = Transcript(stopsAtFirstRejection: strict)
        let options = VCardParser.Options(scope: scope, keepsRawText: true, maxRecordBytes: maxRecordBytes)
        let parser: ContactsParser = partBytes.map {
            ParallelVCardParser(path: "in.vcf", sink: transcript, diagnostics: transcript, options: options,
                                threads: workers, partBytes: $0)
        } ?? VCardParser(path: "in.vcf", sink: transcript, diagnostics: transcript, options: options)
        do {
            try feed(parser, bytes, chunkSize: chunk)
            transcript.entries.append("statistics \(parser.statistics)")
        } catch {
            transcript.entries.append("stopped: \(error)")
        }
        return transcript.entries
    }

    private static func expectSame(_ bytes: [UInt8], partBytes: Int, chunk: Int = 4096, scope: DecodeScope = .full,
                                   maxRecordBytes: Int = 64 << 20, strict: Bool = false, _ label: String) {
        let serial = read(bytes, partBytes: nil, chunk: chunk, scope: scope, maxRecordBytes: maxRecordBytes, strict: strict)
        let parallel = read(bytes, partBytes: partBytes, chunk: chunk, scope: scope, maxRecordBytes: maxRecordBytes,
                            strict: strict)
        #expect(serial.count == parallel.count, "\(label): \(serial.count) events one by one, \(parallel.count) in parts")
        if let i = zip(serial, parallel).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("\(label): event \(i) differs:\n\(serial[i])\n--- in parts:\n\(parallel[i])")
        }
    }

    private static let fixtures = vcardFixtures + FuzzRegressionTests.files.filter { $0.hasSuffix(".vcf") }
        + ["vdir/vdir-0.vcf", "vdir/vdir-1.vcf", "vdir/vdir-2.vcf"]

    @Test(arguments: fixtures)
    func everyFixtureReadsTheSameInPartsOfAnySize(fixture: String) {
        let bytes = fixtureBytes(fixture)
        for partBytes in [1, 40, 64, 150, 300, 1000, 5000] {
            for chunk in [7, 333, Int.max] {
                Self.expectSame(bytes, partBytes: partBytes, chunk: chunk, "\(fixture) parts \(partBytes) chunks \(chunk)")
            }
        }
        Self.expectSame(bytes, partBytes: 100, scope: .namesAndDates, "\(fixture) birthday scope")
    }

    @Test(arguments: fixtures)
    func mutatedFixturesReadTheSameInParts(fixture: String) {
        let original = fixtureBytes(fixture)
        var r = SplitMix(state: UInt64(original.count) &* 7)
        for round in 0..<40 {
            let bytes = AccountingTests.mutated(original + original, &r)
            let partBytes = r.int(1...600), chunk = r.pick([1, 17, 256, 4096, Int.max])
            Self.expectSame(bytes, partBytes: partBytes, chunk: chunk, "\(fixture) mutation \(round) parts \(partBytes)")
        }
    }

    private static let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lind;Eva;;;\r\nFN:Eva Lind\r\nBDAY:1990-03-04\r\nEND:VCARD\r\n"

    /// Every cut position around the awkward cases: a card left open whose successor holds an
    /// `END:VCARD` then a `BEGIN:VCARD` (the open card is rejected at the next BEGIN), an AGENT
    /// card left open (its parent stays open across the cut), a card over the size limit, a
    /// continuation line after `BEGIN:VCARD`, lower-case framing.
    @Test(arguments: [
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Open\r\n",
        "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Parent\r\nAGENT:\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nFN:Agent\r\nEND:VCARD\r\n",
        "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Parent\r\nAGENT:\r\nBEGIN:VCARD\r\nFN:Agent\r\n",
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Big\r\nNOTE:" + String(repeating: "x", count: 3000) + "\r\nEND:VCARD\r\n",
        "BEGIN:VCARD\r\n X-FOLDED:yes\r\nFN:Folded\r\nEND:VCARD\r\n",
        "begin:vcard\r\nversion:3.0\r\nfn:Lower\r\nend:vcard\r\n",
        "stray text\r\nEND:VCARD\r\n",
    ])
    func awkwardCardsReadTheSameAtEveryCut(piece: String) {
        let bytes = Array((Self.card + Self.card + piece + Self.card + piece + piece + Self.card + Self.card).utf8)
        for partBytes in stride(from: 1, through: bytes.count / 3, by: max(1, bytes.count / 900)) {
            Self.expectSame(bytes, partBytes: partBytes, chunk: 64, maxRecordBytes: 2048, "parts \(partBytes)")
        }
    }

    @Test func aWarningMeantOncePerFileIsGivenOnceAcrossParts() {
        let latin1 = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ren".utf8) + [0xE9] + Array("e Roy\r\nEND:VCARD\r\n".utf8)
        let bytes = Array(Array(repeating: latin1, count: 20).joined())
        Self.expectSame(bytes, partBytes: 50, "Windows-1252 names")
        let said = Self.read(bytes, partBytes: 50).filter { $0.contains(PersonDecoder.oncePerFile) }
        #expect(said.count == 1)
    }

    @Test func lineEndsOfCarriageReturnsAloneAreReadByOneParser() {
        let bytes = Array(String(repeating: Self.card + "BEGIN:VCARD\r\nFN:Open\r\n", count: 30)
            .replacingOccurrences(of: "\r\n", with: "\r").utf8)
        for partBytes in [10, 100, 1000] {
            Self.expectSame(bytes, partBytes: partBytes, chunk: 100, "parts \(partBytes)")
        }
    }

    @Test func strictStopsAtTheSameRejection() {
        let bytes = Array(String(repeating: Self.card, count: 10).utf8) + Array("BEGIN:VCARD\r\nFN:Open\r\n".utf8)
            + Array(String(repeating: Self.card, count: 10).utf8)
        for partBytes in [30, 200, 700] {
            Self.expectSame(bytes, partBytes: partBytes, chunk: 50, strict: true, "parts \(partBytes)")
        }
    }

    @Test func cutsFallBeforeABeginLineThatFollowsAnEndLine() {
        let text = Array("FN:A\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:B\nEND:VCARD\nBEGIN:VCARD\n X\nEND:VCARD\nBEGIN:VCARD\nN:C\n".utf8)
        let first = ParallelVCardParser.cut(text, from: 0, notBefore: 0)
        #expect(first == 17)
        // The next BEGIN:VCARD is followed by a continuation line: not a place to cut.
        #expect(ParallelVCardParser.cut(text, from: 18, notBefore: 0) == 70)
        #expect(ParallelVCardParser.cut(text, from: 71, notBefore: 0) == nil)
        // A BEGIN:VCARD line whose next line has not come yet may still be continued.
        #expect(ParallelVCardParser.cut(Array("END:VCARD\nBEGIN:VCARD\n".utf8), from: 0, notBefore: 0) == nil)
        #expect(ParallelVCardParser.cut(Array("XEND:VCARD\nBEGIN:VCARD\nN:A\n".utf8), from: 0, notBefore: 0) == nil)
    }

    @Test func linesAreCountedAsTheLexerCountsThem() {
        #expect(ParallelVCardParser.lineCount(Array("a\nb\r\nc\rd".utf8)) == 3)
        #expect(ParallelVCardParser.lineCount(Array("\r\r\n\n".utf8)) == 3)
        #expect(ParallelVCardParser.lineCount([]) == 0)
    }
}
