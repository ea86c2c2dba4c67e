import ContactsCore
import ContactsServer
import ContactsServerTesting
import ContactsTesting
import Testing

/// A CardDAV address book read as a folder of cards: listed once, fetched in batches.
@Suite struct DAVFileSystemTests {
    static let book = "/books/anna/contacts/"
    static let url = "https://dav.example" + book

    static func card(_ n: Int) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(n)\r\nFN:Person \(n) & <Co>\r\nBDAY:1980-01-\(10 + n)\r\nEND:VCARD\r\n"
    }

    static func files(_ server: FakeDAVServer, batchSize: Int = 2) -> DAVFileSystem {
        DAVFileSystem(local: InMemoryFileSystem(), client: DAVClient(transport: server, sleep: { _ in }), batchSize: batchSize)
    }

    static func read(_ source: ByteSource) throws -> String {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 7)
        while true {
            var span = buffer.mutableSpan
            let n = try source.read(into: &span)
            if n == 0 { break }
            out += buffer[..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func aBookIsAFolderOfItsCardsFetchedInBatches() throws {
        var cards: [String: String] = [:]
        for n in 1...5 { cards["card-\(n).vcf"] = Self.card(n) }
        cards["notes.txt"] = "not a card"
        let server = FakeDAVServer(books: [Self.book: cards])
        let files = Self.files(server)
        #expect(files.status(of: Self.url)?.kind == .directory)
        let names = try files.directoryEntries(Self.url).map(\.name).sorted()
        #expect(names == (1...5).map { "card-\($0).vcf" }, "only the vCards, by their content type")
        for n in 1...5 {
            #expect(try Self.read(files.openForReading(Self.url + "card-\(n).vcf")) == Self.card(n))
        }
        let reports = server.requests.filter { $0.method == "REPORT" }
        #expect(reports.count == 3, "5 cards in batches of 2")
        #expect(server.requests.map(\.method) == ["PROPFIND", "PROPFIND", "REPORT", "REPORT", "REPORT"])
    }

    @Test func theCacheKeepsWhatTheServerHasNotChanged() throws {
        var cards: [String: String] = [:]
        for n in 1...4 { cards["card-\(n).vcf"] = Self.card(n) }
        let server = FakeDAVServer(books: [Self.book: cards])
        let local = InMemoryFileSystem()
        func readAll() throws -> [String] {
            let files = DAVFileSystem(local: local, client: DAVClient(transport: server, sleep: { _ in }), cacheDirectory: "cache")
            return try files.directoryEntries(Self.url).map(\.name).sorted().map { try Self.read(files.openForReading(Self.url + $0)) }
        }
        #expect(try readAll() == (1...4).map(Self.card))
        var done = server.requests.count
        #expect(try readAll() == (1...4).map(Self.card))
        #expect(server.requests.dropFirst(done).map(\.method) == ["PROPFIND"], "a second run fetches nothing")
        server.change(Self.book + "card-2.vcf", to: Self.card(22))
        server.change(Self.book + "card-4.vcf", to: nil)
        done = server.requests.count
        #expect(try readAll() == [Self.card(1), Self.card(22), Self.card(3)])
        let report = server.requests.dropFirst(done).filter { $0.method == "REPORT" }.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(report.count == 1 && report[0].contains("card-2.vcf") && !report[0].contains("card-1.vcf"), "only what changed")
        #expect(local.files.keys.filter { $0.hasPrefix("cache/") }.count == 3, "the removed card's copy is gone")
    }

    @Test func aCardTheServerDoesNotReturnFailsAloneAndTheOthersRead() throws {
        let server = FakeDAVServer(books: [Self.book: ["a.vcf": Self.card(1), "b.vcf": Self.card(2)]])
        server.answer("REPORT", Self.book, with: [.success(HTTPResponse(status: 207, body: Array("""
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
            <response><href>/books/anna/contacts/b.vcf</href><propstat><prop><C:address-data>\(Self.card(2))</C:address-data></prop>
            <status>HTTP/1.1 200 OK</status></propstat></response>
            <response><href>/books/anna/contacts/a.vcf</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>
            """.utf8)))])
        let files = Self.files(server)
        _ = try files.directoryEntries(Self.url)
        #expect(throws: IOFailure.self) { try files.openForReading(Self.url + "a.vcf") }
        #expect(try Self.read(files.openForReading(Self.url + "b.vcf")).hasPrefix("BEGIN:VCARD"))
    }

    @Test(arguments: [(401, "401 Unauthorized"), (403, "403 Forbidden"), (404, "404 Not Found"), (500, "answered 500")])
    func aFailedBookSaysWhyWhenOpened(status: Int, reason: String) {
        let server = FakeDAVServer(books: [:])
        server.answer("PROPFIND", Self.book, with: [.success(HTTPResponse(status: status))])
        let files = Self.files(server)
        // Nothing there is missing; anything else is a file whose opening says why.
        #expect(files.status(of: Self.url)?.kind == (status == 404 ? nil : .file))
        do {
            _ = try files.openForReading(Self.url)
            Issue.record("opened")
        } catch let failure as IOFailure {
            #expect(failure.reason.contains(reason), "\(failure)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aMissingCollectionAnsweredAsAMultistatusIsMissing() {
        // As Xandikos answers: 207, with one response whose own status is 404.
        let server = FakeDAVServer(books: [:])
        server.answer("PROPFIND", Self.book, with: [.success(HTTPResponse(status: 207, body: Array(
            "<multistatus xmlns='DAV:'><response><href>\(Self.book)</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>".utf8)))])
        #expect(Self.files(server).status(of: Self.url) == nil)
    }

    @Test func aBrokenAnswerIsAFailureNotACrash() {
        let server = FakeDAVServer(books: [Self.book: ["a.vcf": Self.card(1)]])
        server.answer("PROPFIND", Self.book, with: [.success(HTTPResponse(status: 207, body: Array("<multistatus xmlns='DAV:'><response>".utf8)))])
        let files = Self.files(server)
        #expect(throws: IOFailure.self) { try files.directoryEntries(Self.url) }
    }

    @Test func pathsThatAreNoURLsAreLocalFiles() throws {
        let local = InMemoryFileSystem(files: ["contacts.vcf": Self.card(1)])
        let server = FakeDAVServer(books: [:])
        let files = DAVFileSystem(local: local, client: DAVClient(transport: server, sleep: { _ in }))
        #expect(try Self.read(files.openForReading("contacts.vcf")) == Self.card(1))
        #expect(server.requests.isEmpty)
    }
}
