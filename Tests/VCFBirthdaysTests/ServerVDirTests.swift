import ContactsCore
import ContactsServer
import ContactsServerTesting
import ContactsTesting
import Testing
import VCFBirthdays
import VCFBirthdaysTesting

/// `--vdir URL`: a calendar or address book on a server kept as a local vdir is, under the same
/// promises — nothing removed after an unclean read or past the limit, nothing of someone
/// else's touched, nothing changed meanwhile overwritten, `--dry-run` sends no change.
@Suite struct ServerVDirTests {
    static let calendar = "/cal/anna/birthdays/"
    static let url = "https://anna@dav.example" + calendar

    static func contacts(_ count: Int, changed: Int? = nil, removed: Int? = nil) -> String {
        (0..<count).filter { $0 != removed }.map { n in
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:p-\(n)\r\nFN:Person \(n)\r\n"
                + (n == changed ? "BDAY:2001-02-03\r\n" : "BDAY:19\(70 + n % 30)-0\(1 + n % 9)-1\(n % 10)\r\n") + "END:VCARD\r\n"
        }.joined()
    }

    /// A run on `contacts`; with `local`, in that file system (kept from run to run), with a cache in it.
    static func run(_ server: FakeDAVServer, _ contacts: String, paths: [String] = ["contacts.vcf"], local: InMemoryFileSystem? = nil,
                    _ configure: (inout RunOptions) -> Void = { _ in }) -> (status: RunStatus, stderr: String) {
        var options = RunOptions()
        options.input.paths = paths
        options.output.format = .ics
        options.output.vdir = url
        configure(&options)
        let stdout = MemoryOutput(), stderr = MemoryOutput()
        let files = local ?? InMemoryFileSystem()
        files.put("contacts.vcf", contacts)
        let environment = Environment(clock: FixedClock(CalendarDate(year: 2026, month: 11, day: 28)!), preferences: Preferences(),
                                      fileSystem: files, opener: StubOpener(),
                                      standardInput: MemorySource([]), standardOutput: stdout, standardError: stderr,
                                      httpTransport: server, sleep: { _ in }, cacheDirectory: local == nil ? nil : "cache/dav")
        return (App.run(options, environment: environment), stderr.text)
    }

    static func changes(_ server: FakeDAVServer, since count: Int) -> [String] {
        server.requests.dropFirst(count).filter { ["PUT", "DELETE", "MKCALENDAR", "MKCOL"].contains($0.method) }.map { request in
            request.method + " " + (request.headers.first { $0.hasPrefix("If-") }.map { $0.hasPrefix("If-None") ? "new" : "match" } ?? "-")
        }
    }

    @Test func aCalendarIsMadeKeptAndConverges() throws {
        let server = FakeDAVServer(books: [:])
        var done = 0
        // First run: the calendar is made, every event put as new.
        var result = Self.run(server, Self.contacts(12))
        #expect(result.status == .success, "\(result.stderr)")
        #expect(server.isCalendar(Self.calendar))
        #expect(Self.changes(server, since: done) == ["MKCALENDAR -"] + Array(repeating: "PUT new", count: 12))
        let events = try #require(server.items(of: Self.calendar))
        #expect(events.count == 12 && events.values.allSatisfy { $0.contains("PRODID:-//vcf2birthdays//") })
        // Again: nothing changes, and the events were fetched in one multiget.
        done = server.requests.count
        result = Self.run(server, Self.contacts(12))
        #expect(result.status == .success && Self.changes(server, since: done).isEmpty, "\(Self.changes(server, since: done))")
        #expect(server.requests.dropFirst(done).filter { $0.method == "REPORT" }.count == 1)
        // One changed birthday: one event replaced, on the condition that it is as listed.
        done = server.requests.count
        _ = Self.run(server, Self.contacts(12, changed: 3))
        #expect(Self.changes(server, since: done) == ["PUT match"])
        // One removed contact: its event deleted, likewise.
        done = server.requests.count
        _ = Self.run(server, Self.contacts(12, changed: 3, removed: 5))
        #expect(Self.changes(server, since: done) == ["DELETE match"])
        #expect(server.items(of: Self.calendar)?.count == 11)
    }

    @Test func withItsCacheARunFetchesOnlyWhatChanged() throws {
        let server = FakeDAVServer(books: [:])
        let local = InMemoryFileSystem()
        _ = Self.run(server, Self.contacts(12), local: local)
        // What was put is known by its ETag: the next run fetches nothing and changes nothing.
        var done = server.requests.count
        #expect(Self.run(server, Self.contacts(12), local: local).status == .success)
        #expect(server.requests.dropFirst(done).map(\.method) == ["PROPFIND", "PROPFIND"], "listed, nothing fetched")
        // Another client changes one event: only that one is fetched (and, being no longer as we
        // wrote it but still ours, written again).
        let name = server.items(of: Self.calendar)!.first { $0.value.contains("Person 4") }!.key
        let edited = server.items(of: Self.calendar)![name]!.replacingAll("SUMMARY:", "SUMMARY:Edited ")
        server.change(Self.calendar + name, to: edited)
        done = server.requests.count
        #expect(Self.run(server, Self.contacts(12), local: local).status == .success)
        let reports = server.requests.dropFirst(done).filter { $0.method == "REPORT" }
        #expect(reports.count == 1 && String(decoding: reports[0].body, as: UTF8.self).components("<d:href>") == 1)
        #expect(Self.changes(server, since: done) == ["PUT match"])
        // A removed contact's event goes from the server and from the cache.
        _ = Self.run(server, Self.contacts(12, removed: 0), local: local)
        #expect(local.files.keys.filter { $0.hasPrefix("cache/dav/") }.count == 11)
    }

