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

    private(set) var stdout = ""

    init(files: [String: String] = [:]) {
        fileSystem = InMemoryFileSystem(files: files)
    }

    /// A run on `contacts` as `in/c.vcf` (nil: the file is left as it is); the file `unreadable`
    /// cannot be opened (EACCES).
    func run(_ contacts: String?, to format: RunOptions.Format = .ics, today: CalendarDate = day(2026, 11, 22),
             standardInput: String = "", unreadable: String? = nil,
             _ adjust: (inout RunOptions) -> Void = { _ in }) -> RunStatus {
        var options = RunOptions()
        options.input.paths = ["in/c.vcf"]
        options.output.format = format
        options.output.vdir = "out"
        options.selection.today = today
        adjust(&options)
        if let contacts { fileSystem.put("in/c.vcf", contacts) }
        let stdout = MemoryOutput(), stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(today), preferences: Preferences(), fileSystem: unreadable.map { path in
                                          FaultyFileSystem(fileSystem, with: .EACCES) { $0 == .open && $1 == path } } ?? fileSystem,
                                      opener: StubOpener(), standardInput: MemorySource(standardInput), standardInputIsTerminal: false,
                                      standardOutput: stdout, standardError: stderr)
        let status = App.run(options, environment: environment)
        self.stderr = stderr.text
        self.stdout = stdout.text
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

/// #37: a vdir run removes only what it can account for, and never a file that is not its own.
@Suite struct VDirSafetyTests {
    static let two = VDirTests.two
    static let binary = "\u{7F}ELF\u{2}\u{1}\u{1}\0\0\0\0\0\0\0\0\0"

