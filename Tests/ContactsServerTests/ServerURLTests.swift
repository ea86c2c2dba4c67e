import ContactsServer
import Testing

@Suite struct ServerURLTests {
    @Test func takenApart() throws {
        let url = try #require(ServerURL("HTTPS://anna%40home:p%3Ass@DAV.Example:8443/dav/books/?x=1#f"))
        #expect(url.scheme == "https" && url.user == "anna@home" && url.password == "p:ss")
        #expect(url.authority == "dav.example:8443" && url.host == "dav.example" && url.path == "/dav/books/?x=1")
        #expect(url.withoutCredentials == "https://dav.example:8443/dav/books/?x=1")
        #expect(ServerURL("https://dav.example")?.path == "/")
        #expect(ServerURL("mailto:a@b") == nil && ServerURL("https:///x") == nil && ServerURL("/local/file") == nil)
    }

    @Test(arguments: [
        ("https://h/a/b/", "c.vcf", "https://h/a/b/c.vcf"),
        ("https://h/a/b", "c.vcf", "https://h/a/c.vcf"),
        ("https://h/a/b/", "/x/y.vcf", "https://h/x/y.vcf"),
        ("https://h/a/", "https://other/z", "https://other/z"),
    ])
    func references(base: String, reference: String, resolved: String) {
        #expect(ServerURL(base)?.resolving(reference)?.withoutCredentials == resolved)
    }

    /// The user name goes along to the same origin, and over https to another host of the same
    /// domain (iCloud's per-account hosts); never elsewhere.
    @Test(arguments: [
        ("https://you@caldav.icloud.com/", "https://p42-caldav.icloud.com:443/123/principal/", "you"),
        ("https://you@caldav.icloud.com/", "/123/principal/", "you"),
        ("https://you@dav.example/", "https://dav.example/x/", "you"),
        ("https://you@dav.example/", "https://cal.example/x/", nil),
        ("https://you@caldav.icloud.com/", "https://evil.example.com/x/", nil),
        ("https://you@caldav.icloud.com/", "http://p42-caldav.icloud.com/x/", nil),
        ("http://you@a.b.example/", "http://c.b.example/x/", nil),
        ("https://you@[::1]:8443/", "https://[::2]:8443/", nil),
    ])
    func theUserGoesAlong(base: String, reference: String, user: String?) {
        #expect(ServerURL(base)?.resolving(reference)?.user == user)
    }

    @Test func loopback() {
        #expect(["http://localhost/", "http://127.0.0.1:80/", "http://[::1]:5232/"].allSatisfy { ServerURL($0)!.isLoopback })
        #expect(!["http://192.168.1.1/", "http://localhost.example/", "http://10.0.0.1/"].contains { ServerURL($0)!.isLoopback })
    }
}
