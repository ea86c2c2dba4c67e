/// A request to a server failed: no response, or a status that says why.
public struct DAVFailure: Error, Equatable, CustomStringConvertible {
    /// The URL asked for, without credentials.
    public var url: String
    /// The HTTP status, when a response came.
    public var status: Int?
    /// What went wrong and what to do, for the user.
    public var reason: String

    /// A failure at `url`.
    public init(url: String, status: Int?, reason: String) {
        self.url = url
        self.status = status
        self.reason = reason
    }

    public var description: String { reason }
}

/// Talks to a WebDAV server through a transport, under the rules every request keeps:
/// credentials never in a URL's password, plain http only to this machine (or when allowed),
/// redirects followed at most `maxRedirects` times and never from https to http, a retry after
/// a dropped connection and after 429 or 503 (as `Retry-After` asks, at most `maxWaitSeconds`).
public struct DAVClient: Sendable {
    /// Makes the requests.
    public var transport: any HTTPTransport
    /// Plain http to other machines is allowed (the password then crosses the network in clear).
    public var allowsPlainHTTP: Bool
    /// Waits this many seconds (a fake in tests).
    public var sleep: @Sendable (Double) -> Void
    /// Tries of one request in all.
    public var maxAttempts = 4
    /// Redirects followed for one request.
    public var maxRedirects = 5
    /// The longest wait before a retry.
    public var maxWaitSeconds = 60.0

    /// A client on `transport`.
    public init(transport: any HTTPTransport, allowsPlainHTTP: Bool = false, sleep: @escaping @Sendable (Double) -> Void) {
        self.transport = transport
        self.allowsPlainHTTP = allowsPlainHTTP
        self.sleep = sleep
    }

    /// Why `url` cannot be asked at all; nil when it can.
    public func refusal(_ url: ServerURL) -> String? {
        if url.password != nil {
            return "a password in a URL is seen by every user of this machine (the process list); give it in ~/.netrc (or $NETRC) instead"
        }
        if !url.isSecure && !url.isLoopback && !allowsPlainHTTP {
            return "plain http to another machine sends the password in clear; use https, or give --allow-http"
        }
        return nil
    }

    /// Sends `request` and returns the response of the URL it ended at, whatever its status;
    /// throws when no response came or the rules refuse it.
    public func send(_ request: HTTPRequest) throws(DAVFailure) -> (response: HTTPResponse, url: ServerURL) {
        guard var url = ServerURL(request.url) else {
            throw DAVFailure(url: request.url, status: nil, reason: "not an http or https URL")
        }
        var request = request
        var redirects = 0
        var attempt = 1
        while true {
            if let refusal = refusal(url) { throw DAVFailure(url: url.description, status: nil, reason: refusal) }
            request.url = url.withoutPassword
            let response: HTTPResponse
            do {
                response = try transport.send(request)
            } catch let failure as HTTPFailure {
                if (failure.kind == .connection || failure.kind == .timeout) && attempt < maxAttempts {
                    sleep(backoff(attempt))
                    attempt += 1
                    continue
                }
                throw DAVFailure(url: url.description, status: nil, reason: Self.explain(failure))
            } catch {
                throw DAVFailure(url: url.description, status: nil, reason: "\(error)")
            }
            switch response.status {
            case 301, 302, 303, 307, 308:
                guard let location = response.headers["location"], let next = url.resolving(location) else {
                    return (response, url)
                }
                redirects += 1
                guard redirects <= maxRedirects else {
                    throw DAVFailure(url: url.description, status: response.status, reason: "more than \(maxRedirects) redirects")
                }
                guard next.isSecure || !url.isSecure else {
                    throw DAVFailure(url: url.description, status: response.status, reason: "redirected from https to plain http (\(next)); not followed")
                }
                url = next
            case 429 where attempt < maxAttempts, 503 where attempt < maxAttempts:
                let asked = response.headers["retry-after"].flatMap { Double($0.trimmingCharacters(in: " ")) }
                sleep(min(maxWaitSeconds, max(0, asked ?? backoff(attempt))))
                attempt += 1
            default:
                return (response, url)
            }
        }
    }

    /// 1, 2, 4, … seconds.
    private func backoff(_ attempt: Int) -> Double { Double(1 << min(attempt - 1, 6)) }

    /// A transport's failure, for the user.
    static func explain(_ failure: HTTPFailure) -> String {
        switch failure.kind {
        case .tls: "TLS failed: \(failure.reason) (give --ca-file for a server whose certificate the system does not know)"
        case .timeout: "no answer in time: \(failure.reason)"
        case .connection: "the server could not be reached: \(failure.reason)"
        case .tooLarge, .unusable: failure.reason
        }
    }

    /// What a status that is no success means, for the user.
    public static func explain(status: Int) -> String {
        switch status {
        case 401: "401 Unauthorized: the server did not take the user name and password (from the URL's user and ~/.netrc or $NETRC)"
        case 403: "403 Forbidden: this user may not do that here"
        case 404: "404 Not Found: no such collection or resource on the server"
        case 405: "405 Method Not Allowed: not a WebDAV collection (is this the address book's URL?)"
        case 412: "412 Precondition Failed: it changed on the server meanwhile"
        case 507: "507 Insufficient Storage: the server is full"
        default: "the server answered \(status)"
        }
    }
}
