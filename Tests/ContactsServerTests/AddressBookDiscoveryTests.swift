import ContactsCore
import ContactsServer
import ContactsServerTesting
import ContactsTesting
import Testing

/// The address books behind a server's, a principal's, a home set's or a book's URL.
@Suite struct AddressBookDiscoveryTests {
    static let family = "/dav/addressbooks/anna/family/"
    static let work = "/dav/addressbooks/anna/work/"
    static let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n"

    static func server() -> FakeDAVServer {
        FakeDAVServer(books: [family: ["a.vcf": card], work: ["b.vcf": card], "/elsewhere/other/": ["c.vcf": card]],
                      principal: "/dav/principals/anna/", home: "/dav/addressbooks/anna/", displayNames: [family: "Family"])
    }

    static func books(_ server: FakeDAVServer, _ url: String) throws(DAVFailure) -> [String]? {
        try DAVFileSystem(local: InMemoryFileSystem(), client: DAVClient(transport: server, sleep: { _ in })).addressBooks(at: url)
    }

    static let both = ["https://anna@dav.example" + family, "https://anna@dav.example" + work]

    @Test(arguments: [
        ("https://anna@dav.example/", both),
        ("https://anna@dav.example/dav/principals/anna/", both),
        ("https://anna@dav.example/dav/addressbooks/anna/", both),
        ("https://anna@dav.example/dav/addressbooks/anna", both),
        ("https://anna@dav.example" + family, [both[0]]),
        ("https://anna@dav.example/#Family", [both[0]]),
        ("https://anna@dav.example/#work", [both[1]]),
        ("https://anna@dav.example/elsewhere/other/", ["https://anna@dav.example/elsewhere/other/"]),
    ])
    func found(url: String, books: [String]) throws {
        #expect(try Self.books(Self.server(), url) == books)
    }

    @Test func aCardIsNoCollection() throws {
        #expect(try Self.books(Self.server(), "https://dav.example" + Self.family + "a.vcf") == nil)
    }

    @Test func theWellKnownURLWhenTheRootIsNoWebDAV() throws {
        let server = Self.server()
        server.answer("PROPFIND", "/", with: [.success(HTTPResponse(status: 405))])
        server.answer("PROPFIND", "/.well-known/carddav", with: [.success(HTTPResponse(status: 301, headers: ["location": "/dav/principals/anna/"]))])
        #expect(try Self.books(server, "https://anna@dav.example/") == Self.both)
        #expect(server.requests.map { ServerURL($0.url)!.path }.prefix(3) == ["/", "/.well-known/carddav", "/dav/principals/anna/"])
    }

    @Test(arguments: [
        ("https://anna@dav.example/#Friends", "no address book named 'Friends' here; there are: 'Family', 'work'"),
        ("https://anna@dav.example/nothing/", "404 Not Found"),
        ("https://anna:pw@dav.example/", "password in a URL"),
    ])
    func notFound(url: String, reason: String) {
        do {
            _ = try Self.books(Self.server(), url)
            Issue.record("found books at \(url)")
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func aCalendarIsNoAddressBook() {
        let server = FakeDAVServer(books: [:], calendars: ["/cal/anna/birthdays/": [:]], principal: "/p/", home: "/h/")
        do {
            _ = try Self.books(server, "https://dav.example/cal/anna/birthdays/")
            Issue.record("a calendar was read as address books")
        } catch {
            #expect(error.reason.contains("a calendar, not an address book"))
        }
    }

    @Test func aCollectionWithoutBooksSaysSo() {
        let server = FakeDAVServer(books: [:], principal: "/p/", home: "/h/")
        do {
            _ = try Self.books(server, "https://dav.example/h/")
            Issue.record("found books")
        } catch {
            #expect(error.reason.contains("no address book found"))
        }
    }
}
