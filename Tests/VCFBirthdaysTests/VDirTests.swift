import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

private func card(_ uid: String?, _ name: String, _ birthday: String) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\n" + (uid.map { "UID:\($0)\r\n" } ?? "") + "FN:\(name)\r\nN:\(name);;;;\r\nBDAY:\(birthday)\r\nEND:VCARD\r\n"
}

/// Runs of the app writing a vdir into one in-memory file system, day after day.
private final class VDirRuns {
    let fileSystem: InMemoryFileSystem
    private(set) var stderr = ""

    init(files: [String: String] = [:]) {
        fileSystem = InMemoryFileSystem(files: files)
    }

    func run(_ contacts: String, to format: RunOptions.Format = .ics, today: CalendarDate = day(2026, 11, 22),
             _ adjust: (inout RunOptions) -> Void = { _ in }) -> RunStatus {
        var options = RunOptions()
        options.input.paths = ["in/c.vcf"]
        options.output.format = format
        options.output.vdir = "out"
        options.selection.today = today
        adjust(&options)
        fileSystem.put("in/c.vcf", contacts)
        let stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(today), preferences: Preferences(), fileSystem: fileSystem,
                                      opener: StubOpener(), standardInput: MemorySource(""), standardInputIsTerminal: false,
                                      standardOutput: MemoryOutput(), standardError: stderr)
        let status = App.run(options, environment: environment)
        self.stderr = stderr.text
        return status
    }

    /// The vdir's files and their text.
    var files: [String: String] {
        fileSystem.files.filter { $0.key.hasPrefix("out/") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// The summary's counts of files.
    var counts: String { stderr.split(separator: "; ").last.map { $0.trimmingCharacters(in: .newlines) } ?? "" }
}

@Suite struct VDirTests {
    static let two = card("u-1", "Ann", "1985-04-15") + card("u-2", "Bo", "--12-01")

    @Test func oneCalendarFilePerEventNamedAfterItsUID() throws {
        let runs = VDirRuns()
        #expect(runs.run(Self.two) == .success)
        #expect(runs.counts == "2 written, 0 unchanged, 0 removed")
        #expect(runs.files.count == 2)
        for (path, text) in runs.files {
            let uid = try #require(text.split(separator: "\r\n").first { $0.hasPrefix("UID:") }).dropFirst(4)
            #expect(path == "out/\(uid).ics")
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vcf2birthdays//vcf2birthdays//EN\r\n"))
            #expect(!text.contains("METHOD:"), "a CalDAV resource has no METHOD")
            #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2 && text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        }
    }

    /// The next day nothing is written (DTSTAMP alone would change); a changed birthday writes
    /// one file; a contact gone removes its file; a file of someone else's is never touched.
    @Test func incremental() {
        let runs = VDirRuns()
        _ = runs.run(Self.two)
        let before = runs.files
        #expect(runs.run(Self.two, today: day(2026, 11, 23)) == .success)
        #expect(runs.counts == "0 written, 2 unchanged, 0 removed")
        #expect(runs.files == before)
        runs.fileSystem.put("out/foreign.ics", "BEGIN:VCALENDAR\r\nPRODID:-//Someone//EN\r\nEND:VCALENDAR\r\n")
        runs.fileSystem.put("out/notes.txt", "PRODID:-//vcf2birthdays//vcf2birthdays//EN\r\n")
        _ = runs.run(card("u-1", "Ann", "1985-04-16") + card("u-2", "Bo", "--12-01"))
        #expect(runs.counts == "1 written, 1 unchanged, 0 removed")
        _ = runs.run(card("u-2", "Bo", "--12-01"))
        #expect(runs.counts == "0 written, 1 unchanged, 1 removed")
        #expect(runs.files.keys.sorted() == [before.keys.sorted().last { runs.files[$0] != nil }!, "out/foreign.ics",
                                             "out/notes.txt"].sorted())
    }

    /// Cards carry this tool's PRODID and a UID: their own, else a stable one from their names
    /// (the same next run, also after the birthday changed); a repeated UID gets a suffix.
    @Test func cardsGetStableUIDs() throws {
        let runs = VDirRuns()
        let contacts = card(nil, "Cy", "1990-01-02") + card("u-1", "Ann", "1985-04-15") + card("u-1", "Ann Twin", "1985-04-15")
        #expect(runs.run(contacts, to: .vcard4) == .success)
        #expect(runs.files.count == 3)
        #expect(runs.files["out/u-1.vcf"]?.contains("FN:Ann\r\n") == true)
        #expect(runs.files["out/u-1-2.vcf"]?.contains("UID:u-1-2\r\n") == true)
        #expect(runs.stderr.contains("in/c.vcf:14: warning: UID u-1 was already the card's at in/c.vcf:7; written with UID u-1-2"))
        let derived = try #require(runs.files.first { $0.key.hasPrefix("out/vcf2birthdays-") })
        #expect(derived.value.contains("UID:" + derived.key.dropFirst(4).dropLast(4) + "\r\n"))
        #expect(runs.files.values.allSatisfy { $0.contains("\r\nPRODID:-//vcf2birthdays//vcf2birthdays//EN\r\n") })
        _ = runs.run(card(nil, "Cy", "1990-01-03") + card("u-1", "Ann", "1985-04-15") + card("u-1", "Ann Twin", "1985-04-15"),
                     to: .vcard4)
        #expect(runs.counts == "1 written, 2 unchanged, 0 removed")
        #expect(runs.files[derived.key]?.contains("BDAY:19900103") == true)
    }

    @Test func unsafeUIDsAreHashed() {
        #expect(VDirWriter.fileName(uid: "abc-1@example.com", extension: "ics") == "abc-1@example.com.ics")
        for unsafe in ["../etc/passwd", "a/b", ".hidden", "", "ü", "a b", String(repeating: "x", count: 129)] {
            let name = VDirWriter.fileName(uid: unsafe, extension: "vcf")
            #expect(name == StableID.make(unsafe) + ".vcf", "\(unsafe)")
        }
    }

    /// `--within` leaves events out, and their files go.
    @Test func selectionAppliesAndStrictWritesNothingOnARejectedRecord() {
        let runs = VDirRuns()
        _ = runs.run(Self.two)
        _ = runs.run(Self.two) { $0.selection.withinDays = 30 }
        #expect(runs.counts == "0 written, 1 unchanged, 1 removed")
        let kept = runs.files
        let status = runs.run(card("u-3", "New", "--11-30") + "BEGIN:VCARD\r\nFN:Cut off\r\n") { $0.diagnostics.strict = true }
        #expect(status == .dataError)
        #expect(runs.files == kept)
    }

    @Test func refusesAFolderOfTheInput() {
        let runs = VDirRuns()
        let status = runs.run(Self.two) { $0.output.vdir = "in" }
        #expect(status == .cannotCreate)
        #expect(runs.stderr.contains("in: refusing to write the vdir into a folder of the input (in/c.vcf)"))
    }
}
