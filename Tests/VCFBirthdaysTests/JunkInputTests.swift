import Testing
@testable import ContactsCore
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Junk in a contacts file, as the program meets it: what is read, what is rejected, the status.
@Suite struct JunkInputTests {
    /// #37: good cards before binary junk (a half-overwritten export) are read; the junk is
    /// rejected inside the format. A file that starts as junk is still no contacts file.
    @Test func binaryJunkAfterGoodCardsKeepsTheCards() throws {
        let good = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bo\r\nEND:VCARD\r\n"
        let junk: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0x0D, 0xFF, 0xD8, 0, 0x0A, 0, 1, 2, 3]
        let fileSystem = InMemoryFileSystem(binaryFiles: ["half.vcf": Array(good.utf8) + junk, "junk.vcf": junk + Array(good.utf8)])
        for (path, people, expected) in [("half.vcf", 2, RunStatus.dataError), ("junk.vcf", 0, .dataError)] {
            var options = RunOptions()
            options.input.paths = [path]
            options.output.format = .json
            let stdout = MemoryOutput(), stderr = MemoryOutput()
            let status = App.run(options, environment: Environment(clock: FixedClock(day(2026, 1, 1)), preferences: Preferences(),
                                                                     fileSystem: fileSystem, opener: StubOpener(), standardInput: MemorySource(""),
                                                                     standardOutput: stdout, standardError: stderr))
            #expect(status == expected, "\(path)")
            #expect(stdout.text.split(separator: "\n").count == people, "\(path): \(stderr.text)")
            #expect(stderr.text.contains("not a contacts file") == (people == 0), "\(path): \(stderr.text)")
        }
    }
}
