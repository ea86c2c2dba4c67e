import ContactsCore

/// The file system with WebDAV collections in it: a path that is an `http` or `https` URL is on
/// a server, every other one goes to `local`. A CardDAV address book (RFC 6352) or a CalDAV
/// calendar (RFC 4791) is a directory whose files are its cards or events; an item is a file.
///
/// Reading: items are fetched with `addressbook-multiget` or `calendar-multiget`, `batchSize` at
/// a time in the order they are opened, each handed out once (a run holds one batch, whatever
/// the size of the collection). Writing, for `--vdir URL`: an item is put whole on `commit`
/// (`If-None-Match: *` when new, so nothing of someone else's is overwritten; `If-Match` with
/// the ETag listed when replaced, so nothing changed meanwhile is), removed with `If-Match`, and
/// a missing collection is made (`MKCALENDAR`, or an extended `MKCOL` for an address book). An
/// item whose condition fails (412: changed on the server meanwhile) is read again, and the change
/// tried once more on what is there now when that is still one of ours (`mayChange`).
public final class DAVFileSystem: FileSystem, @unchecked Sendable {
    /// What a collection made here is.
    public enum CollectionKind: Sendable {
        case calendar, addressBook
    }

    private let local: any FileSystem
    let client: DAVClient
    private let batchSize: Int
    private let newCollections: CollectionKind
    private let cache: ItemCache?
    private let mayChange: (([UInt8]) -> Bool)?
    private let lock = ThreadLock()
    /// Members of the collections listed, in the order listed, and where each one is (by `key`).
    private var members: [String] = []
    private var memberIndex: [String: Int] = [:]
    /// The ETags of the members listed or fetched, by `key`.
    private var etags: [String: String] = [:]
    /// The collections listed that are calendars, by `key`.
    private var calendars = Set<String>()
    /// The collections listed in this run (once: the check that no output lands on an input
    /// and the vdir's writer both list it), by `key`.
    private var listings: [String: [DirectoryEntry]] = [:]
    /// Items fetched and not yet opened, by `key`.
    private var fetched: [String: Result<[UInt8], DAVFailure>] = [:]
    /// What a URL turned out to be (a collection or not), by `key`; a failure waits for the
    /// opening that reports it.
    private var statuses: [String: Result<Bool, DAVFailure>] = [:]

    /// `local` for paths, `client` for URLs; collections made are `newCollections`; the items
    /// fetched are kept in `cacheDirectory` (of `local`), so that a second run fetches only what
    /// changed. An item changed on the server meanwhile is replaced or removed after all when
    /// `mayChange` says its bytes now are still an item of ours (`VDirItems.isOwn`); without it, never.
    public init(local: any FileSystem, client: DAVClient, batchSize: Int = 100, newCollections: CollectionKind = .calendar,
                cacheDirectory: String? = nil, mayChange: (([UInt8]) -> Bool)? = nil) {
        self.local = local
        self.client = client
        self.batchSize = max(1, batchSize)
        self.newCollections = newCollections
        cache = cacheDirectory.map { ItemCache(files: local, directory: $0) }
        self.mayChange = mayChange
    }

    /// A URL as the same resource whatever its spelling: no credentials, the path decoded, no
    /// trailing `/`.
    static func key(_ url: String) -> String {
        guard let parsed = ServerURL(url) else { return url }
        var path = ServerURL.percentDecoded(Substring(parsed.path))
        if path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return parsed.scheme + "://" + parsed.authority + path
    }

    /// Which file a URL is, for the check that no output lands on an input.
    static func identity(_ url: String) -> FileIdentity {
        FileIdentity(device: 0xDA7_0000_0000, inode: ItemCache.fnv1a(key(url)))
    }

    public func status(of path: String) -> FileStatus? {
        guard ServerURL.isURL(path) else { return local.status(of: path) }
        switch kind(of: path) {
        case .success(let isCollection):
            return FileStatus(kind: isCollection ? .directory : .file, identity: Self.identity(path))
        case .failure(let failure) where failure.status == 404 || failure.status == 410:
            return nil
        case .failure:
            // A URL that cannot be asked is a file here: opening it says why.
            return FileStatus(kind: .file, identity: Self.identity(path))
        }
    }

