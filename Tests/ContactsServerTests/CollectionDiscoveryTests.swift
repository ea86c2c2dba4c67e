import ContactsCore
import ContactsServer
import ContactsServerTesting
import ContactsTesting
import Testing

/// The address books and calendars behind a server's, a principal's, a home set's or a
/// collection's URL.
@Suite struct CollectionDiscoveryTests {
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

    static let calendar = "/dav/addressbooks/anna/cal1/"

    /// `--vdir URL#Name`: the collection of that kind and name, or a new one in the home set.
    @Test(arguments: [
        ("https://anna@dav.example/#Birthdays", DAVFileSystem.CollectionKind.calendar, "https://anna@dav.example" + calendar),
        ("https://anna@dav.example/#cal1", .calendar, "https://anna@dav.example" + calendar),
        ("https://anna@dav.example/dav/principals/anna/#Birthdays", .calendar, "https://anna@dav.example" + calendar),
        ("https://anna@dav.example/#Family birthdays", .calendar, "https://anna@dav.example/dav/addressbooks/anna/Family%20birthdays/"),
        ("https://anna@dav.example/#Family", .addressBook, "https://anna@dav.example" + family),
        ("https://anna@dav.example/#Friends", .addressBook, "https://anna@dav.example/dav/addressbooks/anna/Friends/"),
        ("https://anna@dav.example" + calendar, .calendar, "https://anna@dav.example" + calendar),
        ("https://anna@dav.example/somewhere/new/", .calendar, "https://anna@dav.example/somewhere/new/"),
    ])
    func named(url: String, kind: DAVFileSystem.CollectionKind, collection: String) throws {
        let server = FakeDAVServer(books: [Self.family: [:], Self.work: [:]], calendars: [Self.calendar: [:]],
                                   principal: "/dav/principals/anna/", home: "/dav/addressbooks/anna/",
                                   displayNames: [Self.family: "Family", Self.calendar: "Birthdays"])
        let files = DAVFileSystem(local: InMemoryFileSystem(), client: DAVClient(transport: server, sleep: { _ in }))
        #expect(try files.namedCollection(url, kind: kind) == collection)
        // Found, not made: nothing is changed on the server.
        #expect(server.requests.allSatisfy { ["PROPFIND"].contains($0.method) })
    }

    @Test(arguments: [
        ("https://anna@dav.example" + family + "#Birthdays", "an address book, not a calendar"),
        ("https://anna@dav.example/#a/b", "names no collection"),
        ("https://anna@dav.example/#", "names no collection"),
        ("https://anna@dav.example" + calendar + "#Other", "no calendar named 'Other' here; there are: 'Birthdays'"),
        ("https://anna@dav.example/#Twice", "more than one calendar is named 'Twice'"),
    ])
    func notNamed(url: String, reason: String) {
        let twice = ["/dav/addressbooks/anna/t1/", "/dav/addressbooks/anna/t2/"]
        let server = FakeDAVServer(books: [Self.family: [:]], calendars: [Self.calendar: [:], twice[0]: [:], twice[1]: [:]],
                                   principal: "/dav/principals/anna/", home: "/dav/addressbooks/anna/",
                                   displayNames: [Self.calendar: "Birthdays", twice[0]: "Twice", twice[1]: "Twice"])
        do {
            let found = try DAVFileSystem(local: InMemoryFileSystem(), client: DAVClient(transport: server, sleep: { _ in }))
                .namedCollection(url, kind: .calendar)
            Issue.record("\(url) gave \(found)")
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }
}