    @Test func someoneElsesEventIsNeverTouched() {
        let foreign = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let server = FakeDAVServer(books: [:], calendars: [Self.calendar: ["mine-by-name.ics": foreign]])
        _ = Self.run(server, Self.contacts(3))
        _ = Self.run(server, Self.contacts(1))
        #expect(server.items(of: Self.calendar)?["mine-by-name.ics"] == foreign)
        #expect(!server.requests.contains { $0.method == "DELETE" && $0.url.hasSuffix("mine-by-name.ics") })
    }

    @Test func anUncleanReadOrTheLimitRemovesNothing() {
        let server = FakeDAVServer(books: [:])
        _ = Self.run(server, Self.contacts(12))
        let done = server.requests.count
        // An input that is missing: nothing is removed.
        let unclean = Self.run(server, Self.contacts(2), paths: ["contacts.vcf", "missing.vcf"])
        #expect(unclean.status == .noInput && unclean.stderr.contains("kept, not removed"), "\(unclean.stderr)")
        // Ten of twelve: past the limit.
        let limited = Self.run(server, Self.contacts(2))
        #expect(limited.status == .removalLimit, "\(limited.stderr)")
        #expect(Self.changes(server, since: done).isEmpty)
        #expect(server.items(of: Self.calendar)?.count == 12)
    }

    @Test func aDryRunSendsNoChange() {
        let server = FakeDAVServer(books: [:])
        let result = Self.run(server, Self.contacts(4)) { $0.output.dryRun = true }
        #expect(result.status == .success, "\(result.stderr)")
        #expect(Self.changes(server, since: 0).isEmpty)
        #expect(server.items(of: Self.calendar) == nil)
    }

    /// What another client does to an event between this program's listing and its change of it.
    enum Meanwhile: String, CaseIterable, Sendable {
        /// Another run of ours wrote it (still ours), another client wrote its own, or removed it.
        case ours, foreign, removed
    }

    /// A change the server refuses (412: changed meanwhile) is read again and tried once more
    /// when the event is still ours (or gone); one of someone else's is left, and said. Rows: the
    /// event replaced (the birthday changed), made (a new contact: something of its name
    /// appeared), and removed (its contact gone); each against each change meanwhile.
    @Test(arguments: ["replace", "make", "remove"], Meanwhile.allCases)
    func anEventChangedMeanwhileIsChangedOnlyIfStillOurs(_ change: String, _ meanwhile: Meanwhile) throws {
        let server = FakeDAVServer(books: [:])
        // Five people on another server first, to know the fifth one's event.
        let other = FakeDAVServer(books: [:])
        _ = Self.run(other, Self.contacts(5))
        let events = try #require(other.items(of: Self.calendar))
        let fifth = try #require(events.first { $0.value.contains("Person 4") })
        _ = Self.run(server, Self.contacts(change == "make" ? 4 : 5))
        let first = try #require(server.items(of: Self.calendar)?.first { $0.value.contains("Person 0") })
        let (name, text) = change == "make" ? fifth : first
        let contacts = change == "make" ? Self.contacts(5)
            : change == "remove" ? Self.contacts(5, removed: 0)
            : Self.contacts(5).replacingAll("BDAY:1970-01-10", "BDAY:1970-01-11")
        let theirs: String? = switch meanwhile {
        case .ours: text.replacingAll("SUMMARY:", "SUMMARY:Changed ")
        case .foreign: text.replacingAll("PRODID:-//vcf2birthdays//", "PRODID:-//Someone else//")
        case .removed: nil
        }
        server.change(Self.calendar + name, to: theirs, before: change == "remove" ? "DELETE" : "PUT")
        let done = server.requests.count
        let raced = Self.run(server, contacts)
        let now = server.items(of: Self.calendar)?[name]
        let sent = server.requests.dropFirst(done).filter { $0.method != "PROPFIND" && $0.method != "REPORT" }
            .map { $0.method + ($0.headers.first { $0.hasPrefix("If-") }.map { $0.hasPrefix("If-None") ? " new" : " match" } ?? "") }
        let method = change == "remove" ? "DELETE" : "PUT"
        let tried = [method + (change == "make" ? " new" : " match"), "GET"]
        switch meanwhile {
        case .foreign:
            // Left as the other client made it, and said; the next run leaves it too (not ours).
            #expect(raced.status == .cannotCreate && raced.stderr.contains("not an item this program wrote now"), "\(raced.stderr)")
            #expect(now == theirs && sent == tried, "\(sent)")
            let again = Self.run(server, contacts)
            #expect(server.items(of: Self.calendar)?[name] == theirs, "\(again.stderr)")
        case .ours, .removed:
            #expect(raced.status == .success, "\(raced.stderr)")
            // Removed meanwhile, what was never there or was to go: nothing to refuse.
            let retried = meanwhile == .removed && change != "replace" ? [] : change == "remove" ? tried + ["DELETE match"]
                : tried + [meanwhile == .ours ? "PUT match" : "PUT new"]
            #expect(sent == (retried.isEmpty ? [tried[0]] : retried), "\(sent)")
            if change == "remove" {
                #expect(now == nil)
            } else {
                #expect(now?.contains(change == "make" ? "Person 4" : "0111") == true && now?.contains("Changed") == false, "\(now ?? "")")
            }
        }
    }

