import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// The progress line: shown on a terminal (or with --progress) once a run takes a second, never
/// on stdout, erased before every other message and at the end; a stopwatch stands in for time.
@Suite struct ProgressTests {
    static let card = "BEGIN:VCARD\nVERSION:3.0\nN:Berg;Anna;;;\nFN:Anna Berg\nBDAY:1990-01-05\nEND:VCARD\n"
    static let files: [String: String] = [
        "big.vcf": String(repeating: card, count: 4000),
        "broken.vcf": card + "BEGIN:VCARD\nFN:Cut Off\n",
        "small.vcf": card,
    ]

    struct Run { var stdout: String; var stderr: String }

    static func run(progress: Bool?, terminal: Bool, quiet: Bool = false, step: Double = 0.3) -> Run {
        var options = RunOptions()
        options.input.paths = ["big.vcf", "broken.vcf", "small.vcf"]
        options.output.format = .tsv
        options.diagnostics.progress = progress
        options.diagnostics.quiet = quiet
        let stdout = MemoryOutput(), stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(day(2026, 11, 22)), stopwatch: SteppingStopwatch(step: step),
                                      preferences: Preferences(), fileSystem: InMemoryFileSystem(files: files),
                                      opener: StubOpener(), standardInput: MemorySource(""),
                                      standardOutput: stdout, standardError: stderr, standardErrorIsTerminal: terminal)
        _ = App.run(options, environment: environment)
        return Run(stdout: stdout.text, stderr: stderr.text)
    }

    /// Standard error with every drawn progress line and erase taken out.
    static func withoutProgress(_ text: String) -> String {
        var out = "", rest = Substring(text)
        while let start = rest.firstIndex(of: "\r") {
            out += rest[..<start]
            let after = rest[start...]
            guard let end = after.range(of: "\u{1B}[K") else { return out + after }
            rest = after[end.upperBound...]
        }
        return out + rest
    }

    @Test func shownOnATerminalAndNeverMixedIntoOtherOutput() {
        let plain = Self.run(progress: nil, terminal: false)
        let shown = Self.run(progress: nil, terminal: true)
        #expect(!plain.stderr.contains("\r"))
        #expect(shown.stderr.contains("\rvcf2birthdays: 0.3 MB, 4,000 people, "))
        #expect(shown.stderr.contains(" MB/s"))
        #expect(shown.stdout == plain.stdout)
        #expect(Self.withoutProgress(shown.stderr) == plain.stderr)
        #expect(shown.stderr.hasSuffix("\r\u{1B}[K") || shown.stderr.hasSuffix("rejected\n"))
        // Every message starts on a fresh line: after a line end, or right after an erase.
        for marker in ["broken.vcf:7: error", "vcf2birthdays: warning: likely duplicates", "4002 people, 1 warning"] {
            guard let start = shown.stderr.range(of: marker)?.lowerBound else {
                Issue.record("no \(marker) in \(shown.stderr.suffix(300))")
                continue
            }
            let before = shown.stderr[..<start]
            #expect(before.isEmpty || before.hasSuffix("\n") || before.hasSuffix("\r\u{1B}[K"), "\(marker)")
        }
    }

    /// `-q` asks for quiet: no progress line either, unless `--progress` asks for one.
    @Test func quietShowsNoProgress() {
        #expect(!Self.run(progress: nil, terminal: true, quiet: true).stderr.contains("\r"))
        #expect(Self.run(progress: true, terminal: true, quiet: true).stderr.contains("people, "))
    }

    @Test func flagsForceEitherWay() {
        #expect(Self.run(progress: true, terminal: false).stderr.contains("people, "))
        #expect(!Self.run(progress: false, terminal: true).stderr.contains("\r"))
    }

    @Test func notBeforeASecond() {
        #expect(!Self.run(progress: true, terminal: true, step: 0.0001).stderr.contains("\r"))
    }

    @Test func timeLeftFromTheInputsSize() {
        var meter: ProgressMeter?
        let output = MemoryOutput()
        meter = ProgressMeter(terminal: output, stopwatch: SteppingStopwatch(step: 1))
        meter?.update(bytes: 1_000_000, of: 3_000_000, people: 2000)
        #expect(output.text == "\rvcf2birthdays: 1.0 MB, 2,000 people, 1.0 MB/s, 2 s left\u{1B}[K")
        meter?.finish()
        #expect(output.text.hasSuffix("left\u{1B}[K\r\u{1B}[K"))
        #expect(ProgressMeter.grouped(1_234_567) == "1,234,567" && ProgressMeter.grouped(999) == "999")
        #expect(ProgressMeter.megabytes(52_000_000) == "52.0" && ProgressMeter.megabytes(49_999) == "0.0")
    }
}
