import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// #37's fault injection: each I/O call of a run (open, read, list, create, write, fsync,
/// rename, unlink, mkdir) fails once in turn, with EIO, ENOSPC and EACCES, for every output
/// that replaces or removes files. Every such run says the fault and ends with an error status;
/// every file is as it was or as a clean run leaves it — never half of one, never removed
/// unless the clean run removes it; no temporary file is left; and the next run converges.
@Suite struct FaultInjectionTests {
    struct Scenario: CustomStringConvertible, Sendable {
        var description: String
        var files: [String: String]
        /// A clean run before, whose result the user has (a vdir).
        var before: [String: String]? = nil
        var options: @Sendable (inout RunOptions) -> Void
    }

    static func card(_ uid: String, _ name: String, _ birthday: String, photo: Bool = false) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nBDAY:\(birthday)\r\n"
            + (photo ? "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRg==\r\n" : "") + "END:VCARD\r\n"
    }

    static let people = card("u-1", "Ann", "1985-04-15", photo: true) + card("u-2", "Bo", "--12-01") + card("u-4", "Di", "1970-07-07", photo: true)
    static let earlier = card("u-1", "Ann", "1985-04-14") + card("u-2", "Bo", "--12-01") + card("u-3", "Cy", "1990-01-02")

    static let scenarios: [Scenario] = [
        Scenario(description: "-o", files: ["in/c.vcf": people, "out/list.ics": "old\n"]) {
            $0.output.format = .ics; $0.output.file = "out/list.ics"
        },
        Scenario(description: "-o and --rejects", files: ["in/c.vcf": people + "stray\r\n", "out.json": "old\n", "rejects.vcf": "old\n"]) {
            $0.output.format = .json; $0.output.file = "out.json"; $0.diagnostics.rejects = "rejects.vcf"
        },
        Scenario(description: "--extract-photos", files: ["in/c.vcf": people, "photos/Ann.jpg": "old photo"]) {
            $0.output.format = .json; $0.output.file = "out.json"; $0.output.photoDirectory = "photos"; $0.output.replacesPhotos = true
        },
        Scenario(description: "--vdir of events", files: ["in/c.vcf": people], before: ["in/c.vcf": earlier]) {
            $0.output.format = .ics; $0.output.vdir = "cal"
        },
        Scenario(description: "--vdir of cards", files: ["in/c.vcf": people], before: ["in/c.vcf": earlier]) {
            $0.output.format = .vcard4; $0.output.vdir = "cards"
        },
        Scenario(description: "--vdir --strict", files: ["in/c.vcf": people], before: ["in/c.vcf": earlier]) {
            $0.output.format = .vcard4; $0.output.vdir = "cards"; $0.diagnostics.strict = true
        },
    ]

    /// Runs the app on `fileSystem` (read as `in/c.vcf`).
    static func run(_ scenario: Scenario, _ fileSystem: FileSystem) -> (status: RunStatus, stderr: String) {
        var options = RunOptions()
        options.input.paths = ["in/c.vcf"]
        options.selection.today = day(2026, 11, 22)
        options.threads = 1
        scenario.options(&options)
        let stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(day(2026, 11, 22)), preferences: Preferences(), fileSystem: fileSystem,
                                      opener: StubOpener(), standardInput: MemorySource(""), standardOutput: MemoryOutput(),
                                      standardError: stderr)
        return (App.run(options, environment: environment), stderr.text)
    }

    static func copy(_ fileSystem: InMemoryFileSystem) -> InMemoryFileSystem {
        let copy = InMemoryFileSystem(binaryFiles: fileSystem.files)
        for directory in fileSystem.directories { try? copy.createDirectory(directory) }
        return copy
    }

    /// The scenarios between them make every kind of call the test injects faults into.
    @Test func theScenariosCoverEveryKindOfCall() {
        var kinds = Set<String>()
        for scenario in Self.scenarios {
            let start = InMemoryFileSystem(files: scenario.before ?? scenario.files)
            if scenario.before != nil {
                _ = Self.run(scenario, start)
                for (path, text) in scenario.files { start.put(path, text) }
            }
            let counting = FaultyFileSystem(start)
            _ = Self.run(scenario, counting)
            kinds.formUnion(counting.calls.map(\.call.rawValue))
        }
        #expect(kinds == ["open", "read", "list", "create", "write", "fsync", "rename", "unlink", "mkdir"])
    }

    @Test(arguments: scenarios)
    func everyFaultLeavesFilesWholeAndIsSaid(_ scenario: Scenario) {
        let start = InMemoryFileSystem(files: scenario.before ?? scenario.files)
        if scenario.before != nil {
            #expect(Self.run(scenario, start).status == .success)
            for (path, text) in scenario.files { start.put(path, text) }
        }
        let cleanFileSystem = Self.copy(start)
        let counting = FaultyFileSystem(cleanFileSystem)
        let clean = Self.run(scenario, counting)
        let cleanFiles = cleanFileSystem.files
        #expect(cleanFiles != start.files, "the clean run changes something")
        let points = counting.calls.count
        #expect(points > 5, "\(counting.calls.map(\.call))")
        for index in 0..<points {
            for fault in FaultyFileSystem.Fault.allCases {
                let fileSystem = Self.copy(start)
                let (status, stderr) = Self.run(scenario, FaultyFileSystem(fileSystem, failing: index, with: fault))
                let call = "\(scenario): \(counting.calls[index].call) of \(counting.calls[index].path) failing with \(fault)"
                #expect(status != .success && stderr.contains(fault.rawValue), "\(call): \(status) \(stderr)")
                #expect(!fileSystem.files.keys.contains(where: InMemoryFileSystem.isTemporary), "\(call): a temporary file is left")
                for path in Set(fileSystem.files.keys).union(start.files.keys).union(cleanFiles.keys) {
                    let now = fileSystem.files[path], was = start.files[path], clean = cleanFiles[path]
                    #expect(now == was || now == clean, "\(call): \(path) is neither as it was nor as a clean run leaves it")
                    if was != nil && clean != nil { #expect(now != nil, "\(call): \(path) was removed") }
                }
                // The next run converges on the clean run's result.
                let again = Self.run(scenario, fileSystem)
                #expect(again.status == clean.status && fileSystem.files == cleanFiles, "\(call): the next run does not converge")
            }
        }
        print("fault injection, \(scenario): \(points) calls × \(FaultyFileSystem.Fault.allCases.count) faults")
    }
}
