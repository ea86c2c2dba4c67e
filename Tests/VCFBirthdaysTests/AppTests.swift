import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// One run of the app against doubles: in-memory files, a fixed clock, handed-in preferences.
private struct Run {
    var status: RunStatus
    var stdout: String
    var stderr: String
    var fileSystem: InMemoryFileSystem
    var opener: StubOpener
}

private let sample = """
    BEGIN:VCARD
    VERSION:3.0
    N:Zorn;Anders;;;
    FN:Anders Zorn
    BDAY:1990-01-05
    END:VCARD
    BEGIN:VCARD
    VERSION:3.0
    N:Åberg;Bo;;;
    FN:Bo Åberg
    BDAY:--12-01
    END:VCARD
    BEGIN:VCARD
    VERSION:3.0
    N:Berg;Cilla;;;
    FN:Cilla Berg
    END:VCARD

    """

private let broken = "BEGIN:VCARD\nFN:Good One\nBDAY:2000-02-02\nEND:VCARD\nBEGIN:VCARD\nFN:Cut Off\n"

private func run(_ arguments: (inout RunOptions) -> Void, files: [String: String] = ["c.vcf": sample],
                 stdin: String = "", stdinIsTerminal: Bool = false, preferences: Preferences = Preferences(),
                 unwritable: Set<String> = [], stdout: MemoryOutput = MemoryOutput(),
                 opener: StubOpener = StubOpener(), binaryFiles: [String: [UInt8]] = [:]) -> Run {
    var options = RunOptions()
    options.diagnostics.quiet = true  // the summary line has tests of its own
    arguments(&options)
    let fileSystem = InMemoryFileSystem(files: files, binaryFiles: binaryFiles, unwritable: unwritable)
    let stderr = MemoryOutput()
    let environment = Environment(clock: FixedClock(day(2026, 11, 22)), preferences: preferences, fileSystem: fileSystem,
                                  opener: opener,
                                  standardInput: MemorySource(stdin), standardInputIsTerminal: stdinIsTerminal,
                                  standardOutput: stdout, standardError: stderr)
    let status = App.run(options, environment: environment)
    return Run(status: status, stdout: stdout.text, stderr: stderr.text, fileSystem: fileSystem, opener: opener)
}

