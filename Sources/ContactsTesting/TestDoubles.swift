import ContactsCore

/// A spy sink: records every person it is given, and how often it was finished.
public final class SpySink: PeopleSink {
    public private(set) var people: [PersonInfo] = []
    public private(set) var finishCount = 0

    public init() {}

    public func consume(_ person: PersonInfo) throws { people.append(person) }
    public func finish() throws { finishCount += 1 }
}

/// Records diagnostics and rejected records; optionally throws on rejection, like `--strict`.
public final class RecordingDiagnostics: DiagnosticsHandler {
    public struct Stop: Error {}

    public private(set) var warnings: [Diagnostic] = []
    public private(set) var rejections: [(diagnostic: Diagnostic?, rawText: String)] = []
    private let stopsAtFirstRejection: Bool

    public init(stopsAtFirstRejection: Bool = false) {
        self.stopsAtFirstRejection = stopsAtFirstRejection
    }

    public func report(_ diagnostic: Diagnostic) { warnings.append(diagnostic) }

    public func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws {
        rejections.append((diagnostic, String(decoding: rawText, as: UTF8.self)))
        if stopsAtFirstRejection { throw Stop() }
    }
}

/// Bytes from memory, handed out at most `chunkSize` at a time.
public final class MemorySource: ByteSource {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var offset = 0

    public init(_ bytes: [UInt8], chunkSize: Int = 1 << 16) {
        self.bytes = bytes
        self.chunkSize = chunkSize
    }

    public convenience init(_ text: String, chunkSize: Int = 1 << 16) {
        self.init(Array(text.utf8), chunkSize: chunkSize)
    }

    public var size: Int? { bytes.count }

    public func read(into buffer: inout MutableSpan<UInt8>) throws -> Int {
        let n = min(buffer.count, chunkSize, bytes.count - offset)
        guard n > 0 else { return 0 }
        for i in 0..<n { buffer[i] = bytes[offset + i] }
        offset += n
        return n
    }
}

/// A source that gives some bytes and then fails, to prove read errors end the reading.
public final class FailingSource: ByteSource {
    private let before: MemorySource

    public init(after text: String) { before = MemorySource(text) }

    public func read(into buffer: inout MutableSpan<UInt8>) throws -> Int {
        let n = try before.read(into: &buffer)
        if n > 0 { return n }
        throw IOFailure(path: "<failing>", reason: "Input/output error")
    }
}

/// Collects what is written; can fail (like a closed pipe) after `failsAfter` writes.
public final class MemoryOutput: ByteOutput {
    public private(set) var bytes: [UInt8] = []
    private let failure: IOFailure?
    private var writesLeft: Int

    public init(failsAfter writes: Int = .max, with failure: IOFailure? = nil) {
        writesLeft = writes
        self.failure = failure
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public func write(_ written: Span<UInt8>) throws {
        if writesLeft == 0, let failure { throw failure }
        writesLeft -= 1
        bytes.append(span: written)
    }
}

/// A scratch file in memory.
public final class MemoryScratchFile: ScratchFile {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ written: Span<UInt8>) throws {
        bytes.append(span: written)
    }

    public func read(at offset: Int, into buffer: inout MutableSpan<UInt8>) throws -> Int {
        let count = max(0, min(buffer.count, bytes.count - offset))
        for i in 0..<count { buffer[i] = bytes[offset + i] }
        return count
    }
}

/// A file system in memory: files as bytes, directories as paths that have children. Every
/// file has an identity of its own (there are no links).
public final class InMemoryFileSystem: FileSystem {
    public private(set) var files: [String: [UInt8]] = [:]
    public private(set) var directories = Set<String>()
    private var temporaryCount = 0
    private let unwritable: Set<String>
    /// The scratch files made, in order (a sorted output's runs spill into them).
    public private(set) var scratchFiles: [MemoryScratchFile] = []
    /// When set, making a scratch file fails with this (a temporary directory that is full or gone).
    public var scratchFailure: IOFailure?
    private var inodes: [String: UInt64] = [:]

    /// Text files, plus files given as raw bytes (for encodings other than UTF-8).
    public init(files: [String: String] = [:], binaryFiles: [String: [UInt8]] = [:], unwritable: Set<String> = []) {
        self.files = files.mapValues { Array($0.utf8) }.merging(binaryFiles) { $1 }
        self.unwritable = unwritable
    }

    /// Puts a text file at `path`, replacing what was there.
    public func put(_ path: String, _ text: String) {
        files[path] = Array(text.utf8)
    }

