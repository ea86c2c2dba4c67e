/// Namespaces of WebDAV and its extensions.
public enum DAVNamespace {
    /// WebDAV (RFC 4918).
    public static let dav = "DAV:"
    /// CardDAV (RFC 6352).
    public static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    /// CalDAV (RFC 4791).
    public static let calDAV = "urn:ietf:params:xml:ns:caldav"
}

/// One `response` of a WebDAV multistatus (RFC 4918 §14.24): a resource, its status when the
/// whole response has one, and the properties the server found.
public struct DAVResponse: Sendable, Equatable {
    /// The `href`, as the server wrote it.
    public var href: String
    /// The status of the response itself (a `404` for a multiget's unknown href); nil when the
    /// properties carry theirs.
    public var status: Int?
    /// The properties returned with a 2xx status.
    public var properties: [XMLElement]

    /// The property `name` in `namespace`.
    public func property(_ namespace: String, _ name: String) -> XMLElement? {
        properties.first { $0.is(namespace, name) }
    }

    /// Whether `resourcetype` holds `collection`.
    public var isCollection: Bool {
        property(DAVNamespace.dav, "resourcetype")?.child(DAVNamespace.dav, "collection") != nil
    }

    /// Whether `resourcetype` holds CardDAV's `addressbook`.
    public var isAddressBook: Bool {
        property(DAVNamespace.dav, "resourcetype")?.child(DAVNamespace.cardDAV, "addressbook") != nil
    }

    /// Whether `resourcetype` holds CalDAV's `calendar`.
    public var isCalendar: Bool {
        property(DAVNamespace.dav, "resourcetype")?.child(DAVNamespace.calDAV, "calendar") != nil
    }

    /// A property's text, trimmed.
    public func text(_ namespace: String, _ name: String) -> String? {
        property(namespace, name).map { $0.text.trimmingCharacters(in: " \t\r\n") }
    }

    /// The responses of a `multistatus` document.
    public static func parse(_ body: [UInt8]) throws -> [DAVResponse] {
        let root = try XMLReader.parse(body)
        guard root.is(DAVNamespace.dav, "multistatus") else {
            throw XMLSyntaxError(offset: 0, reason: "not a WebDAV multistatus (the root is '\(root.name)')")
        }
        return root.children(DAVNamespace.dav, "response").compactMap { response in
            guard let href = response.child(DAVNamespace.dav, "href")?.text.trimmingCharacters(in: " \t\r\n") else { return nil }
            var properties: [XMLElement] = []
            for propstat in response.children(DAVNamespace.dav, "propstat") {
                guard let status = propstat.child(DAVNamespace.dav, "status").flatMap({ statusCode($0.text) }), (200..<300).contains(status),
                      let prop = propstat.child(DAVNamespace.dav, "prop") else { continue }
                properties += prop.children
            }
            let status = response.child(DAVNamespace.dav, "status").flatMap { statusCode($0.text) }
            return DAVResponse(href: href, status: status, properties: properties)
        }
    }

    /// The code of a status line (`HTTP/1.1 200 OK` → 200).
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}