    /// Tried once more only once: a second 412 leaves the event, and the next run converges.
    @Test func anEventChangedTwiceMeanwhileIsLeftAndTheNextRunConverges() {
        let server = FakeDAVServer(books: [:])
        _ = Self.run(server, Self.contacts(4))
        let (name, before) = server.items(of: Self.calendar)!.first { $0.value.contains("Person 0") }!
        server.answer("PUT", Self.calendar + name, with: [.success(HTTPResponse(status: 412)), .success(HTTPResponse(status: 412))])
        let changed = Self.contacts(4).replacingAll("BDAY:1970-01-10", "BDAY:1970-01-11")
        let raced = Self.run(server, changed)
        #expect(raced.status == .cannotCreate && raced.stderr.contains("and again after it was read once more"), "\(raced.stderr)")
        #expect(server.items(of: Self.calendar)?[name] == before)
        let again = Self.run(server, changed)
        #expect(again.status == .success, "\(again.stderr)")
        #expect(server.items(of: Self.calendar)?[name]?.contains("0111") == true)
    }

    /// `--vdir URL#Name`: the user's calendar of that name, found from the server's URL (as
    /// iCloud's, at per-account URLs, must be); made in the calendar home when there is none.
    @Test func aCalendarNamedFromTheServersURLIsMadeThenFound() {
        let server = FakeDAVServer(books: [:], principal: "/dav/principals/anna/", home: "/dav/anna/")
        let named: (inout RunOptions) -> Void = { $0.output.vdir = "https://anna@dav.example/#Birthdays" }
        // A dry run finds nothing of that name and makes nothing.
        let dry = Self.run(server, Self.contacts(3)) { named(&$0); $0.output.dryRun = true }
        #expect(dry.status == .success && Self.changes(server, since: 0).isEmpty && server.items(of: "/dav/anna/Birthdays/") == nil, "\(dry.stderr)")
        let first = Self.run(server, Self.contacts(3), named)
        #expect(first.status == .success, "\(first.stderr)")
        #expect(server.isCalendar("/dav/anna/Birthdays/") && server.items(of: "/dav/anna/Birthdays/")?.count == 3)
        let done = server.requests.count
        let again = Self.run(server, Self.contacts(3), named)
        #expect(again.status == .success && Self.changes(server, since: done).isEmpty, "\(again.stderr)")
        // An address book is no calendar: said, nothing written.
        let wrong = Self.run(FakeDAVServer(books: ["/dav/anna/Birthdays/": [:]], principal: "/dav/principals/anna/", home: "/dav/anna/"),
                             Self.contacts(3)) { $0.output.vdir = "https://anna@dav.example/dav/anna/Birthdays/#Birthdays" }
        #expect(wrong.status == .cannotCreate && wrong.stderr.contains("an address book, not a calendar"), "\(wrong.stderr)")
    }

    @Test func anAddressBookIsWrittenAsOne() {
        let server = FakeDAVServer(books: [:])
        let result = Self.run(server, Self.contacts(3)) {
            $0.output.format = .vcard4
            $0.output.vdir = "https://anna@dav.example/books/anna/copy/"
        }
        #expect(result.status == .success, "\(result.stderr)")
        #expect(Self.changes(server, since: 0) == ["MKCOL -", "PUT new", "PUT new", "PUT new"])
        #expect(server.items(of: "/books/anna/copy/")?.count == 3 && !server.isCalendar("/books/anna/copy/"))
    }

    @Test func theInputBookIsNoOutput() {
        let server = FakeDAVServer(books: ["/books/anna/contacts/": ["a.vcf": Self.contacts(1)]])
        let result = Self.run(server, "", paths: ["https://anna@dav.example/books/anna/contacts/"]) {
            $0.output.format = .vcard4
            $0.output.vdir = "https://dav.example/books/anna/contacts"
        }
        #expect(result.status == .cannotCreate, "\(result.stderr)")
        #expect(Self.changes(server, since: 0).isEmpty)
    }
}

extension String {
    /// How many times `part` occurs.
    func components(_ part: String) -> Int {
        split(separator: part, omittingEmptySubsequences: false).count - 1
    }

    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
