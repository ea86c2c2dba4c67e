import ContactsCore
import ContactFormats

/// Writes a vdir: each item (`VDirItems`) of the people `selection` includes into a file of its
/// own in `directory`, named after its UID (made safe), and on `commit` removes the files this
/// tool wrote before (`VDirItems.isOwn`) for items no longer there — only when the run says its
/// read was clean, and no more than `limit`. Incremental: a file whose item is unchanged is not
/// written again (it keeps its time). A file of the item's name that is not this tool's is
/// never replaced nor removed. Each file appears whole (written beside and renamed), never
/// through a link nor onto an input or another output (`OutputFiles`); with `holdsFiles`
/// (`--strict`) none appears before `commit`; with `plan` (`--dry-run`) nothing is written or
/// removed and each step is told to it instead. A file that cannot be written is said, and the
/// others are written.
public final class VDirWriter: PeopleSink {
    /// Whether the run may remove stale items: its read was clean, or why not.
    public enum Removal: Sendable {
        case allowed
        case refused(reason: String)
    }

    /// What the run did, or (`--dry-run`) would do, to one file.
    public enum Step: String, Sendable {
        case write, unchanged, remove, keep, foreign
    }

    private let directory: String
    private let items: VDirItems
    private let selection: BirthdaySelection?
    private let fileSystem: FileSystem
    private let outputs: OutputFiles
    private let limit: RemovalLimit
    private let plan: ((Step, String) -> Void)?
    private var files: FolderFiles!
    private let diagnostics: DiagnosticsHandler
    /// The names of this run's items.
    private var names = Set<String>()
    /// The folder's entries by name, as they were before the first item.
    private var entries: [String: DirectoryEntry]?
    /// Files of ours that this run's items had.
    private var ownMatched = 0
    private var planned = 0
    /// Files left as they were, removed, stale but kept, not ours; files that could not be written or removed.
    public private(set) var unchanged = 0, removed = 0, kept = 0, foreign = 0, failures = 0
    /// The limit kept stale items (the run ends with its own status).
    public private(set) var limitReached = false
    /// Files written (with a plan: to be written).
    public var written: Int { plan == nil ? files.written : planned }

    /// The largest file read to see whether it changed or is ours; a larger one is no file of ours.
    static let largestCompared = 16 << 20

    /// A vdir in `directory` (which exists) of the items of the people `selection` includes (all when nil).
    public init(directory: String, items: VDirItems, selection: BirthdaySelection?, fileSystem: FileSystem,
                outputs: OutputFiles, holdsFiles: Bool, limit: RemovalLimit = .standard,
                plan: ((Step, String) -> Void)? = nil, diagnostics: DiagnosticsHandler) {
        self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        self.items = items
        self.selection = selection
        self.fileSystem = fileSystem
        self.outputs = outputs
        self.limit = limit
        self.plan = plan
        self.diagnostics = diagnostics
        files = FolderFiles(outputs: outputs, mode: .newFile(replacingExisting: false), holds: holdsFiles) {
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
            write(item.bytes, name: name, of: person.source)
        }
    }

    public func finish() throws {}

