import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting
#if canImport(Glibc)
import Glibc
#endif

/// Every fixture in every output format, compared with `Fixtures/golden/FIXTURE.FORMAT`.
/// After a deliberate change, re-record with `VCF2BIRTHDAYS_RECORD=1 swift test` and review the diff.
@Suite struct GoldenTests {
    static let fixtures = vcardFixtures + ["csv/google-contacts.csv", "csv/google-contacts-old.csv",
                                           "csv/outlook-windows-1252.csv", "csv/outlook-german.csv", "csv/outlook-com.csv",
                                           "csv/thunderbird.csv",
                                           "csv/spreadsheet-semicolon.csv", "csv/spreadsheet-utf16.txt", "csv/mac-contacts-german.txt",
                                           "csv/gmail-2010.csv",
                                           "ldif/thunderbird.ldif", "ldif/abook.ldif", "ldif/ldap-dump.ldif"]
    static let cases: [(String, RunOptions.Format)] = fixtures.flatMap { f in RunOptions.Format.allCases.map { (f, $0) } }

    @Test(arguments: cases)
    func matchesGolden(fixture: String, format: RunOptions.Format) throws {
        try matches(fixture: fixture, format: format, threads: 1)
    }

    /// The same bytes on three threads, the input cut into parts of about 256 bytes (the
    /// golden is recorded on one).
    @Test(arguments: cases)
    func matchesGoldenOnThreeThreads(fixture: String, format: RunOptions.Format) throws {
        try matches(fixture: fixture, format: format, threads: 3)
    }

    /// What each `--for` profile writes (its default format, its vCard rules) of the fixtures
    /// that show its rules: groups, long lines, year-less dates and 29 February, escapes.
    static let importerCases: [(String, String)] = ImporterProfile.all.flatMap { profile in
        ["apple-contacts.vcf", "nextcloud-4.0.vcf"].map { (profile.name, $0) }
    }

    @Test(arguments: importerCases)
    func matchesGoldenForTheImporter(importer: String, fixture: String) throws {
        let profile = try #require(ImporterProfile(name: importer))
        let format = try #require(RunOptions.Format(rawValue: profile.format.rawValue))
        try matches(fixture: fixture, format: format, threads: 1, golden: "for-\(importer).\(fixture.replacingAll("/", with: "-"))") {
            $0.output.importer = profile
        }
    }

    private func matches(fixture: String, format: RunOptions.Format, threads: Int, golden: String? = nil,
                         configure: (inout RunOptions) -> Void = { _ in }) throws {
        let stem = fixture.replacingAll("/", with: "-")
        var options = RunOptions()
        options.threads = threads
        if threads > 1 { options.partBytes = 256 }
        options.input.paths = [fixture]
        options.output.format = format
        options.selection.includesEveryone = format.isBirthdayFormat
        options.selection.locale = "root"
        configure(&options)
        let stdout = MemoryOutput(), stderr = MemoryOutput()
        let environment = Environment(
            clock: FixedClock(day(2026, 11, 22)), preferences: Preferences(),
            fileSystem: InMemoryFileSystem(binaryFiles: [fixture: fixtureBytes(fixture)]), opener: StubOpener(),
            standardInput: MemorySource(""), standardOutput: stdout, standardError: stderr)
        let status = App.run(options, environment: environment)
        let actual = "exit \(status.rawValue)\n--- stderr\n\(stderr.text)--- stdout\n\(stdout.text)"
        let name = golden ?? "\(stem).\(format.rawValue)"
        let path = fixturePath("golden/\(name)")
        if getenv("VCF2BIRTHDAYS_RECORD") != nil {
            guard threads == 1 else { return }
            let file = try #require(fopen(path, "wb"))
            fputs(actual, file)
            fclose(file)
            return
        }
        guard let file = fopen(path, "rb") else {
            Issue.record("no golden file \(path); record it with VCF2BIRTHDAYS_RECORD=1 swift test")
            return
        }
        fclose(file)
        let expected = String(decoding: fixtureBytes("golden/\(name)"), as: UTF8.self)
        #expect(actual == expected, "differs from \(path); re-record with VCF2BIRTHDAYS_RECORD=1 if intended")
    }
}
