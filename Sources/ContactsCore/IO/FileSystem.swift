/// The file system as the app sees it: the live one, or an in-memory double in tests.
public protocol FileSystem {
    /// What is at `path`, following symbolic links; nil when nothing is there or it cannot be reached.
    func status(of path: String) -> FileStatus?
    /// Opens the file at `path` for reading.
    func openForReading(_ path: String) throws -> ByteSource
    /// The entries of a directory (without `.` and `..`), in no particular order.
    func directoryEntries(_ path: String) throws -> [DirectoryEntry]
    /// Where an output named `path` lands and what is there now; throws when nothing can be
    /// written there (a directory, a block device, a missing folder).
    func outputTarget(_ path: String, _ mode: OutputMode) throws -> OutputTarget
    /// Opens an output at a target `outputTarget` gave.
    func createOutput(_ target: OutputTarget) throws -> AtomicFile
    /// A new, empty, uniquely named file in the temporary directory, ending in `.extension`.
    func makeTemporaryFile(extension: String) throws -> String
    /// A scratch file in the temporary directory, for data that outgrows memory.
    func makeScratchFile() throws -> ScratchFile
    /// Creates a directory (and its parents) unless it exists.
    func createDirectory(_ path: String) throws
    /// Creates a directory (and its parents) unless it exists, that only its owner may enter
    /// (a cache of contacts).
    func createPrivateDirectory(_ path: String) throws
    /// Removes the directory entry `path` (a link itself, not its target).
    func removeFile(_ path: String) throws
}

extension FileSystem {
    /// As `createDirectory`, where the file system has no owners (a double in memory).
    public func createPrivateDirectory(_ path: String) throws { try createDirectory(path) }

    /// What is at `path`: `.missing` when nothing.
    public func kind(of path: String) -> FileKind { status(of: path)?.kind ?? .missing }
}

/// What a path names.
public enum FileKind: Sendable {
    /// A regular file (or a link to one).
    case file
    /// A directory.
    case directory
    /// Nothing is there.
    case missing
    /// A FIFO, device or socket.
    case other
}

/// A file, whatever names it has: two paths (through links or hard links) with the same
/// identity are the same file.
public struct FileIdentity: Hashable, Sendable {
    /// The device the file is on.
    public var device: UInt64
    /// Its inode on that device.
    public var inode: UInt64

    /// The identity of the file with this inode on this device.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// What a path names, and which file it is.
public struct FileStatus: Sendable {
    /// Its kind.
    public var kind: FileKind
    /// The file it is (a link's target).
    public var identity: FileIdentity

    /// A status of this kind and identity.
    public init(kind: FileKind, identity: FileIdentity) {
        self.kind = kind
        self.identity = identity
    }
}

/// An entry of a directory, as the listing gives it.
public struct DirectoryEntry: Sendable {
    /// Its name in the directory.
    public var name: String
    /// nil for a symbolic link (ask `status(of:)` where it leads).
    public var kind: FileKind?
    /// Given with a kind.
    public var identity: FileIdentity?

    /// An entry; its kind and identity as the directory listing says them, when it does.
    public init(name: String, kind: FileKind? = .file, identity: FileIdentity? = nil) {
        self.name = name
        self.kind = kind
        self.identity = identity
    }
}

/// How an output takes the place of what its path names.
public enum OutputMode: Sendable, Equatable {
    /// `-o`, `--rejects`: a symbolic link is followed and its target replaced (the link stays); a
    /// regular file is replaced in one step (one with other hard links gets the new content in
    /// place, so every name sees it); a FIFO or character device is written in place.
    case replacingTarget
    /// A photo: a new file at exactly this name, never written through a link. An existing
    /// entry is an error unless `replacingExisting`, and then replaced by a rename.
    case newFile(replacingExisting: Bool)
}

/// Where an output lands: the file, and how it is written there.
public struct OutputTarget: Sendable, Equatable {
    /// How the output reaches its path.
    public enum Writing: Sendable, Equatable {
        /// A temporary file beside `path`, renamed over it on commit.
        case replacing
        /// A temporary file beside `path`, renamed to it on commit unless something is there by then.
        case creatingNew
        /// A temporary file beside `path`, copied into it on commit (it has other hard links).
        case copyingInto
        /// Written straight into `path` (a FIFO or a character device): nothing to commit.
        case inPlace
    }

    /// The file written: for `replacingTarget`, the file a symbolic link names.
    public var path: String
    /// What is at `path` now; nil when nothing is.
    public var identity: FileIdentity?
    /// How it is written.
    public var writing: Writing
    /// Flushed to the disk before it appears (`-o`, `--rejects`); photos, thousands at a time,
    /// are not: a crash may leave one empty, never half of one in place of an old one.
    public var syncs: Bool

    /// A target at `path`, written as `writing` says; `syncs`: made durable before it replaces anything.
    public init(path: String, identity: FileIdentity?, writing: Writing, syncs: Bool = true) {
        self.path = path
        self.identity = identity
        self.writing = writing
        self.syncs = syncs
    }
}

/// Output that becomes visible only on `commit()`; `discard()` leaves the old file untouched.
/// (An output written in place, a FIFO or a device, has nothing to commit or discard.)
public protocol AtomicFile: ByteOutput {
    /// Ends writing: what was written is on the disk and the file holds no descriptor, but
    /// is not visible until committed.
    func finishWriting() throws
    /// Puts the written file in place of the target.
    func commit() throws
    /// Removes what was written; the target stays as it was.
    func discard()
}
