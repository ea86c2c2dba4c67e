import FuzzSupport
import VCFBirthdays
import VCFBirthdaysTesting

/// What a WebDAV server answers, any bytes: the XML reader and the multistatus never crash nor
/// hang, and read the same bytes alike; an address book listed and read through a server
/// answering them fails cleanly or gives items, never a crash.
@_cdecl("fuzz_dav_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzDAV)
}

public func fuzzDAV(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let pointer, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: pointer, count: size))
    func read() -> String {
        do { return "\(try XMLReader.parse(bytes))" } catch { return "error: \(error)" }
    }
    if read() != read() { Fuzz.fail("the XML reader read the same bytes two ways") }
    _ = try? DAVResponse.parse(bytes)

    // The bytes as the server's answer to the listing and to the multiget.
    let book = "/books/anna/contacts/"
    let server = FakeDAVServer(books: [book: [:]])
    server.answer("PROPFIND", book, with: [.success(HTTPResponse(status: 207, body: bytes))])
    server.answer("REPORT", book, with: [.success(HTTPResponse(status: 207, body: bytes))])
    let files = DAVFileSystem(local: InMemoryFileSystem(), client: DAVClient(transport: server, sleep: { _ in }))
    let url = "https://dav.example" + book
    if let entries = try? files.directoryEntries(url) {
        for entry in entries {
            _ = try? files.openForReading(url + entry.name)
        }
    }
    return 0
}
