import Foundation
import Testing
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Every record ends as converted or rejected: converted + rejected = the records in the input,
/// counted here by references independent of the readers.
@Suite struct AccountingTests {
    /// Top-level cards, plus blocks of text outside any card, by a plain line scan.
    private func vcardRecords(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n")
        var records = 0, depth = 0, inStray = false, afterAgent = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces).uppercased()
            defer { if !line.isEmpty { afterAgent = line == "AGENT:" } }
            if line.hasSuffix("BEGIN:VCARD") && !raw.hasPrefix(" ") {
                // A BEGIN inside a card opens a nested AGENT card only right after an empty AGENT.
                if depth == 0 || !afterAgent {
                    records += 1
                    depth = 1
                } else {
                    depth += 1
                }
                inStray = false
            } else if line == "END:VCARD" {
                depth = max(0, depth - 1)
            } else if depth == 0 && !line.isEmpty && !raw.hasPrefix(" ") {
                if !inStray { records += 1 }
                inStray = true
            }
        }
        return records
    }

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
        options.format = .json
        let sink = MockSink()
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
        #expect(converted + rejected == vcardRecords(fixtureBytes(fixture)))
    }

    @Test(arguments: [("csv/google-contacts.csv", "utf-8-sig", ","), ("csv/google-contacts-old.csv", "utf-8", ","),
                      ("csv/outlook-windows-1252.csv", "cp1252", ","), ("csv/outlook-german.csv", "cp1252", ","),
                      ("csv/outlook-com.csv", "utf-8", ","), ("csv/thunderbird.csv", "utf-8", ","),
                      ("csv/spreadsheet-semicolon.csv", "utf-8-sig", ";"), ("csv/spreadsheet-utf16.txt", "utf-16", "\t")])
    func everyRowIsConvertedOrRejected(fixture: String, encoding: String, delimiter: String) throws {
        let (converted, rejected) = try convertedAndRejected(fixture)
        #expect(converted + rejected == (try csvRecords(fixture, encoding: encoding, delimiter: delimiter)))
    }
}