    /// What an atomic write left at `path` after commit, or nil.
    public func contents(of path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    private func identity(_ path: String) -> FileIdentity {
        if inodes[path] == nil { inodes[path] = UInt64(inodes.count + 1) }
        return FileIdentity(device: 1, inode: inodes[path]!)
    }

    public func status(of path: String) -> FileStatus? {
        if files[path] != nil { return FileStatus(kind: .file, identity: identity(path)) }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        if directories.contains(path) || files.keys.contains(where: { $0.hasPrefix(prefix) }) {
            return FileStatus(kind: .directory, identity: identity(path))
        }
        return nil
    }

    public func openForReading(_ path: String) throws -> ByteSource {
        guard let bytes = files[path] else { throw IOFailure(path: path, reason: "No such file or directory") }
        return MemorySource(bytes)
    }

    public func directoryEntries(_ path: String) throws -> [DirectoryEntry] {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return files.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
            .map { DirectoryEntry(name: String($0.dropFirst(prefix.count)), kind: .file, identity: identity($0)) }
    }

    public func outputTarget(_ path: String, _ mode: OutputMode) throws -> OutputTarget {
        if unwritable.contains(path) { throw IOFailure(path: path, reason: "Permission denied") }
        let existing = status(of: path)
        if existing?.kind == .directory { throw IOFailure(path: path, reason: "Is a directory") }
        if mode == .newFile(replacingExisting: false) {
            if existing != nil { throw IOFailure(path: path, reason: "File exists") }
            return OutputTarget(path: path, identity: nil, writing: .creatingNew)
        }
        return OutputTarget(path: path, identity: existing?.identity, writing: .replacing)
    }

    public func createOutput(_ target: OutputTarget) throws -> AtomicFile {
        CommittingOutput(target: target, fileSystem: self)
    }

    public func makeTemporaryFile(extension ext: String) throws -> String {
        temporaryCount += 1
        let path = "/tmp/vcf2birthdays-\(temporaryCount).\(ext)"
        files[path] = []
        return path
    }

    public func makeScratchFile() throws -> ScratchFile {
        if let scratchFailure { throw scratchFailure }
        scratchFiles.append(MemoryScratchFile())
        return scratchFiles[scratchFiles.count - 1]
    }

    public func createDirectory(_ path: String) throws {
        if files[path] != nil { throw IOFailure(path: path, reason: "Not a directory") }
        directories.insert(path)
    }

    public func removeFile(_ path: String) throws {
        guard files.removeValue(forKey: path) != nil else { throw IOFailure(path: path, reason: "No such file or directory") }
    }

    /// Whether a file is a temporary file of an output (`.NAME.tmp-N`, as the real one names them).
    public static func isTemporary(_ path: String) -> Bool {
        path.split(separator: "/").last.map { $0.hasPrefix(".") && $0.contains(".tmp-") } ?? false
    }

    /// A new temporary file beside `path`.
    fileprivate func makeTemporary(beside path: String) -> String {
        temporaryCount += 1
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + "." + name + ".tmp-\(temporaryCount)"
        files[temporary] = []
        return temporary
    }

    fileprivate func append(_ written: Span<UInt8>, to temporary: String) {
        files[temporary, default: []].append(span: written)
    }

    /// Renames the temporary file onto the target.
    fileprivate func store(_ temporary: String, at target: OutputTarget) throws {
        if target.writing == .creatingNew && files[target.path] != nil {
            throw IOFailure(path: target.path, reason: "File exists")
        }
        files[target.path] = files.removeValue(forKey: temporary) ?? []
    }

    fileprivate func removeTemporary(_ temporary: String) {
        files.removeValue(forKey: temporary)
    }
}

/// An atomic file of the in-memory file system: written into a temporary file beside the
/// target, renamed onto it on commit, removed on discard (or when dropped uncommitted).
private final class CommittingOutput: AtomicFile {
    private let target: OutputTarget
    private let fileSystem: InMemoryFileSystem
    private var temporary: String?

    init(target: OutputTarget, fileSystem: InMemoryFileSystem) {
        self.target = target
        self.fileSystem = fileSystem
        temporary = fileSystem.makeTemporary(beside: target.path)
    }

    deinit { discard() }

    func write(_ written: Span<UInt8>) throws {
        guard let temporary else { throw IOFailure(path: target.path, reason: "written after commit or discard") }
        fileSystem.append(written, to: temporary)
    }

    func finishWriting() throws {}

    func commit() throws {
        guard let temporary else { return }
        defer { discard() }
        try fileSystem.store(temporary, at: target)
        self.temporary = nil
    }

