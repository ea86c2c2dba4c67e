import Testing
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// One run of the app against doubles: in-memory files, a fixed clock, handed-in preferences.
private struct Run {
    var status: RunStatus
    var stdout: String
    var stderr: String
    var fileSystem: InMemoryFileSystem
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
                 unwritable: Set<String> = [], stdout: MemoryOutput = MemoryOutput()) -> Run {
    var options = RunOptions()
    arguments(&options)
    let fileSystem = InMemoryFileSystem(files: files, unwritable: unwritable)
    let stderr = MemoryOutput()
    let environment = Environment(clock: FixedClock(day(2026, 11, 22)), preferences: preferences, fileSystem: fileSystem,
                                  standardInput: MemorySource(stdin), standardInputIsTerminal: stdinIsTerminal,
                                  standardOutput: stdout, standardError: stderr)
    let status = App.run(options, environment: environment)
    return Run(status: status, stdout: stdout.text, stderr: stderr.text, fileSystem: fileSystem)
}

@Suite struct AppTests {
    @Test func birthdayListSortedByFamilyNameInTheGivenLocale() {
        let r = run { $0.inputs = ["c.vcf"]; $0.locale = "sv" }
        #expect(r.status == .success)
        #expect(r.stdout == " 5 Jan 1990  Anders Zorn  turns 37\n 1 Dec       Bo Åberg\n")
        #expect(r.stderr == "")
    }

