/// An element of an XML document, its name resolved to its namespace: what a WebDAV response
/// is read into (`XMLElement.parse`).
public struct XMLElement: Sendable, Equatable {
    /// The namespace (`DAV:`, `urn:ietf:params:xml:ns:carddav`); empty for none.
    public var namespace: String
    /// The local name (`multistatus`).
    public var name: String
    /// The child elements, in order.
    public var children: [XMLElement]
    /// The text directly inside (character data and CDATA, entities replaced).
    public var text: String

    /// An element.
    public init(namespace: String, name: String, children: [XMLElement] = [], text: String = "") {
        self.namespace = namespace
        self.name = name
        self.children = children
        self.text = text
    }

    /// Whether it is `name` in `namespace`.
    public func `is`(_ namespace: String, _ name: String) -> Bool {
        self.name == name && self.namespace == namespace
    }

    /// The first child that is `name` in `namespace`.
    public func child(_ namespace: String, _ name: String) -> XMLElement? {
        children.first { $0.is(namespace, name) }
    }

    /// The children that are `name` in `namespace`.
    public func children(_ namespace: String, _ name: String) -> [XMLElement] {
        children.filter { $0.is(namespace, name) }
    }
}

/// Why a document could not be read.
public struct XMLSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The byte offset where reading stopped.
    public var offset: Int
    /// What was wrong.
    public var reason: String

    public var description: String { "XML at byte \(offset): \(reason)" }
}