    /// A read that is not clean removes no stale item: it says how many it kept and why, and
    /// ends with the read's status. One row per way a read goes wrong.
    @Test(arguments: [
        ("a missing input (a typo)", RunStatus.noInput, ["in/typo.vcf"]),
        ("an empty standard input", .success, []),
        ("an empty directory", .success, ["empty"]),
        ("an empty file", .success, ["in/empty.vcf"]),
        ("a binary file", .dataError, ["in/program.vcf"]),
        ("an unreadable file", .noInput, ["in/unreadable.vcf"]),
        ("a card cut off at the end", .dataError, ["in/cut.vcf"]),
        ("a rejected record", .dataError, ["in/c.vcf", "in/stray.vcf"]),
    ] as [(String, RunStatus, [String])])
    func anUncleanReadRemovesNothing(_ row: (String, RunStatus, [String])) {
        let (what, status, paths) = row
        let runs = VDirRuns()
        #expect(runs.run(Self.two) == .success)
        let before = runs.files
        runs.fileSystem.put("in/empty.vcf", "")
        runs.fileSystem.put("in/program.vcf", Self.binary)
        runs.fileSystem.put("in/unreadable.vcf", Self.two)
        runs.fileSystem.put("in/cut.vcf", card("u-3", "New", "--11-30") + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut")
        runs.fileSystem.put("in/stray.vcf", "not a card\r\n")
        try? runs.fileSystem.createDirectory("empty")
        // Only u-3 (or no one) is read: both items of the run before are stale.
        #expect(runs.run(card("u-3", "New", "--11-30"), unreadable: "in/unreadable.vcf") { $0.input.paths = paths } == status, "\(what)")
        #expect(before.allSatisfy { runs.files[$0.key] == $0.value }, "\(what)")
        #expect(runs.stderr.contains("warning: 2 stale items kept, not removed: "), "\(what): \(runs.stderr)")
        #expect(runs.stderr.contains("(nothing is removed unless every input was read whole and no record was rejected)"), "\(what)")
        #expect(runs.counts.contains(", 2 stale kept") || !runs.stderr.contains(" people, "), "\(what): \(runs.counts)")
        // The same files read cleanly remove them.
        #expect(runs.run(card("u-3", "New", "--11-30")) == .success)
        #expect(runs.counts.hasSuffix(" unchanged, 2 removed"), "\(what): \(runs.counts)")
    }

    /// `--max-remove`: past the limit nothing is removed (exit 77) and the warning says how to
    /// allow it; within it, the stale items go. The default allows half of ours, and 3 always.
    @Test func theRemovalLimit() {
        let six = (1...6).map { card("u-\($0)", "P\($0)", "--01-0\($0)") }
        let runs = VDirRuns()
        #expect(runs.run(six.joined()) == .success)
        #expect(runs.run(six[0]) == .removalLimit)
        #expect(runs.files.count == 6)
        #expect(runs.stderr.contains("warning: 5 stale items kept, not removed: removing 5 of the 6 items of ours would pass "
                                     + "--max-remove 50% (the default), which allows 3; --dry-run lists them, --max-remove 5 removes them"))
        #expect(runs.counts == "0 written, 1 unchanged, 0 removed, 5 stale kept")
        #expect(runs.run(six[0]) { $0.output.maxRemove = .count(4) } == .removalLimit)
        #expect(runs.run(six[0]) { $0.output.maxRemove = .percent(80) } == .removalLimit)  // 80 % of 6 is 4
        #expect(runs.run(six.prefix(3).joined()) == .success)  // 3 of 6: within the default
        #expect(runs.counts == "0 written, 3 unchanged, 3 removed")
        #expect(runs.run(six[0]) { $0.output.maxRemove = .count(0) } == .removalLimit)
        #expect(runs.run(six[0]) { $0.output.maxRemove = .percent(100) } == .success)
        #expect(runs.files.count == 1)
    }

    @Test func removalLimitsAsWritten() {
        #expect(RemovalLimit("3") == .count(3) && RemovalLimit("0") == .count(0))
        #expect(RemovalLimit("50%") == .percent(50) && RemovalLimit("100%") == .percent(100))
        for bad in ["-1", "101%", "x", "", "%", "1.5"] { #expect(RemovalLimit(bad) == nil, "\(bad)") }
        #expect(RemovalLimit.standard.allowed(of: 2) == 3 && RemovalLimit.standard.allowed(of: 10) == 5)
        #expect(RemovalLimit.percent(50).allowed(of: 3) == 1 && RemovalLimit.count(2).allowed(of: 100) == 2)
    }

    /// `--dry-run` prints the plan and touches nothing, not even a missing folder.
    @Test func aDryRunPrintsThePlanAndTouchesNothing() {
        let runs = VDirRuns()
        _ = runs.run(Self.two + card("u-9", "Nine", "--09-09"), to: .vcard4)
        runs.fileSystem.put("out/u-5.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//Someone else//EN\r\nEND:VCARD\r\n")
        let before = runs.files
        let status = runs.run(card("u-1", "Ann", "1985-04-16") + card("u-2", "Bo", "--12-01") + card("u-5", "Five", "--05-05")
                              + card("u-6", "Six", "--06-06"), to: .vcard4) { $0.output.dryRun = true }
        #expect(status == .success)
        #expect(runs.files == before)
        #expect(runs.stdout.split(separator: "\n").sorted() == ["foreign\tout/u-5.vcf", "remove\tout/u-9.vcf", "unchanged\tout/u-2.vcf",
                                                                "write\tout/u-1.vcf", "write\tout/u-6.vcf"])
        #expect(runs.counts == "2 to write, 1 unchanged, 1 to remove, 1 not ours left alone (dry run: nothing changed)")
        // Kept stale items are in the plan too.
        _ = runs.run(nil, to: .vcard4) { $0.output.dryRun = true; $0.input.paths = ["in/typo.vcf"] }
        #expect(runs.stdout.split(separator: "\n").sorted() == ["keep\tout/u-1.vcf", "keep\tout/u-2.vcf", "keep\tout/u-9.vcf"])
        let fresh = VDirRuns()
        #expect(fresh.run(Self.two) { $0.output.dryRun = true; $0.output.vdir = "new/folder" } == .success)
        #expect(fresh.fileSystem.directories.isEmpty && fresh.stdout.split(separator: "\n").count == 2)
    }

    /// What is ours: one item whose own top-level PRODID is this tool's, unfolded and decoded.
    @Test(arguments: [
        ("our card", true, "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A\r\nPRODID:\(ours)\r\nEND:VCARD\r\n"),
        ("our card, PRODID folded", true, "BEGIN:VCARD\r\nVERSION:4.0\r\nPRODID:-//vcf2birthdays//vcf2\r\n birthdays//EN\r\nEND:VCARD\r\n"),
        ("our card, LF line ends", true, "BEGIN:VCARD\nVERSION:4.0\nPRODID:\(ours)\nEND:VCARD\n"),
        ("our card, PRODID quoted-printable", true, "BEGIN:VCARD\nVERSION:2.1\nPRODID;ENCODING=QUOTED-PRINTABLE:-//vcf2birthdays//vcf2birthdays//=45N\nEND:VCARD\n"),
        ("a family's file of three cards, one ours", false,
         "BEGIN:VCARD\nVERSION:3.0\nFN:A\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:B\nPRODID:\(ours)\nEND:VCARD\nBEGIN:VCARD\nVERSION:3.0\nFN:C\nEND:VCARD\n"),
        ("a 2.1 note that mentions our PRODID", false,
         "BEGIN:VCARD\nVERSION:2.1\nFN:A\nNOTE;ENCODING=QUOTED-PRINTABLE:see=0D=0A=\nPRODID:\(ours)\nEND:VCARD\n"),
        ("a note with our PRODID after an escaped line break", false, "BEGIN:VCARD\nVERSION:3.0\nNOTE:x\\nPRODID:\(ours)\nEND:VCARD\n"),
        ("our PRODID in a nested card only", false,
         "BEGIN:VCARD\nVERSION:2.1\nFN:A\nAGENT:\nBEGIN:VCARD\nVERSION:2.1\nPRODID:\(ours)\nEND:VCARD\nEND:VCARD\n"),
        ("another program's PRODID", false, "BEGIN:VCARD\nVERSION:3.0\nPRODID:-//Apple Inc.//iOS 17//EN\nEND:VCARD\n"),
        ("ours and another's", false, "BEGIN:VCARD\nVERSION:3.0\nPRODID:\(ours)\nPRODID:-//Other//EN\nEND:VCARD\n"),
        ("a grouped PRODID", false, "BEGIN:VCARD\nVERSION:3.0\nitem1.PRODID:\(ours)\nEND:VCARD\n"),
        ("text before the card", false, "hello\nBEGIN:VCARD\nVERSION:3.0\nPRODID:\(ours)\nEND:VCARD\n"),
        ("a card not closed", false, "BEGIN:VCARD\nVERSION:3.0\nPRODID:\(ours)\n"),
        ("a calendar where a card belongs", false, "BEGIN:VCALENDAR\nPRODID:\(ours)\nEND:VCALENDAR\n"),
    ] as [(String, Bool, String)])
    func ownCards(_ row: (String, Bool, String)) {
        let items = CardItems(VCardEncoder(version: .v4, appleCompat: false))
        #expect(items.isOwn(Array(row.2.utf8)) == row.1, "\(row.0)")
    }

    @Test(arguments: [
        ("our event", true, "BEGIN:VCALENDAR\r\nPRODID:\(ours)\r\nBEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"),
        ("two events of one UID", true,
         "BEGIN:VCALENDAR\nPRODID:\(ours)\nBEGIN:VEVENT\nUID:a\nEND:VEVENT\nBEGIN:VEVENT\nUID:a\nEND:VEVENT\nEND:VCALENDAR\n"),
        ("two events of two UIDs", false,
         "BEGIN:VCALENDAR\nPRODID:\(ours)\nBEGIN:VEVENT\nUID:a\nEND:VEVENT\nBEGIN:VEVENT\nUID:b\nEND:VEVENT\nEND:VCALENDAR\n"),
        ("our PRODID inside the event only", false,
         "BEGIN:VCALENDAR\nPRODID:-//Other//EN\nBEGIN:VEVENT\nUID:a\nPRODID:\(ours)\nEND:VEVENT\nEND:VCALENDAR\n"),
        ("two calendars", false,
         "BEGIN:VCALENDAR\nPRODID:\(ours)\nEND:VCALENDAR\nBEGIN:VCALENDAR\nPRODID:\(ours)\nEND:VCALENDAR\n"),
    ] as [(String, Bool, String)])
    func ownEvents(_ row: (String, Bool, String)) {
        let items = CalendarItems(App.calendar(RunOptions(), dates: DateContext(today: day(2026, 1, 1), feb29: .feb28), locale: "en"))
        #expect(items.isOwn(Array(row.2.utf8)) == row.1, "\(row.0)")
    }

    /// A file of the item's name that is not ours is neither replaced nor, later, removed; a
    /// hand-made file of several cards, one of them once ours, stays.
    @Test func foreignFilesAreLeftAlone() {
        let runs = VDirRuns()
        let foreign = "BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//Other//EN\r\nUID:anna-1\r\nFN:Anna\r\nTEL:+49 30 1234\r\nNOTE:keep\r\nEND:VCARD\r\n"
        runs.fileSystem.put("out/anna-1.vcf", foreign)
        let family = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n" + card("x", "B", "--01-01").replacingOccurrences(
            of: "END:VCARD", with: "PRODID:-//vcf2birthdays//vcf2birthdays//EN\r\nEND:VCARD")
        runs.fileSystem.put("out/family.vcf", family)
        #expect(runs.run(card("anna-1", "Anna Berg", "1990-01-01") + card("u-2", "Bo", "--12-01"), to: .vcard4) == .success)
        #expect(runs.files["out/anna-1.vcf"] == foreign)
        #expect(runs.stderr.contains("in/c.vcf:1: warning: out/anna-1.vcf is not a file this program wrote: left as it is, and this item not written"))
        #expect(runs.counts == "1 written, 0 unchanged, 0 removed, 1 not ours left alone")
        #expect(runs.run(card("u-2", "Bo", "--12-01"), to: .vcard4) == .success)
        #expect(runs.files["out/anna-1.vcf"] == foreign && runs.files["out/family.vcf"] == family)
        #expect(runs.counts == "0 written, 1 unchanged, 0 removed")
    }

    /// `--rejects` may not be an item of the vdir (73 before anything is read); elsewhere in a
    /// vdir that does not exist yet it is written, the folder made first.
    @Test func rejectsMeetNoItem() {
        let runs = VDirRuns()
        _ = runs.run(card("anna-1", "Anna", "1990-01-01"), to: .vcard4)
        let item = runs.files["out/anna-1.vcf"]
        let bad = card("anna-1", "Anna", "1990-01-01") + "stray\r\n"
        #expect(runs.run(bad, to: .vcard4) { $0.diagnostics.rejects = "out/anna-1.vcf" } == .cannotCreate)
        #expect(runs.stderr.contains("out/anna-1.vcf: refusing to write the rejects as an item of the vdir out"))
        #expect(runs.files["out/anna-1.vcf"] == item)
        let fresh = VDirRuns()
        #expect(fresh.run(bad, to: .vcard4) { $0.output.vdir = "new"; $0.diagnostics.rejects = "new/rejects.txt" } == .dataError)
        #expect(fresh.fileSystem.contents(of: "new/rejects.txt") == "stray\r\n")
        #expect(fresh.fileSystem.files["new/anna-1.vcf"] != nil)
    }
}

extension VDirSafetyTests {
    /// #38: UIDs are compared as bytes: `café` in NFC and in NFD are two cards' UIDs, neither renamed.
    @Test func canonicallyEquivalentUIDsAreTwo() {
        let runs = VDirRuns()
        #expect(runs.run(card("caf\u{E9}", "One", "--01-01") + card("cafe\u{301}", "Two", "--02-02"), to: .vcard4) == .success)
        #expect(!runs.stderr.contains("was already the card's"))
        #expect(runs.files.count == 2 && runs.files.values.allSatisfy { !$0.contains("UID:caf\u{E9}-2") && !$0.contains("-2\r\n") })
        var finder = DuplicateFinder(region: "DE")
        for uid in ["caf\u{E9}", "cafe\u{301}"] {
            var person = PersonInfo(source: SourcePosition(path: "c.vcf", line: 1))
            person.uid = uid
            person.formattedName = uid
            finder.add(person)
        }
        #expect(finder.groups().isEmpty)
    }
}

private let ours = "-//vcf2birthdays//vcf2birthdays//EN"
