import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// The app on the real file system (a fresh folder per test), with a fixed clock and the
/// standard streams in memory: where every output may and may not land.
private struct Folder {
    let path: String

    init() throws {
        path = try scratchDirectory().path
    }

    func at(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: at(name), atomically: false, encoding: .utf8)
    }

    func read(_ name: String) -> String? { try? String(contentsOfFile: at(name), encoding: .utf8) }

    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    /// Runs the app with the folder as the place the paths are relative to.
    func run(_ arguments: (inout RunOptions) -> Void, stdin: any ByteSource = MemorySource("")) -> (status: RunStatus, stdout: String, stderr: String) {
        var options = RunOptions()
        options.diagnostics.quiet = true
        options.threads = 1
        arguments(&options)
        let stdout = MemoryOutput(), stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(day(2026, 11, 22)), preferences: Preferences(),
                                      fileSystem: LocalFileSystem(), opener: StubOpener(), standardInput: stdin,
                                      standardOutput: stdout, standardError: stderr)
        let status = App.run(options, environment: environment)
        return (status, stdout.text, stderr.text)
    }
}

private let card = "BEGIN:VCARD\nVERSION:3.0\nFN:Ann Berg\nBDAY:1990-01-05\nEND:VCARD\n"
private let broken = "BEGIN:VCARD\nVERSION:3.0\nFN:Cut Off\n"

@Suite struct OutputSafetyTests {
    /// `--rejects` and `-o` refuse any input: named, through a link, inside an input directory,
    /// another hard link of one, or the file standard input reads.
    @Test func noOutputLandsOnAnInput() throws {
        let f = try Folder()
        try f.write("v.vcf", card + broken)
        try FileManager.default.createDirectory(atPath: f.at("dir"), withIntermediateDirectories: true)
        try f.write("dir/in.vcf", card)
        try FileManager.default.createSymbolicLink(atPath: f.at("link.vcf"), withDestinationPath: f.at("v.vcf"))
        try FileManager.default.linkItem(atPath: f.at("dir/in.vcf"), toPath: f.at("hard.txt"))
        let cases: [(inputs: [String], rejects: String?, output: String?)] = [
            ([f.at("v.vcf")], f.at("v.vcf"), nil),
            ([f.at("v.vcf")], f.at("link.vcf"), nil),
            ([f.at("link.vcf")], f.at("v.vcf"), nil),
            ([f.at("dir")], f.at("dir/in.vcf"), nil),
            ([f.at("dir")], nil, f.at("hard.txt")),
            ([f.at("dir")], f.at("hard.txt"), nil),
        ]
        for c in cases {
            let r = f.run { $0.input.paths = c.inputs; $0.output.format = .json; $0.diagnostics.rejects = c.rejects; $0.output.file = c.output }
            #expect(r.status == .cannotCreate, "\(c)")
            #expect(r.stderr.contains("refusing to overwrite an input file"), "\(c)")
        }
        #expect(f.read("v.vcf") == card + broken)
        #expect(f.read("dir/in.vcf") == card && f.read("hard.txt") == card)
        // Standard input redirected from a file.
        let stdin = try LocalFileSystem().openForReading(f.at("v.vcf"))
        let r = f.run({ $0.output.format = .json; $0.diagnostics.rejects = f.at("v.vcf") }, stdin: stdin)
        #expect(r.status == .cannotCreate)
        #expect(f.read("v.vcf") == card + broken)
        #expect(f.names == ["dir", "hard.txt", "link.vcf", "v.vcf"])  // no temporary file left
    }

    @Test func twoOutputsMayNotShareAFile() throws {
        let f = try Folder()
        try f.write("v.vcf", card + broken)
        for (output, rejects) in [("x.json", "x.json"), ("x.json", "./x.json"), ("sub/../x.json", "x.json")] {
            try FileManager.default.createDirectory(atPath: f.at("sub"), withIntermediateDirectories: true)
            let r = f.run { $0.input.paths = [f.at("v.vcf")]; $0.output.format = .json; $0.output.file = f.at(output); $0.diagnostics.rejects = f.at(rejects) }
            #expect(r.status == .cannotCreate, "\(output) \(rejects)")
            #expect(r.stderr.contains("the same file as"), "\(output) \(rejects)")
        }
        #expect(f.names == ["sub", "v.vcf"])
        // A device takes both.
        let r = f.run { $0.input.paths = [f.at("v.vcf")]; $0.output.format = .json; $0.output.file = "/dev/null"; $0.diagnostics.rejects = "/dev/null" }
        #expect(r.status == .dataError)
    }

