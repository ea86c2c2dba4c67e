/// Finding the address books behind a URL (RFC 6352 §7, RFC 6764 §6): the URL of an address
/// book is itself; of a principal, the address books in its `addressbook-home-set`; of a home
/// set, the address books in it; of the server, those of the `current-user-principal`, asked
/// there or at `/.well-known/carddav`. A fragment names one of them, by its display name or the
/// last part of its path (`https://dav.example/#Family`).
extension DAVFileSystem {
    /// The address books at `path` (URLs with the user name, without a password), nil when it is
    /// a card (no collection); throws when none can be found or the server fails.
    public func addressBooks(at path: String) throws(DAVFailure) -> [String]? {
        let hash = path.firstIndex(of: "#")
        let named = hash.map { ServerURL.percentDecoded(path[path.index(after: $0)...]) }
        let address = hash.map { String(path[..<$0]) } ?? path
        guard let url = ServerURL(address) else { throw DAVFailure(url: address, status: nil, reason: "not an http or https URL") }
        if let refusal = client.refusal(url) { throw DAVFailure(url: url.description, status: nil, reason: refusal) }
        let found = try discover(url)
        guard let found else { return nil }
        guard !found.isEmpty else {
            throw DAVFailure(url: url.description, status: nil, reason: "no address book found here (give the URL of one, or of the server)")
        }
        guard let named else { return found.map(\.url.withoutPassword) }
        let chosen = found.filter { $0.displayName == named || $0.url.path.split(separator: "/").last.map(String.init) == named }
        guard !chosen.isEmpty else {
            let names = found.map { $0.displayName ?? String($0.url.path.split(separator: "/").last ?? "") }
            throw DAVFailure(url: url.description, status: nil,
                             reason: "no address book named '\(named)' here; there are: \(names.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return chosen.map(\.url.withoutPassword)
    }

    private static let properties = ["<d:resourcetype/>", "<d:displayname/>", "<d:current-user-principal/>", "<c:addressbook-home-set/>"]

    /// The address books found from `url`; nil for a card.
    private func discover(_ url: ServerURL) throws(DAVFailure) -> [(url: ServerURL, displayName: String?)]? {
        let answer: (responses: [DAVResponse], url: ServerURL)
        do {
            answer = try propfind(url.withoutPassword, depth: 0, properties: Self.properties)
        } catch where url.path == "/" && [nil, 400, 403, 404, 405, 501].contains(error.status) {
            // The server's root does not answer WebDAV: its well-known URL may (RFC 6764 §5).
            return try homesOfPrincipal(wellKnown: url)
        }
        guard let own = answer.responses.first else { return [] }
        if own.isAddressBook { return [(answer.url, own.text(DAVNamespace.dav, "displayname"))] }
        if own.isCalendar {
            throw DAVFailure(url: url.description, status: nil, reason: "a calendar, not an address book: give an address book's URL, or the server's")
        }
        if !own.isCollection && own.property(DAVNamespace.dav, "current-user-principal") == nil { return nil }
        if let homes = hrefs(own.property(DAVNamespace.cardDAV, "addressbook-home-set"), answer.url) {
            return try books(in: homes)
        }
        if let principal = hrefs(own.property(DAVNamespace.dav, "current-user-principal"), answer.url)?.first, principal != answer.url {
            return try books(ofPrincipal: principal)
        }
        if url.path == "/" { return try homesOfPrincipal(wellKnown: url) }
        // A collection that is neither: a home set, whose members may be address books.
        return try books(in: [answer.url])
    }

    /// The address books of the principal that `/.well-known/carddav` names.
    private func homesOfPrincipal(wellKnown url: ServerURL) throws(DAVFailure) -> [(url: ServerURL, displayName: String?)] {
        guard let wellKnown = url.resolving("/.well-known/carddav") else { return [] }
        let answer = try propfind(wellKnown.withoutPassword, depth: 0, properties: Self.properties)
        guard let own = answer.responses.first else { return [] }
        if let homes = hrefs(own.property(DAVNamespace.cardDAV, "addressbook-home-set"), answer.url) { return try books(in: homes) }
        guard let principal = hrefs(own.property(DAVNamespace.dav, "current-user-principal"), answer.url)?.first else { return [] }
        return try books(ofPrincipal: principal)
    }

    private func books(ofPrincipal principal: ServerURL) throws(DAVFailure) -> [(url: ServerURL, displayName: String?)] {
        let answer = try propfind(principal.withoutPassword, depth: 0, properties: ["<c:addressbook-home-set/>"])
        guard let homes = hrefs(answer.responses.first?.property(DAVNamespace.cardDAV, "addressbook-home-set"), answer.url) else {
            throw DAVFailure(url: principal.description, status: nil, reason: "the principal names no address-book home (addressbook-home-set)")
        }
        return try books(in: homes)
    }

    /// The address books directly inside the home sets `homes`.
    private func books(in homes: [ServerURL]) throws(DAVFailure) -> [(url: ServerURL, displayName: String?)] {
        var found: [(url: ServerURL, displayName: String?)] = []
        for home in homes {
            let answer = try propfind(home.asFolder.withoutPassword, depth: 1, properties: ["<d:resourcetype/>", "<d:displayname/>"])
            for response in answer.responses where response.isAddressBook {
                guard let book = answer.url.resolving(response.href)?.asFolder, !found.contains(where: { $0.url.path == book.path }) else { continue }
                found.append((book, response.text(DAVNamespace.dav, "displayname").flatMap { $0.isEmpty ? nil : $0 }))
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