@Suite struct AppTests {
    @Test func birthdayListSortedByFamilyNameInTheGivenLocale() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.selection.locale = "sv" }
        #expect(r.status == .success)
        // In the locale's language too (ListFormatTests).
        #expect(r.stdout == "5 jan. 1990  Anders Zorn  fyller 37\n1 dec.       Bo Åberg\n")
        #expect(r.stderr == "")
    }

    @Test func localeAndSortComeFromPreferences() {
        let r = run({ $0.input.paths = ["c.vcf"]; $0.output.format = .tsv }, preferences: Preferences(sortOrder: "upcoming", locale: "sv"))
        #expect(r.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[3] }
            == ["Bo Åberg", "Anders Zorn"])
        let root = run({ $0.input.paths = ["c.vcf"] }, preferences: Preferences(locale: "root"))
        #expect(root.stdout.hasPrefix(" 1 Dec       Bo Åberg"))  // root: Å sorts with A
    }

    /// An option that does nothing in the run is said, once, and ignored.
    @Test func optionsThatDoNothingAreSaid() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.calendar.reminders = [Reminder(daysBefore: 3)!]; $0.output.appleCompat = true; $0.output.replacesPhotos = true; $0.output.byteOrderMark = false; $0.calendar.recursInItsCalendar = true }
        #expect(r.status == .success)
        #expect(r.stderr == """
            vcf2birthdays: warning: --remind does nothing without --to ics; ignored
            vcf2birthdays: warning: --rscale does nothing without --to ics; ignored
            vcf2birthdays: warning: --apple-compat does nothing without --to vcard3; ignored
            vcf2birthdays: warning: --no-bom does nothing without CSV output (--to csv, google-csv or outlook-csv); ignored
            vcf2birthdays: warning: --force does nothing without --extract-photos; ignored

            """)
        let json = run { $0.input.paths = ["c.vcf"]; $0.output.format = .json; $0.selection.includesEveryone = true; $0.selection.feb29 = .mar1; $0.output.guardsFormulas = true }
        #expect(json.stderr.split(separator: "\n").map { $0.dropFirst(24).prefix(20) } == [
            "--no-formulas does n", "--all does nothing w", "--feb29 does nothing",
        ])
        // Where they do something, nothing is said.
        let ics = run { $0.input.paths = ["c.vcf"]; $0.output.format = .ics; $0.calendar.reminders = [Reminder(daysBefore: 3)!]; $0.calendar.includesOtherDates = true; $0.selection.feb29 = .mar1 }
        #expect(ics.stderr == "")
    }

    /// A locale ICU has no collation for is taken as root, with one warning saying so.
    @Test func anUnknownLocaleWarns() {
        let r = run({ $0.input.paths = ["c.vcf"]; $0.selection.locale = "klingon" }, preferences: Preferences(locale: "sv"))
        #expect(r.status == .success)
        #expect(r.stderr == "vcf2birthdays: warning: no collation for locale 'klingon'; sorting in the root collation\n")
        #expect(r.stdout.hasPrefix(" 1 Dec       Bo Åberg"))  // root: Å sorts with A
        #expect(run({ $0.input.paths = ["c.vcf"] }, preferences: Preferences(locale: "sv_SE")).stderr == "")
    }

    @Test func anUnknownSortPreferenceWarnsAndIsIgnored() {
        let r = run({ $0.input.paths = ["c.vcf"] }, preferences: Preferences(sortOrder: "shoe-size", locale: "sv"))
        #expect(r.status == .success)
        #expect(r.stderr.contains("warning: ignoring VCF2BIRTHDAYS_SORT=shoe-size"))
        #expect(r.stdout.hasPrefix("5 jan. 1990  Anders Zorn"))
    }

    @Test func withinDefaultsToUpcomingAndShowsDays() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.selection.withinDays = 10 }
        #expect(r.stdout == " 1 Dec  Bo Åberg  in 9 days\n")
    }

    /// `--within` asks for the next birthdays: soonest first, even when `VCF2BIRTHDAYS_SORT`
    /// names another default; only `--sort` decides otherwise.
    @Test func withinBeatsTheSortPreference() {
        // By family name in Swedish, Zorn comes before Åberg; the next birthday is Åberg's.
        let soonest = run({ $0.input.paths = ["c.vcf"]; $0.selection.withinDays = 60 }, preferences: Preferences(sortOrder: "last", locale: "sv"))
        #expect(soonest.stdout.hasPrefix("1 dec.") && soonest.stdout.contains("Anders Zorn"), "\(soonest.stdout)")
        let byName = run({ $0.input.paths = ["c.vcf"]; $0.selection.withinDays = 60; $0.selection.sort = .last },
                         preferences: Preferences(sortOrder: "upcoming", locale: "sv"))
        #expect(byName.stdout.hasPrefix("5 jan. 1990  Anders Zorn"), "\(byName.stdout)")
    }

    @Test func todayOptionOverridesTheClock() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.selection.withinDays = 30; $0.selection.today = day(2026, 12, 20) }
        #expect(r.stdout == " 5 Jan 1990  Anders Zorn  turns 37  in 16 days\n")
    }

    @Test func allListsPeopleWithoutBirthdays() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.selection.includesEveryone = true; $0.selection.locale = "sv" }
        #expect(r.stdout.contains("Cilla Berg"))
    }

    @Test func jsonKeepsInputOrderAndEveryone() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.output.format = .json }
        #expect(r.stdout.split(separator: "\n").map { $0.contains("Zorn") } == [true, false, false])
        #expect(r.stdout.split(separator: "\n").count == 3)
    }

    @Test func rejectedRecordsExit65KeepTheRestAndGoToRejects() {
        let r = run({ $0.input.paths = ["b.vcf"]; $0.diagnostics.rejects = "rejects.vcf" }, files: ["b.vcf": broken])
        #expect(r.status == .dataError)
        #expect(r.stdout == " 2 Feb 2000  Good One  turns 27\n")
        #expect(r.stderr == "b.vcf:5: error: vCard is not closed: no END:VCARD before the end of the input\n")
        #expect(r.fileSystem.contents(of: "rejects.vcf") == "BEGIN:VCARD\nFN:Cut Off\n")
    }

    @Test func rejectsFileIsCreatedEmptyWhenNothingIsRejected() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.diagnostics.rejects = "r.vcf" }
        #expect(r.status == .success)
        #expect(r.fileSystem.contents(of: "r.vcf") == "")
    }

    @Test func strictStopsAndWritesNoOutputFile() {
        let r = run({ $0.input.paths = ["b.vcf", "c.vcf"]; $0.diagnostics.strict = true; $0.output.file = "out.txt" },
                    files: ["b.vcf": broken, "c.vcf": sample])
        #expect(r.status == .dataError)
        #expect(r.fileSystem.contents(of: "out.txt") == nil)
    }

    @Test func strictStopsReadingAtTheFirstRejection() {
        let r = run({ $0.input.paths = ["b.vcf", "b2.vcf"]; $0.diagnostics.strict = true }, files: ["b.vcf": broken, "b2.vcf": broken])
        #expect(r.status == .dataError)
        #expect(r.stderr == "b.vcf:5: error: vCard is not closed: no END:VCARD before the end of the input\n")
        #expect(r.stdout == "")
        let lenient = run({ $0.input.paths = ["b.vcf", "b2.vcf"] }, files: ["b.vcf": broken, "b2.vcf": broken])
        #expect(lenient.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.count == 2)
    }

    @Test func outputFileIsWrittenOnlyAtTheEnd() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.output.file = "out.txt"; $0.selection.locale = "sv" }
        #expect(r.status == .success)
        #expect(r.stdout == "")
        #expect(r.fileSystem.contents(of: "out.txt") == "5 jan. 1990  Anders Zorn  fyller 37\n1 dec.       Bo Åberg\n")
    }

    @Test func outputThatCannotBeCreatedExits73() {
        let r = run({ $0.input.paths = ["c.vcf"]; $0.output.file = "/ro/out.txt" }, unwritable: ["/ro/out.txt"])
        #expect(r.status == .cannotCreate)
        #expect(r.stderr.contains("/ro/out.txt: Permission denied"))
    }

    /// Nothing to read is said, not passed over: a directory without contacts files, an empty file.
    @Test func nothingToReadIsAWarning() {
        let r = run({ $0.input.paths = ["d", "e.vcf", "c.vcf"]; $0.diagnostics.quiet = false },
                    files: ["d/readme.txt": "hello", "e.vcf": "", "c.vcf": sample])
        #expect(r.status == .success)
        #expect(r.stderr == "d: warning: no .vcf, .vcard, .csv or .ldif files\ne.vcf: warning: empty: no contacts\n"
            + "3 people, 1 without a birthday (--all lists them), 2 warnings, 0 rejected\n")
        // Nothing read at all: the warning, and no summary counting nothing.
        let none = run({ $0.input.paths = ["d"]; $0.diagnostics.quiet = false }, files: ["d/readme.txt": "hello"])
        #expect(none.status == .success && none.stderr == "d: warning: no .vcf, .vcard, .csv or .ldif files\n")
    }

    /// A program or an image named `.vcf` is one error and one rejection (it was read as CSV
    /// and gave hundreds), and the other inputs are read.
    @Test func binaryDataIsNotAContactsFile() {
        let data: [UInt8] = [0x4D, 0x5A, 2, 1, 1, 0, 0, 0, 0, 0] + Array("\n,;\"\r\nx,y\n".utf8) + Array(repeating: 0, count: 300)
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46] + data
        let r = run({ $0.input.paths = ["ls.vcf", "d.vcf", "c.vcf"]; $0.output.format = .json; $0.diagnostics.quiet = false },
                    files: ["c.vcf": sample], binaryFiles: ["ls.vcf": elf, "d.vcf": data])
        #expect(r.status == .dataError)
        #expect(r.stderr == "ls.vcf: error: not a contacts file: a program; nothing read\n"
            + "d.vcf: error: not a contacts file: binary data (NUL bytes near the start); nothing read\n"
            + "3 people, 0 warnings, 2 rejected\n")
        #expect(r.stdout.split(separator: "\n").count == 3)
    }

    /// A PDF, a workbook, an image, a calendar are told by their first bytes, and a text with
    /// no vCard and no CSV header with a name column is one rejection, its text in the rejects
    /// whole; one error line each, and no encoding warning before it.
    @Test func otherFilesAreOneErrorEach() {
        let pdf = Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3] + Array("\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".utf8)
        let letter: [UInt8] = Array("Dear Ann, here is my new address:\nStorgatan 1\nG".utf8) + [0xF6] + Array("teborg\n".utf8)
        let r = run({ $0.input.paths = ["a.vcf", "b.csv", "c.csv", "d.csv"]; $0.output.format = .json; $0.diagnostics.quiet = false; $0.diagnostics.rejects = "r.txt" },
                    files: ["d.csv": "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"],
                    binaryFiles: ["a.vcf": pdf, "b.csv": [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], "c.csv": letter])
        #expect(r.status == .dataError)
        #expect(r.stderr == "a.vcf: error: not a contacts file: a PDF document; nothing read\n"
            + "b.csv: error: not a contacts file: a ZIP archive (an .xlsx workbook is one: save the sheet as CSV); nothing read\n"
            + "c.csv:1: error: not a contacts file: no name column in the CSV header (Dear Ann,  here is my new address:); "
            + "expected e.g. Name, First Name, Last Name\n"
            + "d.csv: error: not a contacts file: a calendar (iCalendar), not contacts; nothing read\n"
            + "0 people, 0 warnings, 4 rejected\n")
        #expect(r.fileSystem.files["r.txt"] == Array("Dear Ann, here is my new address:\nStorgatan 1\nGöteborg\n".utf8))  // in UTF-8
    }

    /// The format is told by a line that is `BEGIN:VCARD`, outside CSV quotes, not by the
    /// words anywhere.
    @Test func formatIsDetectedByTheFirstLine() {
        let csv = "Name,Birthday,Notes\nAnn Berg,1990-01-05,\"paste a BEGIN:VCARD here\"\n"
            + "Bo Ek,1991-02-03,\"a card:\nBEGIN:VCARD\nFN:Bo\nEND:VCARD\"\n"
        let r = run({ $0.input.paths = ["c.csv"]; $0.output.format = .json }, files: ["c.csv": csv])
        #expect(r.status == .success)
        #expect(r.stdout.contains("Ann Berg") && r.stdout.contains("Bo Ek"))
        let vcard = "\u{FEFF}\r\n  \n begin : VCard \nFN:Bo\nEND:VCARD\n"
        let v = run({ $0.input.paths = ["v.txt"]; $0.output.format = .json }, files: ["v.txt": vcard])
        #expect(v.status == .success)
        #expect(v.stdout == "{\"formattedName\":\"Bo\"}\n")
    }

    @Test func refusesToOverwriteTheInput() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.output.file = "c.vcf" }
        #expect(r.status == .cannotCreate)
        #expect(r.fileSystem.contents(of: "c.vcf") == sample)
    }

    @Test func missingInputExits66AndOtherInputsAreStillRead() {
        let r = run { $0.input.paths = ["nope.vcf", "c.vcf"] }
        #expect(r.status == .noInput)
        #expect(r.stderr == "nope.vcf: error: no such file or directory\n")
        #expect(r.stdout.contains("Anders Zorn"))
    }

    @Test func directoriesAreReadInNameOrder() {
        let files = ["d/b.vcf": "BEGIN:VCARD\nFN:B\nBDAY:--02-02\nEND:VCARD\n",
                     "d/a.VCF": "BEGIN:VCARD\nFN:A\nBDAY:--01-01\nEND:VCARD\n",
                     "d/readme.txt": "not a card", "d/.hidden.vcf": "junk"]
        let r = run({ $0.input.paths = ["d"]; $0.output.format = .json }, files: files)
        #expect(r.status == .success)
        #expect(r.stdout == "{\"formattedName\":\"A\",\"birthday\":\"--01-01\"}\n{\"formattedName\":\"B\",\"birthday\":\"--02-02\"}\n")
    }

    /// Which names of a directory are read, and in the order of their bytes (as `ls` in the C
    /// locale): upper case before lower, `é` after `z`, a name before the longer names it starts.
    @Test func directoryEntriesAreChosenAndOrderedByTheirBytes() {
        let read = ["a.vcf", "B.VCF", "c.Vcard", "d.csv", "é.vcf", "z.vcf", "a.vcard", "a", "ab.vcf", "x.tar.vcf"]
        let skipped = [".hidden.vcf", ".vcf", "vcf", "notes.txt", "x.vcfx", "x.vc", "x.", "csv.bak", ""]
        #expect(read.filter(InputListing.isContactsFileName(_:)) == read.filter { $0 != "a" })
        #expect(skipped.filter(InputListing.isContactsFileName(_:)) == [])
        #expect(read.sorted(by: InputListing.precedesBytewise) ==
                ["B.VCF", "a", "a.vcard", "a.vcf", "ab.vcf", "c.Vcard", "d.csv", "x.tar.vcf", "z.vcf", "é.vcf"])
        #expect(!InputListing.precedesBytewise("a", "a") && InputListing.precedesBytewise("", "a") && !InputListing.precedesBytewise("a", ""))
        #expect(InputListing.sortedBytewise(read, name: { $0 }) == read.sorted(by: InputListing.precedesBytewise))
        #expect(InputListing.joined(Array("d/".utf8), "é.vcf") == "d/é.vcf" && InputListing.joined([], "a") == "a")
    }

    /// Names sorted by their first 8 bytes, then whole: in the order of all their bytes, also
    /// for names that share 8 bytes or more, are shorter than 8, or hold multi-byte characters.
    @Test func directoryNamesSortAsTheirBytesWhateverTheirPrefix() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ below: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(below))
        }
        let pieces = ["0", "00", "0000000", "00000000", "a", "Z", "é", "ü", ".", "-", "\u{1F600}"]
        for _ in 0..<50 {
            let names = (0..<200).map { _ in (0...next(6)).map { _ in pieces[next(pieces.count)] }.joined() }
            #expect(InputListing.sortedBytewise(names, name: { $0 }) == names.sorted(by: InputListing.precedesBytewise))
        }
    }

    @Test func standardInputWithDashOrNoPath() {
        for inputs in [[], ["-"]] {
            let r = run({ $0.input.paths = inputs; $0.output.format = .tsv }, files: [:], stdin: broken)
            #expect(r.status == .dataError)
            #expect(r.stderr.hasPrefix("<stdin>:5: error:"))
            #expect(r.stdout.hasPrefix("2000-02-02\t"))
        }
    }

    @Test func aTerminalOnStandardInputIsAUsageError() {
        let r = run({ _ in }, files: [:], stdinIsTerminal: true)
        #expect(r.status == .usage)
        #expect(r.stderr.contains("no input"))
    }

    @Test func csvIsDetectedFromContentWhateverTheName() {
        let csv = "First Name,Last Name,Birthday\nAnn,Lee,1990-01-05\n"
        let mixed = run({ $0.input.paths = ["google.csv", "c.vcf", "export"]; $0.output.format = .tsv; $0.selection.locale = "sv" },
                        files: ["google.csv": csv, "c.vcf": sample, "export": csv])
        #expect(mixed.status == .success)
        #expect(mixed.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[3] }
            == ["Ann Lee", "Ann Lee", "Anders Zorn", "Bo Åberg"])
        // A vCard file with a comma-laden first line, or misnamed .csv, is still read as vCard.
        let header = "Exported contacts, by Someone, 2024\n" + sample
        let misnamed = run({ $0.input.paths = ["a.csv", "b"]; $0.output.format = .json }, files: ["a.csv": sample, "b": header])
        #expect(misnamed.stdout.split(separator: "\n").count == 6)
        #expect(misnamed.stderr == "b:1: error: text outside of any vCard: 'Exported contacts, by Someone, 2024'\n")
        let piped = run({ $0.output.format = .json }, files: [:], stdin: csv)
        #expect(piped.stdout == "{\"formattedName\":\"Ann Lee\",\"familyName\":\"Lee\",\"givenName\":\"Ann\",\"birthday\":\"1990-01-05\"}\n")
    }

    @Test func csvOptionsReachTheReader() {
        let csv = "Name|Birthday\nAnn Lee|03/04/1990\n"
        let r = run({ $0.input.paths = ["x.txt"]; $0.output.format = .json; $0.input.delimiter = UInt8(ascii: "|"); $0.input.dateOrder = .dmy },
                    files: ["x.txt": csv])
        #expect(r.stdout == "{\"formattedName\":\"Ann Lee\",\"birthday\":\"1990-04-03\"}\n")
        #expect(r.stderr == "")
        let forced = run({ $0.input.paths = ["c.vcf"]; $0.input.format = .csv; $0.diagnostics.rejects = "r" }, files: ["c.vcf": sample])
        #expect(forced.status == .dataError)
        #expect(forced.stderr.hasPrefix("c.vcf:1: error: not a contacts file: no name column in the CSV header"))
        #expect(forced.fileSystem.contents(of: "r") == sample)
    }

    @Test func directoriesIncludeCSVFiles() {
        let files = ["d/a.vcf": "BEGIN:VCARD\nFN:A\nBDAY:--01-01\nEND:VCARD\n", "d/b.csv": "Name,Birthday\nB,--02-02\n"]
        let r = run({ $0.input.paths = ["d"]; $0.output.format = .json }, files: files)
        #expect(r.stdout == "{\"formattedName\":\"A\",\"birthday\":\"--01-01\"}\n{\"formattedName\":\"B\",\"birthday\":\"--02-02\"}\n")
    }

    /// An encoding ICU does not know is a usage error, said plainly, before anything is read.
    @Test func anUnknownEncodingIsAUsageError() {
        let r = run({ $0.input.paths = ["c.vcf"]; $0.input.encoding = "x-no-such-charset" })
        #expect(r.status == .usage)
        #expect(r.stderr == "vcf2birthdays: error: --encoding: unknown character set 'x-no-such-charset' (such as windows-1252, iso-8859-2, utf-16le, shift_jis)\n")
        #expect(r.stdout.isEmpty)
    }

    @Test func openOpensTheOutputFile() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.output.format = .ics; $0.output.file = "b.ics"; $0.output.opensResult = true }
        #expect(r.status == .success)
        #expect(r.opener.opened == ["b.ics"])
        #expect(r.fileSystem.contents(of: "b.ics")?.hasPrefix("BEGIN:VCALENDAR") == true)
        #expect(r.stderr == "")
    }

    @Test func openWithoutOutputWritesATemporaryFileOfTheFormat() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.output.format = .ics; $0.output.opensResult = true }
        #expect(r.status == .success)
        #expect(r.stdout == "")
        #expect(r.opener.opened == ["/tmp/vcf2birthdays-1.ics"])
        #expect(r.fileSystem.contents(of: "/tmp/vcf2birthdays-1.ics")?.contains("SUMMARY:Birthday: Anders Zorn") == true)
        #expect(r.stderr == "vcf2birthdays: wrote /tmp/vcf2birthdays-1.ics\n")
        let csv = run { $0.input.paths = ["c.vcf"]; $0.output.format = .googleCSV; $0.output.opensResult = true }
        #expect(csv.opener.opened == ["/tmp/vcf2birthdays-1.csv"])
    }

    @Test func aFailingOpenerExits69() {
        let failing = StubOpener(failingWith: OpenFailure("xdg-open not found; install it"))
        let r = run({ $0.input.paths = ["c.vcf"]; $0.output.format = .ics; $0.output.file = "b.ics"; $0.output.opensResult = true }, opener: failing)
        #expect(r.status == .unavailable)
        #expect(r.stderr == "vcf2birthdays: error: cannot open b.ics: xdg-open not found; install it\n")
        #expect(r.fileSystem.contents(of: "b.ics") != nil)  // written all the same
    }

    @Test func nothingIsOpenedWhenStrictDiscardsTheOutput() {
        let r = run({ $0.input.paths = ["b.vcf"]; $0.output.file = "o.txt"; $0.diagnostics.strict = true; $0.output.opensResult = true },
                    files: ["b.vcf": broken])
        #expect(r.status == .dataError)
        #expect(r.opener.opened.isEmpty)
    }

    @Test func photosAreExtractedWithSafeNames() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9]
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func b64(_ bytes: [UInt8]) -> String {
            let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
            var out = ""
            var i = 0
            while i < bytes.count {
                let chunk = Array(bytes[i..<min(i + 3, bytes.count)]) + [0, 0]
                let n = UInt32(chunk[0]) << 16 | UInt32(chunk[1]) << 8 | UInt32(chunk[2])
                let count = min(3, bytes.count - i)
                for k in 0..<4 { out.append(k <= count ? table[Int(n >> UInt32(18 - 6 * k) & 63)] : "=") }
                i += 3
            }
            return out
        }
        let cards = "BEGIN:VCARD\nVERSION:3.0\nFN:../../etc/passwd\nPHOTO;ENCODING=b;TYPE=JPEG:\(b64(jpeg))\nEND:VCARD\n"
            + "BEGIN:VCARD\nVERSION:4.0\nFN:Ann\nPHOTO:data:image/png;base64,\(b64(png))\nEND:VCARD\n"
            + "BEGIN:VCARD\nVERSION:4.0\nFN:Ann\nPHOTO;ENCODING=b:\(b64(png))\nEND:VCARD\n"
            + "BEGIN:VCARD\nVERSION:3.0\nFN:.hidden\u{7}\nPHOTO;VALUE=uri:https://example.com/a.jpg\nEND:VCARD\n"
        let r = run({ $0.input.paths = ["c.vcf"]; $0.output.format = .json; $0.output.photoDirectory = "pics" }, files: ["c.vcf": cards])
        #expect(r.status == .success)
        #expect(r.fileSystem.files["pics/_.._etc_passwd.jpg"] == jpeg)
        #expect(r.fileSystem.files["pics/Ann.png"] == png)
        #expect(r.fileSystem.files["pics/Ann (2).png"] == png)  // a name used twice; type from magic bytes
        #expect(r.stderr == "c.vcf:19: warning: photo is a link or not base64, not extracted\n")
        #expect(r.stdout.split(separator: "\n").count == 4)
        // Existing files are kept unless --force.
        let again = run({ $0.input.paths = ["c.vcf"]; $0.output.photoDirectory = "pics" },
                        files: ["c.vcf": cards], binaryFiles: ["pics/Ann.png": [1, 2, 3]])
        #expect(again.status == .cannotCreate)
        #expect(again.stderr.contains("cannot write photo pics/Ann.png: File exists (give --force to replace it)"))
        #expect(again.fileSystem.files["pics/Ann.png"] == [1, 2, 3])
        let forced = run({ $0.input.paths = ["c.vcf"]; $0.output.photoDirectory = "pics"; $0.output.replacesPhotos = true },
                         files: ["c.vcf": cards], binaryFiles: ["pics/Ann.png": [1, 2, 3]])
        #expect(forced.status == .success)
        #expect(forced.fileSystem.files["pics/Ann.png"] == png)
    }

    @Test func openWithPhotosOpensTheFolder() {
        let r = run { $0.input.paths = ["c.vcf"]; $0.output.photoDirectory = "pics"; $0.output.opensResult = true }
        #expect(r.opener.opened == ["pics"])
        #expect(r.stdout.contains("Anders Zorn"))
    }

    @Test func aSummaryEndsTheRunUnlessQuiet() {
        let r = run({ $0.input.paths = ["b.vcf", "c.vcf"]; $0.diagnostics.quiet = false }, files: ["b.vcf": broken, "c.vcf": sample])
        #expect(r.stderr == "b.vcf:5: error: vCard is not closed: no END:VCARD before the end of the input\n"
            + "4 people, 1 without a birthday (--all lists them), 0 warnings, 1 rejected\n")
        let one = run({ $0.input.paths = ["x.vcf"]; $0.diagnostics.quiet = false }, files: ["x.vcf": "BEGIN:VCARD\nFN:A\nBDAY:1990-02-30\nEND:VCARD\n"])
        #expect(one.stderr.hasSuffix("\n1 person, 1 without a birthday (--all lists them), 1 warning, 0 rejected\n"))
    }

    @Test func diagnosticsAsJSONLines() {
        let r = run({ $0.input.paths = ["b.vcf", "s.csv"]; $0.diagnostics.quiet = false; $0.diagnostics.errorsAsJSON = true },
                    files: ["b.vcf": broken, "s.csv": "Name,Note\nAnn,\"unclosed\n"])
        #expect(r.stderr.split(separator: "\n").map(String.init) == [
            #"{"severity":"error","code":"unclosed-card","path":"b.vcf","line":5,"message":"vCard is not closed: no END:VCARD before the end of the input"}"#,
            #"{"severity":"error","code":"unclosed-quote","path":"s.csv","line":2,"column":5,"message":"quoted field opened here is never closed"}"#,
            #"{"summary":{"people":1,"warnings":0,"rejected":2}}"#,
        ])
    }

    @Test func aBrokenPipeEndsQuietlyWithSuccess() {
        let closedPipe = MemoryOutput(failsAfter: 0, with: IOFailure(path: "<stdout>", reason: "Broken pipe", isBrokenPipe: true))
        let r = run({ $0.input.paths = ["c.vcf"]; $0.output.format = .json }, stdout: closedPipe)
        #expect(r.status == .success)
        #expect(r.stderr == "")
    }

    @Test func aWriteErrorExits74() {
        let full = MemoryOutput(failsAfter: 0, with: IOFailure(path: "<stdout>", reason: "No space left on device"))
        let r = run({ $0.input.paths = ["c.vcf"] }, stdout: full)
        #expect(r.status == .ioError)
        #expect(r.stderr.contains("No space left on device"))
    }

    @Test func aReadErrorIsReportedAndDoesNotLoop() {
        let fileSystem = InMemoryFileSystem()
        let stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(day(2026, 1, 1)), preferences: Preferences(), fileSystem: fileSystem,
                                      opener: StubOpener(),
                                      standardInput: FailingSource(after: "BEGIN:VCARD\nFN:A\n"),
                                      standardOutput: MemoryOutput(), standardError: stderr)
        var options = RunOptions()
        options.diagnostics.quiet = true
        #expect(App.run(options, environment: environment) == .noInput)
        #expect(stderr.text == "<stdin>: error: read error: Input/output error\n")
    }

    /// `--dupes` on several threads makes each person's keys where it is decoded, with one
    /// memory of phone numbers and one transliterator for all: the report is one thread's.
    @Test func duplicatesOnThreadsAreThoseOfOneThread() {
        var cards = ""
        for i in 0..<3000 {
            let family = ["Berg", "Иванова", "Müller", "やまだ"][i % 4]
            cards += "BEGIN:VCARD\r\nVERSION:3.0\r\nN:\(family);Anna\(i % 1000);;;\r\nFN:Anna\(i % 1000) \(family)\r\n"
            cards += "TEL:030 \(1_000_000 + i % 1000)\r\n" + (i % 3 == 0 ? "BDAY:19\(50 + i % 40)-0\(1 + i % 9)-1\(i % 9)\r\n" : "")
            cards += (i % 7 == 0 ? "EMAIL:a\(i % 350)@example.org\r\n" : "") + "END:VCARD\r\n"
        }
        let one = run({ $0.input.paths = ["c.vcf"]; $0.input.region = "DE"; $0.output.reportsDuplicates = true }, files: ["c.vcf": cards])
        let threaded = run({ $0.input.paths = ["c.vcf"]; $0.input.region = "DE"; $0.output.reportsDuplicates = true; $0.threads = 4 },
                           files: ["c.vcf": cards])
        #expect(one.status == .success)
        for reason in ["phone", "email", "conflict"] { #expect(one.stdout.contains("\t\(reason)\t")) }
        #expect(one.stdout.contains("\tphone\tAnna5 Иванова\tc.vcf:6510\n"))
        #expect(threaded.stdout == one.stdout)
    }
}

/// What a user expects of a command-line tool (#44): formats named as they would name them,
/// every warning counted, a quiet mail-client query, a summary that says what the list left out.
@Suite struct ConventionTests {
    /// `--to` takes its names and the aliases that mean one format only; what it does not take
    /// gets the nearest name, or the choice when the name could mean two.
    @Test(arguments: [("ics", RunOptions.Format.ics), ("ICAL", .ics), ("icalendar", .ics), ("google", .googleCSV),
                      ("outlook", .outlookCSV), ("ndjson", .json), ("jsonl", .json), ("vcard-4.0", .vcard4), ("vcf3", .vcard3),
                      ("text", .list), ("neomutt", .mutt), ("ldif", .ldif)])
    func formatNames(name: String, format: RunOptions.Format) {
        #expect(RunOptions.Format(name: name) == format)
    }

    @Test(arguments: [("vcf", "could be more than one format: say --to vcard3"), ("vcard", "or vcard4"),
                      ("icss", "Did you mean 'ics'?"), ("googlecsv", "Did you mean 'google-csv'?"), ("vcrad3", "Did you mean 'vcard3'?"),
                      ("jsno", "Did you mean 'json'?"), ("pdf", "not a format's name. The formats: list, tsv, json")])
    func unknownFormatNames(name: String, says: String) {
        #expect(RunOptions.Format(name: name) == nil)
        #expect(RunOptions.Format.unknownNameMessage(name).contains(says), "\(name): \(RunOptions.Format.unknownNameMessage(name))")
    }

    /// A file's extension names its format; another name names none.
    @Test(arguments: [("out.ics", RunOptions.Format?.some(.ics)), ("a/B.CSV", .csv), ("x.json", .json), ("x.ndjson", .json),
                      ("cards.vcf", .vcard3), ("book.ldif", .ldif), ("t.tsv", .tsv), ("list.txt", .list),
                      ("x.pdf", nil), ("noextension", nil), (".ics", nil), ("dir.ics/file", nil)])
    func formatsOfFileNames(name: String, format: RunOptions.Format?) {
        #expect(RunOptions.Format(fileName: name) == format)
    }

    /// Without `--to`, -o's name chooses; with it, a name of another format is warned of, and the
    /// warning is counted in the summary as every warning is.
    @Test func theOutputFileNameChoosesTheFormatOrIsWarnedOf() {
        let chosen = run { $0.input.paths = ["c.vcf"]; $0.output.format = RunOptions.Format(fileName: "b.ics") ?? .list; $0.output.file = "b.ics" }
        #expect(chosen.fileSystem.contents(of: "b.ics")?.hasPrefix("BEGIN:VCALENDAR") == true)
        #expect(chosen.stderr == "")
        let clash = run { $0.input.paths = ["c.vcf"]; $0.output.format = .csv; $0.output.file = "b.ics"; $0.diagnostics.quiet = false }
        #expect(clash.stderr == "vcf2birthdays: warning: -o b.ics: the name says ics but --to csv is written\n3 people, 1 warning, 0 rejected\n")
        for (format, file) in [(RunOptions.Format.googleCSV, "g.csv"), (.vcard4, "x.VCF"), (.tsv, "t.txt"), (.list, "l.out")] {
            #expect(run { $0.input.paths = ["c.vcf"]; $0.output.format = format; $0.output.file = file }.stderr == "", "\(format) \(file)")
        }
    }

    /// Every warning counts in the summary, those of the options and the locale too.
    @Test func everyWarningIsCounted() {
        let r = run({ $0.input.paths = ["c.vcf"]; $0.calendar.reminders = [Reminder(daysBefore: 2)!]; $0.selection.locale = "klingon"; $0.diagnostics.quiet = false },
                    preferences: Preferences(sortOrder: "shoe-size"))
        #expect(r.stderr.split(separator: "\n").last == "3 people, 1 without a birthday (--all lists them), 3 warnings, 0 rejected")
        let json = run({ $0.input.paths = ["c.vcf"]; $0.calendar.reminders = [Reminder(daysBefore: 2)!]; $0.diagnostics.quiet = false; $0.diagnostics.errorsAsJSON = true })
        #expect(json.stderr == """
            {"severity":"warning","code":"option-ignored","path":"vcf2birthdays","message":"--remind does nothing without --to ics; ignored"}
            {"summary":{"people":3,"withoutBirthday":1,"warnings":1,"rejected":0}}

            """)
    }

    /// A failure of the run is a diagnostic with a code, JSON under `--errors json`.
    @Test func runFailuresAreDiagnosticsWithCodes() {
        func json(_ arguments: @escaping (inout RunOptions) -> Void, unwritable: Set<String> = []) -> Run {
            run({ arguments(&$0); $0.diagnostics.errorsAsJSON = true }, unwritable: unwritable)
        }
        let cases: [(Run, RunStatus, String)] = [
            (json({ $0.input.paths = ["c.vcf"]; $0.input.encoding = "nope" }), .usage, "unknown-encoding"),
            (json({ $0.input.paths = ["c.vcf"]; $0.output.file = "out/x.txt" }, unwritable: ["out/x.txt"]), .cannotCreate, "cannot-create"),
            (json({ $0.input.paths = ["c.vcf"]; $0.output.file = "c.vcf"; $0.output.format = .vcard3 }), .cannotCreate, "output-refused"),
            (run({ $0.diagnostics.errorsAsJSON = true }, stdinIsTerminal: true), .usage, "no-input"),
        ]
        for (r, status, code) in cases {
            #expect(r.status == status, "\(code)")
            #expect(r.stderr.hasPrefix("{\"severity\":\"error\",\"code\":\"\(code)\",\"path\":\"vcf2birthdays\",\"message\":"), "\(r.stderr)")
        }
        #expect(App.usageErrorText("--to: unknown format 'x'.", usage: "u", asJSON: true)
            == "{\"severity\":\"error\",\"code\":\"usage\",\"path\":\"vcf2birthdays\",\"message\":\"--to: unknown format 'x'.\"}\n")
    }

    /// `-qq`: a mail client's query says nothing of odd cards, only of what fails the run; the
    /// exit status and the rejects file still tell.
    @Test func silentRunsSayOnlyFailures() {
        let files = ["c.vcf": sample + "BEGIN:VCARD\nVERSION:3.0\nFN:Odd\nBDAY:1990-02-30\nEND:VCARD\n", "b.vcf": broken]
        let r = run({ $0.input.paths = ["c.vcf", "b.vcf", "gone.vcf"]; $0.output.format = .mutt; $0.diagnostics.silent = true
                      $0.diagnostics.rejects = "rejects.vcf" }, files: files)
        #expect(r.status == .noInput)
        #expect(r.stderr == "gone.vcf: error: no such file or directory\n")
        #expect(r.fileSystem.contents(of: "rejects.vcf") == "BEGIN:VCARD\nFN:Cut Off\n")
        let loud = run({ $0.input.paths = ["c.vcf", "b.vcf"]; $0.output.format = .mutt }, files: files)
        #expect(loud.stderr.contains("warning: impossible date") && loud.stderr.contains("error: vCard is not closed"))
    }

    /// A query that finds no address answers `Not found` and exits 1, as abook does.
    @Test func aQueryThatFindsNothingSaysNotFound() {
        let files = ["m.vcf": "BEGIN:VCARD\nVERSION:3.0\nFN:Mia Berg\nEMAIL:mia@example.org\nEND:VCARD\n"]
        let none = run({ $0.input.paths = ["m.vcf"]; $0.output.format = .mutt; $0.selection.query = "nobody" }, files: files)
        #expect(none.status == .notFound)
        #expect(none.stdout == "Not found\n")
        let found = run({ $0.input.paths = ["m.vcf"]; $0.output.format = .mutt; $0.selection.query = "berg" }, files: files)
        #expect(found.status == .success)
        #expect(found.stdout == "vcf2birthdays: e-mail addresses\nmia@example.org\tMia Berg\t\n")
        // No address at all (a file of people without one) is not found either; other formats are not concerned.
        #expect(run({ $0.input.paths = ["c.vcf"]; $0.output.format = .mutt }).status == .notFound)
        #expect(run({ $0.input.paths = ["c.vcf"]; $0.output.format = .json; $0.selection.query = "nobody" }).status == .success)
    }

    /// The summary says how many the list left out for having no birthday, when that is all it
    /// left out; `--all` and the filters say nothing of it.
    @Test func theSummarySaysWhoHasNoBirthday() {
        func summary(_ arguments: @escaping (inout RunOptions) -> Void) -> String {
            String(run({ $0.input.paths = ["c.vcf"]; arguments(&$0); $0.diagnostics.quiet = false }).stderr.split(separator: "\n").last ?? "")
        }
        #expect(summary { _ in } == "3 people, 1 without a birthday (--all lists them), 0 warnings, 0 rejected")
        #expect(summary { $0.output.format = .tsv } == "3 people, 1 without a birthday (--all lists them), 0 warnings, 0 rejected")
        for arguments: (inout RunOptions) -> Void in [{ $0.selection.includesEveryone = true }, { $0.selection.withinDays = 30 },
                                                      { $0.selection.match = "berg" }, { $0.output.format = .ics }] {
            #expect(summary(arguments) == "3 people, 0 warnings, 0 rejected")
        }
    }

    /// Doubled people are warned of once, by how many UIDs and e-mail addresses they share, in
    /// the birthday outputs and LDIF; `--merge` joins them, and the other outputs say nothing.
    @Test func likelyDuplicatesAreSaidOnce() {
        let twice = ["a.vcf": sample, "b.vcf": sample.replacingOccurrences(of: "FN:Bo Åberg", with: "FN:Bo Åberg\nUID:bo")
                        + "BEGIN:VCARD\nVERSION:3.0\nFN:Bo Å.\nUID:bo\nEMAIL:Bo@Example.org\nBDAY:--12-01\nEND:VCARD\n"
                        + "BEGIN:VCARD\nVERSION:3.0\nFN:B. Åberg\nEMAIL:bo@example.ORG\nBDAY:--12-01\nEND:VCARD\n"]
        // The birthday outputs do not read e-mail addresses (it would cost the list a fifth more work); LDIF does.
        let said = "1 UID and 2 names with their birthdays are each"
        for (format, counts) in [(RunOptions.Format.list, said), (.tsv, said), (.ics, said),
                                 (.ldif, "1 UID, 1 e-mail address and 2 names with their birthdays are each")] {
            let r = run({ $0.input.paths = ["a.vcf", "b.vcf"]; $0.output.format = format }, files: twice)
            #expect(r.stderr == "vcf2birthdays: warning: likely duplicates: \(counts) on more than one contact "
                    + "(--dupes lists them, --merge joins them)\n", "\(format)")
        }
        for format in [RunOptions.Format.json, .csv, .vcard4, .mutt] {
            #expect(run({ $0.input.paths = ["a.vcf", "b.vcf"]; $0.output.format = format }, files: twice).stderr == "", "\(format)")
        }
        #expect(run({ $0.input.paths = ["a.vcf", "b.vcf"]; $0.output.mergesDuplicates = true }, files: twice).stderr.contains("likely") == false)
        // One person's own address twice is no duplicate; the same file twice is, by its UIDs.
        let once = ["o.vcf": "BEGIN:VCARD\nVERSION:3.0\nFN:Al\nEMAIL:al@x.org\nEMAIL:AL@x.org\nBDAY:--01-01\nEND:VCARD\n"]
        #expect(run({ $0.input.paths = ["o.vcf"]; $0.output.format = .ldif }, files: once).stderr == "")
        let counts = run({ $0.input.paths = ["a.vcf", "a.vcf"]; $0.output.format = .ldif }, files: ["a.vcf": sample + "BEGIN:VCARD\nVERSION:3.0\nFN:U\nUID:u1\nEND:VCARD\n"])
        #expect(counts.stderr.contains("likely duplicates: 1 UID and 2 names with their birthdays are each on more than one contact"))
        let one = run({ $0.input.paths = ["u.vcf", "u.vcf"] }, files: ["u.vcf": "BEGIN:VCARD\nVERSION:3.0\nFN:U\nBDAY:--01-01\nEND:VCARD\n"])
        #expect(one.stderr.contains("likely duplicates: 1 name with its birthday is on more than one contact"))
    }

    /// The count does not depend on the order people come in, and past its capacity it gives
    /// up, whatever the order; a person's own key twice is one.
    @Test func repeatedKeysDoNotDependOnTheOrder() {
        func person(_ uid: String?, _ emails: [String]) -> PersonInfo {
            var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
            p.uid = uid
            p.emails = emails.map { ContactPoint(value: $0) }
            return p
        }
        func count(_ people: [PersonInfo], into keys: RepeatedKeys) {
            for p in people {
                var bytes: [UInt8] = []
                RepeatedKeys.appendKeys(of: p, to: &bytes)
                #expect(keys.count(bytes.span) == bytes.count)
            }
        }
        let people = [person("u1", []), person(nil, ["e1"]), person("u1", ["E1", "e2", "e2"]), person("u2", ["e2"]), person(nil, [])]
        var orders: [RepeatedKeys.Counts] = []
        for seed in 0..<24 {
            var rng = SplitMix(state: UInt64(seed))
            let keys = RepeatedKeys()
            count(people.shuffled(using: &rng), into: keys)
            orders.append(keys.repeated ?? RepeatedKeys.Counts())
        }
        #expect(orders.allSatisfy { $0 == RepeatedKeys.Counts(uids: 1, emails: 2) })
        let small = RepeatedKeys(capacity: 2)
        count(people, into: small)
        #expect(small.repeated == nil)
    }

    /// A contact with no name is shown by its e-mail address (else its phone number) in every
    /// output, the birthday list and the calendar too, which read no addresses otherwise (#40).
    @Test(arguments: [
        ("n.vcf", "BEGIN:VCARD\nVERSION:3.0\nEMAIL:solo@example.org\nTEL:+49 30 1\nBDAY:1990-05-05\nEND:VCARD\n", "solo@example.org"),
        ("p.vcf", "BEGIN:VCARD\nVERSION:2.1\nTEL;CELL:+49 30 1\nBDAY:19900505\nEND:VCARD\n", "+49 30 1"),
        ("n.csv", "Name,E-mail Address,Mobile Phone,Birthday\n,solo@example.org,+49 30 1,1990-05-05\n", "solo@example.org"),
        ("p.csv", "Given Name,Phone 1 - Type,Phone 1 - Value,Birthday\n,Mobile,+49 30 1,1990-05-05\n", "+49 30 1"),
        ("n.ldif", "dn: mail=solo@example.org\nobjectclass: inetOrgPerson\nmail: solo@example.org\nbirthyear: 1990\nbirthmonth: 5\nbirthday: 5\n\n",
         "solo@example.org"),
    ])
    func aContactWithoutANameIsShownByItsAddress(file: String, text: String, shown: String) {
        for format in [RunOptions.Format.list, .tsv, .ics, .json] {
            let r = run({ $0.input.paths = [file]; $0.output.format = format }, files: [file: text])
            #expect(r.stdout.contains(shown) && !r.stdout.contains("(no name)"), "\(file) \(format): \(r.stdout)")
        }
        // A name, wherever it stands in the card, is what is shown.
        let named = text.replacingOccurrences(of: "BDAY:", with: "FN:Named\nBDAY:")
        if file.hasSuffix(".vcf") { #expect(run({ $0.input.paths = [file] }, files: [file: named]).stdout.contains("Named")) }
    }
}


/// The exit status of a run is decided in one place, the most serious fact first: why it
/// stopped, if it did, before what it came to.
@Suite struct RunOutcomeTests {
    @Test(arguments: [
        (RunOutcome(), RunStatus.success),
        (RunOutcome(nothingFound: true), .notFound),
        (RunOutcome(removalLimitReached: true, nothingFound: true), .removalLimit),
        (RunOutcome(outputFailed: true, removalLimitReached: true), .cannotCreate),
        (RunOutcome(ruleBroken: true, outputFailed: true), .dataError),
        (RunOutcome(rejectedAny: true, nothingFound: true), .dataError),
        (RunOutcome(inputUnread: true, rejectedAny: true, ruleBroken: true, outputFailed: true), .noInput),
        (RunOutcome(readerLeft: true, inputUnread: true, rejectedAny: true), .success),
        (RunOutcome(stopped: .ioError, readerLeft: true, inputUnread: true), .ioError),
        (RunOutcome(stopped: .cannotCreate), .cannotCreate),
        (RunOutcome(stopped: .cannotOpenResult, rejectedAny: true), .unavailable),
        (RunOutcome(stopped: .usage), .usage),
    ])
    func theMostSeriousFactDecides(outcome: RunOutcome, status: RunStatus) {
        #expect(outcome.status == status)
    }
}