    /// Whether `url` is a collection: a member listed is not; else PROPFIND, depth 0.
    private func kind(of url: String) -> Result<Bool, DAVFailure> {
        let key = Self.key(url)
        if let known = lock.locked({ memberIndex[key] != nil ? .success(false) : statuses[key] }) { return known }
        let result = Result { () throws(DAVFailure) -> Bool in
            try propfind(url, depth: 0, properties: ["<d:resourcetype/>"]).responses.first?.isCollection ?? false
        }
        lock.locked { statuses[key] = result }
        return result
    }

    /// The responses of a PROPFIND of `properties` (XML elements, `d:` for DAV, `c:` for CardDAV, `k:` for CalDAV),
    /// and the URL that answered (after redirects).
    func propfind(_ url: String, depth: Int, properties: [String]) throws(DAVFailure) -> (responses: [DAVResponse], url: ServerURL) {
        let body = #"<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav" xmlns:k="urn:ietf:params:xml:ns:caldav"><d:prop>"#
            + properties.joined() + "</d:prop></d:propfind>"
        let request = HTTPRequest(method: "PROPFIND", url: url,
                                  headers: ["Depth: \(depth)", "Content-Type: application/xml; charset=utf-8"], body: Array(body.utf8))
        let answer = try multistatus(request)
        // Xandikos answers a missing resource with a multistatus whose one response is a 404.
        if depth == 0, let status = answer.responses.first?.status, !(200..<300).contains(status) {
            throw DAVFailure(url: answer.url.description, status: status, reason: DAVClient.explain(status: status))
        }
        return answer
    }

    func multistatus(_ request: HTTPRequest) throws(DAVFailure) -> (responses: [DAVResponse], url: ServerURL) {
        let (response, url) = try client.send(request)
        guard response.status == 207 else {
            throw DAVFailure(url: url.description, status: response.status, reason: DAVClient.explain(status: response.status))
        }
        do {
            return (try DAVResponse.parse(response.body), url)
        } catch {
            throw DAVFailure(url: url.description, status: response.status, reason: "the server's answer is not WebDAV: \(error)")
        }
    }

