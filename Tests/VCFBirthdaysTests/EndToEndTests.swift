import Foundation
import Testing
import VCFBirthdaysTesting

/// Runs the built `vcf2birthdays` binary, as a user or a script would.
private struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The directory the test bundle was built into; the executable is built beside it.
let binary: String = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
    if dir.lastPathComponent == "MacOS" || dir.path.hasSuffix(".xctest/Contents") {
        dir = dir.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    return dir.appendingPathComponent("vcf2birthdays").path
}()

private func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
                 directory: String? = nil) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    // The sanitizers' settings of `make test-sanitize` (its LeakSanitizer suppressions) reach
    // the binary too; nothing else of the test's environment does.
    for key in ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS"] {
        env[key] = ProcessInfo.processInfo.environment[key]
    }
    env.merge(environment) { $1 }
    process.environment = env
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    // Files, not pipes, for the output: a child writing much to both streams never waits on us.
    let dir = try temporaryDirectory()
    let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return Result(status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                  stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

private func temporaryDirectory() throws -> URL { try scratchDirectory() }

private let fixtures = packageRoot + "/Fixtures"

/// Whether python3 can import these modules.
private func pythonCanImport(_ modules: String) -> Bool {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3", "-c", "import " + modules]
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return false }
    p.waitUntilExit()
    return p.terminationStatus == 0
}

/// Runs a third-party-reader check script from Tests/interop and expects it to pass.
private func expectInteropCheck(_ script: String, _ arguments: [String]) throws {
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = ["python3", packageRoot + "/Tests/interop/" + script] + arguments
    let out = Pipe()
    check.standardOutput = out
    try check.run()
    let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    check.waitUntilExit()
    #expect(check.terminationStatus == 0, "\(report)")
    #expect(report.contains(" 0 failed"))
}

private let corpusGenerator = packageRoot + "/scripts/gen_corpus.py"

/// A corpus from the project's generator (scripts/gen_corpus.py), with real-client quirks and 5% photos.
private func generateCorpus(_ format: String, people: Int, seed: Int, to path: String, manifest: String? = nil,
                            duplicates: Int = 0) throws {
    let gen = Process()
    gen.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    gen.arguments = ["python3", corpusGenerator, "--people", "\(people)", "--seed", "\(seed)", "--format", format,
                     "--quirks", "--photos", "5", "--duplicates", "\(duplicates)", "--out", path] + (manifest.map { ["--manifest", $0] } ?? [])
    try gen.run()
    gen.waitUntilExit()
    #expect(gen.terminationStatus == 0)
}

