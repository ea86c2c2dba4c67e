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

    @Test func loopback() {
        #expect(["http://localhost/", "http://127.0.0.1:80/", "http://[::1]:5232/"].allSatisfy { ServerURL($0)!.isLoopback })
        #expect(!["http://192.168.1.1/", "http://localhost.example/", "http://10.0.0.1/"].contains { ServerURL($0)!.isLoopback })
    }
}
