#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system, through POSIX calls; it holds no state, so threads may share it.
public struct LocalFileSystem: FileSystem, Sendable {
    public init() {}

    public func kind(of path: String) -> FileKind {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .other
        }
    }

    public func openForReading(_ path: String) throws -> ByteSource {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw IOFailure(path: path, errno: errno) }
        return FileDescriptorSource(fd: fd, path: path, closesOnDeinit: true)
    }

    public func directoryEntries(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { throw IOFailure(path: path, errno: errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    public func createAtomically(_ path: String) throws -> AtomicFile {
        try LocalAtomicFile(path: path)
    }

    public func makeTemporaryFile(extension ext: String) throws -> String {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/vcf2birthdays-XXXXXX." + ext).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(ext.utf8.count + 1)) }
        guard fd >= 0 else { throw IOFailure(path: directory, errno: errno) }
        close(fd)
        return filledPath(template)
    }

    public func createDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST { throw IOFailure(path: prefix, errno: errno) }
            prefix += "/"
        }
        guard kind(of: path) == .directory else { throw IOFailure(path: path, reason: "Not a directory") }
    }

    public func writeNewFile(_ path: String, bytes: [UInt8], replacingExisting: Bool) throws {
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (replacingExisting ? O_TRUNC : O_EXCL)
        let fd = open(path, flags, 0o666)
        guard fd >= 0 else {
            let code = errno
            throw IOFailure(path: path, reason: code == EEXIST ? "File exists" : String(cString: strerror(code)))
        }
        defer { close(fd) }
        try bytes.withUnsafeBytes { try FileDescriptorOutput(fd: fd, path: path).write($0) }
    }

    public func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}

/// The path `mkstemp` filled in a template (a C string, its 0 byte last).
private func filledPath(_ template: [CChar]) -> String {
    String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Writes to a temporary file beside the target (created with `mkstemp`, so never through a
/// symbolic link), then `fsync` and `rename` over the target on commit. Until then, and after a
/// discard, the target is untouched and no temporary file remains.
final class LocalAtomicFile: AtomicFile {
    private let path: String
    private let temporaryPath: String
    private var fd: Int32
    private let output: FileDescriptorOutput

    init(path: String) throws {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory + "." + name + ".tmp-XXXXXX").utf8CString)
        // Created and watched with the signals held back: one arriving in between would leave the file.
        let (fd, error) = InterruptCleanup.holdingSignals { () -> (Int32, Int32) in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            let error = errno
            if fd >= 0 { InterruptCleanup.watch(filledPath(template)) }
            return (fd, error)
        }
        guard fd >= 0 else { throw IOFailure(path: path, errno: error) }
        self.fd = fd
        self.temporaryPath = filledPath(template)
        self.output = FileDescriptorOutput(fd: fd, path: path)
        // Keep the permissions of a file being replaced; a new file gets 0666 less the umask.
        var st = stat()
        if stat(path, &st) == 0 {
            fchmod(fd, st.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
    }

    deinit { discard() }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try output.write(bytes)
    }

    func commit() throws {
        guard fd >= 0 else { return }
        if fsync(fd) != 0 {
            let code = errno
            discard()
            throw IOFailure(path: path, errno: code)
        }
        close(fd)
        fd = -1
        defer { InterruptCleanup.forget(temporaryPath) }
        if rename(temporaryPath, path) != 0 {
            let code = errno
            unlink(temporaryPath)
            throw IOFailure(path: path, errno: code)
        }
    }

    func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporaryPath)
        InterruptCleanup.forget(temporaryPath)
    }
}
