import ContactsServer
import ContactsServerTesting
import Testing

/// The rules every request to a server keeps: credentials, plain http, redirects, retries.
@Suite struct DAVClientTests {
    /// A client on `server` whose waits are recorded, not waited.
    final class WaitSpy: @unchecked Sendable {
        var waits: [Double] = []
    }

    static func client(_ server: FakeDAVServer, allowsPlainHTTP: Bool = false) -> (DAVClient, WaitSpy) {
        let spy = WaitSpy()
        return (DAVClient(transport: server, allowsPlainHTTP: allowsPlainHTTP, sleep: { spy.waits.append($0) }), spy)
    }

    static let book = "/books/anna/contacts/"
    static func server(_ origin: String = "https://dav.example") -> FakeDAVServer {
        FakeDAVServer(origin: origin, books: [book: ["a.vcf": "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n"]])
    }

    @Test(arguments: [
        ("https://anna:secret@dav.example/books/anna/contacts/a.vcf", "password in a URL"),
        ("http://dav.example/books/anna/contacts/a.vcf", "plain http"),
        ("http://192.168.1.2/books/anna/contacts/a.vcf", "plain http"),
        ("ftp://dav.example/a.vcf", "not an http or https URL"),
    ])
    func refused(url: String, reason: String) {
        let server = Self.server()
        let (client, _) = Self.client(server)
        #expect(throws: DAVFailure.self) { try client.send(HTTPRequest(method: "GET", url: url)) }
        do {
            _ = try client.send(HTTPRequest(method: "GET", url: url))
        } catch {
            #expect(error.reason.contains(reason), "\(url): \(error.reason)")
            #expect(!error.reason.contains("secret") && !error.url.contains("secret"))
        }
        #expect(server.requests.isEmpty, "nothing is sent for \(url)")
    }

    @Test(arguments: ["http://localhost:5232", "http://127.0.0.1:5232", "http://[::1]:5232"])
    func plainHTTPToThisMachineIsAllowed(origin: String) throws {
        let (client, _) = Self.client(Self.server(origin))
        #expect(try client.send(HTTPRequest(method: "GET", url: origin + Self.book + "a.vcf")).response.status == 200)
    }

    @Test func plainHTTPElsewhereWhenAllowed() throws {
        let (client, _) = Self.client(Self.server("http://dav.lan"), allowsPlainHTTP: true)
        #expect(try client.send(HTTPRequest(method: "GET", url: "http://dav.lan" + Self.book + "a.vcf")).response.status == 200)
    }

    @Test func theUserNameOfTheURLGoesWithEveryRequest() throws {
        let server = Self.server()
        let (client, _) = Self.client(server)
        _ = try client.send(HTTPRequest(method: "GET", url: "https://anna%40home@dav.example" + Self.book + "a.vcf"))
        #expect(server.requests.map(\.url) == ["https://anna%40home@dav.example" + Self.book + "a.vcf"])
    }

    @Test func redirectsAreFollowedWithinLimits() throws {
        let server = Self.server()
        server.answer("PROPFIND", "/.well-known/carddav", with: [.success(HTTPResponse(status: 301, headers: ["location": "/books/"]))])
        server.answer("PROPFIND", "/books/", with: [.success(HTTPResponse(status: 308, headers: ["location": "https://dav.example" + Self.book]))])
        let (client, _) = Self.client(server)
        let (response, url) = try client.send(HTTPRequest(method: "PROPFIND", url: "https://dav.example/.well-known/carddav", headers: ["Depth: 0"]))
        #expect(response.status == 207)
        #expect(url.path == Self.book)
        #expect(server.requests.allSatisfy { $0.method == "PROPFIND" })

        server.answer("GET", "/loop", with: Array(repeating: .success(HTTPResponse(status: 302, headers: ["location": "/loop"])), count: 10))
        #expect(throws: DAVFailure.self) { try client.send(HTTPRequest(method: "GET", url: "https://dav.example/loop")) }
        server.answer("GET", "/down", with: [.success(HTTPResponse(status: 301, headers: ["location": "http://dav.example/down"]))])
        do {
            _ = try client.send(HTTPRequest(method: "GET", url: "https://dav.example/down"))
            Issue.record("a redirect from https to http was followed")
        } catch {
            #expect(error.reason.contains("from https to plain http"))
        }
    }

    @Test func busyServersAndDroppedConnectionsAreTriedAgain() throws {
        let server = Self.server()
        let path = Self.book + "a.vcf"
        server.answer("GET", path, with: [.success(HTTPResponse(status: 503, headers: ["retry-after": "7"])),
                                          .failure(HTTPFailure(.connection, "Connection reset by peer")),
                                          .success(HTTPResponse(status: 429))])
        let (client, spy) = Self.client(server)
        #expect(try client.send(HTTPRequest(method: "GET", url: "https://dav.example" + path)).response.status == 200)
        #expect(spy.waits == [7, 2, 4])
        // At most four tries: the last answer stands.
        server.answer("GET", path, with: Array(repeating: .success(HTTPResponse(status: 503, headers: ["retry-after": "9999"])), count: 4))
        let (again, spy2) = Self.client(server)
        #expect(try again.send(HTTPRequest(method: "GET", url: "https://dav.example" + path)).response.status == 503)
        #expect(spy2.waits == [60, 60, 60])
        server.answer("GET", path, with: Array(repeating: .failure(HTTPFailure(.tls, "certificate verify failed")), count: 1))
        do {
            _ = try again.send(HTTPRequest(method: "GET", url: "https://dav.example" + path))
            Issue.record("a TLS failure passed")
        } catch {
            #expect(error.reason.contains("TLS failed") && error.reason.contains("--ca-file"))
        }
    }
}
