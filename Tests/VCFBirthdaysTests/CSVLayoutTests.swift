import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

private let allFixtures = GoldenTests.fixtures

/// Reads a fixture (any format) into people, fully decoded.
private func people(in fixture: String) throws -> [PersonInfo] {
    var options = RunOptions()
    options.output.format = .csv
    let sink = SpySink()
    let reader = InputReader(displayPath: fixture, options: options, locale: "root", sink: sink, reporter: RecordingDiagnostics())
    _ = try reader.read(MemorySource(fixtureBytes(fixture)))
    return sink.people
}

/// Writes people with a writer and reads the result back as CSV.
private func roundTrip(_ people: [PersonInfo], _ make: (TextOutput) -> PeopleSink) throws -> (text: String, people: [PersonInfo]) {
    let memory = MemoryOutput()
    let writer = make(TextOutput(memory))
    for p in people { try writer.consume(p) }
    try writer.finish()
    let sink = SpySink()
    let parser = CSVParser(path: "out.csv", sink: sink, diagnostics: RecordingDiagnostics())
    try parser.feed(memory.bytes)
    try parser.finish()
    return (memory.text, sink.people)
}

/// The person without positions (which differ between the files by nature).
private func positionless(_ p: PersonInfo) -> PersonInfo {
    var p = p
    p.source = SourcePosition(path: "", line: 0)
    p.extraProperties = p.extraProperties.map { var e = $0; e.line = 0; return e }
    return p
}

@Suite struct CSVLayoutTests {
    @Test(arguments: allFixtures)
    func genericCSVRoundTripsEverything(fixture: String) throws {
        // An empty card has nothing to write: its row is empty and reads back as no one.
        let original = try people(in: fixture).filter { positionless($0) != positionless(PersonInfo(source: $0.source)) }
        let (_, back) = try roundTrip(original) { FormattedOutput(format: CSVEncoder(layout: GenericCSVLayout()), output: $0) }
        #expect(back.count == original.count)
        for (a, b) in zip(original, back) {
            #expect(positionless(a) == positionless(b))
        }
    }

    @Test(arguments: allFixtures)
    func googleCSVKeepsWhatGoogleHolds(fixture: String) throws {
        // Every person written reads back: one known by a formatted name only too.
        let original = try people(in: fixture).filter { positionless($0) != positionless(PersonInfo(source: $0.source)) }
        let (_, back) = try roundTrip(original) { FormattedOutput(format: CSVEncoder(layout: GoogleCSVLayout()), output: $0) }
        #expect(back.count == original.count)
        for (a, b) in zip(original, back) {
            #expect(!a.hasNameParts ? a.displayName == b.displayName : b.hasNameParts)
            #expect(a.firstNameCell == b.givenName && a.familyName == b.familyName)
            #expect(a.birthday == b.birthday && a.anniversary == b.anniversary)
            #expect(a.organization == b.organization && a.title == b.title && a.note == b.note)
            #expect(a.emails.map(\.value) == b.emails.map(\.value))
            #expect(a.phones.map(\.value).sorted() == b.phones.map(\.value).sorted())
            #expect(a.emails.map(\.preferred) == b.emails.map(\.preferred))
            #expect(a.addresses.prefix(2).map(\.street) == b.addresses.map(\.street))
            #expect(a.categories == b.categories)
            #expect(a.phoneticFamilyName == b.phoneticFamilyName)
        }
    }

