import ContactsCore
import ContactFormats

/// Writes a vdir: each item (`VDirItems`) of the people `selection` includes into a file of its
/// own in `directory`, named after its UID (made safe), and on `commit` removes the files this
/// tool wrote before (`VDirItems.isOwn`) for items no longer there. Incremental: a file whose
/// item is unchanged is not written again (it keeps its time). Each file appears whole (written
/// beside and renamed), never through a link nor onto an input (`OutputFiles`); with
/// `holdsFiles` (`--strict`) none appears before `commit`. A file that cannot be written is said,
/// and the others are written.
public final class VDirWriter: PeopleSink {
    private let directory: String
    private let items: VDirItems
    private let selection: BirthdaySelection?
    private let fileSystem: FileSystem
    private var files: FolderFiles!
    private let diagnostics: DiagnosticsHandler
    /// The names of this run's files.
    private var names = Set<String>()
    /// Files left as they were, and removed; files that could not be written or removed.
    public private(set) var unchanged = 0, removed = 0, failures = 0
    /// Files written.
    public var written: Int { files.written }

    /// The largest file read to see whether it changed; a larger one is written again.
    static let largestCompared = 16 << 20

    /// A vdir in `directory` (which exists) of the items of the people `selection` includes (all when nil).
    public init(directory: String, items: VDirItems, selection: BirthdaySelection?, fileSystem: FileSystem,
                outputs: OutputFiles, holdsFiles: Bool, diagnostics: DiagnosticsHandler) {
        self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        self.items = items
        self.selection = selection
        self.fileSystem = fileSystem
        self.diagnostics = diagnostics
        files = FolderFiles(outputs: outputs, mode: .newFile(replacingExisting: true), holds: holdsFiles) {
            [unowned self] in fail("cannot write", $0, $1, $2)
        }
    }

    public func consume(_ person: PersonInfo) throws {
        if let selection, !selection.includes(person) { return }
        for item in try items.items(of: person, diagnostics: diagnostics) {
            var name = Self.fileName(uid: item.uid, extension: items.fileExtension)
            var n = 2
            while names.contains(name) {  // two UIDs made safe alike
                name = Self.fileName(uid: item.uid + "\u{1F}\(n)", extension: items.fileExtension)
                n += 1
            }
            names.insert(name)
            write(item.bytes, to: directory + "/" + name, of: person.source)
        }
    }

    public func finish() throws {}

    /// Makes the held files appear, then removes the files of items no longer there.
    public func commit() {
        files.commit()
        removeStale()
    }

    /// Removes the held files.
    public func discard() {
        files.discard()
    }

    /// The file name of an item: its UID when that is a safe name (letters, digits, `-_.@+`, not
    /// starting with a dot, at most 128 bytes), else a hash of it.
    static func fileName(uid: String, extension ext: String) -> String {
        let safe = !uid.isEmpty && uid.utf8.count <= 128 && !uid.hasPrefix(".") && uid.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (asciiUpper(byte) >= 0x41 && asciiUpper(byte) <= 0x5A) || "-_.@+".utf8.contains(byte)
        }
        return (safe ? uid : StableID.make(uid)) + "." + ext
    }

    private func write(_ bytes: [UInt8], to path: String, of source: SourcePosition) {
        if let old = read(path), items.isUnchanged(old, bytes) {
            unchanged += 1
            return
        }
        files.write(bytes, to: path, of: source)
    }

    /// The bytes of the regular file at `path`; nil when there is none, or it is too large.
    private func read(_ path: String) -> [UInt8]? {
        guard fileSystem.kind(of: path) == .file, let source = try? fileSystem.openForReading(path) else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= Self.largestCompared {
            var span = buffer.mutableSpan
            guard let n = try? source.read(into: &span) else { return nil }
            if n == 0 { return bytes }
            bytes += buffer[..<n]
        }
        return nil
    }

    /// Removes the regular files of the folder with the items' extension that this tool wrote
    /// and this run did not: never a file of someone else's, a link, or a file of another extension.
    private func removeStale() {
        guard let entries = try? fileSystem.directoryEntries(directory) else { return }
        let ending = "." + items.fileExtension
        for entry in entries where entry.kind == .file && entry.name.hasSuffix(ending) && !names.contains(entry.name) {
            let path = directory + "/" + entry.name
            guard let bytes = read(path), items.isOwn(bytes) else { continue }
            do {
                try fileSystem.removeFile(path)
                removed += 1
            } catch {
                fail("cannot remove", path, SourcePosition(path: path, line: 0), error)
            }
        }
    }

    private func fail(_ what: String, _ path: String, _ source: SourcePosition, _ error: Error) {
        failures += 1
        let reason = (error as? IOFailure)?.reason ?? "\(error)"
        diagnostics.report(Diagnostic(.error, .cannotWriteItem, path: source.path, line: source.line,
                                      "\(what) \(path): \(reason)"))
    }
}
