import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
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

/// The transcript of a parser (made for the transcript) fed `bytes` `chunk` bytes at a time,
/// then finished, with its statistics; with `strict`, reading stops at the first rejection.
private func transcript(_ bytes: [UInt8], chunk: Int, strict: Bool, _ makeParser: (Transcript) -> ContactsParser) -> [String] {
    let transcript = Transcript(stopsAtFirstRejection: strict)
    let parser = makeParser(transcript)
    do {
        try feed(parser, bytes, chunkSize: chunk)
        transcript.entries.append("statistics \(parser.statistics)")
    } catch {
        transcript.entries.append("stopped: \(error)")
    }
    return transcript.entries
}

/// Records where the transcript in parts first differs from the one of one parser.
private func expectSame(_ serial: [String], _ parallel: [String], _ label: String) {
    #expect(serial.count == parallel.count, "\(label): \(serial.count) events one by one, \(parallel.count) in parts")
    if let i = zip(serial, parallel).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
        Issue.record("\(label): event \(i) differs:\n\(serial[i])\n--- in parts:\n\(parallel[i])")
    }
}

/// The partitioned reader of vCard gives what one `VCardParser` gives, wherever the parts are cut.
@Suite struct PartitionedVCardTests {
    static let workers = WorkerThreads(count: 3)

    /// The transcript of reading `bytes` fed `chunk` bytes at a time, by one parser or (with
    /// `partBytes`) in parts of about that size.
    private static func read(_ bytes: [UInt8], partBytes: Int?, chunk: Int = 4096, scope: DecodeScope = .full,
                             maxRecordBytes: Int = 64 << 20, strict: Bool = false) -> [String] {
        let options = VCardParser.Options(scope: scope, keepsRawText: true, maxRecordBytes: maxRecordBytes)
        return transcript(bytes, chunk: chunk, strict: strict) { t in
            let parser: ContactsParser = partBytes.map {
                PartitionedReader(VCardFraming(path: "in.vcf", options: options), sink: t, diagnostics: t, threads: workers,
                                  partBytes: $0, aloneAfterBytes: 8 * $0)
            } ?? VCardParser(path: "in.vcf", sink: t, diagnostics: t, options: options)
            return parser
        }
    }

    /// Large records (photos) go to the workers one or a few at a time: the bytes in flight
    /// stay under the bound (or one part, when it alone is larger), whatever the threads.
    @Test func theBytesInFlightAreBounded() throws {
        let photo = "PHOTO;ENCODING=b;TYPE=JPEG:" + String(repeating: "QUJD", count: 2500) + "\n"
        let bytes = Array((0..<40).map { "BEGIN:VCARD\nVERSION:3.0\nFN:Person \($0)\n" + photo + "END:VCARD\n" }.joined().utf8)
        let one = Transcript(), parts = Transcript()
        let parser = VCardParser(path: "in.vcf", sink: one, diagnostics: one)
        try feed(parser, bytes, chunkSize: 4096)
        let threads = WorkerThreads(count: 8)
        for bound in [1, 25_000] {
            let reader = PartitionedReader(VCardFraming(path: "in.vcf", options: VCardParser.Options()), sink: parts,
                                           diagnostics: parts, threads: threads, partBytes: 100, maxInFlightBytes: bound)
            parts.entries = []
            try feed(reader, bytes, chunkSize: 4096)
            #expect(parts.entries == one.entries)
            #expect(reader.peakInFlightBytes <= max(bound, 10_100), "bound \(bound)")
            #expect(reader.peakInFlightBytes > 10_000)
        }
    }

