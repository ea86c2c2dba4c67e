/// One HTTP request.
public struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `PROPFIND`, `REPORT`, …
    public var method: String
    /// An absolute `http` or `https` URL.
    public var url: String
    /// Header fields, each `Name: value`.
    public var headers: [String]
    /// The body; empty for none.
    public var body: [UInt8]

    /// A request; `headers` each `Name: value`.
    public init(method: String, url: String, headers: [String] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// What a server answered.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code (`207`).
    public var status: Int
    /// Header fields by lower-case name (the last of a repeated one).
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]

    /// A response.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// No response: the server could not be reached, the connection broke, a timeout, TLS failed.
public struct HTTPFailure: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// Connecting, sending or receiving failed (worth trying again).
        case connection
        /// Nothing arrived for too long.
        case timeout
        /// The server's certificate could not be verified, or TLS failed.
        case tls
        /// The response was larger than the run allows.
        case tooLarge
        /// libcurl is not there, or the URL cannot be used.
        case unusable
    }

    /// Its kind.
    public var kind: Kind
    /// The reason, as libcurl or the check says it (never holding a password).
    public var reason: String

    /// A failure of this kind.
    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}

/// Makes HTTP requests: libcurl (`CurlTransport`), or a stub server in tests. Redirects are
/// not followed here (`DAVClient` follows them under its rules).
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status; throws `HTTPFailure`
    /// when none came.
    func send(_ request: HTTPRequest) throws -> HTTPResponse
}
