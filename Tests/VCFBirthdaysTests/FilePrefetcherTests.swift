import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// A source whose size says `size` but that gives `bytes` and then, optionally, fails: a file
/// that grew or shrank after it was opened, or a disk that failed mid-read.
private final class ChangingSource: ByteSource {
    private let inner: MemorySource
    private let fails: Bool
    let size: Int?

    init(_ bytes: [UInt8], size: Int, fails: Bool) {
        inner = MemorySource(bytes, chunkSize: 5)
        self.size = size
        self.fails = fails
    }

    func read(into buffer: inout MutableSpan<UInt8>) throws -> Int {
        let n = try inner.read(into: &buffer)
        if n == 0 && fails { throw IOFailure(path: "disk", reason: "Input/output error") }
        return n
    }
}

/// Files as a stateless table, which threads may share.
private struct FileTable: FileSystem, Sendable {
    let files: [String: [UInt8]]

    func openForReading(_ path: String) throws -> ByteSource {
        guard let bytes = files[path] else { throw IOFailure(path: path, reason: "No such file or directory") }
        switch path {
        case "grew": return ChangingSource(bytes, size: 10, fails: false)
        case "shrank": return ChangingSource(bytes, size: bytes.count + 100, fails: false)
        case "failing": return ChangingSource(bytes, size: bytes.count, fails: true)
        default: return MemorySource(bytes, chunkSize: 3)
        }
    }

    func status(of path: String) -> FileStatus? { nil }
    func directoryEntries(_ path: String) throws -> [DirectoryEntry] { [] }
    func outputTarget(_ path: String, _ mode: OutputMode) throws -> OutputTarget { throw IOFailure(path: path, reason: "read-only") }
    func createOutput(_ target: OutputTarget) throws -> AtomicFile { throw IOFailure(path: target.path, reason: "read-only") }
    func makeTemporaryFile(extension: String) throws -> String { throw IOFailure(path: "", reason: "read-only") }
    func makeScratchFile() throws -> ScratchFile { throw IOFailure(path: "", reason: "read-only") }
    func createDirectory(_ path: String) throws { throw IOFailure(path: path, reason: "read-only") }
    func removeFile(_ path: String) throws { throw IOFailure(path: path, reason: "read-only") }
}

/// Everything a source gives: its size, its bytes, and the error that ended it.
private func drain(_ open: () throws -> ByteSource) -> String {
    do {
        let source = try open()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 7)
        do {
            while true {
                var span = buffer.mutableSpan
                let n = try source.read(into: &span)
                if n == 0 { break }
                bytes += buffer[0..<n]
            }
            return "\(bytes)"
        } catch {
            return "\(bytes) then \(error)"
        }
    } catch {
        return "cannot open: \(error)"
    }
}

@Suite struct FilePrefetcherTests {
    @Test func prefetchedFilesGiveWhatTheFilesGive() {
        var files: [String: [UInt8]] = ["grew": Array(repeating: 65, count: 40), "shrank": [1, 2, 3],
                                        "failing": [9, 9], "big": Array(repeating: 66, count: FilePrefetcher.wholeFileBytes + 9),
                                        "empty": []]
        // Around the first read, which takes a file whole without asking its size.
        for extra in [-1, 0, 1, 100] { files["probe\(extra)"] = Array(repeating: 67, count: FilePrefetcher.probeBytes + extra) }
        for i in 0..<100 { files["f\(i)"] = Array("card \(i)\n".utf8) }
        let table = FileTable(files: files)
        var paths: [String?] = (0..<100).map { "f\($0)" }
        paths.insert(contentsOf: ["grew", nil, "shrank", "missing", "failing", "big", "empty", "probe-1", "probe0",
                                  "probe1", "probe100"], at: 40)
        let prefetcher = FilePrefetcher(paths: paths, fileSystem: table, workers: WorkerThreads(count: 2), batchesAhead: 1)
        for (index, path) in paths.enumerated() {
            guard let path else { continue }
            guard case .opened(let opened)? = prefetcher.take(index) else {
                Issue.record("\(path) not opened")
                continue
            }
            #expect(drain { try opened.get() } == drain { try table.openForReading(path) }, "\(path)")
        }
    }

    /// With a converter, small files come back converted on the workers (from their bytes),
    /// large ones opened, and missing ones failing.
    @Test func smallFilesAreConvertedAhead() {
        var files: [String: [UInt8]] = ["big": Array(repeating: 66, count: FilePrefetcher.wholeFileBytes + 9)]
        for i in 0..<70 { files["f\(i)"] = Array(repeating: 65, count: i) }
        files["f70"] = Array(repeating: 65, count: FilePrefetcher.wholeFileBytes)  // past the first read, still small
        let table = FileTable(files: files)
        let paths: [String?] = (0..<71).map { "f\($0)" } + ["big", "missing"]
        var batches = 0
        let prefetcher = FilePrefetcher(paths: paths, fileSystem: table, workers: WorkerThreads(count: 2)) {
            batches += 1
            return { path, source in
                let text = drain { source }
                return ConvertedInput(events: EventRecorder(preparer: nil).take(), statistics: ReadStatistics(),
                                      readFailed: false, bytes: text.count)
            }
        }
        for (index, path) in paths.enumerated() {
            switch prefetcher.take(index) {
            case .converted(let converted)?:
                #expect(converted.bytes == drain { try table.openForReading(path!) }.count, "\(path!)")
                #expect(path!.hasPrefix("f"))
            case .opened(let opened)?:
                #expect(path == "big" || path == "missing")
                #expect(drain { try opened.get() } == drain { try table.openForReading(path!) })
            case nil:
                Issue.record("\(path!) not prefetched")
            }
        }
        #expect(batches == (paths.count + FilePrefetcher.batchSize - 1) / FilePrefetcher.batchSize)
    }
}