    private static func expectSame(_ bytes: [UInt8], partBytes: Int, chunk: Int = 4096, scope: DecodeScope = .full,
                                   maxRecordBytes: Int = 64 << 20, strict: Bool = false, _ label: String) {
        VCFBirthdaysTests.expectSame(
            read(bytes, partBytes: nil, chunk: chunk, scope: scope, maxRecordBytes: maxRecordBytes, strict: strict),
            read(bytes, partBytes: partBytes, chunk: chunk, scope: scope, maxRecordBytes: maxRecordBytes, strict: strict),
            label)
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

    /// What `makeWriter` writes, and the warnings, when `bytes` are read by one parser, or
    /// (with `partBytes`) in parts on the workers.
    private static func written(_ bytes: [UInt8], scope: DecodeScope, partBytes: Int?,
                                _ makeWriter: (TextOutput, DiagnosticsHandler) -> PeopleSink) throws -> (text: String, warnings: [String]) {
        let options = VCardParser.Options(scope: scope, keepsRawText: false, maxRecordBytes: 64 << 20)
        let output = MemoryOutput()
        let diagnostics = RecordingDiagnostics()
        let writer = makeWriter(TextOutput(output), diagnostics)
        let parser: ContactsParser = partBytes.map {
            PartitionedReader(VCardFraming(path: "in.vcf", options: options), sink: writer, diagnostics: diagnostics,
                              threads: workers, partBytes: $0, aloneAfterBytes: 8 * $0)
        } ?? VCardParser(path: "in.vcf", sink: writer, diagnostics: diagnostics, options: options)
        try feed(parser, bytes, chunkSize: 256)
        try writer.finish()
        return (output.text, diagnostics.warnings.map { "\($0)" })
    }

    /// vCard output is written on the workers too (`PreparedSink`): the same bytes and the
    /// same warnings, in the same order, as one parser and one writer give, wherever the parts
    /// are cut; a warning meant once per run is given once.
    @Test func vCardOutputWrittenInPartsIsTheSame() throws {
        let cards = (0..<40).map { i in
            "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:P\(i)\r\n" + (i % 3 == 0 ? "RELATED:urn:uuid:\(i)\r\n" : "")
                + (i % 5 == 0 ? "BAD NAME:x\r\nLANG:de\r\n" : "") + "EMAIL;PREF=1;PREF=2:p\(i)@example.com\r\nEND:VCARD\r\n"
        }
        let bytes = Array(cards.joined().utf8)
        let write = { (partBytes: Int?) in
            try Self.written(bytes, scope: .card, partBytes: partBytes) {
                FormattedOutput(format: VCardEncoder(version: .v3, appleCompat: false), output: $0, diagnostics: $1)
            }
        }
        let serial = try write(nil)
        #expect(serial.warnings.filter { $0.hasSuffix(VCardCards.oncePerRun) }.count == 2)  // RELATED, LANG
        for partBytes in [60, 200, 700] {
            let parallel = try write(partBytes)
            #expect(parallel.text == serial.text, "parts of \(partBytes)")
            #expect(parallel.warnings == serial.warnings, "parts of \(partBytes)")
        }
    }

    /// CSV output too: the rows made on the workers are those one parser and one writer make,
    /// after the one header.
    @Test func csvOutputWrittenInPartsIsTheSame() throws {
        let cards = (0..<40).map { i in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lind\(i);=Eva\\, \"E\";;;\r\nFN:Eva \(i)\r\nTEL;TYPE=cell:+46 \(i)\r\n"
                + "BDAY:1990-03-0\(i % 9 + 1)\r\nEND:VCARD\r\n"
        }
        let bytes = Array(cards.joined().utf8)
        let write = { (partBytes: Int?) in
            try Self.written(bytes, scope: .fields, partBytes: partBytes) { output, _ in
                FormattedOutput(format: CSVEncoder(layout: GoogleCSVLayout(), guardsFormulas: true), output: output)
            }.text
        }
        let serial = try write(nil)
        #expect(serial.split(separator: "\r\n").count == 41 && serial.contains("\"'=Eva, \"\"E\"\"\",,Lind7,"))
        for partBytes in [60, 200, 700] {
            #expect(try write(partBytes) == serial, "parts of \(partBytes)")
        }
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
        let framing = VCardFraming(path: "in.vcf", options: VCardParser.Options())
        let first = framing.cut(text, partStart: 0, from: 0)
        #expect(first == 17)
        // The next BEGIN:VCARD is followed by a continuation line: not a place to cut.
        #expect(framing.cut(text, partStart: 0, from: 18) == 70)
        #expect(framing.cut(text, partStart: 0, from: 71) == nil)
        // A BEGIN:VCARD line whose next line has not come yet may still be continued.
        #expect(framing.cut(Array("END:VCARD\nBEGIN:VCARD\n".utf8), partStart: 0, from: 0) == nil)
        #expect(framing.cut(Array("XEND:VCARD\nBEGIN:VCARD\nN:A\n".utf8), partStart: 0, from: 0) == nil)
    }
}

/// The partitioned reader of CSV gives what one `CSVParser` gives, wherever the parts are cut: also
/// when a cut falls inside a quoted field, the header is refused, or lines end in CR alone.
@Suite struct PartitionedCSVTests {
    private static func read(_ bytes: [UInt8], partBytes: Int?, chunk: Int = 4096, strict: Bool = false) -> [String] {
        let options = CSVParser.Options(keepsRawText: true)
        return transcript(bytes, chunk: chunk, strict: strict) { t in
            let parser: ContactsParser = partBytes.map {
                PartitionedReader(CSVFraming(path: "in.csv", options: options), sink: t, diagnostics: t,
                                  threads: PartitionedVCardTests.workers, partBytes: $0, aloneAfterBytes: 8 * $0)
            } ?? CSVParser(path: "in.csv", sink: t, diagnostics: t, options: options)
            return parser
        }
    }

