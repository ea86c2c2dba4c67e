/// Finding the address books or calendars behind a URL (RFC 6352 §7, RFC 4791 §6, RFC 6764 §6):
/// the URL of one is itself; of a principal, those in its home set (`addressbook-home-set`,
/// `calendar-home-set`); of a home set, those in it; of the server, those of the
/// `current-user-principal`, asked there or at `/.well-known/carddav` (`caldav`). A fragment
/// names one of them, by its display name or the last part of its path (`https://dav.example/#Family`).
extension DAVFileSystem {
    /// The address books at `path` (URLs with the user name, without a password), nil when it is
    /// a card (no collection); throws when none can be found or the server fails.
    public func addressBooks(at path: String) throws(DAVFailure) -> [String]? {
        let (url, named) = try Self.split(path, client)
        guard let found = try discover(url, .addressBook)?.found else { return nil }
        guard !found.isEmpty else {
            throw DAVFailure(url: url.description, status: nil, reason: "no address book found here (give the URL of one, or of the server)")
        }
        guard let named else { return found.map(\.url.withoutPassword) }
        let chosen = found.filter { Self.isNamed($0, named) }
        guard !chosen.isEmpty else { throw Self.noneNamed(named, .addressBook, found, url) }
        return chosen.map(\.url.withoutPassword)
    }

    /// The collection `--vdir URL#Name` writes to: of the collections of `kind` found from the
    /// URL, the one named `Name`; when there is none, a new one in the user's home set, whose
    /// last path part is the name (made by the first write, named so). `path` without a
    /// fragment is the collection itself.
    public func namedCollection(_ path: String, kind: CollectionKind) throws(DAVFailure) -> String {
        let (url, named) = try Self.split(path, client)
        guard let named else { return path }
        guard !named.isEmpty, !named.contains("/") else {
            throw DAVFailure(url: url.description, status: nil, reason: "'#\(named)' names no collection: give its display name, without /")
        }
        guard let (found, homes) = try discover(url, kind) else {
            throw DAVFailure(url: url.description, status: nil, reason: "an item, not a collection, a principal or a server")
        }
        let chosen = found.filter { Self.isNamed($0, named) }
        if chosen.count == 1 { return chosen[0].url.withoutPassword }
        if chosen.count > 1 {
            throw DAVFailure(url: url.description, status: nil, reason: "more than one \(kind.noun) is named '\(named)': give the URL of the one meant, "
                             + chosen.map(\.url.withoutPassword).joined(separator: ", "))
        }
        guard let home = homes.first else { throw Self.noneNamed(named, kind, found, url) }
        return home.asFolder.withoutPassword + ServerURL.percentEncoded(named, keeping: "-._~") + "/"
    }

    /// A URL and the name its fragment gives, checked.
    private static func split(_ path: String, _ client: DAVClient) throws(DAVFailure) -> (ServerURL, String?) {
        let hash = path.firstIndex(of: "#")
        let named = hash.map { ServerURL.percentDecoded(path[path.index(after: $0)...]) }
        let address = hash.map { String(path[..<$0]) } ?? path
        guard let url = ServerURL(address) else { throw DAVFailure(url: address, status: nil, reason: "not an http or https URL") }
        if let refusal = client.refusal(url) { throw DAVFailure(url: url.description, status: nil, reason: refusal) }
        return (url, named)
    }

    private static func isNamed(_ collection: Found, _ name: String) -> Bool {
        collection.displayName == name || collection.url.path.split(separator: "/").last.map { ServerURL.percentDecoded($0) } == name
    }

    private static func noneNamed(_ named: String, _ kind: CollectionKind, _ found: [Found], _ url: ServerURL) -> DAVFailure {
        let names = found.map { $0.displayName ?? ServerURL.percentDecoded(Substring($0.url.path.split(separator: "/").last ?? "")) }
        return DAVFailure(url: url.description, status: nil, reason: "no \(kind.noun) named '\(named)' here"
                          + (names.isEmpty ? "" : "; there are: " + names.map { "'\($0)'" }.joined(separator: ", ")))
    }

    typealias Found = (url: ServerURL, displayName: String?)

