/// The file system as the app sees it: the live one, or an in-memory double in tests.
public protocol FileSystem {
    func kind(of path: String) -> FileKind
    func openForReading(_ path: String) throws -> ByteSource
    /// Names (not paths) of the entries of a directory, in no particular order.
    func directoryEntries(_ path: String) throws -> [String]
    /// A file that appears at `path` only when committed, replacing what was there in one step.
    func createAtomically(_ path: String) throws -> AtomicFile
    /// Whether two paths name the same existing file.
    func isSameFile(_ a: String, _ b: String) -> Bool
    /// A new, empty, uniquely named file in the temporary directory, ending in `.extension`.
    func makeTemporaryFile(extension: String) throws -> String
    /// Creates a directory (and its parents) unless it exists.
    func createDirectory(_ path: String) throws
    /// Writes a whole file; fails when it exists unless `replacingExisting`, and never follows a
    /// symbolic link at `path`.
    func writeNewFile(_ path: String, bytes: [UInt8], replacingExisting: Bool) throws
}

public enum FileKind: Sendable {
    case file, directory, missing, other
}

/// Output that becomes visible only on `commit()`; `discard()` leaves the old file untouched.
public protocol AtomicFile: ByteOutput {
    func commit() throws
    func discard()
}
