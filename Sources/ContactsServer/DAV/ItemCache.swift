import ContactsCore

/// The items of a server's collections kept on the disk with their ETags, so that the next run
/// fetches only what changed (RFC 7232's strong ETags: the same ETag, the same bytes). A
/// collection's items are a folder of files named by a hash of their URL, each its ETag on the
/// first line and then the item. Only what the listing still names is kept. A cache that cannot
/// be read or written is no cache: the items are fetched.
final class ItemCache: @unchecked Sendable {
    private let files: any FileSystem
    private let directory: String
    private var madeFolders = Set<String>()

    /// A cache in `directory` (made, only its owner may enter it, at the first item) of `files`.
    init(files: any FileSystem, directory: String) {
        self.files = files
        self.directory = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    }

    /// A file name for `text`: its FNV-1a hash in 16 hex digits.
    private static func hash(_ text: String) -> String {
        let hex = String(fnv1a(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The 64-bit FNV-1a hash of `text`'s bytes (a URL's name here, and its identity in `DAVFileSystem`).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for b in text.utf8 { hash = (hash ^ UInt64(b)) &* 0x100000001b3 }
        return hash
    }

    private func folder(_ collection: String) -> String { directory + "/" + Self.hash(collection) }
    private func path(_ collection: String, _ item: String) -> String { folder(collection) + "/" + Self.hash(item) }

    /// Whether an ETag may stand for the bytes (a weak one may not).
    static func isStrong(_ etag: String?) -> Bool {
        guard let etag else { return false }
        return !etag.hasPrefix("W/") && !etag.isEmpty && !etag.contains("\n")
    }

    /// The item's bytes when the cache holds them for this ETag.
    func item(_ item: String, in collection: String, etag: String?) -> [UInt8]? {
        guard Self.isStrong(etag), let source = try? files.openForReading(path(collection, item)) else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            var span = buffer.mutableSpan
            guard let n = try? source.read(into: &span) else { return nil }
            if n == 0 { break }
            bytes += buffer[..<n]
        }
        let expected = Array(etag!.utf8) + [0x0A]
        guard bytes.starts(with: expected) else { return nil }
        return Array(bytes[expected.count...])
    }

    /// Keeps the item's bytes under its ETag (a weak or missing one: forgets it).
    func store(_ bytes: [UInt8], item: String, in collection: String, etag: String?) {
        guard Self.isStrong(etag) else {
            forget(item, in: collection)
            return
        }
        let folder = folder(collection)
        var file: AtomicFile?
        do {
            if !madeFolders.contains(folder) {
                try files.createPrivateDirectory(folder)
                madeFolders.insert(folder)
            }
            file = try files.createOutput(try files.outputTarget(path(collection, item), .newFile(replacingExisting: true)))
            try file!.write((Array(etag!.utf8) + [0x0A] + bytes).span)
            try file!.commit()
        } catch {
            file?.discard()
        }
    }

    /// Forgets the item.
    func forget(_ item: String, in collection: String) {
        try? files.removeFile(path(collection, item))
    }

    /// Forgets every item of the collection but `items`.
    func keepOnly(_ items: [String], in collection: String) {
        let folder = folder(collection)
        guard files.kind(of: folder) == .directory, let entries = try? files.directoryEntries(folder) else { return }
        let kept = Set(items.map(Self.hash))
        for entry in entries where !kept.contains(entry.name) {
            try? files.removeFile(folder + "/" + entry.name)
        }
    }
}