    /// The collections of `kind` found from `url`, and the home sets they were looked for in
    /// (none when `url` is a collection); nil for an item.
    private func discover(_ url: ServerURL, _ kind: CollectionKind) throws(DAVFailure) -> (found: [Found], homes: [ServerURL])? {
        let answer: (responses: [DAVResponse], url: ServerURL)
        do {
            answer = try propfind(url.withoutPassword, depth: 0, properties: kind.discoveryProperties)
        } catch where url.path == "/" && [nil, 400, 403, 404, 405, 501].contains(error.status) {
            // The server's root does not answer WebDAV: its well-known URL may (RFC 6764 §5).
            return try homesOfPrincipal(wellKnown: url, kind)
        }
        guard let own = answer.responses.first else { return ([], []) }
        if kind.isOne(own) { return ([(answer.url, own.text(DAVNamespace.dav, "displayname"))], []) }
        if kind.other.isOne(own) {
            throw DAVFailure(url: url.description, status: nil,
                             reason: "\(kind.other.article) \(kind.other.noun), not \(kind.article) \(kind.noun): give \(kind.article) \(kind.noun)'s URL, or the server's")
        }
        if !own.isCollection && own.property(DAVNamespace.dav, "current-user-principal") == nil { return nil }
        if let homes = hrefs(own.property(kind.namespace, kind.homeSet), answer.url) {
            return (try collections(in: homes, kind), homes)
        }
        if let principal = hrefs(own.property(DAVNamespace.dav, "current-user-principal"), answer.url)?.first, principal != answer.url {
            return try collections(ofPrincipal: principal, kind)
        }
        if url.path == "/" { return try homesOfPrincipal(wellKnown: url, kind) }
        // A collection that is neither: a home set, whose members may be of the kind.
        return (try collections(in: [answer.url], kind), [answer.url])
    }

    /// The collections of the principal that the well-known URL names.
    private func homesOfPrincipal(wellKnown url: ServerURL, _ kind: CollectionKind) throws(DAVFailure) -> (found: [Found], homes: [ServerURL]) {
        guard let wellKnown = url.resolving(kind.wellKnown) else { return ([], []) }
        let answer = try propfind(wellKnown.withoutPassword, depth: 0, properties: kind.discoveryProperties)
        guard let own = answer.responses.first else { return ([], []) }
        if let homes = hrefs(own.property(kind.namespace, kind.homeSet), answer.url) { return (try collections(in: homes, kind), homes) }
        guard let principal = hrefs(own.property(DAVNamespace.dav, "current-user-principal"), answer.url)?.first else { return ([], []) }
        return try collections(ofPrincipal: principal, kind)
    }

    private func collections(ofPrincipal principal: ServerURL, _ kind: CollectionKind) throws(DAVFailure) -> (found: [Found], homes: [ServerURL]) {
        let answer = try propfind(principal.withoutPassword, depth: 0, properties: [kind.homeSetElement])
        guard let homes = hrefs(answer.responses.first?.property(kind.namespace, kind.homeSet), answer.url) else {
            throw DAVFailure(url: principal.description, status: nil, reason: "the principal names no \(kind.noun) home (\(kind.homeSet))")
        }
        return (try collections(in: homes, kind), homes)
    }

    /// The collections of `kind` directly inside the home sets `homes`.
    private func collections(in homes: [ServerURL], _ kind: CollectionKind) throws(DAVFailure) -> [Found] {
        var found: [Found] = []
        for home in homes {
            let answer = try propfind(home.asFolder.withoutPassword, depth: 1, properties: ["<d:resourcetype/>", "<d:displayname/>"])
            for response in answer.responses where kind.isOne(response) {
                guard let collection = answer.url.resolving(response.href)?.asFolder, !found.contains(where: { $0.url.path == collection.path }) else { continue }
                found.append((collection, response.text(DAVNamespace.dav, "displayname").flatMap { $0.isEmpty ? nil : $0 }))
            }
        }
        return found
    }

    /// The `href`s inside `property`, read against `base`; nil when there are none.
    private func hrefs(_ property: XMLElement?, _ base: ServerURL) -> [ServerURL]? {
        let urls = (property?.children(DAVNamespace.dav, "href") ?? []).compactMap { base.resolving($0.text.trimmingCharacters(in: " \t\r\n")) }
        return urls.isEmpty ? nil : urls
    }
}

extension DAVFileSystem.CollectionKind {
    var noun: String { self == .calendar ? "calendar" : "address book" }
    var article: String { self == .calendar ? "a" : "an" }
    var other: Self { self == .calendar ? .addressBook : .calendar }
    var namespace: String { self == .calendar ? DAVNamespace.calDAV : DAVNamespace.cardDAV }
    var homeSet: String { self == .calendar ? "calendar-home-set" : "addressbook-home-set" }
    var homeSetElement: String { self == .calendar ? "<k:calendar-home-set/>" : "<c:addressbook-home-set/>" }
    var wellKnown: String { self == .calendar ? "/.well-known/caldav" : "/.well-known/carddav" }
    var discoveryProperties: [String] { ["<d:resourcetype/>", "<d:displayname/>", "<d:current-user-principal/>", homeSetElement] }

    func isOne(_ response: DAVResponse) -> Bool { self == .calendar ? response.isCalendar : response.isAddressBook }
}
