import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// `--for`: what each importer's profile does to the output, checked by what the importer (or
/// a reader standing in for it) makes of it.
@Suite struct ImporterTests {
    static func run(_ fixture: String, for importer: String, configure: (inout RunOptions) -> Void = { _ in })
        -> (status: RunStatus, stdout: [UInt8], stderr: String) {
        VCFBirthdaysTests.run(fixtureBytes(fixture), path: fixture, to: .list) {
            $0.output.importer = ImporterProfile(name: importer)
            if let format = $0.output.importer.flatMap({ RunOptions.Format(rawValue: $0.format.rawValue) }) { $0.output.format = format }
            $0.diagnostics.quiet = false
            configure(&$0)
        }
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    }

    /// Each profile's format when `--to` does not say, and the names `--for` takes.
    @Test(arguments: [("google", "google-csv"), ("apple", "vcard3"), ("outlook", "outlook-csv"), ("android", "vcard3"),
                      ("nextcloud", "vcard4"), ("thunderbird", "ldif"), ("abook", "vcard3"), ("khard", "vcard3"), ("KHAL", "vcard3")])
    func eachImporterHasItsFormat(name: String, format: String) throws {
        let profile = try #require(ImporterProfile(name: name))
        #expect(profile.format.rawValue == format)
        #expect(RunOptions.Format(rawValue: format) != nil)
        #expect(!profile.notes.isEmpty && profile.notes.allSatisfy { !$0.source.isEmpty })
    }

    /// abook: the cards its own vCard import (Debian's abook 0.6.1) reads whole — the grouped
    /// e-mail address, a long note that would be folded, a comma without its backslash.
    @Test func abookReadsEveryField() throws {
        let written = Self.run("apple-contacts.vcf", for: "abook").stdout
        let lines = Self.lines(written)
        #expect(!lines.contains { $0.hasPrefix(" ") }, "a folded line")
        #expect(!lines.contains { $0.contains("item1.") || $0.contains("item2.") }, "a group")
        #expect(lines.contains("NOTE:Träffades på Kafé Linné, Uppsala.\\nGillar blåbär; inte hallon."))
        #expect(lines.contains { $0.hasPrefix("PHOTO;") && $0.utf8.count > 700 })
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/abook") else {
            Issue.record("abook is missing: scripts/require-packages.sh test (make test) installs it")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("abook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.vcf")
        try Data(written).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/abook")
        process.arguments = ["--convert", "--informat", "vcard", "--outformat", "abook", "--infile", input.path]
        process.environment = ["HOME": dir.path, "LANG": "C.UTF-8"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(out.contains("email=juergen@praxis-mueller.example"), "\(out)")  // item1.EMAIL in the source
        #expect(out.contains("notes=Träffades på Kafé Linné, Uppsala."), "\(out)")
        #expect(out.contains("anniversary=--12-03") && out.contains("anniversary=1988-02-29"), "\(out)")
        // The same card without --for: abook loses the grouped address.
        let plain = VCFBirthdaysTests.run(fixtureBytes("apple-contacts.vcf"), path: "apple-contacts.vcf", to: .vcard3).stdout
        try Data(plain).write(to: input)
        let again = Process()
        again.executableURL = process.executableURL
        again.arguments = process.arguments
        again.environment = process.environment
        let pipe2 = Pipe()
        again.standardOutput = pipe2
        try again.run()
        let before = String(decoding: pipe2.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        again.waitUntilExit()
        #expect(!before.contains("email=juergen@praxis-mueller.example"), "abook now reads groups: the rule is no longer needed")
    }

    /// khard and khal: a year-less 29 February is 1 March, said; other dates as they are.
    @Test func khardGetsTheLeapDayAsFirstOfMarch() {
        let result = Self.run("nextcloud-4.0.vcf", for: "khard")
        let lines = Self.lines(result.stdout)
        #expect(lines.contains("BDAY:--03-01") && !lines.contains { $0.contains("02-29") }, "\(lines)")
        #expect(result.stderr.contains("leap-day") || result.stderr.contains("1 March"), "\(result.stderr)")
        #expect(!lines.contains { $0.contains("X-APPLE-OMIT-YEAR") })
    }

    /// Apple: year-less dates in Apple's form.
    @Test func appleGetsItsDates() {
        let lines = Self.lines(Self.run("nextcloud-4.0.vcf", for: "apple").stdout)
        #expect(lines.contains("BDAY;X-APPLE-OMIT-YEAR=1604:1604-02-29"), "\(lines)")
    }

    /// Android: no folded line, the long ones whole.
    @Test func androidGetsNoFoldedLines() {
        let lines = Self.lines(Self.run("apple-contacts.vcf", for: "android").stdout)
        #expect(!lines.contains { $0.hasPrefix(" ") } && lines.contains { $0.utf8.count > 75 })
    }

    /// Nextcloud: vCard 4.0 without groups.
    @Test func nextcloudGetsNoGroups() {
        let lines = Self.lines(Self.run("apple-contacts.vcf", for: "nextcloud").stdout)
        #expect(lines.contains("VERSION:4.0") && lines.contains { $0.hasPrefix("EMAIL") })
        #expect(!lines.contains { $0.range(of: #"^[A-Za-z0-9-]+\."#, options: .regularExpression) != nil }, "\(lines)")
    }

    /// Outlook imports the first card of a file: vCards only a card to a file.
    @Test func outlookTakesOneCardAFile() {
        let refused = Self.run("apple-contacts.vcf", for: "outlook") { $0.output.format = .vcard3 }
        #expect(refused.status == .usage && refused.stderr.contains("--vdir"), "\(refused.stderr)")
        let csv = Self.run("apple-contacts.vcf", for: "outlook")
        #expect(csv.status == .success && csv.stdout.starts(with: [0xEF, 0xBB, 0xBF]))
    }

    /// The man page lists every profile and the source of each of its rules.
    @Test(arguments: ImporterProfile.all.map(\.name))
    func theManPageSaysEachRuleAndItsSource(importer: String) throws {
        let page = String(decoding: fixtureBytes("../man/vcf2birthdays.1"), as: UTF8.self)
        let profile = try #require(ImporterProfile(name: importer))
        #expect(page.contains(".It Cm \(importer)"), "\(importer)")
        for (_, source) in profile.notes {
            for reference in source.split(separator: ";").map({ $0.split(separator: " ").first.map(String.init) ?? "" }) {
                #expect(page.contains(reference), "\(importer): \(reference)")
            }
        }
    }

    /// Every output of every profile is read back as the same people as the plain format's.
    @Test(arguments: ImporterProfile.all.map(\.name))
    func theRulesLoseNobody(importer: String) throws {
        let profile = try #require(ImporterProfile(name: importer))
        let format = try #require(RunOptions.Format(rawValue: profile.format.rawValue))
        for fixture in ["apple-contacts.vcf", "nextcloud-4.0.vcf", "google-contacts.vcf"] {
            let written = Self.run(fixture, for: importer).stdout
            let plain = VCFBirthdaysTests.run(fixtureBytes(fixture), path: fixture, to: format).stdout
            let input: RunOptions.InputFormat = format == .ldif ? .ldif : format.rawValue.hasSuffix("csv") ? .csv : .vcard
            let a = try readContacts(written, format: input).people, b = try readContacts(plain, format: input).people
            #expect(a.map(\.displayName) == b.map(\.displayName), "\(importer) \(fixture)")
            #expect(a.map(\.emails.count) == b.map(\.emails.count), "\(importer) \(fixture)")
        }
    }
}
