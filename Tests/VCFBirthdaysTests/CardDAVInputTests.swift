import ContactsCore
import ContactsServer
import ContactsServerTesting
import ContactsTesting
import Foundation
import Testing
import VCFBirthdays
import VCFBirthdaysTesting

/// An address book on a CardDAV server is an input as a folder of cards is: every output the
/// same, every failure said with the card's URL.
@Suite struct CardDAVInputTests {
    static let book = "/dav/addressbooks/anna/contacts/"
    static let url = "https://dav.example" + book

    /// The cards of Fixtures/vdir, on the fake server and in local files.
    static var cards: [String: String] {
        var cards: [String: String] = [:]
        for name in ["vdir-0.vcf", "vdir-1.vcf", "vdir-2.vcf"] {
            cards[name] = try! String(contentsOfFile: packageRoot + "/Fixtures/vdir/" + name, encoding: .utf8)
        }
        return cards
    }

    static func run(_ paths: [String], _ server: FakeDAVServer?, files: [String: String] = [:],
                    _ configure: (inout RunOptions) -> Void = { _ in }) -> (status: RunStatus, stdout: String, stderr: String) {
        var options = RunOptions()
        options.input.paths = paths
        configure(&options)
        let stdout = MemoryOutput(), stderr = MemoryOutput()
        let environment = Environment(clock: FixedClock(CalendarDate(year: 2026, month: 11, day: 28)!), preferences: Preferences(),
                                      fileSystem: InMemoryFileSystem(files: files), opener: StubOpener(),
                                      standardInput: MemorySource([]), standardOutput: stdout, standardError: stderr,
                                      httpTransport: server, sleep: { _ in })
        let status = App.run(options, environment: environment)
        return (status, stdout.text, stderr.text)
    }

    @Test(arguments: [RunOptions.Format.list, .json, .ics, .vcard4])
    func aBookOnAServerGivesWhatItsFilesGive(format: RunOptions.Format) {
        let server = FakeDAVServer(books: [Self.book: Self.cards])
        let remote = Self.run([Self.url], server) { $0.output.format = format }
        let local = Self.run(["vdir"], nil, files: Dictionary(uniqueKeysWithValues: Self.cards.map { ("vdir/" + $0.key, $0.value) })) {
            $0.output.format = format
        }
        #expect(remote.status == .success, "\(remote.stderr)")
        #expect(remote.stdout == local.stdout)
        #expect(!remote.stdout.isEmpty)
        // Three cards, one multiget a reading; outputs that show categories read the inputs twice (Apple's group cards).
        let readings = [RunOptions.Format.json: 2, .vcard4: 2][format] ?? 1
        #expect(server.requests.filter { $0.method == "REPORT" }.count == readings)
    }

    @Test func theServersURLReadsEveryAddressBookOfTheUser() {
        let cards = Self.cards
        let other = "/dav/addressbooks/anna/family/"
        let server = FakeDAVServer(books: [Self.book: cards, other: ["x.vcf": "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ida Ek\r\nBDAY:2001-05-06\r\nEND:VCARD\r\n"]],
                                   principal: "/dav/principals/anna/", home: "/dav/addressbooks/anna/", displayNames: [other: "Family"])
        let all = Self.run(["https://anna@dav.example/"], server) { $0.output.format = .json }
        #expect(all.status == .success, "\(all.stderr)")
        #expect(all.stdout.split(separator: "\n").count == 4)
        let family = Self.run(["https://anna@dav.example/#Family"], server) { $0.output.format = .json }
        #expect(family.stdout.split(separator: "\n").count == 1 && family.stdout.contains("Ida Ek"))
        let none = Self.run(["https://anna@dav.example/#Friends"], server)
        #expect(none.status == .noInput && none.stderr.contains("there are: 'contacts', 'Family'"), "\(none.stderr)")
    }

    @Test func aCardThatFailsIsNamedByItsURLAndTheOthersAreRead() {
        let server = FakeDAVServer(books: [Self.book: Self.cards.merging(["broken.vcf": "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\u{1B}[31mX\r\nBDAY:1990-13-45\r\nEND:VCARD\r\n"]) { a, _ in a }])
        let result = Self.run([Self.url], server) { $0.output.format = .json }
        #expect(result.stderr.contains(Self.url + "broken.vcf:"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "control characters are escaped")
        #expect(result.stdout.split(separator: "\n").count == 4)
    }

    @Test func anUnreachableBookIsAnUnreadInput() {
        let server = FakeDAVServer(books: [:])
        server.answer("PROPFIND", Self.book, with: [.success(HTTPResponse(status: 401))])
        let result = Self.run([Self.url], server)
        #expect(result.stderr.contains("401 Unauthorized"), "\(result.stderr)")
        #expect(result.status != .success)
    }

    @Test func aPasswordInTheURLIsRefusedAndNeverShown() {
        let server = FakeDAVServer(books: [Self.book: Self.cards])
        let result = Self.run(["https://anna:hunter2@dav.example" + Self.book], server)
        #expect(result.status != .success)
        #expect(result.stderr.contains(".netrc") && !result.stderr.contains("hunter2"), "\(result.stderr)")
        #expect(server.requests.isEmpty)
    }
}
