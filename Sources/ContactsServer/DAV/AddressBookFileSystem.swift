import ContactsCore

/// The file system with CardDAV address books in it: a path that is an `http` or `https` URL
/// is on a server (RFC 6352), every other one goes to `local`. An address-book collection is a
/// directory whose files are its vCards; a card is a file. Cards are fetched with
/// `addressbook-multiget`, `batchSize` at a time in the order they are opened, and each is
/// handed out once (what a run holds is one batch, whatever the size of the address book).
/// Nothing is written to a server here.
public final class AddressBookFileSystem: FileSystem, @unchecked Sendable {
    private let local: any FileSystem
    private let client: DAVClient
    private let batchSize: Int
    private let lock = ThreadLock()
    /// Members of the collections listed, in the order listed, and where each one is.
    private var members: [String] = []
    private var memberIndex: [String: Int] = [:]
    /// Cards fetched and not yet opened, by URL.
    private var fetched: [String: Result<[UInt8], DAVFailure>] = [:]
    /// What a URL turned out to be; a failure waits for the opening that reports it.
    private var statuses: [String: Result<Bool, DAVFailure>] = [:]

    /// `local` for paths, `client` for URLs.
    public init(local: any FileSystem, client: DAVClient, batchSize: Int = 100) {
        self.local = local
        self.client = client
        self.batchSize = max(1, batchSize)
    }

    /// Which file a URL is, for the check that no output lands on an input.
    static func identity(_ url: String) -> FileIdentity {
        var hash: UInt64 = 0xcbf29ce484222325
        for b in url.utf8 { hash = (hash ^ UInt64(b)) &* 0x100000001b3 }
        return FileIdentity(device: 0xDA7_0000_0000, inode: hash)
    }

    public func status(of path: String) -> FileStatus? {
        guard ServerURL.isURL(path) else { return local.status(of: path) }
        // A URL that cannot be asked is a file here: opening it says why.
        let isCollection = (try? kind(of: path).get()) ?? false
        return FileStatus(kind: isCollection ? .directory : .file, identity: Self.identity(path))
    }

    /// Whether `url` is a collection (PROPFIND, depth 0).
    private func kind(of url: String) -> Result<Bool, DAVFailure> {
        if let known = lock.locked({ statuses[url] }) { return known }
        let result = Result { () throws(DAVFailure) -> Bool in
            let responses = try propfind(url, depth: 0, properties: ["<d:resourcetype/>"])
            return responses.first?.isCollection ?? false
        }
        lock.locked { statuses[url] = result }
        return result
    }

    /// The responses of a PROPFIND of `properties` (XML elements with the prefix `d:` for DAV).
    private func propfind(_ url: String, depth: Int, properties: [String]) throws(DAVFailure) -> [DAVResponse] {
        let body = #"<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop>"#
            + properties.joined() + "</d:prop></d:propfind>"
        let request = HTTPRequest(method: "PROPFIND", url: url,
                                  headers: ["Depth: \(depth)", "Content-Type: application/xml; charset=utf-8"], body: Array(body.utf8))
        return try multistatus(request)
    }

    private func multistatus(_ request: HTTPRequest) throws(DAVFailure) -> [DAVResponse] {
        let (response, url) = try client.send(request)
        guard response.status == 207 else {
            throw DAVFailure(url: url.description, status: response.status, reason: DAVClient.explain(status: response.status))
        }
        do {
            return try DAVResponse.parse(response.body)
        } catch {
            throw DAVFailure(url: url.description, status: response.status, reason: "the server's answer is not WebDAV: \(error)")
        }
    }

    public func directoryEntries(_ path: String) throws -> [DirectoryEntry] {
        guard ServerURL.isURL(path) else { return try local.directoryEntries(path) }
        guard let folder = ServerURL(path)?.asFolder else { throw IOFailure(path: path, reason: "not an http or https URL") }
        let responses: [DAVResponse]
        do {
            responses = try propfind(folder.description, depth: 1, properties: ["<d:resourcetype/>", "<d:getcontenttype/>", "<d:getetag/>"])
        } catch {
            throw IOFailure(path: path, reason: error.reason)
        }
        var entries: [DirectoryEntry] = []
        for response in responses where !response.isCollection {
            guard let member = folder.resolving(response.href), Self.isInside(member.path, folder.path),
                  let name = member.path.split(separator: "/").last.map(String.init) else { continue }
            let type = response.text(DAVNamespace.dav, "getcontenttype")?.lowercased() ?? ""
            guard type.hasPrefix("text/vcard") || type.hasPrefix("text/x-vcard") || (type.isEmpty && name.lowercased().hasSuffix(".vcf")) else { continue }
            entries.append(DirectoryEntry(name: name, kind: .file, identity: Self.identity(path.hasSuffix("/") ? path + name : path + "/" + name)))
        }
        // In the order the listing opens them (by name, bytewise): a batch is the cards read next.
        let base = path.hasSuffix("/") ? path : path + "/"
        let names = entries.map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        lock.locked {
            for name in names where memberIndex[base + name] == nil {
                memberIndex[base + name] = members.count
                members.append(base + name)
            }
        }
        return entries
    }