    @Test(arguments: allFixtures)
    func outlookCSVKeepsWhatOutlookHolds(fixture: String) throws {
        let original = try people(in: fixture).filter { positionless($0) != positionless(PersonInfo(source: $0.source)) }
        let (text, back) = try roundTrip(original) { FormattedOutput(format: CSVEncoder(layout: OutlookCSVLayout()), output: $0) }
        #expect(text.hasPrefix("Title,First Name,Middle Name,Last Name,Suffix,Company,"))
        #expect(back.count == original.count)
        for (a, b) in zip(original, back) {
            #expect(a.firstNameCell == b.givenName && a.familyName == b.familyName)
            #expect(a.birthday == b.birthday && a.anniversary == b.anniversary)
            #expect(a.organization == b.organization && a.categories == b.categories)
            #expect(Array(a.emails.filter(\.preferred).map(\.value) + a.emails.filter { !$0.preferred }.map(\.value)).prefix(3)
                    == ArraySlice(b.emails.map(\.value)))
        }
    }

    /// Columns no role is known for come back from google-csv: in Google's column of that name,
    /// else as custom fields named after them, which read back as the same columns.
    @Test func googleCSVKeepsUnmappedColumns() throws {
        let csv = "Name,Shoe Size,Favourite Colour,Photo\nAnn Berg,38,\"blue, green\",ann.jpg\nBo Ek,,red,\n"
        let sink = SpySink()
        let parser = CSVParser(path: "in.csv", sink: sink, diagnostics: RecordingDiagnostics())
        try parser.feed(Array(csv.utf8))
        try parser.finish()
        let unmapped = { (p: PersonInfo) in p.extraProperties.map { "\($0.parameters.first?.values.first ?? ""): \($0.value)" } }
        #expect(sink.people.map(unmapped) == [["Shoe Size: 38", #"Favourite Colour: blue\, green"#, "Photo: ann.jpg"],
                                              ["Favourite Colour: red"]])
        let (text, back) = try roundTrip(sink.people) { FormattedOutput(format: CSVEncoder(layout: GoogleCSVLayout()), output: $0) }
        #expect(text.contains(",Custom Field 1 - Label,Custom Field 1 - Value,"))
        #expect(back.map(unmapped).map { $0.sorted() } == sink.people.map(unmapped).map { $0.sorted() })
        // Outlook has no such place: they end the notes, nothing dropped.
        let (_, outlook) = try roundTrip(sink.people) { FormattedOutput(format: CSVEncoder(layout: OutlookCSVLayout()), output: $0) }
        #expect(outlook.map(\.note) == ["Shoe Size: 38\nFavourite Colour: blue, green\nPhoto: ann.jpg", "Favourite Colour: red"])
    }

    @Test func googleHeaderAndCells() throws {
        var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
        p.givenNames = ["Ann"]
        p.familyNames = ["Lee"]
        p.birthday = date(nil, 4, 15)
        p.emails = [ContactPoint(value: "a@h", types: ["home"], preferred: true), ContactPoint(value: "b@h", types: ["home"], preferred: true),
                    ContactPoint(value: "c@w", types: ["work"])]
        p.phones = [ContactPoint(value: "+1 555 0100", types: ["cell", "voice"]), ContactPoint(value: "+1 555 0199", types: ["work", "fax"])]
        p.categories = ["friends", "Choir"]
        let (text, _) = try roundTrip([p]) { FormattedOutput(format: CSVEncoder(layout: GoogleCSVLayout()), output: $0) }
        let lines = text.split(separator: "\r\n").map(String.init)
        #expect(lines[0].hasPrefix("First Name,Middle Name,Last Name,Phonetic First Name,"))
        #expect(lines[1] == "Ann,,Lee,,,,,,,,,,,--04-15,,,* friends ::: Choir,* Home,a@h ::: b@h,Work,c@w,,,,,"
            + "Mobile,+1 555 0100,Work Fax,+1 555 0199" + String(repeating: ",", count: GoogleCSVLayout.header.count - 29))
    }

    @Test func outlookDates() {
        #expect(OutlookCSVLayout.date(date(1985, 4, 15)) == "4/15/1985")
        #expect(OutlookCSVLayout.date(date(nil, 12, 3)) == "12/3/1604")
        #expect(OutlookCSVLayout.date(nil) == "0/0/00")
    }

    @Test func quotingAndTheFormulaGuard() throws {
        var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
        p.formattedName = "=HYPERLINK(\"http://evil\")"
        p.givenNames = ["@SUM(A1)"]
        p.familyNames = ["-2+3"]
        p.phones = [ContactPoint(value: "+49 30 1234567")]
        p.birthday = date(nil, 4, 15)
        p.note = "line one\nline, two"
        let plain = try roundTrip([p]) { FormattedOutput(format: CSVEncoder(layout: GenericCSVLayout()), output: $0) }.text.split(separator: "\r\n")[1]
        #expect(plain.hasPrefix("\"=HYPERLINK(\"\"http://evil\"\")\",-2+3,@SUM(A1),"))
        let guarded = try roundTrip([p]) { FormattedOutput(format: CSVEncoder(layout: GenericCSVLayout(), guardsFormulas: true), output: $0) }.text.split(separator: "\r\n")[1]
        #expect(guarded.hasPrefix("\"'=HYPERLINK(\"\"http://evil\"\")\",'-2+3,'@SUM(A1),"))
        #expect(guarded.contains(",--04-15,"))  // a year-less date is not a formula
        #expect(guarded.contains("+49 30 1234567"))  // nor is a phone number
        #expect(!guarded.contains("'+49"))
        #expect(CSVRowEncoder.looksLikeFormula("+1 555 0100") == false)
        #expect(CSVRowEncoder.looksLikeFormula("+cmd|' /C calc'!A0") == true)
    }

    @Test func emptyInputStillGetsAHeader() throws {
        let (text, people) = try roundTrip([]) { FormattedOutput(format: CSVEncoder(layout: GenericCSVLayout()), output: $0) }
        #expect(text == GenericCSVLayout.header.joined(separator: ",") + "\r\n")
        #expect(people.isEmpty)
    }
}