    public func directoryEntries(_ path: String) throws -> [DirectoryEntry] {
        guard ServerURL.isURL(path) else { return try local.directoryEntries(path) }
        guard let folder = ServerURL(path)?.asFolder else { throw IOFailure(path: path, reason: "not an http or https URL") }
        if let listed = lock.locked({ listings[Self.key(path)] }) { return listed }
        let answer: (responses: [DAVResponse], url: ServerURL)
        do {
            answer = try propfind(folder.withoutPassword, depth: 1, properties: ["<d:resourcetype/>", "<d:getcontenttype/>", "<d:getetag/>"])
        } catch {
            throw IOFailure(path: path, reason: error.reason)
        }
        let own = answer.responses.first { answer.url.resolving($0.href).map { Self.key($0.description) } == Self.key(answer.url.description) }
        let isCalendar = own?.isCalendar ?? false, isAddressBook = own?.isAddressBook ?? false
        let base = path.hasSuffix("/") ? path : path + "/"
        var entries: [DirectoryEntry] = []
        var listed: [(name: String, etag: String?)] = []
        for response in answer.responses where !response.isCollection {
            guard let member = answer.url.resolving(response.href), Self.isInside(member.path, answer.url.asFolder.path),
                  let name = member.path.split(separator: "/").last.map({ ServerURL.percentDecoded($0) }) else { continue }
            let type = response.text(DAVNamespace.dav, "getcontenttype")?.lowercased() ?? ""
            let lower = name.lowercased()
            let isCard = type.hasPrefix("text/vcard") || type.hasPrefix("text/x-vcard") || (type.isEmpty && lower.hasSuffix(".vcf"))
            let isEvent = type.hasPrefix("text/calendar") || (type.isEmpty && lower.hasSuffix(".ics"))
            guard isCalendar ? isEvent : isAddressBook ? isCard : isCard || isEvent else { continue }
            entries.append(DirectoryEntry(name: name, kind: .file, identity: Self.identity(base + name)))
            listed.append((name, response.text(DAVNamespace.dav, "getetag")))
        }
        // In the order the listing opens them (by name, bytewise): a batch is the items read next.
        listed.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        cache?.keepOnly(listed.map { Self.key(base + $0.name) }, in: Self.key(base))
        lock.locked {
            listings[Self.key(base)] = entries
            if isCalendar { calendars.insert(Self.key(base)) }
            statuses[Self.key(base)] = .success(true)
            for (name, etag) in listed {
                let key = Self.key(base + name)
                etags[key] = etag
                if memberIndex[key] == nil {
                    memberIndex[key] = members.count
                    members.append(base + name)
                }
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
        let key = Self.key(path)
        let isMember = lock.locked { memberIndex[key] != nil }
        if !isMember, case .failure(let failure) = kind(of: path) { throw IOFailure(path: path, reason: failure.reason) }
        let result: Result<[UInt8], DAVFailure> = lock.locked {
            if let item = fetched.removeValue(forKey: key) { return item }
            return isMember ? fetchBatch(from: path) : get(path)
        }
        switch result {
        case .success(let bytes): return BytesSource(bytes)
        case .failure(let failure): throw IOFailure(path: path, reason: failure.reason)
        }
    }

    /// An item named on its own (GET).
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

    /// Fetches `path` and the members of its collection around it, as a run opens them, in one
    /// multiget (RFC 6352 §8.7, RFC 4791 §7.9), and returns `path`'s item. Called locked.
    private func fetchBatch(from path: String) -> Result<[UInt8], DAVFailure> {
        // This one, the ones listed after it, then the ones before it: items opened in another
        // order than listed (a vdir's, in the order of the people) still come in few batches.
        let folder = Self.folder(of: path)
        let index = memberIndex[Self.key(path)]!
        var first = index, end = index
        while first > 0 && Self.folder(of: members[first - 1]) == folder { first -= 1 }
        while end < members.count && Self.folder(of: members[end]) == folder { end += 1 }
        // Items the cache holds under the ETag listed come from there, as many as a batch.
        let collection = Self.key(String(folder))
        var batch: [String] = []
        var cached = 0
        for i in Array(index..<end) + Array(first..<index) where batch.count + cached < batchSize {
            let key = Self.key(members[i])
            guard fetched[key] == nil else { continue }
            if let item = cache?.item(key, in: collection, etag: etags[key]) {
                fetched[key] = .success(item)
                cached += 1
            } else {
                batch.append(members[i])
            }
        }
        if batch.isEmpty { return fetched.removeValue(forKey: Self.key(path))! }
        let isCalendar = calendars.contains(Self.key(String(folder)))
        let (report, namespace, data) = isCalendar ? ("calendar-multiget", DAVNamespace.calDAV, "calendar-data")
            : ("addressbook-multiget", DAVNamespace.cardDAV, "address-data")
        var body = #"<?xml version="1.0" encoding="utf-8"?>"# + "<c:\(report) xmlns:d=\"DAV:\" xmlns:c=\"\(namespace)\">"
            + "<d:prop><d:getetag/><c:\(data)/></d:prop>"
        for member in batch {
            body += "<d:href>" + Self.escaped(ServerURL(member)?.path ?? member) + "</d:href>"
        }
        body += "</c:\(report)>"
        let request = HTTPRequest(method: "REPORT", url: String(folder),
                                  headers: ["Content-Type: application/xml; charset=utf-8"], body: Array(body.utf8))
        let answer: (responses: [DAVResponse], url: ServerURL)
        do {
            answer = try multistatus(request)
        } catch {
            return .failure(error)
        }
        var byKey: [String: String] = [:]
        for member in batch { byKey[Self.key(member)] = member }
        for response in answer.responses {
            guard let url = answer.url.resolving(response.href), let member = byKey[Self.key(url.description)] else { continue }
            let key = Self.key(member)
            if let item = response.property(namespace, data) {
                let bytes = Array(item.text.utf8)
                fetched[key] = .success(bytes)
                if let etag = response.text(DAVNamespace.dav, "getetag") { etags[key] = etag }
                cache?.store(bytes, item: key, in: collection, etag: etags[key])
            } else {
                let status = response.status ?? 404
                fetched[key] = .failure(DAVFailure(url: member, status: status, reason: DAVClient.explain(status: status)))
            }
        }
        for member in batch where fetched[Self.key(member)] == nil {
            fetched[Self.key(member)] = .failure(DAVFailure(url: member, status: nil, reason: "the server did not return this item"))
        }
        return fetched.removeValue(forKey: Self.key(path))!
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

    // MARK: Writing

    public func outputTarget(_ path: String, _ mode: OutputMode) throws -> OutputTarget {
        guard ServerURL.isURL(path) else { return try local.outputTarget(path, mode) }
        guard case .newFile(let replacing) = mode else {
            throw IOFailure(path: path, reason: "a server's collection is written with --vdir URL, an item a resource; -o and --rejects take a file")
        }
        let exists = lock.locked { memberIndex[Self.key(path)] != nil }
        if exists && !replacing { throw IOFailure(path: path, reason: "it exists") }
        return OutputTarget(path: path, identity: exists ? Self.identity(path) : nil, writing: exists ? .replacing : .creatingNew, syncs: false)
    }

    public func createOutput(_ target: OutputTarget) throws -> AtomicFile {
        guard ServerURL.isURL(target.path) else { return try local.createOutput(target) }
        return ServerItem(fileSystem: self, url: target.path, replacing: target.writing == .replacing)
    }

    /// The server's answer to a change of `path`, whatever its status; no answer is an `IOFailure`.
    private func answer(_ request: HTTPRequest, for path: String) throws -> HTTPResponse {
        do {
            return try client.send(request).response
        } catch {
            throw IOFailure(path: path, reason: error.reason)
        }
    }

    /// Puts `bytes` at `url`: only if nothing is there, or only if what is there is what was
    /// listed; when that condition fails, once more on what is there now if it is still ours.
    func put(_ bytes: [UInt8], at url: String, replacing: Bool) throws {
        let etag = lock.locked { etags[Self.key(url)] }
        let type = url.lowercased().hasSuffix(".ics") ? "text/calendar; charset=utf-8" : "text/vcard; charset=utf-8"
        func put(_ condition: String?) throws -> HTTPResponse {
            try answer(HTTPRequest(method: "PUT", url: url, headers: ["Content-Type: " + type] + (condition.map { [$0] } ?? []), body: bytes), for: url)
        }
        var response = try put(replacing ? etag.map { "If-Match: " + $0 } : "If-None-Match: *")
        if response.status == 412 {
            response = try put(try conditionAfterChange(of: url, appeared: !replacing) ?? "If-None-Match: *")
        }
        guard (200..<300).contains(response.status) else {
            throw IOFailure(path: url, reason: response.status == 412 ? Self.changedTwice : DAVClient.explain(status: response.status))
        }
        // A server that stores other bytes than it was sent gives no ETag (RFC 4791 §5.3.4).
        cache?.store(bytes, item: Self.key(url), in: Self.key(String(Self.folder(of: url))), etag: response.headers["etag"])
        lock.locked {
            let key = Self.key(url)
            etags[key] = response.headers["etag"]
            if memberIndex[key] == nil {
                memberIndex[key] = members.count
                members.append(url)
            }
        }
    }

    public func removeFile(_ path: String) throws {
        guard ServerURL.isURL(path) else { return try local.removeFile(path) }
        let etag = lock.locked { etags[Self.key(path)] }
        func delete(_ condition: String?) throws -> HTTPResponse {
            try answer(HTTPRequest(method: "DELETE", url: path, headers: condition.map { [$0] } ?? []), for: path)
        }
        var response = try delete(etag.map { "If-Match: " + $0 })
        if response.status == 412 {
            // Gone meanwhile is what the removal wanted.
            response = try conditionAfterChange(of: path, appeared: false).map(delete) ?? HTTPResponse(status: 404)
        }
        guard (200..<300).contains(response.status) || response.status == 404 || response.status == 410 else {
            throw IOFailure(path: path, reason: response.status == 412 ? Self.changedTwice : DAVClient.explain(status: response.status))
        }
        cache?.forget(Self.key(path), in: Self.key(String(Self.folder(of: path))))
    }

    static let changedTwice = "412 Precondition Failed: it changed on the server meanwhile, and again after it was read once more; "
        + "left as it is (the next run looks again)"

    /// The condition a change of `url` is tried once more with, after the server said (412) that
    /// it changed meanwhile (or, `appeared`, that something of its name is there now): the item
    /// is read again, and if it is still ours, `If-Match` on its ETag now; nil if it is gone.
    /// Anything else is left as it is: an `IOFailure` that says why.
    private func conditionAfterChange(of url: String, appeared: Bool) throws -> String? {
        let what = appeared ? "something of that name appeared on the server meanwhile" : "it changed on the server meanwhile"
        guard let mayChange else { throw IOFailure(path: url, reason: "412 Precondition Failed: \(what); left as it is (the next run looks again)") }
        let response = try answer(HTTPRequest(method: "GET", url: url), for: url)
        switch response.status {
        case 404, 410: return nil
        case 200..<300:
            guard mayChange(response.body) else {
                throw IOFailure(path: url, reason: "412 Precondition Failed: \(what), and it is not an item this program wrote now; left as it is")
            }
            guard let etag = response.headers["etag"], !etag.hasPrefix("W/") else {
                throw IOFailure(path: url, reason: "412 Precondition Failed: \(what), and the server gives no strong ETag to change it by; left as it is")
            }
            return "If-Match: " + etag
        default:
            throw IOFailure(path: url, reason: "412 Precondition Failed: \(what), and reading it again failed: " + DAVClient.explain(status: response.status))
        }
    }

    public func createDirectory(_ path: String) throws {
        guard ServerURL.isURL(path) else { return try local.createDirectory(path) }
        switch kind(of: path) {
        case .success(true): return
        case .success(false): throw IOFailure(path: path, reason: "it is an item, not a collection")
        case .failure(let failure) where failure.status == 404 || failure.status == 410: break
        case .failure(let failure): throw IOFailure(path: path, reason: failure.reason)
        }
        guard let url = ServerURL(path)?.asFolder else { throw IOFailure(path: path, reason: "not an http or https URL") }
        let name = Self.escaped(ServerURL.percentDecoded(Substring(url.path.split(separator: "/").last ?? "")))
        let request: HTTPRequest
        switch newCollections {
        case .calendar:
            request = HTTPRequest(method: "MKCALENDAR", url: url.withoutPassword, headers: ["Content-Type: application/xml; charset=utf-8"], body: Array((
                #"<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>"#
                + "<d:displayname>\(name)</d:displayname><c:supported-calendar-component-set><c:comp name=\"VEVENT\"/>"
                + "</c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>").utf8))
        case .addressBook:
            request = HTTPRequest(method: "MKCOL", url: url.withoutPassword, headers: ["Content-Type: application/xml; charset=utf-8"], body: Array((
                #"<?xml version="1.0" encoding="utf-8"?><d:mkcol xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:set><d:prop>"#
                + "<d:resourcetype><d:collection/><c:addressbook/></d:resourcetype><d:displayname>\(name)</d:displayname>"
                + "</d:prop></d:set></d:mkcol>").utf8))
        }
        let response = try answer(request, for: path)
        guard (200..<300).contains(response.status) else {
            throw IOFailure(path: path, reason: "cannot make the collection: " + DAVClient.explain(status: response.status))
        }
        if newCollections == .calendar {
            // A colour where the server keeps one (Apple's property, which most clients show); no matter if not.
            _ = try? client.send(HTTPRequest(method: "PROPPATCH", url: url.withoutPassword, headers: ["Content-Type: application/xml; charset=utf-8"],
                                             body: Array((#"<?xml version="1.0" encoding="utf-8"?><d:propertyupdate xmlns:d="DAV:" xmlns:a="http://apple.com/ns/ical/">"#
                                                          + "<d:set><d:prop><a:calendar-color>#E0457BFF</a:calendar-color></d:prop></d:set></d:propertyupdate>").utf8)))
        }
        lock.locked { statuses[Self.key(path)] = .success(true) }
    }

    public func createPrivateDirectory(_ path: String) throws { try local.createPrivateDirectory(path) }
    public func makeTemporaryFile(extension: String) throws -> String { try local.makeTemporaryFile(extension: `extension`) }
    public func makeScratchFile() throws -> ScratchFile { try local.makeScratchFile() }
}

/// An item put on a server when committed: its bytes gathered until then.
private final class ServerItem: AtomicFile {
    private let fileSystem: DAVFileSystem
    private let url: String
    private let replacing: Bool
    private var bytes: [UInt8] = []

    init(fileSystem: DAVFileSystem, url: String, replacing: Bool) {
        self.fileSystem = fileSystem
        self.url = url
        self.replacing = replacing
    }

    func write(_ bytes: Span<UInt8>) throws {
        for i in bytes.indices { self.bytes.append(bytes[i]) }
    }

    func finishWriting() throws {}

    func commit() throws {
        try fileSystem.put(bytes, at: url, replacing: replacing)
    }

    func discard() {
        bytes = []
    }
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