    /// Whether `path` is a member directly inside the folder `folder` (percent-encoding aside).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        let member = ServerURL.percentDecoded(Substring(path)), base = ServerURL.percentDecoded(Substring(folder))
        guard member.hasPrefix(base), member.count > base.count else { return false }
        return !member.dropFirst(base.count).dropLast(member.hasSuffix("/") ? 1 : 0).contains("/")
    }

    public func openForReading(_ path: String) throws -> ByteSource {
        guard ServerURL.isURL(path) else { return try local.openForReading(path) }
        let isMember = lock.locked { memberIndex[path] != nil }
        if !isMember, case .failure(let failure) = kind(of: path) { throw IOFailure(path: path, reason: failure.reason) }
        let result: Result<[UInt8], DAVFailure> = lock.locked {
            if let card = fetched.removeValue(forKey: path) { return card }
            return isMember ? fetchBatch(from: path) : get(path)
        }
        switch result {
        case .success(let bytes): return BytesSource(bytes)
        case .failure(let failure): throw IOFailure(path: path, reason: failure.reason)
        }
    }

    /// A card named on its own (GET).
    private func get(_ path: String) -> Result<[UInt8], DAVFailure> {
        Result { () throws(DAVFailure) -> [UInt8] in
            let (response, url) = try client.send(HTTPRequest(method: "GET", url: path))
            guard (200..<300).contains(response.status) else {
                throw DAVFailure(url: url.description, status: response.status, reason: DAVClient.explain(status: response.status))
            }
            return response.body
        }
    }

    /// The folder a member is in (its URL up to the last `/`).
    private static func folder(of url: String) -> Substring {
        url[...(url.lastIndex(of: "/") ?? url.startIndex)]
    }

    /// Fetches `path` and the members of its collection after it, as a run opens them, in one
    /// `addressbook-multiget` (RFC 6352 §8.7), and returns `path`'s card.
    private func fetchBatch(from path: String) -> Result<[UInt8], DAVFailure> {
        let folder = Self.folder(of: path)
        var batch: [String] = []
        var i = memberIndex[path]!
        while i < members.count && batch.count < batchSize && Self.folder(of: members[i]) == folder {
            if fetched[members[i]] == nil { batch.append(members[i]) }
            i += 1
        }
        var body = #"<?xml version="1.0" encoding="utf-8"?><c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">"#
            + "<d:prop><d:getetag/><c:address-data/></d:prop>"
        for member in batch {
            body += "<d:href>" + Self.escaped(ServerURL(member)?.path ?? member) + "</d:href>"
        }
        body += "</c:addressbook-multiget>"
        let request = HTTPRequest(method: "REPORT", url: String(folder),
                                  headers: ["Content-Type: application/xml; charset=utf-8"], body: Array(body.utf8))
        let responses: [DAVResponse]
        do {
            responses = try multistatus(request)
        } catch {
            return .failure(error)
        }
        guard let base = ServerURL(String(folder)) else { return .failure(DAVFailure(url: path, status: nil, reason: "not a URL")) }
        var byPath: [String: String] = [:]
        for member in batch { byPath[ServerURL.percentDecoded(Substring(ServerURL(member)?.path ?? member))] = member }
        for response in responses {
            guard let url = base.resolving(response.href), let member = byPath[ServerURL.percentDecoded(Substring(url.path))] else { continue }
            if let card = response.property(DAVNamespace.cardDAV, "address-data") {
                fetched[member] = .success(Array(card.text.utf8))
            } else {
                let status = response.status ?? 404
                fetched[member] = .failure(DAVFailure(url: member, status: status, reason: DAVClient.explain(status: status)))
            }
        }
        for member in batch where fetched[member] == nil {
            fetched[member] = .failure(DAVFailure(url: member, status: nil, reason: "the server did not return this card"))
        }
        return fetched.removeValue(forKey: path)!
    }

    /// `text` with XML's special characters as references.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    public func outputTarget(_ path: String, _ mode: OutputMode) throws -> OutputTarget {
        guard !ServerURL.isURL(path) else { throw IOFailure(path: path, reason: "writing to a server is not possible here; write a file") }
        return try local.outputTarget(path, mode)
    }
    public func createOutput(_ target: OutputTarget) throws -> AtomicFile { try local.createOutput(target) }
    public func makeTemporaryFile(extension: String) throws -> String { try local.makeTemporaryFile(extension: `extension`) }
    public func makeScratchFile() throws -> ScratchFile { try local.makeScratchFile() }
    public func createDirectory(_ path: String) throws { try local.createDirectory(path) }
    public func removeFile(_ path: String) throws { try local.removeFile(path) }
}

/// Bytes held in memory, read as a file.
final class BytesSource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: inout MutableSpan<UInt8>) throws -> Int {
        let n = min(buffer.count, bytes.count - offset)
        for i in 0..<n { buffer[i] = bytes[offset + i] }
        offset += n
        return n
    }

    var size: Int? { bytes.count }
}
