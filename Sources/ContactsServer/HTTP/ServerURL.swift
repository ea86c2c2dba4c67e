/// An `http` or `https` URL, taken apart as far as a WebDAV client needs: the scheme, the
/// credentials it holds, the authority and the path (with its query).
public struct ServerURL: Sendable, Equatable, CustomStringConvertible {
    /// `http` or `https`, lower case.
    public var scheme: String
    /// The user name, percent-decoded; nil when the URL gives none.
    public var user: String?
    /// The password, percent-decoded; nil when the URL gives none (then the netrc file's).
    public var password: String?
    /// `host` or `host:port`, as written (an IPv6 address in brackets).
    public var authority: String
    /// From the first `/` on (at least `/`), percent-encoded as written.
    public var path: String

    /// `text` taken apart; nil unless it is an absolute `http` or `https` URL with a host.
    public init?(_ text: String) {
        let lower = text.prefix(8).lowercased()
        let scheme = lower.hasPrefix("https://") ? "https" : lower.hasPrefix("http://") ? "http" : ""
        guard !scheme.isEmpty else { return nil }
        let rest = text.dropFirst(scheme.count + 3)
        let authorityEnd = rest.firstIndex { (c: Character) -> Bool in c == "/" || c == "?" || c == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        var path = String(rest[authorityEnd...])
        if let fragment = path.firstIndex(of: "#") { path = String(path[..<fragment]) }
        if !path.hasPrefix("/") { path = "/" + path }
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            authority = authority[authority.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = Self.percentDecoded(credentials[..<colon])
                password = Self.percentDecoded(credentials[credentials.index(after: colon)...])
            } else {
                user = Self.percentDecoded(credentials)
            }
        }
        guard !authority.isEmpty, !authority.contains(where: { $0 == " " || $0.asciiValue.map { $0 < 0x20 } ?? false }) else { return nil }
        self.scheme = scheme
        self.authority = authority.lowercased()
        self.path = Self.percentEncoded(path)
    }

    /// A path with every byte that may not stand in one (a space, a quote, bytes beyond ASCII, a
    /// `%` that starts no `%XX`) as `%XX`: a name read from a listing, decoded, is asked for as
    /// the server wrote it.
    static func percentEncoded(_ path: String) -> String {
        percentEncoded(path, keeping: "-._~!$&'()*+,;=:@/?")
    }

    /// `text` with every byte but letters, digits and those of `kept` as `%XX`; a `%` that
    /// starts a `%XX` stays.
    static func percentEncoded(_ text: String, keeping kept: String) -> String {
        let bytes = Array(text.utf8)
        func isHex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x66) }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for (i, b) in bytes.enumerated() {
            let allowed = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || kept.utf8.contains(b)
                || (b == UInt8(ascii: "%") && i + 2 < bytes.count && isHex(bytes[i + 1]) && isHex(bytes[i + 2]))
            if allowed {
                out.append(b)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` is an `http` or `https` URL (an input or output named by one is a server's).
    public static func isURL(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The URL without its user name and password: what may be shown.
    public var withoutCredentials: String { scheme + "://" + authority + path }

    public var description: String { withoutCredentials }

    /// The URL with its user name (percent-encoded) but no password: what requests are made to,
    /// so that the netrc file's entry for this user is the one taken.
    public var withoutPassword: String {
        guard let user else { return withoutCredentials }
        return scheme + "://" + Self.percentEncoded(user, keeping: "-._~") + "@" + authority + path
    }

    /// TLS.
    public var isSecure: Bool { scheme == "https" }

    /// The host, without the port (an IPv6 address without its brackets).
    public var host: String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
    }

    /// The host is this machine (`localhost`, `127.x.x.x`, `::1`): plain http there is
    /// allowed, as nothing crosses a network.
    public var isLoopback: Bool {
        let host = host
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
    }

    /// `reference` (an `href`, a `Location`) read against this URL: absolute, or a path on
    /// this server. The credentials stay when the server does.
    public func resolving(_ reference: String) -> ServerURL? {
        if Self.isURL(reference) {
            guard var url = ServerURL(reference) else { return nil }
            if url.user == nil && (url.authority == authority && url.scheme == scheme || isSibling(of: url)) {
                (url.user, url.password) = (user, password)
            }
            return url
        }
        var url = self
        if reference.hasPrefix("/") {
            url.path = reference
        } else {
            let folder = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
            url.path = String(folder[...(folder.lastIndex(of: "/") ?? folder.startIndex)]) + reference
        }
        return url
    }

    /// Whether `other` is another host of this one's domain, both over https
    /// (`p42-caldav.icloud.com` from `caldav.icloud.com`: iCloud answers from per-account hosts):
    /// the user name goes along to it. A domain is what follows the host's first label, and has
    /// two labels at least (`dav.example` and `cal.example` share none).
    func isSibling(of other: ServerURL) -> Bool {
        func domain(_ host: String) -> Substring? {
            guard let dot = host.firstIndex(of: "."), !host.hasPrefix("[") else { return nil }
            let domain = host[host.index(after: dot)...]
            return domain.contains(".") && !domain.hasSuffix(".") ? domain : nil
        }
        guard scheme == "https", other.scheme == "https", let mine = domain(host) else { return false }
        return domain(other.host) == mine
    }

    /// The path as a folder (ending in `/`).
    public var asFolder: ServerURL {
        var url = self
        if !url.path.hasSuffix("/") { url.path += "/" }
        return url
    }

    /// `text` with its `%XX` sequences as bytes, read as UTF-8.
    public static func percentDecoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x37
        case 0x61...0x66: b - 0x57
        default: nil
        }
    }
}
