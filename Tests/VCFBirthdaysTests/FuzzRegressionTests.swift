import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting
#if canImport(Glibc)
import Glibc
#endif

/// Every input the fuzzers found a problem with (Fixtures/fuzz/), kept as a regression test:
/// the same people and rejections however the bytes are split into chunks, every record
/// accounted for (AccountingTests), and our vCard and CSV output reading back as the same people.
@Suite struct FuzzRegressionTests {
    static let files: [String] = {
        guard let dir = opendir(fixturePath("fuzz")) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if !name.hasPrefix(".") { names.append("fuzz/" + name) }
        }
        return names.sorted()
    }()

    /// What reading gives: the people as JSON and the rejections (a reader that throws fails the test).
    /// The reader a fixture is for, told by its extension.
    static func format(_ file: String) -> RunOptions.InputFormat {
        file.hasSuffix(".csv") ? .csv : file.hasSuffix(".ldif") ? .ldif : file.contains("jscontact") && file.hasSuffix(".json") ? .jscontact
            : file.hasSuffix(".json") ? .jcard : .vcard
    }

    private static func read(_ bytes: [UInt8], format: RunOptions.InputFormat, split: Int? = nil) throws -> (json: String, rejected: Int) {
        let (people, diagnostics) = try readContacts(bytes, format: format, split: split)
        return (try json(people), diagnostics.rejections.count)
    }

    @Test(arguments: files)
    func sameResultAtEverySplit(file: String) throws {
        let bytes = fixtureBytes(file)
        let format = Self.format(file)
        let whole = try Self.read(bytes, format: format)
        #expect(!whole.json.isEmpty || whole.rejected > 0, "\(file): nothing read at all")
        for split in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 64)) {
            let part = try Self.read(bytes, format: format, split: split)
            #expect(part.json == whole.json && part.rejected == whole.rejected, "\(file) split at \(split)")
        }
    }

    /// Three threads reading small parts give what one thread gives, to the byte (the fuzz
    /// targets' check, with part sizes around each file's records and its lines).
    @Test(arguments: files)
    func sameRunOnThreads(file: String) {
        let bytes = fixtureBytes(file)
        for partBytes in [16, 64, 181, 700] {
            let one = convertOnThreads(bytes, threads: 1, partBytes: partBytes, maxRecordBytes: 4096)
            let three = convertOnThreads(bytes, threads: 3, partBytes: partBytes, maxRecordBytes: 4096)
            #expect(one == three, "\(file), parts of \(partBytes)")
        }
    }

    /// The files a parser reads someone from (the others hold only rejected records).
    static let filesWithPeople = files.filter { file in
        (try? readContacts(fixtureBytes(file), format: format(file)).people.isEmpty) == false
    }

    @Test func mostFuzzFilesHoldSomeone() {
        #expect(Self.filesWithPeople.count >= Self.files.count - 3, "\(Self.files.count - Self.filesWithPeople.count) files hold nobody")
    }

    /// Read as UTF-8 whatever their first bytes look like: fuzzed inputs hold NUL bytes, which
    /// the program otherwise takes for a binary file.
    @Test(arguments: filesWithPeople)
    func vCardOutputReadsBackAsTheSamePeople(file: String) throws {
        let input = fixtureBytes(file)
        func run(_ bytes: [UInt8], path: String, to format: RunOptions.Format) -> (status: RunStatus, stdout: [UInt8], stderr: String) {
            VCFBirthdaysTests.run(bytes, path: path, to: format) { $0.input.encoding = "utf-8" }
        }
        let direct = run(input, path: file, to: .json)
        // Both sides must have worked: an empty output on both would compare equal.
        #expect(direct.status == .success || direct.status == .dataError, "\(file): \(direct.stderr)")
        #expect(!direct.stdout.isEmpty, "\(file): nobody read")
        for (format, appleCompat) in [(RunOptions.Format.vcard3, false), (.vcard3, true), (.vcard4, false), (.jcard, false)] {
            let written = VCFBirthdaysTests.run(input, path: file, to: format) {
                $0.input.encoding = "utf-8"
                $0.output.appleCompat = appleCompat
            }
            #expect(written.status == direct.status && !written.stdout.isEmpty, "\(file) → \(format): \(written.stderr)")
            let back = run(written.stdout, path: format == .jcard ? "out.json" : "out.vcf", to: .json)
            #expect(back.status == .success && back.stdout == direct.stdout, "\(file) → \(format): \(back.stderr)")
        }
        let cards = run(input, path: file, to: .jscontact)
        #expect(cards.status == direct.status && !cards.stdout.isEmpty, "\(file) → jscontact: \(cards.stderr)")
        let back = run(cards.stdout, path: "out.json", to: .json)
        #expect(back.status == .success, "\(file) → jscontact: \(back.stderr)")
        #expect(try VCardRoundTripTests.samePeopleThroughJSContact(direct.stdout, back.stdout), "\(file) → jscontact")
    }

    /// vCard 2.1 has no lists in a name's parts: read back, its cards are the people as 2.1
    /// holds them (`vCard21Representable`).
    @Test(arguments: filesWithPeople.filter { !$0.hasSuffix(".csv") })
    func vCard21OutputReadsBackAsThePeople21Holds(file: String) throws {
        let people = vCard21Representable(try readContacts(fixtureBytes(file), format: Self.format(file), scope: .card).people)
        let written = VCFBirthdaysTests.run(fixtureBytes(file), path: file, to: .vcard21) { $0.input.encoding = "utf-8" }
        let back = try readContacts(written.stdout, format: .vcard, scope: .card)
        #expect(back.diagnostics.rejections.isEmpty, "\(file)")
        let (got, expected) = (try Self.json(back.people), try Self.json(people))
        #expect(got == expected, "\(file): \(got) vs \(expected)")
    }

    @Test(arguments: files.filter { !$0.hasSuffix(".csv") })
    func csvOutputReadsBackAsTheSamePeople(file: String) throws {
        let people = csvRepresentable(try readContacts(fixtureBytes(file), format: Self.format(file), scope: .card).people)
        let output = MemoryOutput(), text = TextOutput(output)
        let writer = FormattedOutput(format: CSVEncoder(layout: GenericCSVLayout()), output: text)
        for person in people { try writer.consume(person) }
        try writer.finish()
        let back = try readContacts(output.bytes, csv: true).people
        #expect(!people.isEmpty, "\(file): nobody read")
        #expect(try Self.json(back) == Self.json(people), "\(file)")
    }

    private static func json(_ people: [PersonInfo]) throws -> String {
        let output = MemoryOutput(), text = TextOutput(output)
        let writer = FormattedOutput(format: JSONLinesFormat(), output: text)
        for person in people { try writer.consume(person) }
        try writer.finish()
        return output.text
    }
}