    /// Makes the held files appear, then removes the files of ours for items no longer there,
    /// when `removal` allows it and they are within the limit.
    public func commit(_ removal: Removal) {
        files.commit()
        removeStale(removal)
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

    /// Writes an item unless its file is unchanged, or is there and not ours.
    private func write(_ bytes: [UInt8], name: String, of source: SourcePosition) {
        let path = directory + "/" + name
        var mode = OutputMode.newFile(replacingExisting: false)
        if let entry = listing(for: source)[name] {
            let old: [UInt8]?
            do {
                old = entry.kind == .file ? try read(path) : nil
            } catch {
                fail("cannot read", path, source, error)
                return
            }
            guard let old, items.isOwn(old) else {
                foreign += 1
                plan?(.foreign, path)
                diagnostics.report(Diagnostic(.warning, .foreignItem, path: source.path, line: source.line,
                                              "\(path) is not a file this program wrote: left as it is, and this item not written"))
                return
            }
            ownMatched += 1
            if items.isUnchanged(old, bytes) {
                unchanged += 1
                plan?(.unchanged, path)
                return
            }
            mode = .newFile(replacingExisting: true)
        }
        if let plan {
            planned += 1
            plan(.write, path)
        } else {
            files.write(bytes, to: path, of: source, mode: mode)
        }
    }

    /// The folder's entries before this run wrote into it, listed once for writing and for
    /// removing. When it cannot be listed, that is said, every name is taken as new (a file that
    /// is there after all makes its write fail) and nothing is removed.
    private func listing(for source: SourcePosition) -> [String: DirectoryEntry] {
        if let entries { return entries }
        var listed: [DirectoryEntry] = []
        do {
            // A dry run creates no folder: then everything would be new.
            if plan == nil || fileSystem.kind(of: directory) != .missing { listed = try fileSystem.directoryEntries(directory) }
        } catch {
            fail("cannot list", directory, source, error)
        }
        entries = Dictionary(listed.map { ($0.name, $0) }) { first, _ in first }
        return entries!
    }

    /// The bytes of the regular file at `path`; nil when there is none, or it is too large.
    private func read(_ path: String) throws -> [UInt8]? {
        guard fileSystem.kind(of: path) == .file else { return nil }
        let source = try fileSystem.openForReading(path)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= Self.largestCompared {
            var span = buffer.mutableSpan
            let n = try source.read(into: &span)
            if n == 0 { return bytes }
            bytes += buffer[..<n]
        }
        return nil
    }

    /// The regular files of the folder with the items' extension that this tool wrote and this
    /// run did not: never a file of someone else's, a link, a file of another extension, an
    /// input or another output of the run. They are removed when `removal` allows and they are
    /// within the limit; else all are kept, and that is said.
    private func removeStale(_ removal: Removal) {
        let ending = "." + items.fileExtension
        var stale: [String] = []
        // The folder as it was before this run wrote into it: what the run wrote is in `names`.
        for entry in listing(for: SourcePosition(path: directory, line: 0)).values
        where entry.kind == .file && entry.name.hasSuffix(ending) && !names.contains(entry.name) {
            let path = directory + "/" + entry.name
            guard !outputs.protects(path) else { continue }
            do {
                guard let bytes = try read(path), items.isOwn(bytes) else { continue }
                stale.append(path)
            } catch {
                fail("cannot read", path, SourcePosition(path: path, line: 0), error)
            }
        }
        guard !stale.isEmpty else { return }
        stale.sort()
        let items = counted(stale.count, "stale item", "stale items")
        if case .refused(let reason) = removal {
            keep(stale, .staleItemsKept, "\(items) kept, not removed: \(reason)")
            return
        }
        let total = ownMatched + stale.count
        let allowed = limit.allowed(of: total)
        if stale.count > allowed {
            limitReached = true
            keep(stale, .removalLimit, "\(items) kept, not removed: removing \(stale.count) of the \(total) items of ours "
                 + "would pass --max-remove \(limit.description), which allows \(allowed); --dry-run lists them, "
                 + "--max-remove \(stale.count) removes them")
            return
        }
        for path in stale {
            if let plan {
                removed += 1
                plan(.remove, path)
                continue
            }
            do {
                try fileSystem.removeFile(path)
                removed += 1
            } catch {
                fail("cannot remove", path, SourcePosition(path: path, line: 0), error)
            }
        }
    }

    private func keep(_ stale: [String], _ code: Diagnostic.Code, _ message: String) {
        kept = stale.count
        stale.forEach { plan?(.keep, $0) }
        diagnostics.report(Diagnostic(.warning, code, path: directory, line: 0, message))
    }

    private func fail(_ what: String, _ path: String, _ source: SourcePosition, _ error: Error) {
        failures += 1
        let reason = (error as? IOFailure)?.reason ?? "\(error)"
        diagnostics.report(Diagnostic(.error, .cannotWriteItem, path: source.path, line: source.line,
                                      "\(what) \(path): \(reason)"))
    }
}
