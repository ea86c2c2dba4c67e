import ContactsCore
import ContactFormats
import ContactsOutput

/// Opens the next inputs of a run on worker threads, and reads the small ones whole, while
/// this thread works on the current one: a vdir holds thousands of small files, whose `open`,
/// `read` and `close` calls then overlap the rest. Given a converter, a worker also converts
/// each small file it read (into recorded events that this thread replays), so that the files
/// of a directory are parsed in parallel. Inputs are still taken one after the other, in order,
/// and a file that cannot be opened or read fails as it would unprefetched.
final class FilePrefetcher {
    /// Files up to this size are read whole ahead; of larger ones, only `probeBytes`.
    static let wholeFileBytes = 64 << 10
    /// Files up to this size are read whole without asking their size (one system call less
    /// per file); a file that fills it is read on when its size says it is small.
    static let probeBytes = 4 << 10
    /// Files per piece of work: one wake-up of a thread per file would cost what it saves.
    static let batchSize = 64

    /// Converts one small file (its path, its bytes) on a worker thread; one converter is made
    /// for each batch, and converts its files one after another.
    typealias Converter = @Sendable (_ path: String, _ source: ByteSource) -> ConvertedInput

    /// An input taken from the prefetcher.
    enum Prefetched {
        /// Opened (or failing to open): read it on this thread.
        case opened(Result<ByteSource, Error>)
        /// Read and converted by a worker.
        case converted(ConvertedInput)
    }

    private let paths: [String?]
    private let fileSystem: any FileSystem & Sendable
    private let workers: WorkerThreads
    private let batchesAhead: Int
    private let makeConverter: (() -> Converter)?
    private var batchesStarted = 0
    private var pending: [Int: Promise<[Opened?]>] = [:]
    private var current: (batch: Int, files: [Opened?])?

    /// `paths`: the run's inputs in order, nil for standard input; `batchesAhead` batches are
    /// prefetched beyond the one being read (at most that many batches of files are open).
    /// `makeConverter`, when given, is asked here for the converter of each batch of files.
    init(paths: [String?], fileSystem: any FileSystem & Sendable, workers: WorkerThreads, batchesAhead: Int = 2,
         makeConverter: (() -> Converter)? = nil) {
        self.paths = paths
        self.fileSystem = fileSystem
        self.workers = workers
        self.batchesAhead = max(1, batchesAhead)
        self.makeConverter = makeConverter
    }

    /// The input `index` (ask in input order); nil for standard input, which is not prefetched.
    func take(_ index: Int) -> Prefetched? {
        let batch = index / Self.batchSize
        while batchesStarted * Self.batchSize < paths.count && batchesStarted <= batch + batchesAhead {
            pending[batchesStarted] = prefetch(batchesStarted)
            batchesStarted += 1
        }
        if current?.batch != batch { current = (batch, pending.removeValue(forKey: batch)!.wait()) }
        guard let opened = current!.files[index % Self.batchSize] else { return nil }
        current!.files[index % Self.batchSize] = nil
        return opened.result
    }

    private func prefetch(_ batch: Int) -> Promise<[Opened?]> {
        let promise = Promise<[Opened?]>()
        let paths = Array(self.paths[(batch * Self.batchSize)..<min(self.paths.count, (batch + 1) * Self.batchSize)])
        let fileSystem = self.fileSystem
        let convert = makeConverter?()
        workers.submit {
            // One buffer per batch for the reads: a file's bytes are then kept at their size.
            var scratch = [UInt8](repeating: 0, count: Self.wholeFileBytes + 1)
            promise.fulfil(paths.map { $0.map { Opened($0, fileSystem, convert, &scratch) } })
        }
        return promise
    }
}

/// What a worker made of a small input: the events to replay, and what the reader said.
struct ConvertedInput: Sendable {
    var events: RecordedEvents
    var statistics: ReadStatistics
    var readFailed: Bool
    var bytes: Int
}

/// A file opened, and read when small, by a worker thread.
private struct Opened: @unchecked Sendable {
    let result: FilePrefetcher.Prefetched

    /// Reads the file through `scratch`, one byte more than a small file may have.
    init(_ path: String, _ fileSystem: any FileSystem, _ convert: FilePrefetcher.Converter?,
         _ scratch: inout [UInt8]) {
        do {
            let read = PrefetchedSource(reading: try fileSystem.openForReading(path), through: &scratch)
            guard read.isWhole else {
                result = .opened(.success(read))
                return
            }
            result = convert.map { .converted($0(path, read)) } ?? .opened(.success(read))
        } catch {
            result = .opened(.failure(error))
        }
    }
}

/// The bytes of a file read ahead, then whatever the file still gives (it may have grown, or
/// be large) and the error reading it gave, as the file itself would give them.
private final class PrefetchedSource: ByteSource {
    private var head: [UInt8]
    private var offset = 0
    private var rest: ByteSource?
    private var failure: Error?

    /// Reads `source` into `scratch` until it ends or fails, or `probeBytes` are read and its
    /// size is too large for the scratch, or the scratch is full.
    init(reading source: ByteSource, through scratch: inout [UInt8]) {
        var filled = 0
        var atEnd = false
        var limit = min(FilePrefetcher.probeBytes + 1, scratch.count)
        do {
            while filled < limit {
                let n = try scratch.withMutableSpan(filled..<limit) { try source.read(into: &$0) }
                if n == 0 { atEnd = true; break }
                filled += n
                if filled == limit && limit < scratch.count, let size = source.size, size < scratch.count {
                    limit = scratch.count
                }
            }
        } catch {
            failure = error
        }
        head = Array(scratch[..<filled])
        rest = atEnd || failure != nil ? nil : source
    }

    /// Whether all of the file was read (or failed reading), none of it left to read.
    var isWhole: Bool { rest == nil }

    var size: Int? { rest?.size ?? head.count }

    func read(into buffer: inout MutableSpan<UInt8>) throws -> Int {
        if offset < head.count {
            let n = min(buffer.count, head.count - offset)
            for i in 0..<n { buffer[i] = head[offset + i] }
            offset += n
            return n
        }
        if let failure {
            self.failure = nil
            throw failure
        }
        return try rest?.read(into: &buffer) ?? 0
    }
}
