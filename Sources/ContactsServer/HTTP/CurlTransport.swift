import VCHTTP

#if canImport(Glibc)
import Glibc
#endif

/// HTTP through libcurl, loaded at the first request (`Sources/VCHTTP`): TLS verified against
/// the system's certificates (or `caFile`), proxies from the usual environment variables
/// (`https_proxy`, `no_proxy`, …), the password from the netrc file when the URL gives none.
public struct CurlTransport: HTTPTransport {
    /// The netrc file (`$NETRC`); nil for `~/.netrc`.
    public var netrcFile: String?
    /// CA certificates to verify servers with instead of the system's.
    public var caFile: String?
    /// Seconds to wait for a connection, and for the next byte of a response.
    public var timeoutSeconds: Int
    /// Responses larger than this fail (`HTTPFailure.Kind.tooLarge`).
    public var maxResponseBytes: Int
    /// Gives the password instead of the netrc file (`--password-command`).
    public var passwordCommand: PasswordCommand?

    /// A transport with these settings.
    public init(netrcFile: String? = nil, caFile: String? = nil, timeoutSeconds: Int = 30, maxResponseBytes: Int = 256 << 20,
                passwordCommand: PasswordCommand? = nil) {
        self.netrcFile = netrcFile
        self.caFile = caFile
        self.timeoutSeconds = timeoutSeconds
        self.maxResponseBytes = maxResponseBytes
        self.passwordCommand = passwordCommand
    }

    /// Whether libcurl can be loaded.
    public static var isAvailable: Bool { vc_http_available() != 0 }

    public func send(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let url = ServerURL(request.url) else { throw HTTPFailure(.unusable, "not an http or https URL") }
        // C copies of the strings, freed at the end.
        var copies: [UnsafeMutablePointer<CChar>?] = []
        defer { copies.forEach { free($0) } }
        func c(_ text: String?) -> UnsafePointer<CChar>? {
            guard let text else { return nil }
            copies.append(strdup(text))
            return UnsafePointer(copies.last!)
        }
        var headers = request.headers.map { c($0) }
        let transfer = CurlTransfer(limit: maxResponseBytes)
        var settings = vc_http_request()
        settings.method = c(request.method)
        // The user in the URL: libcurl looks the netrc file up by the URL's host and user.
        settings.url = c(url.withoutPassword)
        settings.header_count = Int32(headers.count)
        if let passwordCommand {
            guard url.user != nil else { throw HTTPFailure(.unusable, "--password-command needs the user name in the URL (https://USER@host/...)") }
            settings.user = c(url.user)
            settings.password = c(try passwordCommand.password())
        }
        settings.netrc_file = c(netrcFile)
        settings.ca_file = c(caFile)
        settings.protocols = c(url.isSecure ? "https" : "http")
        settings.connect_timeout_seconds = timeoutSeconds
        settings.stall_timeout_seconds = timeoutSeconds
        var status = 0
        var error = [CChar](repeating: 0, count: 512)
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        let code = headers.withUnsafeMutableBufferPointer { headerLines in
            request.body.withUnsafeBytes { body in
                settings.headers = UnsafePointer(headerLines.baseAddress)
                if request.method != "GET" && request.method != "HEAD" {
                    // (A body of none is still one: libcurl sends Content-Length: 0.)
                    settings.body = body.baseAddress?.assumingMemoryBound(to: CChar.self) ?? c("")
                    settings.body_length = body.count
                }
                return vc_http_perform(&settings, curlReceiveBody, curlReceiveHeader, context, &status, &error, error.count)
            }
        }
        if transfer.tooLarge { throw HTTPFailure(.tooLarge, "the response is larger than \(maxResponseBytes) bytes") }
        guard code == 0 else {
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw HTTPFailure(Self.kind(ofCurlCode: code), message)
        }
        return HTTPResponse(status: status, headers: transfer.headers, body: transfer.body)
    }

    /// What a libcurl result code means for the run.
    static func kind(ofCurlCode code: Int32) -> HTTPFailure.Kind {
        switch code {
        case -1, 1, 3: .unusable  // no libcurl, a protocol not allowed, a malformed URL
        case 28: .timeout  // CURLE_OPERATION_TIMEDOUT
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: .tls  // CURLE_SSL_*, CURLE_PEER_FAILED_VERIFICATION
        default: .connection
        }
    }
}

/// What one transfer collects, handed to libcurl's callbacks.
private final class CurlTransfer {
    var body: [UInt8] = []
    var headers: [String: String] = [:]
    let limit: Int
    var tooLarge = false

    init(limit: Int) { self.limit = limit }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard body.count + bytes.count <= limit else {
            tooLarge = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// One header line; a status line starts the headers over (as after `100 Continue`).
    func header(_ line: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = text[..<colon].lowercased()
        let value = text[text.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
        headers[name] = value
    }
}

private let curlReceiveBody: vc_http_receiver = { bytes, count, context in
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
    let buffer = UnsafeBufferPointer(start: UnsafeRawPointer(bytes)?.assumingMemoryBound(to: UInt8.self), count: count)
    return transfer.append(buffer) ? count : 0
}

private let curlReceiveHeader: vc_http_receiver = { bytes, count, context in
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
    transfer.header(UnsafeBufferPointer(start: UnsafeRawPointer(bytes)?.assumingMemoryBound(to: UInt8.self), count: count))
    return count
}

extension StringProtocol {
    /// Without these characters at either end.
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