    @Test func localeAndSortComeFromPreferences() {
        let r = run({ $0.inputs = ["c.vcf"]; $0.format = .tsv }, preferences: Preferences(sortOrder: "upcoming", locale: "sv"))
        #expect(r.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[3] }
            == ["Bo Åberg", "Anders Zorn"])
        let root = run({ $0.inputs = ["c.vcf"] }, preferences: Preferences(locale: "root"))
        #expect(root.stdout.hasPrefix(" 1 Dec       Bo Åberg"))  // root: Å sorts with A
    }

    @Test func anUnknownSortPreferenceWarnsAndIsIgnored() {
        let r = run({ $0.inputs = ["c.vcf"] }, preferences: Preferences(sortOrder: "shoe-size", locale: "sv"))
        #expect(r.status == .success)
        #expect(r.stderr.contains("warning: ignoring VCF2BIRTHDAYS_SORT=shoe-size"))
        #expect(r.stdout.hasPrefix(" 5 Jan 1990  Anders Zorn"))
    }

    @Test func withinDefaultsToUpcomingAndShowsDays() {
        let r = run { $0.inputs = ["c.vcf"]; $0.withinDays = 10 }
        #expect(r.stdout == " 1 Dec  Bo Åberg  in 9 days\n")
    }

    @Test func todayOptionOverridesTheClock() {
        let r = run { $0.inputs = ["c.vcf"]; $0.withinDays = 30; $0.today = day(2026, 12, 20) }
        #expect(r.stdout == " 5 Jan 1990  Anders Zorn  turns 37  in 16 days\n")
    }

    @Test func allListsPeopleWithoutBirthdays() {
        let r = run { $0.inputs = ["c.vcf"]; $0.includesEveryone = true; $0.locale = "sv" }
        #expect(r.stdout.contains("Cilla Berg"))
    }

    @Test func jsonKeepsInputOrderAndEveryone() {
        let r = run { $0.inputs = ["c.vcf"]; $0.format = .json }
        #expect(r.stdout.split(separator: "\n").map { $0.contains("Zorn") } == [true, false, false])
        #expect(r.stdout.split(separator: "\n").count == 3)
    }

    @Test func rejectedRecordsExit65KeepTheRestAndGoToRejects() {
        let r = run({ $0.inputs = ["b.vcf"]; $0.rejects = "rejects.vcf" }, files: ["b.vcf": broken])
        #expect(r.status == .dataError)
        #expect(r.stdout == " 2 Feb 2000  Good One  turns 27\n")
        #expect(r.stderr == "b.vcf:5: error: vCard is not closed: no END:VCARD before the end of the input\n")
        #expect(r.fileSystem.contents(of: "rejects.vcf") == "BEGIN:VCARD\nFN:Cut Off\n")
    }

    @Test func rejectsFileIsCreatedEmptyWhenNothingIsRejected() {
        let r = run { $0.inputs = ["c.vcf"]; $0.rejects = "r.vcf" }
        #expect(r.status == .success)
        #expect(r.fileSystem.contents(of: "r.vcf") == "")
    }

    @Test func strictStopsAndWritesNoOutputFile() {
        let r = run({ $0.inputs = ["b.vcf", "c.vcf"]; $0.strict = true; $0.output = "out.txt" },
                    files: ["b.vcf": broken, "c.vcf": sample])
        #expect(r.status == .dataError)
        #expect(r.fileSystem.contents(of: "out.txt") == nil)
    }

    @Test func strictStopsReadingAtTheFirstRejection() {
        let r = run({ $0.inputs = ["b.vcf", "b2.vcf"]; $0.strict = true }, files: ["b.vcf": broken, "b2.vcf": broken])
        #expect(r.status == .dataError)
        #expect(r.stderr == "b.vcf:5: error: vCard is not closed: no END:VCARD before the end of the input\n")
        #expect(r.stdout == "")
        let lenient = run({ $0.inputs = ["b.vcf", "b2.vcf"] }, files: ["b.vcf": broken, "b2.vcf": broken])
        #expect(lenient.stderr.split(separator: "\n").count == 2)
    }

    @Test func outputFileIsWrittenOnlyAtTheEnd() {
        let r = run { $0.inputs = ["c.vcf"]; $0.output = "out.txt"; $0.locale = "sv" }
        #expect(r.status == .success)
        #expect(r.stdout == "")
        #expect(r.fileSystem.contents(of: "out.txt") == " 5 Jan 1990  Anders Zorn  turns 37\n 1 Dec       Bo Åberg\n")
    }

    @Test func outputThatCannotBeCreatedExits73() {
        let r = run({ $0.inputs = ["c.vcf"]; $0.output = "/ro/out.txt" }, unwritable: ["/ro/out.txt"])
        #expect(r.status == .cannotCreate)
        #expect(r.stderr.contains("/ro/out.txt: Permission denied"))
    }

    @Test func refusesToOverwriteTheInput() {
        let r = run { $0.inputs = ["c.vcf"]; $0.output = "c.vcf" }
        #expect(r.status == .cannotCreate)
        #expect(r.fileSystem.contents(of: "c.vcf") == sample)
    }

    @Test func missingInputExits66AndOtherInputsAreStillRead() {
        let r = run { $0.inputs = ["nope.vcf", "c.vcf"] }
        #expect(r.status == .noInput)
        #expect(r.stderr == "nope.vcf: error: no such file or directory\n")
        #expect(r.stdout.contains("Anders Zorn"))
    }

    @Test func directoriesAreReadInNameOrder() {
        let files = ["d/b.vcf": "BEGIN:VCARD\nFN:B\nBDAY:--02-02\nEND:VCARD\n",
                     "d/a.VCF": "BEGIN:VCARD\nFN:A\nBDAY:--01-01\nEND:VCARD\n",
                     "d/readme.txt": "not a card", "d/.hidden.vcf": "junk"]
        let r = run({ $0.inputs = ["d"]; $0.format = .json }, files: files)
        #expect(r.status == .success)
        #expect(r.stdout == "{\"formattedName\":\"A\",\"birthday\":\"--01-01\"}\n{\"formattedName\":\"B\",\"birthday\":\"--02-02\"}\n")
    }

    @Test func standardInputWithDashOrNoPath() {
        for inputs in [[], ["-"]] {
            let r = run({ $0.inputs = inputs; $0.format = .tsv }, files: [:], stdin: broken)
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
        let mixed = run({ $0.inputs = ["google.csv", "c.vcf", "export"]; $0.format = .tsv; $0.locale = "sv" },
                        files: ["google.csv": csv, "c.vcf": sample, "export": csv])
        #expect(mixed.status == .success)
        #expect(mixed.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[3] }
            == ["Ann Lee", "Ann Lee", "Anders Zorn", "Bo Åberg"])
        // A vCard file with a comma-laden first line, or misnamed .csv, is still read as vCard.
        let header = "Exported contacts, by Someone, 2024\n" + sample
        let misnamed = run({ $0.inputs = ["a.csv", "b"]; $0.format = .json }, files: ["a.csv": sample, "b": header])
        #expect(misnamed.stdout.split(separator: "\n").count == 6)
        #expect(misnamed.stderr == "b:1: error: text outside of any vCard: 'Exported contacts, by Someone, 2024'\n")
        let piped = run({ $0.format = .json }, files: [:], stdin: csv)
        #expect(piped.stdout == "{\"familyName\":\"Lee\",\"givenName\":\"Ann\",\"birthday\":\"1990-01-05\"}\n")
    }

    @Test func csvOptionsReachTheReader() {
        let csv = "Name|Birthday\nAnn Lee|03/04/1990\n"
        let r = run({ $0.inputs = ["x.txt"]; $0.format = .json; $0.delimiter = UInt8(ascii: "|"); $0.dateOrder = .dmy },
                    files: ["x.txt": csv])
        #expect(r.stdout == "{\"formattedName\":\"Ann Lee\",\"birthday\":\"1990-04-03\"}\n")
        #expect(r.stderr == "")
        let forced = run({ $0.inputs = ["c.vcf"]; $0.inputFormat = .csv; $0.rejects = "r" }, files: ["c.vcf": sample])
        #expect(forced.status == .dataError)
        #expect(forced.stderr.hasPrefix("c.vcf:1: error: not a contacts file: no name column in the CSV header"))
        #expect(forced.fileSystem.contents(of: "r") == sample)
    }

    @Test func directoriesIncludeCSVFiles() {
        let files = ["d/a.vcf": "BEGIN:VCARD\nFN:A\nBDAY:--01-01\nEND:VCARD\n", "d/b.csv": "Name,Birthday\nB,--02-02\n"]
        let r = run({ $0.inputs = ["d"]; $0.format = .json }, files: files)
        #expect(r.stdout == "{\"formattedName\":\"A\",\"birthday\":\"--01-01\"}\n{\"formattedName\":\"B\",\"birthday\":\"--02-02\"}\n")
    }

    @Test func anUnknownEncodingIsReported() {
        let r = run({ $0.inputs = ["c.vcf"]; $0.encoding = "x-no-such-charset" })
        #expect(r.status == .noInput)
        #expect(r.stderr.contains("unknown encoding 'x-no-such-charset'"))
    }

    @Test func aBrokenPipeEndsQuietlyWithSuccess() {
        let closedPipe = MemoryOutput(failsAfter: 0, with: IOFailure(path: "<stdout>", reason: "Broken pipe", isBrokenPipe: true))
        let r = run({ $0.inputs = ["c.vcf"]; $0.format = .json }, stdout: closedPipe)
        #expect(r.status == .success)
        #expect(r.stderr == "")
    }

    @Test func aWriteErrorExits74() {
        let full = MemoryOutput(failsAfter: 0, with: IOFailure(path: "<stdout>", reason: "No space left on device"))
        let r = run({ $0.inputs = ["c.vcf"] }, stdout: full)
        #expect(r.status == .ioError)
        #expect(r.stderr.contains("No space left on device"))
    }

    @Test func aReadErrorIsReportedAndDoesNotLoop() {
        let fileSystem = InMemoryFileSystem()
        let stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(day(2026, 1, 1)), preferences: Preferences(), fileSystem: fileSystem,
                                      standardInput: FailingSource(after: "BEGIN:VCARD\nFN:A\n"),
                                      standardOutput: MemoryOutput(), standardError: stderr)
        #expect(App.run(RunOptions(), environment: environment) == .noInput)
        #expect(stderr.text == "<stdin>: error: read error: Input/output error\n")
    }
}
