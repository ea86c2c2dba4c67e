import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Diagnostics carry stable codes: in `--errors json`, in the man page, and as what decides
/// whether a warning said once is said again.
@Suite struct DiagnosticCodeTests {
    /// The man page's list under "Codes" is the enum, in its order.
    @Test func theManPageListsEveryCode() throws {
        let man = try String(contentsOfFile: packageRoot + "/man/vcf2birthdays.1", encoding: .utf8)
        let section = try #require(man.components(separatedBy: ".Ss Codes\n").dropFirst().first)
        let list = section.components(separatedBy: "\n.El\n")[0]
        let listed = list.split(separator: "\n").filter { $0.hasPrefix(".It Cm ") }.map { String($0.dropFirst(7)) }
        #expect(listed == Diagnostic.Code.allCases.map(\.rawValue))
    }

    /// Each kind of problem is written with its own code.
    @Test func jsonLinesCarryTheCode() throws {
        let files: [String: [UInt8]] = [
            "a.vcf": Array(("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nBDAY:1990-02-30\r\nEND:VCARD\r\n"
                + "stray\r\nBEGIN:VCARD\r\nFN:B\r\nBDAY:19\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:C\r\n").utf8),
            "b.csv": Array("Name,Birthday,Note\nAnn,03/04/1990,\"x\"y\nBo,,,\n".utf8),
            "c.pdf": Array("%PDF-1.7\n".utf8),
        ]
        var options = RunOptions()
        options.input.paths = ["a.vcf", "b.csv", "c.pdf", "gone.vcf"]
        options.diagnostics.errorsAsJSON = true
        options.diagnostics.quiet = true
        options.selection.locale = "root"
        let stderr = MemoryOutput()
        let environment = Environment(
            clock: FixedClock(day(2026, 11, 22)), preferences: Preferences(),
            fileSystem: InMemoryFileSystem(binaryFiles: files), opener: StubOpener(),
            standardInput: MemorySource(""), standardOutput: MemoryOutput(), standardError: stderr)
        _ = App.run(options, environment: environment)
        let codes = try stderr.text.split(separator: "\n").map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["code"] as? String, "\(line)")
        }
        #expect(codes == ["no-such-file", "impossible-date", "outside-card", "invalid-date", "unclosed-card",
                          "text-after-quote", "ambiguous-date", "field-count", "not-contacts"])
    }

    /// Said once per file: again for another file, and for another subject unless the code is
    /// said once whatever its message (the date warnings); said once per run: once in all.
    @Test func saidOnceByCodeAndScope() {
        func d(_ code: Diagnostic.Code, _ path: String, _ message: String) -> Diagnostic {
            Diagnostic(.warning, code, path: path, line: 1, message)
        }
        var saidOnce = SaidOnce()
        let admitted = [
            d(.impossibleDate, "a", "x"), d(.impossibleDate, "a", "x"),
            d(.unknownCharset, "a", "X-A"), d(.unknownCharset, "a", "X-A"), d(.unknownCharset, "a", "X-B"),
            d(.unknownCharset, "b", "X-A"),
            d(.ambiguousDate, "a", "date '1/2/1990'"), d(.ambiguousDate, "a", "date '3/4/1990'"),
            d(.ambiguousDate, "b", "date '3/4/1990'"),
            d(.noCounterpart, "a", "LABEL"), d(.noCounterpart, "b", "LABEL"), d(.noCounterpart, "b", "AGENT"),
        ].map { saidOnce.admits($0) }
        #expect(admitted == [true, true, true, false, true, true, true, false, true, true, false, true])
    }

    /// A file read in parts on threads says its once-per-file warnings once, as one parser does.
    @Test(arguments: ["csv", "vcf"])
    func partsSayAWarningOnceAsOneParserDoes(format: String) {
        let bytes = format == "csv"
            ? Array(("Name,Birthday\n" + (0..<300).map { "P\($0),0\($0 % 9 + 1)/0\($0 % 7 + 1)/1990\n" }.joined()).utf8)
            : Array((0..<300).map { "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=X-NOPE:P\($0)\r\nEND:VCARD\r\n" }.joined().utf8)
        func warnings(threads: Int) -> [String] {
            run(bytes, path: "w." + format, to: .json) { $0.threads = threads; $0.partBytes = 512; $0.diagnostics.quiet = false }
                .stderr.split(separator: "\n").map(String.init)
        }
        let serial = warnings(threads: 1)
        #expect(serial.count == 2 && serial.last == "300 people, 1 warning, 0 rejected", "\(serial)")
        #expect(warnings(threads: 3) == serial)
    }
}
