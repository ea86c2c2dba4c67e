import Testing
@testable import ContactsCore
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Sorted output that outgrows `--buffer-size` is sorted in runs in a scratch file and merged:
/// byte for byte what the sort in memory gives, for every format, order and buffer size.
@Suite struct SortSpillTests {
    /// Every fixture, read in one run: people from several files, many with equal sort keys.
    private static let inputs = GoldenTests.fixtures

    private struct Result: Equatable {
        var status: RunStatus
        var stdout: [UInt8]
        var stderr: String
    }

    private static func run(_ format: RunOptions.Format, _ order: SortOrder, buffer: Int?, threads: Int = 1)
        -> (result: Result, scratch: [MemoryScratchFile]) {
        var options = RunOptions()
        options.input.paths = inputs
        options.output.format = format
        options.selection.sort = order
        options.selection.includesEveryone = true
        options.selection.today = CalendarDate(year: 2026, month: 11, day: 22)
        options.selection.locale = "en"
        options.threads = threads
        options.partBytes = 300
        options.selection.sortBufferBytes = buffer ?? .max
        let files = InMemoryFileSystem(binaryFiles: Dictionary(uniqueKeysWithValues: inputs.map { ($0, fixtureBytes($0)) }))
        let stdout = MemoryOutput(), stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(CalendarDate(year: 2026, month: 11, day: 22)!), preferences: Preferences(),
                                      fileSystem: files, opener: StubOpener(), standardInput: MemorySource([UInt8]()),
                                      standardOutput: stdout, standardError: stderr)
        let status = App.run(options, environment: environment)
        return (Result(status: status, stdout: stdout.bytes, stderr: stderr.text), files.scratchFiles)
    }

    static let cases: [(RunOptions.Format, SortOrder)] = RunOptions.Format.allCases.flatMap { format in
        SortOrder.allCases.map { (format, $0) }
    }

    @Test(arguments: cases)
    func tinyBuffersGiveTheSameOutput(format: RunOptions.Format, order: SortOrder) {
        let inMemory = Self.run(format, order, buffer: nil)
        #expect(inMemory.scratch.isEmpty)
        #expect(!inMemory.result.stdout.isEmpty)
        for buffer in [1, 3000, 40_000] {
            let spilled = Self.run(format, order, buffer: buffer)
            #expect(spilled.result == inMemory.result, "--buffer-size \(buffer)b")
            // The people waited in runs (when sorted, or laid out at the end: the list); the
            // calendar's few UIDs stay in memory (4,096 at least: aSpillingKeySetAnswersAsASetDoes).
            let expected = order != .none || format == .list ? 1 : 0
            if buffer < 40_000 {
                #expect(spilled.scratch.count == expected && spilled.scratch.allSatisfy { !$0.bytes.isEmpty },
                        "--buffer-size \(buffer)b: \(spilled.scratch.count) scratch files")
            }
        }
        let threaded = Self.run(format, order, buffer: 2000, threads: 3)
        #expect(threaded.result == inMemory.result, "3 threads")
    }

    @Test func aTemporaryDirectoryThatFailsIsAnIOError() {
        var options = RunOptions()
        options.input.paths = ["c.vcf"]
        options.selection.sort = .first
        options.selection.sortBufferBytes = 1
        let files = InMemoryFileSystem(files: ["c.vcf": "BEGIN:VCARD\nFN:Bo\nBDAY:1990-01-05\nEND:VCARD\nBEGIN:VCARD\nFN:Al\nBDAY:--0101\nEND:VCARD\n"])
        files.scratchFailure = IOFailure(path: "temporary sort file in /gone", reason: "No such file or directory")
        let stdout = MemoryOutput(), stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(CalendarDate(year: 2026, month: 11, day: 22)!), preferences: Preferences(),
                                      fileSystem: files, opener: StubOpener(), standardInput: MemorySource([UInt8]()),
                                      standardOutput: stdout, standardError: stderr)
        #expect(App.run(options, environment: environment) == .ioError)
        #expect(stderr.text == "vcf2birthdays: error: temporary sort file in /gone: No such file or directory\n")
        #expect(stdout.bytes.isEmpty)
    }

    /// The calendar's UID keys, most of them in runs on the disk: the same answers as a `Set`.
    @Test func aSpillingKeySetAnswersAsASetDoes() throws {
        var generator = SplitMix(state: 7)
        let scratch = MemoryScratchFile()
        let spilling = SpillingKeySet(memoryKeys: 100, makeScratch: { scratch })
        var set = Set<UInt64>()
        for _ in 0..<20_000 {
            let key = generator.next() % 5000  // many repeats, in memory and in runs
            #expect(try spilling.insert(key) == set.insert(key).inserted)
        }
        #expect(scratch.bytes.count >= 4000 * 8)
        // Runs as long as the one before are merged: a few runs, not 4,000 / 100.
        #expect(spilling.runCount <= 6, "\(spilling.runCount) runs")
    }

    /// #38: a tiny buffer makes thousands of runs; they are merged in passes of 32 at most, so
    /// the merge's buffers stay bounded, and the output is still sorted and stable.
    @Test func thousandsOfRunsMergeInPasses() throws {
        let scratch = MemoryScratchFile()
        let runs = SpilledRuns(mergeBytes: 1) { scratch }
        var generator = SplitMix(state: 3)
        var expected: [(key: UInt64, order: Int)] = []
        for run in 0..<2000 {
            try runs.startRun()
            let keys = (0..<3).map { _ in generator.next() % 500 }.sorted()
            for (i, key) in keys.enumerated() {
                let order = run * 3 + i
                expected.append((key, order))
                var keyBytes: [UInt8] = [], payload: [UInt8] = []
                keyBytes.appendLittleEndian(key.byteSwapped)  // big-endian: bytewise order is the number's
                payload.appendLittleEndian(UInt64(order))
                try runs.append(key: keyBytes.span, payload: payload.span)
            }
            try runs.endRun()
        }
        var merged: [Int] = []
        try runs.merge { merged.append(Int(UInt64(littleEndian: $0.load(UInt64.self, at: 0)))) }
        #expect(merged == expected.sorted { $0.key != $1.key ? $0.key < $1.key : $0.order < $1.order }.map(\.order))
    }

    /// Runs of records with equal keys merge in the order they were written: the sort is stable.
    @Test func equalKeysKeepTheirOrderAcrossRuns() throws {
        let scratch = MemoryScratchFile()
        let runs = SpilledRuns(mergeBytes: 1) { scratch }
        let records = SortedRecords(budget: 1)
        var merged: [String] = []
        for (key, payload) in [("b", "1"), ("a", "2"), ("b", "3"), ("a", "4"), ("", "5"), ("ab", "6"), ("b", "7")] {
            records.append(key: key.utf8.span, payload: payload.utf8.span)
            if records.isOverBudget || payload == "4" { try records.spill(into: runs, threads: nil) { _ in } }
        }
        try records.spill(into: runs, threads: nil) { _ in }
        try runs.merge { merged.append(String(utf8: $0)) }
        #expect(merged == ["5", "2", "4", "6", "1", "3", "7"])
        #expect(!scratch.bytes.isEmpty)
    }
}
