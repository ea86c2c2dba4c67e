import Foundation
import Testing
import VCFBirthdaysTesting

/// #37's destruction matrix: for every output that replaces or removes something, and every
/// way a run goes wrong, the built program (as a user runs it, on the real file system) leaves
/// what the user had as it was, except as documented: a run that read someone writes its result
/// (whole), adds new photos and vdir items; `--rejects` gets what was rejected. Nothing else is
/// changed or removed, and no temporary file is left. A new output or failure is one more row.
@Suite(.serialized) struct DestructionMatrixTests {
    /// An output of the run and what the user had there before.
    struct Output: CustomStringConvertible, Sendable {
        var description: String
        /// Makes what the user had (in the folder); returns the options that write there.
        var prepare: @Sendable (_ folder: String) throws -> [String]
        /// The file whose content a run that read someone replaces (folder-relative), if any.
        var replaced: String?
        /// Whether a run that read someone may add files (photos, vdir items).
        var adds = false
        /// Whether what it replaces holds the records rejected, not the people read.
        var holdsRejects = false
        /// A FIFO, read while the run writes it.
        var isFIFO = false
    }

    /// A way a run goes wrong: its inputs (nil: standard input), what it reads, its status.
    struct Failure: CustomStringConvertible, Sendable {
        var description: String
        var inputs: [String]?
        var standardInput = ""
        var options: [String] = []
        /// Someone is read, and written (a good card beside the bad).
        var readsSomeone = false
        /// A record is rejected.
        var rejects = false
        var status: Int32
        /// Interrupted (SIGINT) while it reads standard input.
        var interrupted = false
    }

    static let good = "BEGIN:VCARD\nVERSION:3.0\nUID:c-3\nFN:Cy New\nBDAY:1990-02-03\nPHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRg==\nEND:VCARD\n"
    static let before = "BEGIN:VCARD\nVERSION:3.0\nUID:a-1\nFN:Ann Old\nBDAY:1980-01-01\nEND:VCARD\n"
        + "BEGIN:VCARD\nVERSION:3.0\nUID:b-2\nFN:Bo Old\nBDAY:1981-02-02\nEND:VCARD\n"

    static let outputs: [Output] = [
        Output(description: "-o file", prepare: { f in
            try "old\n".write(toFile: f + "/out.json", atomically: false, encoding: .utf8)
            return ["--to", "json", "-o", f + "/out.json"]
        }, replaced: "out.json"),
        Output(description: "-o through a link", prepare: { f in
            try "old\n".write(toFile: f + "/target.json", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: f + "/link.json", withDestinationPath: "target.json")
            return ["--to", "json", "-o", f + "/link.json"]
        }, replaced: "target.json"),
        Output(description: "-o FIFO", prepare: { f in
            #expect(mkfifo(f + "/fifo", 0o600) == 0)
            return ["--to", "json", "-o", f + "/fifo"]
        }, isFIFO: true),
        Output(description: "--rejects", prepare: { f in
            try "old rejects\n".write(toFile: f + "/rejects.vcf", atomically: false, encoding: .utf8)
            return ["--to", "json", "-o", "/dev/null", "--rejects", f + "/rejects.vcf"]
        }, replaced: "rejects.vcf", holdsRejects: true),
        Output(description: "--extract-photos", prepare: { f in
            try FileManager.default.createDirectory(atPath: f + "/photos", withIntermediateDirectories: false)
            try "old photo".write(toFile: f + "/photos/Ann Old.jpg", atomically: false, encoding: .utf8)
            return ["--to", "json", "-o", "/dev/null", "--extract-photos", f + "/photos"]
        }, adds: true),
        Output(description: "--vdir of events", prepare: { f in
            try vdirBefore(f, ["--to", "ics", "--vdir", f + "/cal"])
        }, adds: true),
        Output(description: "--vdir of cards", prepare: { f in
            try vdirBefore(f, ["--to", "vcard4", "--vdir", f + "/cards"])
        }, adds: true),
        Output(description: "-o file as JSContact", prepare: { f in
            try "old\n".write(toFile: f + "/cards.jscontact", atomically: false, encoding: .utf8)
            return ["-o", f + "/cards.jscontact"]
        }, replaced: "cards.jscontact"),
        Output(description: "--vdir of cards for Outlook (--for outlook, a card to a file)", prepare: { f in
            try vdirBefore(f, ["--for", "outlook", "--to", "vcard3", "--vdir", f + "/cards"])
        }, adds: true),
    ]

    static let failures: [Failure] = [
        Failure(description: "a missing input", inputs: ["typo.vcf"], status: 66),
        Failure(description: "an unreadable input", inputs: ["/proc/self/mem"], status: 66),
        Failure(description: "an empty file", inputs: ["empty.vcf"], status: 0),
        Failure(description: "an empty standard input", inputs: nil, status: 0),
        Failure(description: "an empty directory", inputs: ["empty"], status: 0),
        Failure(description: "a binary file", inputs: ["program.vcf"], rejects: true, status: 65),
        Failure(description: "a truncated card", inputs: ["cut.vcf"], readsSomeone: true, rejects: true, status: 65),
        Failure(description: "a rejected record", inputs: ["stray.vcf"], readsSomeone: true, rejects: true, status: 65),
        Failure(description: "--strict", inputs: ["cut.vcf"], options: ["--strict"], rejects: true, status: 65),
        Failure(description: "an interrupt", inputs: nil, standardInput: good, status: 2, interrupted: true),
    ]