    func discard() {
        if let temporary { fileSystem.removeTemporary(temporary) }
        temporary = nil
    }
}

/// A file system that passes every call to another, counts the calls that may fail (`Call`),
/// and fails the one numbered `failing` (from 0) with `fault`: fault injection, one call at a time.
public final class FaultyFileSystem: FileSystem {
    /// The calls that may fail, as the system calls behind them.
    public enum Call: String, Sendable {
        case open, read, list, create, write, fsync, rename, unlink, mkdir, scratch
    }

    /// The errors injected.
    public enum Fault: String, CaseIterable, Sendable {
        case EIO = "Input/output error", ENOSPC = "No space left on device", EACCES = "Permission denied"
    }

    private let base: FileSystem
    /// The calls made so far, in order.
    public private(set) var calls: [(call: Call, path: String)] = []
    private let failing: Int?
    private let fault: Fault
    private let fails: ((Call, String) -> Bool)?

    /// Passes every call to `base`; the call numbered `failing`, and every call `fails` picks,
    /// fail with `fault`.
    public init(_ base: FileSystem, failing: Int? = nil, with fault: Fault = .EIO, fails: ((Call, String) -> Bool)? = nil) {
        self.base = base
        self.failing = failing
        self.fault = fault
        self.fails = fails
    }

    /// Counts a call, and fails it when it is the one.
    fileprivate func check(_ call: Call, _ path: String) throws {
        calls.append((call, path))
        if calls.count - 1 == failing || fails?(call, path) == true { throw IOFailure(path: path, reason: fault.rawValue) }
    }

    public func status(of path: String) -> FileStatus? { base.status(of: path) }

    public func openForReading(_ path: String) throws -> ByteSource {
        try check(.open, path)
        return FaultySource(try base.openForReading(path), path: path, fileSystem: self)
    }

    public func directoryEntries(_ path: String) throws -> [DirectoryEntry] {
        try check(.list, path)
        return try base.directoryEntries(path)
    }

    public func outputTarget(_ path: String, _ mode: OutputMode) throws -> OutputTarget {
        try base.outputTarget(path, mode)
    }

    public func createOutput(_ target: OutputTarget) throws -> AtomicFile {
        try check(.create, target.path)
        return FaultyAtomicFile(try base.createOutput(target), path: target.path, fileSystem: self)
    }

    public func makeTemporaryFile(extension ext: String) throws -> String {
        try check(.create, "<temporary>")
        return try base.makeTemporaryFile(extension: ext)
    }

    public func makeScratchFile() throws -> ScratchFile {
        try check(.scratch, "<scratch>")
        return try base.makeScratchFile()
    }

    public func createDirectory(_ path: String) throws {
        try check(.mkdir, path)
        try base.createDirectory(path)
    }

    public func removeFile(_ path: String) throws {
        try check(.unlink, path)
        try base.removeFile(path)
    }
}

private final class FaultySource: ByteSource {
    private let base: ByteSource
    private let path: String
    private let fileSystem: FaultyFileSystem

    init(_ base: ByteSource, path: String, fileSystem: FaultyFileSystem) {
        self.base = base
        self.path = path
        self.fileSystem = fileSystem
    }

    var size: Int? { base.size }

    func read(into buffer: inout MutableSpan<UInt8>) throws -> Int {
        try fileSystem.check(.read, path)
        return try base.read(into: &buffer)
    }
}

private final class FaultyAtomicFile: AtomicFile {
    private let base: AtomicFile
    private let path: String
    private let fileSystem: FaultyFileSystem

    init(_ base: AtomicFile, path: String, fileSystem: FaultyFileSystem) {
        self.base = base
        self.path = path
        self.fileSystem = fileSystem
    }

    func write(_ written: Span<UInt8>) throws {
        try fileSystem.check(.write, path)
        try base.write(written)
    }

    func finishWriting() throws {
        try fileSystem.check(.fsync, path)
        try base.finishWriting()
    }

    func commit() throws {
        try fileSystem.check(.fsync, path)
        try fileSystem.check(.rename, path)
        try base.commit()
    }

    func discard() { base.discard() }
}

/// An opener that records what it was asked to open, and fails on demand.
public final class StubOpener: FileOpener {
    public private(set) var opened: [String] = []
    private let failure: OpenFailure?

    public init(failingWith failure: OpenFailure? = nil) {
        self.failure = failure
    }

    public func open(_ path: String) throws {
        opened.append(path)
        if let failure { throw failure }
    }
}
