#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system, through POSIX calls; it holds no state, so threads may share it.
public struct LocalFileSystem: FileSystem, Sendable {
    /// The files of this machine.
    public init() {}

    public func status(of path: String) -> FileStatus? {
        guard let st = System.status(of: path) else { return nil }
        return FileStatus(kind: Self.kind(st.st_mode), identity: Self.identity(st))
    }

    public func openForReading(_ path: String) throws -> ByteSource {
        let fd = System.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw IOFailure(path: path, errno: errno) }
        return FileDescriptorSource(fd: fd, path: path, closesOnDeinit: true)
    }

    public func directoryEntries(_ path: String) throws -> [DirectoryEntry] {
        guard let (device, records) = System.directoryEntries(path) else { throw IOFailure(path: path, errno: errno) }
        var entries: [DirectoryEntry] = []
        for entry in records where entry.name != "." && entry.name != ".." {
            let kind: FileKind? = switch entry.type {
            case Int32(DT_REG): .file
            case Int32(DT_DIR): .directory
            case Int32(DT_LNK): nil
            case Int32(DT_UNKNOWN):
                // A file system that does not say (some network ones): asked, without following a link.
                entry.status.flatMap { $0.st_mode & S_IFMT != S_IFLNK ? Self.kind($0.st_mode) : nil }
            default: .other
            }
            entries.append(DirectoryEntry(name: entry.name, kind: kind,
                                          identity: kind.map { _ in FileIdentity(device: device, inode: entry.inode) }))
        }
        return entries
    }

    public func outputTarget(_ path: String, _ mode: OutputMode) throws -> OutputTarget {
        if case .newFile(let replacing) = mode {
            // The folder resolved, so that two spellings of one file are one output; the name itself is no link followed.
            let resolved = Self.canonical(path)
            guard let st = System.status(of: path, followingLinks: false) else {
                return OutputTarget(path: resolved, identity: nil, writing: replacing ? .replacing : .creatingNew, syncs: false)
            }
            if st.st_mode & S_IFMT == S_IFDIR { throw IOFailure(path: path, errno: EISDIR) }
            guard replacing else { throw IOFailure(path: path, errno: EEXIST) }
            return OutputTarget(path: resolved, identity: Self.identity(st), writing: .replacing, syncs: false)
        }
        guard let st = System.status(of: path) else {
            let code = errno
            guard code == ENOENT else { throw IOFailure(path: path, errno: code) }
            // Nothing there, or a link to nothing: the new file goes where the links lead.
            return OutputTarget(path: Self.canonical(try Self.endOfLinks(path)), identity: nil, writing: .replacing)
        }
        let identity = Self.identity(st)
        switch st.st_mode & S_IFMT {
        case S_IFDIR:
            throw IOFailure(path: path, errno: EISDIR)
        case S_IFREG where !Self.isDescriptorAlias(path):
            return OutputTarget(path: Self.realPath(path) ?? path, identity: identity,
                                writing: st.st_nlink > 1 ? .copyingInto : .replacing)
        case S_IFREG, S_IFIFO, S_IFCHR:
            // A FIFO, a device, or /dev/stdout and its kind, which stand for a descriptor the
            // caller holds: replacing the file would take the output away from them.
            return OutputTarget(path: path, identity: identity, writing: .inPlace)
        default:
            throw IOFailure(path: path, reason: "not a regular file, FIFO or character device")
        }
    }

    public func createOutput(_ target: OutputTarget) throws -> AtomicFile {
        if target.writing == .inPlace {
            let fd = System.open(target.path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { throw IOFailure(path: target.path, errno: errno) }
            return InPlaceFile(fd: fd, path: target.path)
        }
        return try LocalAtomicFile(target: target)
    }

    public func makeTemporaryFile(extension ext: String) throws -> String {
        let directory = Self.temporaryDirectory
        guard let (fd, path) = System.makeFile(template: directory + "/vcf2birthdays-XXXXXX." + ext, suffixLength: ext.utf8.count + 1) else {
            throw IOFailure(path: directory, errno: errno)
        }
        close(fd)
        return path
    }

    public func makeScratchFile() throws -> ScratchFile {
        try LocalScratchFile(directory: Self.temporaryDirectory)
    }

    /// `$TMPDIR`, or `/tmp`.
    private static var temporaryDirectory: String {
        System.environmentVariable("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    public func createDirectory(_ path: String) throws {
        try createDirectory(path, mode: 0o777)
    }

    public func createPrivateDirectory(_ path: String) throws {
        try createDirectory(path, mode: 0o700)
    }

    /// Makes the folders of `path` that are missing, with `mode` (less the umask).
    private func createDirectory(_ path: String, mode: mode_t) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if System.makeDirectory(prefix, mode: mode) != 0 && errno != EEXIST { throw IOFailure(path: prefix, errno: errno) }
            prefix += "/"
        }
        guard kind(of: path) == .directory else { throw IOFailure(path: path, reason: "Not a directory") }
    }

    public func removeFile(_ path: String) throws {
        if System.remove(path) != 0 { throw IOFailure(path: path, errno: errno) }
    }

    static func kind(_ mode: mode_t) -> FileKind {
        switch mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }

    static func identity(_ st: stat) -> FileIdentity {
        FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N` and the like.
    private static func isDescriptorAlias(_ path: String) -> Bool {
        path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
    }

    private static func realPath(_ path: String) -> String? {
        System.realPath(path)
    }

    /// The path with its folder resolved (links, `..`), when the folder exists.
    private static func canonical(_ path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realPath(directory) else { return path }
        return (real.hasSuffix("/") ? real : real + "/") + name
    }

    /// Where a chain of symbolic links ends (the path itself when it is no link).
    private static func endOfLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            guard let target = System.linkTarget(current) else { return current }
            if target.hasPrefix("/") {
                current = target
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + target
            } else {
                current = target
            }
        }
        throw IOFailure(path: path, errno: ELOOP)
    }
}

/// Writes to a temporary file beside the target (created with `mkstemp`, so never through a
/// symbolic link), then on commit `fsync`s it and renames it over the target (or copies it into
/// the target, for a file with other hard links). Until then, and after a discard, the target
/// is untouched and no temporary file remains; an interruption removes it too.
final class LocalAtomicFile: AtomicFile {
    private let target: OutputTarget
    private let temporaryPath: String
    /// Open until writing is done; -1 after.
    private var fd: Int32
    /// The temporary file exists (until committed or discarded).
    private var pending = true
    private let output: FileDescriptorOutput

    init(target: OutputTarget) throws {
        self.target = target
        let path = target.path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // Created and watched with the signals held back: one arriving in between would leave the file.
        let (made, error) = InterruptCleanup.holdingSignals { () -> ((fd: Int32, path: String)?, Int32) in
            let made = System.makeFile(template: directory + "." + name + ".tmp-XXXXXX")
            let error = errno
            if let made {
                _ = fcntl(made.fd, F_SETFD, FD_CLOEXEC)
                InterruptCleanup.watch(made.path)
            }
            return (made, error)
        }
        guard let (fd, temporaryPath) = made else { throw IOFailure(path: path, errno: error) }
        self.fd = fd
        self.temporaryPath = temporaryPath
        self.output = FileDescriptorOutput(fd: fd, path: path)
        // Keep the permissions of a file being replaced; a new file gets 0666 less the umask.
        if target.writing == .replacing, let st = System.status(of: path) {
            fchmod(fd, st.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
    }

    deinit { discard() }

    func write(_ bytes: Span<UInt8>) throws {
        try output.write(bytes)
    }

    func finishWriting() throws {
        guard fd >= 0 else { return }
        let synced = !target.syncs || fsync(fd) == 0 ? 0 : errno
        let closed = close(fd) == 0 ? 0 : errno
        fd = -1
        if synced != 0 || (closed != 0 && closed != EINTR) {
            discard()
            throw IOFailure(path: target.path, errno: synced != 0 ? synced : closed)
        }
    }

    func commit() throws {
        guard pending else { return }
        try finishWriting()
        let path = target.path
        defer { discard() }
        switch target.writing {
        case .copyingInto:
            try copyIntoTarget()
        case .creatingNew:
            // A hard link fails when the name exists, however it came to be there.
            if System.link(temporaryPath, path) == 0 { return }
            let code = errno
            if code == EEXIST || System.status(of: path, followingLinks: false) != nil { throw IOFailure(path: path, errno: EEXIST) }
            // A file system without hard links (FAT): the name was free a moment ago.
            fallthrough
        case .replacing:
            if System.rename(temporaryPath, path) != 0 { throw IOFailure(path: path, errno: errno) }
            InterruptCleanup.forget(temporaryPath)
            pending = false
        case .inPlace:
            preconditionFailure("an output written in place has no temporary file")
        }
    }

    /// Writes the temporary file's bytes into the target, which keeps its inode and so every name.
    private func copyIntoTarget() throws {
        let path = target.path
        let input = System.open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw IOFailure(path: temporaryPath, errno: errno) }
        defer { close(input) }
        let out = System.open(path, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)
        guard out >= 0 else { throw IOFailure(path: path, errno: errno) }
        defer { close(out) }
        let writer = FileDescriptorOutput(fd: out, path: path)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var span = buffer.mutableSpan
            let n = System.read(input, into: &span)
            if n < 0 {
                if errno == EINTR { continue }
                throw IOFailure(path: temporaryPath, errno: errno)
            }
            if n == 0 { break }
            try writer.write(buffer.span.extracting(0..<n))
        }
        if fsync(out) != 0 { throw IOFailure(path: path, errno: errno) }
    }

    func discard() {
        if fd >= 0 { close(fd) }
        fd = -1
        guard pending else { return }
        pending = false
        System.remove(temporaryPath)
        InterruptCleanup.forget(temporaryPath)
    }
}

/// An output written straight into a FIFO or a device: there is nothing to commit, and what
/// was written cannot be taken back.
final class InPlaceFile: AtomicFile {
    private var fd: Int32
    private let output: FileDescriptorOutput

    init(fd: Int32, path: String) {
        self.fd = fd
        output = FileDescriptorOutput(fd: fd, path: path)
    }

    deinit { if fd >= 0 { close(fd) } }

    func write(_ bytes: Span<UInt8>) throws {
        try output.write(bytes)
    }

    func finishWriting() throws {}

    func commit() throws {
        guard fd >= 0 else { return }
        let code = close(fd) == 0 ? 0 : errno
        fd = -1
        if code != 0 && code != EINTR { throw IOFailure(path: output.path, errno: code) }
    }

    func discard() {
        if fd >= 0 { close(fd) }
        fd = -1
    }
}