    /// A vdir the user has: the items of two people, written by an earlier run.
    static func vdirBefore(_ folder: String, _ arguments: [String]) throws -> [String] {
        try before.write(toFile: folder + "/before.vcf", atomically: false, encoding: .utf8)
        let run = try Run(arguments + ["-q", folder + "/before.vcf"])
        #expect(run.status == 0, "\(run.stderr)")
        try FileManager.default.removeItem(atPath: folder + "/before.vcf")
        return arguments
    }

    @Test(arguments: outputs, failures)
    func nothingTheUserHadIsLost(_ output: Output, _ failure: Failure) throws {
        let folder = try scratchDirectory().path
        try "".write(toFile: folder + "/empty.vcf", atomically: false, encoding: .utf8)
        try "\u{7F}ELF\u{2}\u{1}\u{1}\0\0\0\0\0\0\0\0\0".write(toFile: folder + "/program.vcf", atomically: false, encoding: .utf8)
        try (Self.good + "BEGIN:VCARD\nVERSION:3.0\nFN:Cut Off").write(toFile: folder + "/cut.vcf", atomically: false, encoding: .utf8)
        try (Self.good + "stray text\n").write(toFile: folder + "/stray.vcf", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: false)
        let options = try output.prepare(folder)
        let had = try Snapshot(folder)
        let inputs = failure.inputs.map { $0.map { $0.hasPrefix("/") ? $0 : folder + "/" + $0 } } ?? []
        let fifoReader = output.isFIFO ? FIFOReader(folder + "/fifo") : nil
        let run = try Run(options + failure.options + inputs, standardInput: failure.standardInput, interrupted: failure.interrupted)
        fifoReader?.finish()
        let row = "\(output) × \(failure)"
        #expect(run.status == failure.status, "\(row): \(run.stderr)")
        #expect(run.signalled == failure.interrupted, "\(row)")

        let has = try Snapshot(folder)
        #expect(!has.entries.keys.contains { $0.contains(".tmp-") }, "\(row): a temporary file is left")
        let writes = !failure.interrupted && (output.holdsRejects ? failure.rejects : failure.readsSomeone && !failure.options.contains("--strict"))
        for (path, entry) in had.entries {
            guard let now = has.entries[path] else {
                Issue.record("\(row): \(path) was removed")
                continue
            }
            if path == output.replaced && writes {
                #expect(now.kind == entry.kind, "\(row): \(path)")
                if !output.holdsRejects { #expect(now.content.contains("Cy New"), "\(row): \(path) is not the whole result") }
            } else {
                #expect(now == entry, "\(row): \(path) was changed")
            }
        }
        // Cy New's photo or item; a vdir or photo folder is written as the run goes, so an
        // interrupted run may have added it (whole) before the signal.
        let added = Set(has.entries.keys).subtracting(had.entries.keys)
        if output.adds && writes {
            #expect(added.count == 1, "\(row): \(added.sorted()) added")
        } else if output.adds && failure.interrupted {
            #expect(added.count <= 1, "\(row): \(added.sorted()) added")
        } else {
            #expect(added.isEmpty, "\(row): \(added.sorted()) added")
        }
        if output.isFIFO { #expect(fifoReader?.received.contains("Cy New") == writes, "\(row)") }
    }
}

/// What is in a folder: each entry (below it, by relative path) with its kind and content.
private struct Snapshot {
    struct Entry: Equatable {
        var kind: String
        var content: String
    }

    var entries: [String: Entry] = [:]

    init(_ folder: String) throws {
        let manager = FileManager.default
        for name in try manager.subpathsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            let type = try manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            switch type {
            case .typeSymbolicLink: entries[name] = Entry(kind: "link", content: try manager.destinationOfSymbolicLink(atPath: path))
            case .typeRegular: entries[name] = Entry(kind: "file", content: String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self))
            case .typeDirectory: entries[name] = Entry(kind: "directory", content: "")
            default: entries[name] = Entry(kind: "other", content: "")
            }
        }
    }
}

/// Reads a FIFO on a thread until its writer closes it.
private final class FIFOReader: @unchecked Sendable {
    private let path: String
    private let done = DispatchSemaphore(value: 0)
    private(set) var received = ""

    init(_ path: String) {
        self.path = path
        Thread { [self] in
            let handle = FileHandle(forReadingAtPath: path)
            received = String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            done.signal()
        }.start()
    }

    /// Waits for the reader; if the run never opened the FIFO, lets the reader go.
    func finish() {
        if done.wait(timeout: .now() + 0.5) == .timedOut {
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
            done.wait()
        }
    }
}

/// One run of the built program; with `interrupted`, standard input is held open and the
/// program gets SIGINT once it is reading.
private struct Run {
    var status: Int32
    var signalled: Bool
    var stderr: String

    init(_ arguments: [String], standardInput: String = "", interrupted: Bool = false) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(
            ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }) { $1 }
        let errors = try scratchDirectory().appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(standardInput.utf8))
        if interrupted {
            usleep(300_000)  // it has read what there is, and waits for more
            process.interrupt()
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        status = process.terminationStatus
        signalled = process.terminationReason == .uncaughtSignal
        stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
    }
}
