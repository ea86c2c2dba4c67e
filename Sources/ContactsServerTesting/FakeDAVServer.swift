import ContactsCore
import ContactsServer

/// A CardDAV server in memory, as a transport: address books of cards by path, answering
/// PROPFIND (depth 0 and 1), `addressbook-multiget` and GET as a real one does, recording
/// every request; `answers` overrides the response to a method and path (a failure to inject).
public final class FakeDAVServer: HTTPTransport, @unchecked Sendable {
    private let lock = ThreadLock()
    private let books: [String: [String: String]]
    private var overrides: [String: [Result<HTTPResponse, HTTPFailure>]] = [:]
    private var recorded: [HTTPRequest] = []
    /// The scheme and authority of every URL (`https://dav.example`).
    public let origin: String

    /// A server at `origin` holding `books`: address-book paths (ending in `/`) to card names and texts.
    public init(origin: String = "https://dav.example", books: [String: [String: String]]) {
        self.origin = origin
        self.books = books
    }

    /// The requests made, in order.
    public var requests: [HTTPRequest] { lock.locked { recorded } }

    /// Answers `method` on `path` with these, one per request, before answering as a server.
    public func answer(_ method: String, _ path: String, with answers: [Result<HTTPResponse, HTTPFailure>]) {
        lock.locked { overrides[method + " " + path, default: []] += answers }
    }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        let path = ServerURL(request.url)?.path ?? request.url
        let override: Result<HTTPResponse, HTTPFailure>? = lock.locked {
            recorded.append(request)
            let key = request.method + " " + path
            guard var queue = overrides[key], !queue.isEmpty else { return nil }
            let first = queue.removeFirst()
            overrides[key] = queue
            return first
        }
        if let override { return try override.get() }
        switch request.method {
        case "PROPFIND": return propfind(path, depth: request.headers.contains("Depth: 0") ? 0 : 1)
        case "REPORT": return try multiget(path, request.body)
        case "GET":
            let (folder, name) = split(path)
            guard let card = books[folder]?[name] else { return HTTPResponse(status: 404) }
            return HTTPResponse(status: 200, headers: ["content-type": "text/vcard"], body: Array(card.utf8))
        default: return HTTPResponse(status: 405)
        }
    }

    private func split(_ path: String) -> (String, String) {
        let slash = path.lastIndex(of: "/")!
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    private static func etag(_ card: String) -> String { "\"\(card.utf8.count)\"" }

    private static func multistatus(_ responses: [String]) -> HTTPResponse {
        let body = #"<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">"#
            + responses.joined() + "</D:multistatus>"
        return HTTPResponse(status: 207, headers: ["content-type": "application/xml"], body: Array(body.utf8))
    }

    private static func response(_ href: String, _ props: String) -> String {
        "<D:response><D:href>\(href)</D:href><D:propstat><D:prop>\(props)</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
    }

    private func propfind(_ path: String, depth: Int) -> HTTPResponse {
        let folder = path.hasSuffix("/") ? path : path + "/"
        if let book = books[folder] {
            var responses = [Self.response(folder, "<D:resourcetype><D:collection/><C:addressbook/></D:resourcetype>")]
            if depth == 1 {
                for (name, card) in book.sorted(by: { $0.key < $1.key }) {
                    let type = card.hasPrefix("BEGIN:VCARD") ? "text/vcard; charset=utf-8" : "text/plain"
                    responses.append(Self.response(folder + name, "<D:resourcetype/><D:getcontenttype>\(type)</D:getcontenttype><D:getetag>\(Self.etag(card))</D:getetag>"))
                }
            }
            return Self.multistatus(responses)
        }
        let (parent, name) = split(path)
        guard books[parent]?[name] != nil else { return HTTPResponse(status: 404) }
        return Self.multistatus([Self.response(path, "<D:resourcetype/><D:getcontenttype>text/vcard</D:getcontenttype>")])
    }

    private func multiget(_ path: String, _ body: [UInt8]) throws -> HTTPResponse {
        guard let book = books[path] else { return HTTPResponse(status: 404) }
        let report = try XMLReader.parse(body)
        guard report.is(DAVNamespace.cardDAV, "addressbook-multiget") else { return HTTPResponse(status: 400) }
        return Self.multistatus(report.children(DAVNamespace.dav, "href").map { href in
            let (_, name) = split(href.text)
            guard let card = book[ServerURL.percentDecoded(Substring(name))] ?? book[name] else {
                return "<D:response><D:href>\(href.text)</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>"
            }
            let escaped = card.replacingAll("&", "&amp;").replacingAll("<", "&lt;")
            return Self.response(href.text, "<D:getetag>\(Self.etag(card))</D:getetag><C:address-data>\(escaped)</C:address-data>")
        })
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