    private static func expectSame(_ bytes: [UInt8], partBytes: Int, chunk: Int = 4096, strict: Bool = false,
                                   _ label: String) {
        VCFBirthdaysTests.expectSame(read(bytes, partBytes: nil, chunk: chunk, strict: strict),
                                     read(bytes, partBytes: partBytes, chunk: chunk, strict: strict), label)
    }

    static let fixtures = ["csv/google-contacts.csv", "csv/google-contacts-old.csv", "csv/outlook-com.csv",
                           "csv/outlook-german.csv", "csv/spreadsheet-semicolon.csv", "csv/thunderbird.csv",
                           "fuzz/csv-chunk-split-utf16-bytes.csv"]

    @Test(arguments: fixtures)
    func everyFixtureReadsTheSameInPartsOfAnySize(fixture: String) {
        let once = fixtureBytes(fixture)
        let header = once.firstIndex(of: 0x0A).map { $0 + 1 } ?? once.count
        let bytes = once + Array(repeating: once[header...], count: 6).joined()  // many rows after one header
        for partBytes in [1, 40, 150, 700, 3000] {
            for chunk in [7, 333, Int.max] {
                Self.expectSame(bytes, partBytes: partBytes, chunk: chunk, "\(fixture) parts \(partBytes) chunks \(chunk)")
            }
        }
    }

    @Test(arguments: fixtures)
    func mutatedFixturesReadTheSameInParts(fixture: String) {
        let once = fixtureBytes(fixture)
        var r = SplitMix(state: UInt64(once.count) &* 13)
        for round in 0..<40 {
            let bytes = AccountingTests.mutated(once + once + once, &r)
            let partBytes = r.int(1...900), chunk = r.pick([1, 17, 256, 4096, Int.max])
            Self.expectSame(bytes, partBytes: partBytes, chunk: chunk, "\(fixture) mutation \(round) parts \(partBytes)")
        }
    }

    @Test func quotedLineBreaksRefusedHeadersAndCarriageReturnsReadTheSame() {
        let rows = String(repeating: "Ann,\"line one\nline two, \"\"quoted\"\"\nthree\",1990-03-04\r\nBo,x,--05-06\r\n", count: 40)
        let cases = ["Name,Notes,Birthday\n" + rows,                                   // quoted line feeds to cut at
                     "Nothing,Here\n" + rows,                                          // a header that is refused
                     ("Name,Notes,Birthday\r" + rows).replacingOccurrences(of: "\n", with: "\r"),  // no line feed at all
                     "\u{FEFF}Name,Notes,Birthday\n" + rows + "Cy,\"never closed\n"]  // a BOM, an open quote at the end
        for (k, text) in cases.enumerated() {
            for partBytes in [1, 30, 200, 1000] {
                Self.expectSame(Array(text.utf8), partBytes: partBytes, chunk: 64, "case \(k) parts \(partBytes)")
            }
        }
    }

    @Test func ambiguousDatesAreWarnedOfOncePerInput() {
        let text = "Name,Birthday\n" + String(repeating: "Ann,03/04/1990\nBo,05/06/1991\n", count: 60)
        Self.expectSame(Array(text.utf8), partBytes: 100, "ambiguous dates")
        let said = Self.read(Array(text.utf8), partBytes: 100).filter { $0.contains(CSVPersonMapper.ambiguousDateNote) }
        #expect(said.count == 1)
    }

    @Test func strictStopsAtTheSameRejection() {
        let text = "Name,Birthday\n" + String(repeating: "Ann,1990-03-04\n", count: 30) + ",\n\"open\n"
            + String(repeating: "Bo,1991-05-06\n", count: 30)
        for partBytes in [20, 150] {
            Self.expectSame(Array(text.utf8), partBytes: partBytes, chunk: 50, strict: true, "parts \(partBytes)")
        }
    }

    @Test func aTokenizerFedUpToALineEndIsAtARecordStart() {
        for text in ["a,b\r\n", "a,b\n", "a,\"b\nc\"\n", "a,b\r"] {
            var tokenizer = CSVTokenizer()
            tokenizer.feed(Array(text.utf8).span) { _ in }
            let atStart = tokenizer.isAtRecordStart
            #expect(atStart == !text.hasSuffix("\r"), "\(text.debugDescription)")
        }
        var open = CSVTokenizer()
        open.feed(Array("a,\"b\n".utf8).span) { _ in }
        let atStart = open.isAtRecordStart
        #expect(!atStart)
    }
}
