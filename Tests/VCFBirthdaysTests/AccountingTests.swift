import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Every record ends as converted or rejected: converted + rejected = the records in the input,
/// counted by references independent of the record logic (`RecordCount`; Python's csv module
/// for the CSV fixtures), over every fixture and a fuzzed corpus made from them.
@Suite struct AccountingTests {
    /// Data rows that are not empty, by Python's csv module.
    private func csvRecords(_ fixture: String, encoding: String, delimiter: String) throws -> Int {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", """
            import csv, sys
            rows = list(csv.reader(open(sys.argv[1], encoding=sys.argv[2], newline=''), delimiter=sys.argv[3]))
            print(sum(1 for r in rows[1:] if any(c.strip() for c in r)))
            """, fixturePath(fixture), encoding, delimiter]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    private func convertedAndRejected(_ fixture: String) throws -> (Int, Int) {
        var options = RunOptions()
        options.output.format = .json
        let sink = SpySink()
        let diagnostics = RecordingDiagnostics()
        let reader = InputReader(displayPath: fixture, options: options, locale: "root", sink: sink, reporter: diagnostics)
        let (statistics, _) = try reader.read(MemorySource(fixtureBytes(fixture)))
        #expect(statistics.people == sink.people.count)
        #expect(statistics.rejected == diagnostics.rejections.count)
        return (statistics.people, statistics.rejected)
    }

    @Test(arguments: vcardFixtures)
    func everyCardIsConvertedOrRejected(fixture: String) throws {
        let (converted, rejected) = try convertedAndRejected(fixture)
        #expect(converted + rejected == RecordCount.vcard(fixtureBytes(fixture)))
    }

    @Test(arguments: [("csv/google-contacts.csv", "utf-8-sig", ","), ("csv/google-contacts-old.csv", "utf-8", ","),
                      ("csv/outlook-windows-1252.csv", "cp1252", ","), ("csv/outlook-german.csv", "cp1252", ","),
                      ("csv/outlook-com.csv", "utf-8", ","), ("csv/thunderbird.csv", "utf-8", ","),
                      ("csv/spreadsheet-semicolon.csv", "utf-8-sig", ";"), ("csv/spreadsheet-utf16.txt", "utf-16", "\t")])
    func everyRowIsConvertedOrRejected(fixture: String, encoding: String, delimiter: String) throws {
        let (converted, rejected) = try convertedAndRejected(fixture)
        #expect(converted + rejected == (try csvRecords(fixture, encoding: encoding, delimiter: delimiter)))
    }

    static let csvFixtures = ["csv/google-contacts.csv", "csv/google-contacts-old.csv", "csv/outlook-windows-1252.csv",
                              "csv/outlook-german.csv", "csv/outlook-com.csv", "csv/thunderbird.csv",
                              "csv/spreadsheet-semicolon.csv", "csv/spreadsheet-utf16.txt"]

    /// Lines that change how records are framed, for the mutator to insert.
    static let framing = ["BEGIN:VCARD", "END:VCARD", "AGENT:", "begin : vcard", "not a property", "X-QP;ENCODING=QUOTED-PRINTABLE:a=",
                          "PHOTO;ENCODING=BASE64:QUJD", " folded", "\"unterminated, \"quote", "a,b,\"c\"\"d\",e", ",,,", ""]

    /// The fixture with a few random mutations: bytes changed (control characters, quotes, high
    /// bytes, colons), lines deleted, doubled or inserted, line ends changed, parts swapped, the
    /// end cut off.
    static func mutated(_ bytes: [UInt8], _ r: inout SplitMix) -> [UInt8] {
        var b = bytes
        for _ in 0..<r.int(1...6) {
            guard !b.isEmpty else { break }
            let at = r.int(0...(b.count - 1))
            let lineStart = b[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let lineEnd = b[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? b.count
            switch r.int(0...7) {
            case 0: b[at] = r.pick([0x00, 0x0D, 0x0A, 0x22, 0x3A, 0x3B, 0x2C, 0x3D, 0x5C, 0x20, 0xC3, 0xFF, 0xFE, UInt8(r.int(0...255))])
            case 1: b.removeSubrange(lineStart..<lineEnd)
            case 2: b.insert(contentsOf: b[lineStart..<lineEnd], at: lineStart)
            case 3: b.insert(contentsOf: Array((r.pick(framing) + r.pick(["\r\n", "\n", "\r"])).utf8), at: lineStart)
            case 4: b.removeSubrange(at..<min(b.count, at + r.int(1...200)))
            case 5: b = Array(b[..<at])
            case 6:
                let other = r.int(0...(b.count - 1))
                let piece = b[min(at, other)..<max(at, other)]
                b.insert(contentsOf: piece, at: r.int(0...b.count))
            default: b.insert(contentsOf: r.pick([[0xEF, 0xBB, 0xBF], [0x0D], [0x0D, 0x0A, 0x20], [0x3D, 0x0D, 0x0A], [0xE2, 0x82]]), at: at)
            }
        }
        return b
    }

    @Test(arguments: vcardFixtures + csvFixtures + FuzzRegressionTests.files)
    func everyRecordOfAFuzzedInputIsAccountedFor(fixture: String) throws {
        let original = fixtureBytes(fixture)
        var r = SplitMix(state: UInt64(original.count))
        for round in 0..<60 {
            let bytes = Self.mutated(original, &r)
            let csv = InputReader.detectFormat(bytes) == .csv
            let (people, diagnostics) = try readContacts(bytes, csv: csv)
            let accounted = RecordCount.accounted(people: people.count, diagnostics: diagnostics, csv: csv, input: bytes)
            #expect(accounted == (csv ? RecordCount.csv(bytes) : RecordCount.vcard(bytes)), "\(fixture) mutation \(round)")
        }
    }

    /// The birthday formats read less (`namesAndDates` leaves out other properties unsplit); they
    /// must find the same people with the same names and dates, and reject the same records.
    @Test(arguments: vcardFixtures + FuzzRegressionTests.files.filter { $0.hasSuffix(".vcf") })
    func theBirthdayScopeReadsTheSamePeople(fixture: String) throws {
        let original = fixtureBytes(fixture)
        var r = SplitMix(state: UInt64(original.count) &* 31)
        for round in 0..<40 {
            let bytes = round == 0 ? original : Self.mutated(original, &r)
            let full = try readContacts(bytes, csv: false, scope: .full)
            let some = try readContacts(bytes, csv: false, scope: .namesAndDates)
            func shown(_ p: PersonInfo) -> String {
                "\(p.formattedName ?? "")|\(p.familyNames)|\(p.givenNames)|\(p.birthday?.description ?? "")|\(p.anniversary?.description ?? "")|\(p.uid ?? "")|\(p.source.line)"
            }
            #expect(full.people.map(shown) == some.people.map(shown), "\(fixture) mutation \(round)")
            #expect(full.diagnostics.rejections.map(\.rawText) == some.diagnostics.rejections.map(\.rawText),
                    "\(fixture) mutation \(round)")
        }
    }
}
