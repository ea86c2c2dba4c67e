import ContactsCore
import ContactsServer

/// A CardDAV and CalDAV server in memory, as a transport: collections of items by path,
/// answering PROPFIND (depth 0 and 1), the multiget reports, GET, PUT and DELETE with their
/// `If-Match` and `If-None-Match` conditions, MKCALENDAR and MKCOL as a real one does, and
/// recording every request; `answer` overrides the response to a method and path (a failure to
/// inject).
public final class FakeDAVServer: HTTPTransport, @unchecked Sendable {
    private let lock = ThreadLock()
    private var collections: [String: [String: String]]
    private var calendars: Set<String>
    private let principal: String?
    private let home: String?
    private let displayNames: [String: String]
    private var overrides: [String: [Result<HTTPResponse, HTTPFailure>]] = [:]
    private var recorded: [HTTPRequest] = []
    private var pendingChanges: [String: [String?]] = [:]
    /// The scheme and authority of every URL (`https://dav.example`).
    public let origin: String

    /// A server at `origin` holding `books` (address-book paths, ending in `/`, to card names and
    /// texts) and `calendars` (likewise, of events). With `principal`, the root names it as the
    /// `current-user-principal`, and it names `home` as its `addressbook-home-set` and
    /// `calendar-home-set`, the collection of the books and calendars under it (each with its
    /// display name from `displayNames`).
    public init(origin: String = "https://dav.example", books: [String: [String: String]], calendars: [String: [String: String]] = [:],
                principal: String? = nil, home: String? = nil, displayNames: [String: String] = [:]) {
        self.origin = origin
        self.collections = books.merging(calendars) { a, _ in a }
        self.calendars = Set(calendars.keys)
        self.principal = principal
        self.home = home
        self.displayNames = displayNames
    }

    /// The requests made, in order.
    public var requests: [HTTPRequest] { lock.locked { recorded } }

    /// The items of the collection at `path` now; nil when there is none.
    public func items(of path: String) -> [String: String]? { lock.locked { collections[path] } }

    /// Whether the collection at `path` is a calendar.
    public func isCalendar(_ path: String) -> Bool { lock.locked { calendars.contains(path) } }

    /// Changes an item as another client would (nil removes it).
    public func change(_ path: String, to text: String?) {
        let (folder, name) = Self.split(path)
        lock.locked { collections[folder]?[name] = text }
    }

    /// Changes an item as another client would, just before the next `method` on `path` is
    /// answered (a change between this program's listing and its own change).
    public func change(_ path: String, to text: String?, before method: String) {
        lock.locked { pendingChanges[method + " " + path, default: []].append(text) }
    }

    /// Answers `method` on `path` with these, one per request, before answering as a server.
    public func answer(_ method: String, _ path: String, with answers: [Result<HTTPResponse, HTTPFailure>]) {
        lock.locked { overrides[method + " " + path, default: []] += answers }
    }