@Suite(.serialized) struct EndToEndTests {
    @Test func theMainJob() throws {
        let r = try run(["--today", "2026-11-22", "--locale", "sv", fixtures + "/apple-contacts.vcf"])
        #expect(r.status == 0)
        #expect(r.stderr == "5 people, 1 without a birthday (--all lists them), 0 warnings, 0 rejected\n")
        // Swedish order (Ö after Z) and Swedish words.
        #expect(r.stdout == """
            21 juli       Örjan Ahlström
            23 nov. 2001  Zoë Andersson      fyller 25
            3 dec.        Dr. Jürgen Müller
            29 feb. 1988  Åsa Öberg          fyller 39

            """)
        let english = try run(["--today", "2026-11-22", "--locale", "en_GB", fixtures + "/apple-contacts.vcf"])
        #expect(english.stdout == """
            21 Jul       Örjan Ahlström
            23 Nov 2001  Zoë Andersson      turns 25
             3 Dec       Dr. Jürgen Müller
            29 Feb 1988  Åsa Öberg          turns 39

            """)
    }

    @Test func problemsExit65WithDiagnosticsAndRejects() throws {
        let dir = try temporaryDirectory()
        let rejects = dir.appendingPathComponent("rejects.vcf").path
        let r = try run(["--to", "tsv", "--rejects", rejects, "Fixtures/problems.vcf"], directory: packageRoot)
        #expect(r.status == 65)
        #expect(r.stderr.split(separator: "\n").map(String.init) == [
            "Fixtures/problems.vcf:5: warning: impossible date '1990-02-30': no birthday taken",
            "Fixtures/problems.vcf:7: error: text outside of any vCard: 'this line is not part of any card'",
            "Fixtures/problems.vcf:14: error: vCard is not closed: BEGIN:VCARD on line 19 comes before END:VCARD",
            "Fixtures/problems.vcf:31: error: vCard is not closed: no END:VCARD before the end of the input",
            "4 people, 2 without a birthday (--all lists them), 1 warning, 3 rejected",
        ])
        #expect(r.stdout.split(separator: "\n").count == 2)
        let saved = try String(contentsOfFile: rejects, encoding: .utf8)
        #expect(saved.hasPrefix("this line is not part of any card\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nN:Open;Never;;;\r\n"))
        #expect(saved.hasSuffix("BDAY:2000-01-01\r\n"))
        // The rejected records read again give exactly the same errors: nothing was lost or added.
        let again = try run(["--to", "json", rejects])
        #expect(again.status == 65)
        #expect(again.stderr.split(separator: "\n").count == 4)
        #expect(again.stderr.hasSuffix("0 people, 0 warnings, 3 rejected\n"))
    }

    /// A vCard file large enough to be parsed in parts: every output, diagnostic (with its line)
    /// and reject is the same on one thread as on several.
    @Test func threadsDoNotChangeTheOutput() throws {
        let dir = try temporaryDirectory()
        var big = Data()
        for _ in 0..<90 {
            for name in ["apple-contacts.vcf", "google-contacts.vcf", "android-2.1.vcf", "problems.vcf", "nextcloud-4.0.vcf"] {
                big.append(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
            }
        }
        #expect(big.count > 512 << 10)
        let input = dir.appendingPathComponent("big.vcf").path
        try big.write(to: URL(fileURLWithPath: input))
        for format in ["tsv", "json", "vcard4"] {
            var results: [String] = []
            for threads in ["1", "2", "5"] {
                let rejects = dir.appendingPathComponent("rejects-\(threads)").path
                let r = try run(["--to", format, "--threads", threads, "--rejects", rejects, input])
                #expect(r.status == 65)
                results.append(r.stdout + r.stderr + (try String(contentsOfFile: rejects, encoding: .utf8)))
            }
            #expect(results[1] == results[0] && results[2] == results[0], "--to \(format)")
        }
        #expect(try run(["--threads", "0", input]).status == 64)
    }

    /// A sort larger than `--buffer-size` goes through a temporary file in $TMPDIR that is gone
    /// at the end (it has no name from the start); a temporary directory that cannot take it
    /// is an I/O error (74) that says where, and writes no output file.
    @Test func aSortLargerThanTheBufferLeavesNoTemporaryFile() throws {
        let dir = try temporaryDirectory()
        let tmp = dir.appendingPathComponent("tmp").path
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: false)
        var big = Data()
        for _ in 0..<40 { big.append(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/google-contacts.vcf"))) }
        let input = dir.appendingPathComponent("big.vcf").path
        try big.write(to: URL(fileURLWithPath: input))
        for format in ["list", "vcard4"] {
            let arguments = ["--to", format, "--sort", "first", "--all", "--today", "2026-11-22", input]
            let inMemory = try run(arguments, environment: ["TMPDIR": tmp])
            let spilled = try run(["--buffer-size", "2K", "--threads", "2"] + arguments, environment: ["TMPDIR": tmp])
            #expect(spilled.status == 0 && !spilled.stdout.isEmpty)
            #expect(spilled.stdout == inMemory.stdout && spilled.stderr == inMemory.stderr, "--to \(format)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty)
        }
        let out = dir.appendingPathComponent("out.txt").path
        let failed = try run(["--buffer-size", "2K", "--all", "-o", out, input], environment: ["TMPDIR": dir.path + "/gone"])
        #expect(failed.status == 74)
        #expect(failed.stderr == "vcf2birthdays: error: temporary sort file in \(dir.path)/gone: No such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try run(["--buffer-size", "0", input]).status == 64)
        #expect(try run(["--buffer-size", "5X", input]).status == 64)
    }

    /// A CSV file large enough to be read in parts (with quoted line breaks to cut inside): the
    /// same output, diagnostics and rejects on one thread as on several.
    @Test func threadsDoNotChangeTheOutputOfCSV() throws {
        let dir = try temporaryDirectory()
        let google = try String(contentsOfFile: fixtures + "/csv/google-contacts.csv", encoding: .utf8)
        let header = google.prefix { $0 != "\n" } + "\n"
        var text = header
        while text.utf8.count < 600 << 10 { text += google.dropFirst(header.count) + "Ann,\"open,line\nline,03/04/1990\n" }
        let input = dir.appendingPathComponent("big.csv").path
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        for format in ["tsv", "json"] {
            var results: [String] = []
            for threads in ["1", "2", "5"] {
                let rejects = dir.appendingPathComponent("rejects-\(threads)").path
                let r = try run(["--to", format, "--threads", threads, "--rejects", rejects, input])
                results.append("\(r.status)" + r.stdout + r.stderr + ((try? String(contentsOfFile: rejects, encoding: .utf8)) ?? "-"))
            }
            #expect(results[1] == results[0] && results[2] == results[0], "--to \(format)")
            #expect(results[0].hasPrefix("0") || results[0].hasPrefix("65"))
        }
    }

    /// A directory of many files (opened ahead on worker threads when there are threads): the
    /// same output, diagnostics and exit status on one thread as on several, including a file
    /// that cannot be opened, a large one, a CSV file and an empty one.
    @Test func threadsDoNotChangeTheOutputOfADirectory() throws {
        let dir = try temporaryDirectory()
        let names = ["apple-contacts.vcf", "google-contacts.vcf", "android-2.1.vcf", "problems.vcf", "nextcloud-4.0.vcf",
                     "vdir/vdir-0.vcf", "vdir/vdir-1.vcf", "csv/google-contacts.csv"]
        for i in 0..<150 {
            let data = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + names[i % names.count]))
            let ext = names[i % names.count].hasSuffix(".csv") ? "csv" : "vcf"
            try data.write(to: dir.appendingPathComponent(String(format: "%03d.%@", i, ext)))
        }
        var big = Data()
        for _ in 0..<40 { big.append(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/apple-contacts.vcf"))) }
        try big.write(to: dir.appendingPathComponent("050-big.vcf"))
        try Data().write(to: dir.appendingPathComponent("070-empty.vcf"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("090-gone.vcf").path,
                                                   withDestinationPath: "/nonexistent/gone.vcf")
        // Small files are converted on the worker threads and replayed in order: every output,
        // the rejects and --strict's stop at the first rejection come out as on one thread.
        for arguments in [["--to", "json"], ["--to", "list"], ["--to", "tsv", "--sort", "first"], ["--to", "vcard4"],
                          ["--to", "google-csv", "--no-formulas"], ["--to", "tsv", "--strict"]] {
            var results: [String] = []
            for threads in ["1", "3"] {
                let rejects = dir.appendingPathComponent("rejects-\(threads).txt").path
                let r = try run(arguments + ["--threads", threads, "--rejects", rejects, dir.path])
                #expect(r.status == (arguments.contains("--strict") ? 65 : 66), "\(arguments)")
                results.append(r.stdout + r.stderr + ((try? String(contentsOfFile: rejects, encoding: .utf8)) ?? "-"))
            }
            #expect(arguments.contains("--strict") || results[0].contains("090-gone.vcf: error: cannot open"))
            #expect(results[1] == results[0], "\(arguments)")
        }
    }

    @Test func outputFileIsAtomic() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("birthdays.txt").path
        try "old contents\n".write(toFile: out, atomically: false, encoding: .utf8)
        // A strict run that hits a bad record leaves the old file byte-identical and no temporary file.
        let failed = try run(["--strict", "-o", out, fixtures + "/problems.vcf"])
        #expect(failed.status == 65)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old contents\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["birthdays.txt"])
        let ok = try run(["--to", "json", "-o", out, fixtures + "/google-contacts.vcf"])
        #expect(ok.status == 0 && ok.stdout == "")
        #expect(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["birthdays.txt"])
    }

    @Test func outputThatCannotBeCreatedExits73() throws {
        let r = try run(["-o", "/nonexistent-dir/x.txt", fixtures + "/apple-contacts.vcf"])
        #expect(r.status == 73)
        #expect(r.stderr.contains("/nonexistent-dir/x.txt"))
    }

    @Test func refusesToWriteIntoItsInput() throws {
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("c.vcf").path
        try FileManager.default.copyItem(atPath: fixtures + "/google-contacts.vcf", toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let r = try run(["-o", input, input])
        #expect(r.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }

    @Test func standardInputAndDirectories() throws {
        let card = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/google-contacts.vcf"))
        let piped = try run(["--to", "tsv", "--sort", "none"], stdin: card)
        #expect(piped.status == 0)
        #expect(piped.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false)[3] }
            == ["Priya Sharma", "Mateo García de la Cruz", "Chen Wei"])
        let vdir = try run(["--to", "json", fixtures + "/vdir"])
        #expect(vdir.status == 0)
        #expect(vdir.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.map { $0.contains("\"uid\":\"vdir-") }
            == [true, true, true])
    }

    /// The format from -o's extension without --to, the aliases, the suggestions, and usage
    /// errors as JSON under --errors json (#44).
    @Test func formatsAsTheUserNamesThem() throws {
        let dir = try temporaryDirectory().path
        let contacts = fixtures + "/apple-contacts.vcf"
        for (name, start) in [("guess.ics", "BEGIN:VCALENDAR"), ("g.CSV", "Display Name,"), ("j.json", "{\""), ("c.vcf", "BEGIN:VCARD\r\nVERSION:3.0"),
                              ("b.ldif", "dn:"), ("l.out", "21 Jul")] {
            let r = try run(["-q", "-o", dir + "/" + name, contacts])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(name): \(r.stderr)")
            #expect(try String(contentsOfFile: dir + "/" + name, encoding: .utf8).hasPrefix(start), "\(name)")
        }
        let clash = try run(["--to", "csv", "-o", dir + "/x.ics", contacts])
        #expect(clash.stderr.contains("warning: -o \(dir)/x.ics: the name says ics but --to csv is written\n"))
        #expect(clash.stderr.hasSuffix(", 1 warning, 0 rejected\n"))
        #expect(try run(["--to", "ICAL", contacts]).stdout.hasPrefix("BEGIN:VCALENDAR"))
        let vcf = try run(["--to", "vcf", contacts])
        #expect(vcf.status == 64 && vcf.stderr.contains("say --to vcard3"))
        let typo = try run(["--to", "icss", contacts])
        #expect(typo.status == 64 && typo.stderr.contains("Did you mean 'ics'?"))
        let json = try run(["--errors", "json", "--to", "icss", contacts])
        #expect(json.status == 64)
        #expect(json.stderr.hasPrefix("{\"severity\":\"error\",\"code\":\"usage\",\"path\":\"vcf2birthdays\",\"message\":\"The value 'icss' is invalid for '--to <format>': not a format's name."))
        #expect(try run(["--errors=json", "--bogus", contacts]).stderr.hasPrefix("{\"severity\":\"error\",\"code\":\"usage\""))
        // -qq for a mail client: nothing on standard error but failures; -q keeps the warnings.
        let odd = fixtures + "/problems.vcf"
        #expect(try run(["-qq", "--to", "mutt", odd, contacts]).stderr.isEmpty)
        #expect(try run(["-q", "--to", "mutt", odd, contacts]).stderr.contains("warning: impossible date"))
    }

    @Test func usageErrorsExit64() throws {
        for arguments in [["--sort", "shoe"], ["--today", "2026-02-30"], ["--within", "-1"], ["--to", "pdf"], ["--bogus"],
                          ["--delimiter", "ab"], ["--csv-dialect", "lotus"], ["--date-order", "yyy"], ["--from", "pdf"]] {
            let r = try run(arguments + [fixtures + "/apple-contacts.vcf"])
            #expect(r.status == 64, "\(arguments)")
            // One style for all our messages: the program's name, the message, the usage line.
            #expect(r.stderr.hasPrefix("vcf2birthdays: ") && r.stderr.contains("\nUsage: vcf2birthdays [<options>]"), "\(arguments)")
        }
        // Each says what is wrong, not that a value is missing or what form it wants.
        for (arguments, says) in [(["--within", "-3"], "--within takes a number of days of 0 or more"),
                                  (["--remind", "-1"], "The value '-1' is invalid for '--remind <days[@HH:MM]>': '-1' is not days from 0 to 366, optionally at a time of day (7@09:00)"),
                                  (["--remind", "1,7@25:00"], "'7@25:00' is not days from 0 to 366"),
                                  (["--remind", "0,1,2,3,4", "--remind", "5,6,7,8,9,10"], "--remind takes at most 10 reminders"),
                                  (["--today", "2026-02-30"], "The value '2026-02-30' is invalid for '--today <YYYY-MM-DD>': no such date"),
                                  (["--today", "30.2.2026"], "'--today <YYYY-MM-DD>': not a date as YYYY-MM-DD"),
                                  (["--threads", "257"], "'--threads <n>': not a number from 1 to 256"),
                                  (["--max-record-bytes", "1000"], "'--max-record-bytes <size>': not a size of at least 1K"),
                                  (["--for", "lotus"], "'--for <app>': not an application this tool knows; the applications: google, apple"),
                                  (["--to", "vcf"], "'--to <format>': it could be more than one format: say --to vcard3"),
                                  (["--encoding", "klingon"], "--encoding: unknown character set 'klingon'"),
                                  (["--locale", "sv SE"], "'--locale <locale>': not a locale such as sv, de_DE, sv_SE.UTF-8 or root"),
                                  (["--dupes", "--region", "ZZ"], "The value 'ZZ' is invalid for '--region <CC>': not a two-letter country code, such as DE or US"),
                                  (["--max-remove", "50%"], "--max-remove goes with --vdir"),
                                  (["--vdir", "/tmp/x", "--to", "ics", "--max-remove", "half"], "--max-remove")] {
            let r = try run(arguments + [fixtures + "/apple-contacts.vcf"])
            #expect(r.status == 64, "\(arguments)")
            #expect(r.stderr.contains(says), "\(arguments): \(r.stderr)")
        }
    }

    /// `--locale` takes the POSIX forms `$LANG` has (`sv_SE.UTF-8`, `de_DE@euro`, `C`).
    @Test func localeTakesPOSIXForms() throws {
        let sv = try run(["--locale", "sv", fixtures + "/apple-contacts.vcf"])
        for form in ["sv_SE.UTF-8", "sv_SE.UTF-8@euro", "sv_SE"] {
            let r = try run(["--locale", form, fixtures + "/apple-contacts.vcf"])
            #expect(r.status == 0 && r.stdout == sv.stdout && r.stderr == sv.stderr, "\(form): \(r.stderr)")
        }
        for form in ["C", "POSIX", "C.UTF-8"] { #expect(try run(["--locale", form, fixtures + "/apple-contacts.vcf"]).status == 0) }
    }

    @Test func missingInputExits66() throws {
        let r = try run(["/no/such/file.vcf"])
        #expect(r.status == 66)
        // Nothing was read: no summary line to count it.
        #expect(r.stderr == "/no/such/file.vcf: error: no such file or directory\n")
    }

    @Test func sortPreferenceAndLocaleFromTheEnvironment() throws {
        let path = fixtures + "/apple-contacts.vcf"
        let sv = try run(["--today", "2026-11-22", path], environment: ["LANG": "sv_SE.UTF-8", "VCF2BIRTHDAYS_SORT": "first"])
        #expect(sv.stdout.split(separator: "\n").map { $0.dropFirst(14).prefix(3) } == ["Dr.", "Zoë", "Åsa", "Örj"])
    }

    @Test func closingThePipeEarlyIsQuiet() throws {
        // Many cards, so the output is far larger than a pipe buffer; `head -1` closes the pipe.
        let dir = try temporaryDirectory()
        let big = dir.appendingPathComponent("big.vcf").path
        let card = try String(contentsOfFile: fixtures + "/google-contacts.vcf", encoding: .utf8)
        try String(repeating: card, count: 20_000).write(toFile: big, atomically: false, encoding: .utf8)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "'\(binary)' --to json '\(big)' 2>'\(dir.path)/err' | head -1 >/dev/null; echo ${PIPESTATUS:-} > /dev/null"]
        try shell.run()
        shell.waitUntilExit()
        let status = Process()
        status.executableURL = URL(fileURLWithPath: "/bin/bash")
        status.arguments = ["-c", "set -o pipefail; '\(binary)' --to json '\(big)' 2>'\(dir.path)/err' | head -1 >/dev/null"]
        try status.run()
        status.waitUntilExit()
        #expect(status.terminationStatus == 0)
        #expect(try String(contentsOfFile: dir.path + "/err", encoding: .utf8) == "")
    }

    @Test func csvInAndOut() throws {
        let outlook = try run(["--to", "tsv", "--sort", "none", fixtures + "/csv/outlook-windows-1252.csv"])
        #expect(outlook.status == 0)
        #expect(outlook.stderr.hasSuffix("outlook-windows-1252.csv: warning: not valid UTF-8; read as Windows-1252 (give --encoding to choose another)\n3 people, 1 warning, 0 rejected\n"))
        #expect(outlook.stdout.hasPrefix("1985-04-15\t"))
        // No FN in Outlook: the name is built from the parts, without the salutation ("Mrs.").
        #expect(outlook.stdout.contains("\tRenée Dubois\tDubois\tRenée\t"))
        let explicit = try run(["-q", "--encoding", "windows-1252", "--to", "json", fixtures + "/csv/outlook-windows-1252.csv"])
        #expect(explicit.stderr == "")
        let google = try run(["--to", "google-csv", fixtures + "/apple-contacts.vcf"])
        #expect(google.status == 0)
        #expect(google.stdout.hasPrefix("First Name,Middle Name,Last Name,"))
        let back = try run(["--to", "json", "-"], stdin: Data(google.stdout.utf8))
        #expect(back.status == 0)
        #expect(back.stdout.split(separator: "\n").count == 5)
        let rejected = try run(["--to", "json", "-"], stdin: Data("Name,Hobby\n,chess\n".utf8))
        #expect(rejected.status == 65)
        #expect(rejected.stderr.contains("<stdin>:2: error: row has no contact field"))
    }

    /// Real third-party iCalendar readers (Python icalendar and dateutil, installed by make test).
    @Test(.enabled(if: pythonCanImport("icalendar, dateutil"), "needs Python's icalendar and dateutil, which make test installs"))
    func icalendarReadsOurCalendars() throws {
        try expectInteropCheck("check_ics.py", [binary, fixtures])
    }

    /// Birthdays of other calendars against independent converters (lunardate, pyluach, convertdate).
    @Test(.enabled(if: pythonCanImport("icalendar, convertdate, lunardate, pyluach"),
                   "needs Python's icalendar, convertdate, lunardate and pyluach, which make test installs"))
    func otherCalendarsAgreeWithIndependentConverters() throws {
        try expectInteropCheck("check_calendars.py", [binary])
    }

    /// The live opener runs xdg-open from PATH with the path as its one argument.
    @Test func openRunsXdgOpenWithThePath() throws {
        let dir = try temporaryDirectory()
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = dir.appendingPathComponent("opened").path
        let script = bin.appendingPathComponent("xdg-open").path
        try "#!/bin/sh\nprintf '%s|' \"$#\" \"$@\" > '\(log)'\nexit ${FAKE_STATUS:-0}\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let out = dir.appendingPathComponent("my birthdays.ics").path
        let path = bin.path + ":/usr/bin:/bin"
        let ok = try run(["--to", "ics", "-o", out, "--open", fixtures + "/apple-contacts.vcf"], environment: ["PATH": path])
        #expect(ok.status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "1|\(out)|")
        // Without -o: a temporary .ics, named on standard error, is what gets opened.
        let temp = try run(["--to", "ics", "--open", fixtures + "/apple-contacts.vcf"], environment: ["PATH": path, "TMPDIR": dir.path])
        #expect(temp.stdout == "")
        let written = temp.stderr.split(separator: "\n").first { $0.hasPrefix("vcf2birthdays: wrote ") }
            .map { String($0.dropFirst("vcf2birthdays: wrote ".count)) } ?? ""
        #expect(written.hasPrefix(dir.path + "/vcf2birthdays-") && written.hasSuffix(".ics"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "1|\(written)|")
        #expect(try String(contentsOfFile: written, encoding: .utf8).hasPrefix("BEGIN:VCALENDAR"))
        let failing = try run(["--to", "ics", "-o", out, "--open", fixtures + "/apple-contacts.vcf"],
                              environment: ["PATH": path, "FAKE_STATUS": "4"])
        #expect(failing.status == 69)
        #expect(failing.stderr.hasSuffix("vcf2birthdays: error: cannot open \(out): xdg-open \(out) exited with status 4\n"))
        let missing = try run(["--to", "ics", "-o", out, "--open", fixtures + "/apple-contacts.vcf"],
                              environment: ["PATH": dir.path])
        #expect(missing.status == 69)
        #expect(missing.stderr.contains("xdg-open not found"))
    }

    @Test func photosOnTheRealFileSystem() throws {
        let dir = try temporaryDirectory()
        let photos = dir.appendingPathComponent("photos/contacts").path
        let r = try run(["--extract-photos", photos, fixtures + "/apple-contacts.vcf", fixtures + "/nextcloud-4.0.vcf"])
        #expect(r.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos).sorted() == ["Dr. Jürgen Müller.jpg", "佐藤 太郎.jpg"])
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: photos + "/Dr. Jürgen Müller.jpg"))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]) && jpeg.suffix(2) == Data([0xFF, 0xD9]))
        // A symbolic link or a hard link where a photo would go is never written through: without
        // --force it is kept, with --force the name is replaced by the new photo.
        let victim = dir.appendingPathComponent("victim").path
        let hardVictim = dir.appendingPathComponent("hard-victim").path
        try "keep me".write(toFile: victim, atomically: true, encoding: .utf8)
        try "keep me too".write(toFile: hardVictim, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: photos + "/佐藤 太郎.jpg")
        try FileManager.default.createSymbolicLink(atPath: photos + "/佐藤 太郎.jpg", withDestinationPath: victim)
        try FileManager.default.removeItem(atPath: photos + "/Dr. Jürgen Müller.jpg")
        try FileManager.default.linkItem(atPath: hardVictim, toPath: photos + "/Dr. Jürgen Müller.jpg")
        let kept = try run(["--extract-photos", photos, fixtures + "/nextcloud-4.0.vcf", fixtures + "/apple-contacts.vcf"])
        #expect(kept.status == 73)
        #expect(kept.stderr.contains("File exists (give --force to replace it)"))
        let forced = try run(["--force", "--extract-photos", photos, fixtures + "/nextcloud-4.0.vcf", fixtures + "/apple-contacts.vcf"])
        #expect(forced.status == 0)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
        #expect(try String(contentsOfFile: hardVictim, encoding: .utf8) == "keep me too")
        #expect(try FileManager.default.attributesOfItem(atPath: photos + "/佐藤 太郎.jpg")[.type] as? FileAttributeType == .typeRegular)
        #expect(try Data(contentsOf: URL(fileURLWithPath: photos + "/Dr. Jürgen Müller.jpg")) == jpeg)
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos).sorted() == ["Dr. Jürgen Müller.jpg", "佐藤 太郎.jpg"])
    }

    /// A vdir on the real file system: an unchanged file keeps its time; a link where a file goes
    /// is left alone (it is not ours), never written through; a link, a foreign file and our own
    /// file of another extension are never removed.
    @Test func vdirOnTheRealFileSystem() throws {
        let dir = try temporaryDirectory()
        let vdir = dir.appendingPathComponent("birthdays").path
        let input = fixtures + "/apple-contacts.vcf"
        let first = try run(["--to", "ics", "--vdir", vdir, "--today", "2026-11-22", input])
        #expect(first.status == 0)
        #expect(first.stderr.hasSuffix("; 4 written, 0 unchanged, 0 removed\n"))
        let names = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted()
        #expect(names.count == 4 && names.allSatisfy { $0.hasSuffix("@vcf2birthdays.ics") })
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for name in names { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: vdir + "/" + name) }
        let victim = dir.appendingPathComponent("victim").path
        try "keep me".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: vdir + "/" + names[0])
        try FileManager.default.createSymbolicLink(atPath: vdir + "/" + names[0], withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: vdir + "/stale-link.ics", withDestinationPath: victim)
        try "BEGIN:VCALENDAR\r\nPRODID:-//vcf2birthdays//vcf2birthdays//EN\r\n".write(toFile: vdir + "/ours.txt", atomically: true, encoding: .utf8)
        let second = try run(["--to", "ics", "--vdir", vdir, "--today", "2026-11-23", input])
        #expect(second.status == 0)
        #expect(second.stderr.hasSuffix("; 0 written, 3 unchanged, 0 removed, 1 not ours left alone\n"))
        #expect(second.stderr.contains("\(vdir)/\(names[0]) is not a file this program wrote: left as it is"))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: vdir + "/" + names[0]) == victim)
        for name in names.dropFirst() {
            #expect(try FileManager.default.attributesOfItem(atPath: vdir + "/" + name)[.modificationDate] as? Date == old)
        }
        let nobody = dir.appendingPathComponent("nobody.vcf").path
        try "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:No Birthday\r\nEND:VCARD\r\n".write(toFile: nobody, atomically: true, encoding: .utf8)
        let third = try run(["--to", "ics", "--vdir", vdir, nobody])
        #expect(third.stderr.hasSuffix("; 0 written, 0 unchanged, 3 removed\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).sorted() == [names[0], "ours.txt", "stale-link.ics"])
        let both = try run(["--to", "ics", "--vdir", vdir, "-o", dir.path + "/x.ics", input])
        #expect(both.status == 64 && both.stderr.contains("-o and --vdir cannot go together"))
        // Without --to, the format --for's application takes is the vdir's (nextcloud's vCard 4.0);
        // one that is no vdir's (google's CSV) is refused as --to's would be.
        let cards = dir.appendingPathComponent("cards").path
        #expect(try run(["-q", "--for", "nextcloud", "--vdir", cards, input]).status == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: cards)
        #expect(!written.isEmpty)
        for name in written {
            #expect(try name.hasSuffix(".vcf") && (String(contentsOfFile: cards + "/" + name, encoding: .utf8)).hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
        }
        let google = try run(["--for", "google", "--vdir", cards, input])
        #expect(google.status == 64 && google.stderr.contains("--vdir writes a file per event or card"))
    }

    @Test func aHugeLineIsRejectedWithinTheLimit() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("huge.vcf").path
        var text = "BEGIN:VCARD\nFN:Huge\nNOTE:" + String(repeating: "z", count: 20 << 20) + "\nEND:VCARD\n"
        text += "BEGIN:VCARD\nFN:Fine\nBDAY:--01-02\nEND:VCARD\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let r = try run(["--max-record-bytes", "1M", "--to", "json", "--rejects", dir.path + "/rejects.vcf", path])
        #expect(r.status == 65)
        #expect(r.stdout == "{\"formattedName\":\"Fine\",\"birthday\":\"--01-02\"}\n")
        #expect(r.stderr.contains("huge.vcf:1: error: vCard larger than 1048576 bytes (see --max-record-bytes): rejected, not written to the rejects file\n"))
        #expect(r.stderr.hasSuffix("1 person, 0 warnings, 1 rejected\n"))
        let rejects = try FileManager.default.attributesOfItem(atPath: dir.path + "/rejects.vcf")[.size] as? Int ?? -1
        #expect(rejects == 0)
        for bad in ["1", "abc", "0K", "-5M", "99999999999999999999"] {
            #expect(try run(["--max-record-bytes", bad, path]).status == 64, "\(bad)")
        }
        // A size near Int.max is clamped, not a crash.
        for huge in ["9223372036854775807", "9223372036854775807K", "8000000000G"] {
            #expect(try run(["--max-record-bytes", huge, path]).status == 0, "\(huge)")
        }
    }

    /// Every signal that ends the program and can be caught removes the temporary file.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU])
    func anInterruptionLeavesNoPartialOutput(signal: Int32) throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("out.txt").path
        try "old\n".write(toFile: out, atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--to", "json", "-o", out, "-"]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN:VCARD\nFN:Half\n".utf8))  // and the input stays open
        var waited = 0
        while try FileManager.default.contentsOfDirectory(atPath: dir.path).count < 2 && waited < 500 {
            usleep(10_000)
            waited += 1
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 2)  // the temporary file
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old\n")
    }

    /// #37: past a file size limit (`ulimit -f`) the run is not killed by SIGXFSZ: the write
    /// fails with EFBIG, and the run ends as on a full disk (74, the old file kept, no temporary file).
    @Test func aFileSizeLimitEndsTheRunAsAFullDiskDoes() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("out.json").path
        try "old\n".write(toFile: out, atomically: false, encoding: .utf8)
        let cards = (1...200).map { "BEGIN:VCARD\nFN:Person Number \($0)\nBDAY:1990-01-05\nEND:VCARD\n" }.joined()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // 8 blocks of 512 bytes: the 9 KB of JSON do not fit.
        process.arguments = ["-c", "ulimit -f 8 && exec \"$0\" --to json -o \"$1\" -", binary, out]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(cards.utf8))
        try input.fileHandleForWriting.close()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 74, "\(stderr)")
        #expect(stderr.contains("File too large"), "\(stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.json"])
    }

    /// A path named on its own is read whatever it is: /dev/stdin, and a FIFO another process
    /// writes (a FIFO inside a directory is skipped instead: OutputSafetyTests).
    @Test func aNamedFIFOOrDevStdinIsReadAsAStream() throws {
        let card = "BEGIN:VCARD\nFN:Ann\nBDAY:1990-01-05\nEND:VCARD\n"
        let piped = try run(["--to", "json", "/dev/stdin"], stdin: Data(card.utf8))
        #expect(piped.status == 0)
        #expect(piped.stdout == "{\"formattedName\":\"Ann\",\"birthday\":\"1990-01-05\"}\n")
        let dir = try temporaryDirectory()
        let fifo = dir.appendingPathComponent("contacts.vcf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data(card.utf8))
                try? handle.close()
            }
        }
        writer.start()
        let named = try run(["--to", "json", fifo])
        #expect(named.status == 0)
        #expect(named.stdout == piped.stdout)
    }

    /// Standard descriptors closed by the caller: a file the run opens never takes their place
    /// (the diagnostics do not land in -o's file, the JSON not in the rejects file), and a
    /// closed standard output is an output error.
    @Test func closedStandardDescriptorsAreNotReused() throws {
        let dir = try temporaryDirectory()
        let input = dir.appendingPathComponent("in.vcf").path
        try ("BEGIN:VCARD\nFN:Ann\nBDAY:1990-01-05\nEND:VCARD\n" + "BEGIN:VCARD\nFN:Cut\n").write(toFile: input, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out.json").path, rejects = dir.appendingPathComponent("rejects.vcf").path
        func shell(_ redirections: String, _ arguments: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \(redirections); exec '\(binary)' \(arguments)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try shell("2>&-", "--to json -o '\(out)' '\(input)'") == 65)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "{\"formattedName\":\"Ann\",\"birthday\":\"1990-01-05\"}\n")
        #expect(try shell("<&- >&- 2>&-", "--to json --rejects '\(rejects)' '\(input)'") == 74)
        #expect(!FileManager.default.fileExists(atPath: rejects))  // the run failed: nothing written
        #expect(try shell(">&-", "--to json '\(input)'") == 74)
    }

    /// `--version` says what the build is: `git describe` of its source, as `make test` passes
    /// it (`VCF2BIRTHDAYS_EXPECTED_VERSION`), or, run otherwise, what `make` last wrote into
    /// `.build/version.h`, else that it was built without `make`.
    @Test func versionSaysWhatTheBuildIs() throws {
        let printed = try run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let header = (try? String(contentsOfFile: fixtures + "/../.build/version.h", encoding: .utf8))?
            .split(separator: "\"").dropFirst().first.map(String.init)
        let expected = ProcessInfo.processInfo.environment["VCF2BIRTHDAYS_EXPECTED_VERSION"] ?? header ?? "unknown (built without make)"
        #expect(printed == expected)
    }

    @Test func helpAndManPageListTheSameOptions() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        let man = try String(contentsOfFile: packageRoot + "/man/vcf2birthdays.1", encoding: .utf8)
        let helpOptions = Set(help.stdout.matches(of: /--[a-z][a-z0-9-]+/).map { String($0.output) })
        // Every long option named on an `.It` line (`.It Fl q , Fl \-quiet`, `.It Fl \-progress , Fl \-no\-progress`).
        let itemLines = man.split(separator: "\n").filter { $0.hasPrefix(".It ") }
        let manOptions = Set(itemLines.flatMap { line in
            line.matches(of: /Fl \\-([a-z][a-z0-9\\-]*[a-z0-9])/).map { "--" + $0.output.1.replacing("\\", with: "") }
        })
        #expect(!helpOptions.isEmpty)
        #expect(helpOptions == manOptions, "only in --help: \(helpOptions.subtracting(manOptions)); only in the man page: \(manOptions.subtracting(helpOptions))")
    }

    @Test func duplicatesAcrossExports() throws {
        let r = try run(["--dupes", "google-contacts.vcf", "csv/google-contacts.csv", "csv/thunderbird.csv", "ldif/thunderbird.ldif"],
                        directory: fixtures)
        #expect(r.status == 0)
        #expect(r.stdout == "1\temail\tPriya Sharma\tgoogle-contacts.vcf:1\n1\temail\tPriya Sharma\tcsv/google-contacts.csv:2\n"
                + "2\temail\tSanne van der Meer\tcsv/thunderbird.csv:2\n2\temail\tSanne van der Meer\tldif/thunderbird.ldif:1\n")
        #expect(r.stderr == "vcf2birthdays: 2 groups of duplicates (4 people), 0 conflicts\n13 people, 0 warnings, 0 rejected\n")
        #expect(try run(["--dupes", "--to", "json", "google-contacts.vcf"], directory: fixtures).status == 64)
        // A selection shows the groups with a member it includes, whole: only the LDIF entry has
        // the work address the query finds, and the CSV row is shown with it.
        let sanne = try run(["--dupes", "--query", "WERK.example", "google-contacts.vcf", "csv/google-contacts.csv", "csv/thunderbird.csv",
                             "ldif/thunderbird.ldif"], directory: fixtures)
        #expect(sanne.stdout == "1\temail\tSanne van der Meer\tcsv/thunderbird.csv:2\n1\temail\tSanne van der Meer\tldif/thunderbird.ldif:1\n")
        #expect(sanne.stderr == "vcf2birthdays: 1 group of duplicates (2 people), 0 conflicts\n13 people, 0 warnings, 0 rejected\n")
    }

    /// `--dupes` on a generated corpus with 10 % duplicates, against the manifest's true groups:
    /// no false pair, at least 98 % of the true pairs found.
    @Test(arguments: ["vcard3", "google-csv"])
    func duplicatesOfTheGeneratedCorpus(format: String) throws {
        let dir = try temporaryDirectory()
        let corpus = dir.appendingPathComponent(format.hasSuffix("csv") ? "c.csv" : "c.vcf").path, manifest = dir.appendingPathComponent("m.jsonl").path
        try generateCorpus(format, people: 3000, seed: 11, to: corpus, manifest: manifest, duplicates: 10)
        let r = try run(["--dupes", corpus])
        #expect(r.status == 0)
        let parents = try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n").map {
            (try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["duplicateOf"] as? Int
        }
        func root(_ i: Int) -> Int { parents[i].map(root) ?? i }
        var truth = Set<[Int]>()
        var byRoot: [Int: [Int]] = [:]
        for i in parents.indices { byRoot[root(i), default: []].append(i) }
        for group in byRoot.values { for a in group { for b in group where a < b { truth.insert([a, b]) } } }
        // The records' first lines, in order, give each reported person's index.
        let lines = try String(contentsOfFile: corpus, encoding: .utf8)
            .split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })  // CRLF is one Character
        var index: [Int: Int] = [:]
        if format.hasSuffix("csv") {
            var quoted = false  // a quoted field's line breaks start no record
            for (n, line) in lines.enumerated() {
                if !quoted && n > 0 && !line.isEmpty { index[n + 1] = index.count }
                for c in line.utf8 where c == UInt8(ascii: "\"") { quoted.toggle() }
            }
        } else {
            for (n, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespacesAndNewlines).uppercased() == "BEGIN:VCARD" {
                index[n + 1] = index.count
            }
        }
        var groups: [Substring: [Int]] = [:]
        for line in r.stdout.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields[1] != "conflict", let at = Int(fields[3].split(separator: ":").last!), let i = index[at] else { continue }
            groups[fields[0], default: []].append(i)
        }
        var found = Set<[Int]>()
        for group in groups.values { for a in group { for b in group where a < b { found.insert([a, b]) } } }
        #expect(!truth.isEmpty && found.subtracting(truth).isEmpty, "false pairs: \(Array(found.subtracting(truth)).prefix(5))")
        #expect(Double(found.intersection(truth).count) >= 0.98 * Double(truth.count), "\(found.intersection(truth).count) of \(truth.count) true pairs")
    }

    /// libphonenumber is loaded by the runs that compare phone numbers only (libVCPhone.so beside
    /// the program), not linked: without the library, --dupes says so and groups by the other reasons.
    @Test func phoneNumbersLoadOnlyWhenCompared() throws {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [binary]
        let pipe = Pipe()
        ldd.standardOutput = pipe
        try ldd.run()
        let linked = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        #expect(linked.contains("libicuuc") && !linked.contains("phonenumber") && !linked.contains("protobuf"))
        let cards = Data("BEGIN:VCARD\nFN:Anna Berg\nTEL:+49 30 123456\nEND:VCARD\nBEGIN:VCARD\nFN:Anna Berg\nTEL:030 123456\nEND:VCARD\n".utf8)
        let found = try run(["-q", "--dupes", "--region", "DE"], stdin: cards)
        #expect(found.stdout == "1\tphone\tAnna Berg\t<stdin>:1\n1\tphone\tAnna Berg\t<stdin>:5\n" && found.stderr.isEmpty)
        let alone = try temporaryDirectory().appendingPathComponent("vcf2birthdays").path
        try FileManager.default.copyItem(atPath: binary, toPath: alone)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: alone)
        process.arguments = ["--dupes", "google-contacts.vcf", "csv/google-contacts.csv"]
        process.currentDirectoryURL = URL(fileURLWithPath: fixtures)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(said.hasPrefix("vcf2birthdays: warning: libVCPhone.so (libphonenumber's front) is neither beside the program nor in "
                               + "../lib/vcf2birthdays from it: phone numbers are not compared\n"))
        #expect(report.contains("1\temail\tPriya Sharma\tgoogle-contacts.vcf:1\n"))
    }

    /// `--merge` across the exports of one address book: each group one person, the output the
    /// same when the people wait in a scratch file; alone, a file without duplicates is written as without it.
    @Test func mergeAcrossExports() throws {
        let files = ["google-contacts.vcf", "csv/google-contacts.csv", "csv/thunderbird.csv", "ldif/thunderbird.ldif"]
        let r = try run(["--merge", "--to", "vcard4"] + files, directory: fixtures)
        #expect(r.status == 0)
        #expect(r.stderr == "vcf2birthdays: merged 4 people into 2 (groups of duplicates: --dupes lists them), 0 conflicts left apart\n"
                + "13 people, 0 warnings, 0 rejected\n")
        #expect(r.stdout.components(separatedBy: "BEGIN:VCARD").count - 1 == 11)
        #expect(r.stdout.contains("EMAIL;TYPE=home;PREF=1:priya@home.example\r\n"))  // the CSV's third address
        #expect(try run(["--merge", "--to", "vcard4", "--buffer-size", "1K"] + files, directory: fixtures).stdout == r.stdout)
        #expect(try run(["--merge", "--dupes"] + files, directory: fixtures).status == 64)
        // No temporary directory: a clear error, exit 74, and no output file.
        let out = try temporaryDirectory().appendingPathComponent("merged.vcf").path
        let failed = try run(["--merge", "--to", "vcard4", "--buffer-size", "1K", "-o", out] + files,
                             environment: ["TMPDIR": "/nonexistent-tmp"], directory: fixtures)
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("vcf2birthdays: error: temporary sort file in /nonexistent-tmp: No such file or directory\n"))
        #expect(!FileManager.default.fileExists(atPath: out))
        for format in ["vcard4", "vcard3", "google-csv", "json", "ldif"] {
            let alone = vcardFixtures.filter { $0 != "test.vcf" }
            #expect(try run(["-q", "--merge", "--to", format] + alone, directory: fixtures).stdout
                    == (try run(["-q", "--to", format] + alone, directory: fixtures).stdout), "\(format)")
        }
    }

    /// `--merge` on a generated corpus with 10 % duplicates loses nothing: every e-mail address
    /// and category is still there, every note inside one; one person per group.
    @Test func mergeOfTheGeneratedCorpusLosesNothing() throws {
        let dir = try temporaryDirectory()
        let corpus = dir.appendingPathComponent("c.vcf").path
        try generateCorpus("vcard3", people: 3000, seed: 11, to: corpus, duplicates: 10)
        func people(_ arguments: [String]) throws -> [[String: Any]] {
            let r = try run(arguments + ["--to", "json", corpus])
            #expect(r.status == 0)
            return r.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        }
        let before = try people([]), after = try people(["--merge"])
        let grouped = try run(["--dupes", corpus]).stdout.split(separator: "\n").filter { !$0.contains("\tconflict\t") }
        let groups = Set(grouped.map { $0.split(separator: "\t")[0] }).count
        #expect(groups > 100)
        #expect(after.count == before.count - grouped.count + groups)
        func values(_ people: [[String: Any]], _ key: String) -> Set<String> {
            Set(people.flatMap { ($0[key] as? [Any] ?? []).map { (($0 as? [String: Any])?["value"] as? String ?? $0 as! String).lowercased() } })
        }
        #expect(values(after, "emails") == values(before, "emails"))
        #expect(values(after, "categories") == values(before, "categories"))
        let notes = after.compactMap { $0["note"] as? String }
        #expect(before.compactMap { $0["note"] as? String }.allSatisfy { note in notes.contains { $0.contains(note) } })
        #expect(try run(["--merge", "--buffer-size", "64K", "--to", "json", corpus]).stdout == (try run(["--merge", "--to", "json", corpus]).stdout))
    }

    @Test(arguments: ["vcard21", "vcard3", "vcard4", "google-csv", "outlook-csv"])
    func generatedCorpusMatchesItsManifest(format: String) throws {
        let dir = try temporaryDirectory()
        let corpus = dir.appendingPathComponent(format.hasSuffix("csv") ? "c.csv" : "c.vcf").path, manifest = dir.appendingPathComponent("m.jsonl").path
        try generateCorpus(format, people: 3000, seed: 7, to: corpus, manifest: manifest)
        let r = try run(["--to", "json", corpus])
        #expect(r.status == 0)
        #expect(r.stderr == "3000 people, 0 warnings, 0 rejected\n")
        let got = r.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let want = try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n")
            .map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(got.count == want.count)
        var mismatches = 0
        for (g, w) in zip(got, want) {
            let same = (g["familyName"] as? String ?? "") == (w["familyName"] as? String ?? "")
                && (g["givenName"] as? String ?? "") == (w["givenName"] as? String ?? "")
                && (g["birthday"] as? String) == (w["birthday"] as? String)
            if !same {
                mismatches += 1
                if mismatches <= 5 { Issue.record("got \(g), want \(w)") }
            }
        }
        #expect(mismatches == 0)

        // Through vCard 4.0 and back to 3.0: the same people, the same photo bytes.
        let v4 = dir.appendingPathComponent("v4.vcf").path, v3 = dir.appendingPathComponent("v3.vcf").path
        #expect(try run(["--to", "vcard4", "-o", v4, corpus]).status == 0)
        #expect(try run(["--to", "vcard3", "-o", v3, v4]).status == 0)
        let back = try run(["--to", "json", v3])
        #expect(back.stdout == r.stdout)
        // Through jCard and back: the same people.
        let jcard = dir.appendingPathComponent("c.json").path
        #expect(try run(["--to", "jcard", "-o", jcard, corpus]).status == 0)
        #expect(try run(["--to", "json", jcard]).stdout == r.stdout)
        // Through JSContact and back: the same people.
        let jscontact = dir.appendingPathComponent("c.jscontact").path
        #expect(try run(["-o", jscontact, corpus]).status == 0)
        #expect(try VCardRoundTripTests.samePeopleThroughJSContact(Array(r.stdout.utf8), Array(try run(["--to", "json", jscontact]).stdout.utf8)))
        let photos = dir.appendingPathComponent("photos").path, photosBack = dir.appendingPathComponent("photos-back").path
        #expect(try run(["-q", "--to", "tsv", "--extract-photos", photos, corpus]).status == 0)
        #expect(try run(["-q", "--to", "tsv", "--extract-photos", photosBack, v3]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: photos).sorted()
        #expect(names.count > 50 || format.hasSuffix("csv"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: photosBack).sorted() == names)
        for name in names {
            #expect(FileManager.default.contents(atPath: photos + "/" + name) == FileManager.default.contents(atPath: photosBack + "/" + name))
        }
    }

    /// A real third-party vCard reader (Python vobject, installed by make test) on our vCard 3.0
    /// and 4.0 output of every fixture and of generated corpora.
    @Test(.enabled(if: pythonCanImport("vobject"), "needs Python's vobject, which make test installs"))
    func vobjectReadsOurVCards() throws {
        let dir = try temporaryDirectory()
        var inputs = try FileManager.default.contentsOfDirectory(atPath: fixtures).filter { $0.hasSuffix(".vcf") }
            .map { fixtures + "/" + $0 }
        inputs += try FileManager.default.contentsOfDirectory(atPath: fixtures + "/csv").map { fixtures + "/csv/" + $0 }
        inputs.append(fixtures + "/vdir")
        for format in ["vcard21", "vcard3", "vcard4", "google-csv"] {
            let corpus = dir.appendingPathComponent(format).path
            try generateCorpus(format, people: 1000, seed: 23, to: corpus)
            inputs.append(corpus)
        }
        try expectInteropCheck("check_vcard.py", [binary] + inputs)
    }
}