    /// `-o` follows a link and replaces its target (the link stays), creates the target of a
    /// link to nothing, gives every hard link the new content, and refuses a directory (73).
    @Test func outputThroughLinks() throws {
        let f = try Folder()
        try f.write("v.vcf", card)
        try f.write("target.json", "old\n")
        try FileManager.default.createSymbolicLink(atPath: f.at("link.json"), withDestinationPath: "target.json")
        try FileManager.default.createSymbolicLink(atPath: f.at("dangling.json"), withDestinationPath: "new.json")
        try f.write("hard.json", "old\n")
        try FileManager.default.linkItem(atPath: f.at("hard.json"), toPath: f.at("other-name.json"))
        let expected = #"{"formattedName":"Ann Berg","birthday":"1990-01-05"}"# + "\n"
        for name in ["link.json", "dangling.json", "hard.json"] {
            let r = f.run { $0.input.paths = [f.at("v.vcf")]; $0.output.format = .json; $0.output.file = f.at(name) }
            #expect(r.status == .success, "\(name) \(r.stderr)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: f.at("link.json")) == "target.json")
        #expect(f.read("target.json") == expected)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: f.at("dangling.json")) == "new.json")
        #expect(f.read("new.json") == expected)
        #expect(f.read("hard.json") == expected && f.read("other-name.json") == expected)
        try FileManager.default.createDirectory(atPath: f.at("folder"), withIntermediateDirectories: true)
        let r = f.run { $0.input.paths = [f.at("v.vcf")]; $0.output.file = f.at("folder") }
        #expect(r.status == .cannotCreate)
        #expect(r.stderr.contains("Is a directory"))
        #expect(f.names == ["dangling.json", "folder", "hard.json", "link.json", "new.json", "other-name.json", "target.json", "v.vcf"])
    }

    /// A FIFO and a character device are written in place: never replaced by a file.
    @Test func outputIntoAFIFOAndADevice() throws {
        let f = try Folder()
        try f.write("v.vcf", card)
        #expect(mkfifo(f.at("fifo"), 0o600) == 0)
        let received = ReceivedBytes()
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: f.at("fifo"))
            received.bytes = handle?.readDataToEndOfFile() ?? Data()
        }
        reader.start()
        let r = f.run { $0.input.paths = [f.at("v.vcf")]; $0.output.format = .json; $0.output.file = f.at("fifo") }
        #expect(r.status == .success, "\(r.stderr)")
        while !received.done { usleep(1000) }
        #expect(String(decoding: received.bytes, as: UTF8.self).contains("Ann Berg"))
        #expect(try FileManager.default.attributesOfItem(atPath: f.at("fifo"))[.type] as? FileAttributeType == .typeUnknown)
        let null = f.run { $0.input.paths = [f.at("v.vcf")]; $0.output.file = "/dev/null" }
        #expect(null.status == .success)
        #expect(try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType == .typeCharacterSpecial)
        #expect(f.names == ["fifo", "v.vcf"])
    }

    /// A FIFO (or anything that is not a regular file) in an input directory is skipped with a
    /// warning instead of blocking the run.
    @Test func aFIFOInAnInputDirectoryIsSkipped() throws {
        let f = try Folder()
        try f.write("a.vcf", card)
        #expect(mkfifo(f.at("b.vcf"), 0o600) == 0)
        try FileManager.default.createDirectory(atPath: f.at("c.vcf"), withIntermediateDirectories: true)
        let finished = DispatchSemaphore(value: 0)
        let result = Box()
        Thread {
            result.run = f.run { $0.input.paths = [f.path] }
            finished.signal()
        }.start()
        if finished.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("the run blocked on the FIFO")
            let fd = open(f.at("b.vcf"), O_WRONLY | O_NONBLOCK)  // let it go
            close(fd)
            finished.wait()
        }
        #expect(result.run?.status == .success)
        #expect(result.run?.stdout == " 5 Jan 1990  Ann Berg  turns 37\n")
        #expect(result.run?.stderr == "\(f.path)/b.vcf: warning: not a regular file, skipped\n"
            + "\(f.path)/c.vcf: warning: not a regular file, skipped\n")
    }

    /// `--strict` writes nothing anywhere when a record is rejected: not `-o`, not a photo.
    @Test func strictWritesNoPhotoWhenTheRunFails() throws {
        let f = try Folder()
        let photo = "BEGIN:VCARD\nVERSION:4.0\nFN:Ann\nPHOTO:data:image/png;base64,iVBORw0KGgo=\nEND:VCARD\n"
        try f.write("v.vcf", photo + broken)
        try f.write("out.json", "old\n")
        let r = f.run {
            $0.input.paths = [f.at("v.vcf")]; $0.output.format = .json; $0.diagnostics.strict = true
            $0.output.file = f.at("out.json"); $0.output.photoDirectory = f.at("photos")
        }
        #expect(r.status == .dataError)
        #expect(f.read("out.json") == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.at("photos")) == [])
        try f.write("v.vcf", photo)
        let good = f.run { $0.input.paths = [f.at("v.vcf")]; $0.output.format = .json; $0.diagnostics.strict = true; $0.output.photoDirectory = f.at("photos") }
        #expect(good.status == .success)
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.at("photos")) == ["Ann.png"])
    }

    /// #37: a vdir folder that holds an input is refused by the file's identity: an input
    /// redirected into standard input, or named through a link from outside the folder.
    @Test func aVdirNeverHoldsAnInput() throws {
        let f = try Folder()
        try FileManager.default.createDirectory(atPath: f.at("iv"), withIntermediateDirectories: true)
        try f.write("iv/my-export.vcf", card)
        try FileManager.default.createSymbolicLink(atPath: f.at("export.vcf"), withDestinationPath: f.at("iv/my-export.vcf"))
        let stdin = try LocalFileSystem().openForReading(f.at("iv/my-export.vcf"))
        let redirected = f.run({ $0.output.format = .vcard4; $0.output.vdir = f.at("iv") }, stdin: stdin)
        #expect(redirected.status == .cannotCreate)
        #expect(redirected.stderr.contains("refusing to write the vdir into a folder of the input (<stdin>)"))
        let linked = f.run { $0.input.paths = [f.at("export.vcf")]; $0.output.format = .vcard4; $0.output.vdir = f.at("iv") }
        #expect(linked.status == .cannotCreate)
        #expect(linked.stderr.contains("refusing to write the vdir into a folder of the input (\(f.at("export.vcf")))"))
        #expect(f.read("iv/my-export.vcf") == card)
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.at("iv")) == ["my-export.vcf"])
    }

    /// #37: `-o` is left as it was (or not created) when no one was read, whatever the reason;
    /// a run that read someone replaces it.
    @Test(arguments: [
        ("every input missing", RunStatus.noInput, ["missing.vcf"]),
        ("a binary file", .dataError, ["program.vcf"]),
        ("every record rejected", .dataError, ["broken.vcf"]),
        ("an empty file", .success, ["empty.vcf"]),
        ("a directory without contacts", .success, ["nothing"]),
    ] as [(String, RunStatus, [String])])
    func outputIsLeftWhenNoOneWasRead(_ row: (String, RunStatus, [String])) throws {
        let f = try Folder()
        try f.write("program.vcf", "\u{7F}ELF\u{2}\u{1}\u{1}\0\0\0\0\0\0\0\0\0")
        try f.write("broken.vcf", broken)
        try f.write("empty.vcf", "")
        try FileManager.default.createDirectory(atPath: f.at("nothing"), withIntermediateDirectories: true)
        try f.write("out.json", "old\n")
        for target in ["out.json", "new.json"] {
            let r = f.run { o in
                o.input.paths = row.2.map(f.at); o.output.format = .json; o.output.file = f.at(target); o.diagnostics.quiet = false
            }
            #expect(r.status == row.1, "\(row.0)")
            #expect(r.stderr.contains("\(f.at(target)): warning: nothing could be read: left as it was"), "\(row.0): \(r.stderr)")
        }
        #expect(f.read("out.json") == "old\n" && f.read("new.json") == nil, "\(row.0)")
        #expect(!f.names.contains { $0.contains(".tmp-") })
        try f.write("good.vcf", card)
        let good = f.run { $0.input.paths = (row.2 + ["good.vcf"]).map(f.at); $0.output.format = .json; $0.output.file = f.at("out.json") }
        #expect(f.read("out.json")?.contains("Ann Berg") == true, "\(row.0): \(good.stderr)")
    }

    @Test func photoNamesLoseFormatAndControlCharacters() {
        #expect(PhotoExtractor.safeFileName("Ann\u{202E}gpj.exe", fallback: "x") == "Anngpj.exe")
        #expect(PhotoExtractor.safeFileName("A\u{200B}n\u{2066}n\u{2028}\u{85}\u{1B}[2J", fallback: "x") == "Ann__[2J")
    }

    /// Text from the input in a diagnostic (a value, a file name) cannot drive the terminal:
    /// control and bidirectional characters are escaped, and a huge value is cut.
    @Test func diagnosticsEscapeAndCutWhatTheInputSays() {
        let d = Diagnostic(.warning, .invalidDate, path: "a\u{1B}[2J.vcf", line: 3, "BDAY '\u{1B}]0;pwned\u{07}\u{202E}x\u{85}' is not a date")
        #expect(d.description == "a\\x1B[2J.vcf:3: warning: BDAY '\\x1B]0;pwned\\x07\\u{202E}x\\x85' is not a date")
        let huge = Diagnostic(.warning, .invalidDate, path: "a.vcf", line: 1, "BDAY '" + String(repeating: "9", count: 10 << 20) + "' is not a date")
        #expect(huge.message.utf8.count < 600)
        #expect(huge.message.hasSuffix("… (10485781 bytes in all)"))
        #expect(DiagnosticsReporter.json(d).contains(#""message":"BDAY '\\x1B]0;pwned"#))
        let plain = "BDAY 'åäö – 2024-13-01' is not a date"
        #expect(Diagnostic(.warning, .invalidDate, path: "p", line: 1, plain).message == plain)
    }

    @Test func openNeverPassesAnOption() {
        #expect(SystemFileOpener.argument(for: "-x.ics") == "./-x.ics")
        #expect(SystemFileOpener.argument(for: "/tmp/-x.ics") == "/tmp/-x.ics")
        #expect(SystemFileOpener.argument(for: "x.ics") == "x.ics")
    }
}

private final class ReceivedBytes: @unchecked Sendable {
    var bytes = Data() { didSet { done = true } }
    var done = false
}

private final class Box: @unchecked Sendable {
    var run: (status: RunStatus, stdout: String, stderr: String)?
}