    /// An item's ETag: a hash of its text.
    public static func etag(_ text: String) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for b in text.utf8 { hash = (hash ^ UInt64(b)) &* 0x100000001b3 }
        return "\"\(String(hash, radix: 16))\""
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        let path = ServerURL(request.url)?.path ?? request.url
        return try lock.locked { () throws -> HTTPResponse in
            recorded.append(request)
            let key = request.method + " " + path
            if var changes = pendingChanges[key], !changes.isEmpty {
                let (folder, name) = Self.split(path)
                collections[folder]?[name] = changes.removeFirst()
                pendingChanges[key] = changes
            }
            if var queue = overrides[key], !queue.isEmpty {
                let first = queue.removeFirst()
                overrides[key] = queue
                return try first.get()
            }
            func header(_ name: String) -> String? {
                request.headers.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }.map { String($0.dropFirst(name.count + 1)).trimmed }
            }
            let (folder, name) = Self.split(path)
            let existing = collections[folder]?[name]
            switch request.method {
            case "PROPFIND": return propfind(path, depth: header("Depth") == "0" ? 0 : 1)
            case "REPORT": return try multiget(path, request.body)
            case "GET":
                guard let existing else { return HTTPResponse(status: 404) }
                return HTTPResponse(status: 200, headers: ["etag": Self.etag(existing)], body: Array(existing.utf8))
            case "PUT":
                guard collections[folder] != nil else { return HTTPResponse(status: 409) }
                if header("If-None-Match") == "*" && existing != nil { return HTTPResponse(status: 412) }
                if let wanted = header("If-Match"), existing.map(Self.etag) != wanted { return HTTPResponse(status: 412) }
                let text = String(decoding: request.body, as: UTF8.self)
                collections[folder]![name] = text
                return HTTPResponse(status: existing == nil ? 201 : 204, headers: ["etag": Self.etag(text)])
            case "DELETE":
                guard let existing else { return HTTPResponse(status: 404) }
                if let wanted = header("If-Match"), Self.etag(existing) != wanted { return HTTPResponse(status: 412) }
                collections[folder]![name] = nil
                return HTTPResponse(status: 204)
            case "MKCALENDAR", "MKCOL":
                let folder = path.hasSuffix("/") ? path : path + "/"
                guard collections[folder] == nil else { return HTTPResponse(status: 405) }
                collections[folder] = [:]
                if request.method == "MKCALENDAR" { calendars.insert(folder) }
                return HTTPResponse(status: 201)
            case "PROPPATCH": return Self.multistatus([Self.response(path, "")])
            default: return HTTPResponse(status: 405)
            }
        }
    }

    /// A path's folder and its last part, decoded (`%40` is `@`).
    private static func split(_ path: String) -> (String, String) {
        let slash = path.lastIndex(of: "/")!
        return (String(path[...slash]), ServerURL.percentDecoded(path[path.index(after: slash)...]))
    }

    /// A name as a strict server writes it in an `href`: everything but letters, digits and
    /// `-._~` as `%XX` (Radicale writes `@` as `%40`).
    private static func encoded(_ name: String) -> String {
        var out = ""
        for b in name.utf8 {
            let plain = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || "-._~".utf8.contains(b)
            out += plain ? String(UnicodeScalar(b)) : "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
        }
        return out
    }

    private static func multistatus(_ responses: [String]) -> HTTPResponse {
        let body = #"<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav" xmlns:K="urn:ietf:params:xml:ns:caldav">"#
            + responses.joined() + "</D:multistatus>"
        return HTTPResponse(status: 207, headers: ["content-type": "application/xml"], body: Array(body.utf8))
    }

    private static func response(_ href: String, _ props: String) -> String {
        "<D:response><D:href>\(href)</D:href><D:propstat><D:prop>\(props)</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
    }

    private func collectionType(_ folder: String) -> String {
        "<D:resourcetype><D:collection/>" + (calendars.contains(folder) ? "<K:calendar/>" : "<C:addressbook/>") + "</D:resourcetype>"
            + (displayNames[folder].map { "<D:displayname>\($0)</D:displayname>" } ?? "")
    }

    private func propfind(_ path: String, depth: Int) -> HTTPResponse {
        let folder = path.hasSuffix("/") ? path : path + "/"
        let collection = "<D:resourcetype><D:collection/></D:resourcetype>"
        if let items = collections[folder] {
            var responses = [Self.response(folder, collectionType(folder))]
            if depth == 1 {
                for (name, text) in items.sorted(by: { $0.key < $1.key }) {
                    let type = text.hasPrefix("BEGIN:VCARD") ? "text/vcard; charset=utf-8" : text.hasPrefix("BEGIN:VCALENDAR") ? "text/calendar; charset=utf-8" : "text/plain"
                    responses.append(Self.response(folder + Self.encoded(name), "<D:resourcetype/><D:getcontenttype>\(type)</D:getcontenttype><D:getetag>\(Self.etag(text))</D:getetag>"))
                }
            }
            return Self.multistatus(responses)
        }
        if folder == home {
            var responses = [Self.response(folder, collection)]
            if depth == 1 {
                for book in collections.keys.sorted() where book.hasPrefix(folder) && !book.dropFirst(folder.count).dropLast().contains("/") {
                    responses.append(Self.response(book, collectionType(book)))
                }
            }
            return Self.multistatus(responses)
        }
        if let principal, folder == principal {
            // One home for both, as Radicale has it.
            let homeSet = home.map { "<C:addressbook-home-set><D:href>\($0)</D:href></C:addressbook-home-set>"
                + "<K:calendar-home-set><D:href>\($0)</D:href></K:calendar-home-set>" } ?? ""
            return Self.multistatus([Self.response(folder, collection + homeSet)])
        }
        if folder == "/", let principal {
            return Self.multistatus([Self.response("/", collection + "<D:current-user-principal><D:href>\(principal)</D:href></D:current-user-principal>")])
        }
        let (parent, name) = Self.split(path)
        guard collections[parent]?[name] != nil else { return HTTPResponse(status: 404) }
        return Self.multistatus([Self.response(path, "<D:resourcetype/><D:getcontenttype>text/vcard</D:getcontenttype>")])
    }

    private func multiget(_ path: String, _ body: [UInt8]) throws -> HTTPResponse {
        guard let items = collections[path] else { return HTTPResponse(status: 404) }
        let report = try XMLReader.parse(body)
        let element: String
        if report.is(DAVNamespace.cardDAV, "addressbook-multiget") && !calendars.contains(path) {
            element = "C:address-data"
        } else if report.is(DAVNamespace.calDAV, "calendar-multiget") && calendars.contains(path) {
            element = "K:calendar-data"
        } else {
            return HTTPResponse(status: 400)
        }
        return Self.multistatus(report.children(DAVNamespace.dav, "href").map { href in
            let (_, name) = Self.split(href.text)
            guard let text = items[ServerURL.percentDecoded(Substring(name))] ?? items[name] else {
                return "<D:response><D:href>\(href.text)</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>"
            }
            let escaped = text.replacingAll("&", "&amp;").replacingAll("<", "&lt;")
            return Self.response(href.text, "<D:getetag>\(Self.etag(text))</D:getetag><\(element)>\(escaped)</\(element)>")
        })
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }

    var trimmed: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " || s.last == "\r" { s.removeLast() }
        return String(s)
    }
}
