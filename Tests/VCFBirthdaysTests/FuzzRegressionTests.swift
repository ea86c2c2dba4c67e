import Testing
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

    private static func read(_ bytes: [UInt8], csv: Bool, split: Int? = nil) -> (json: String, rejected: Int) {
        let (people, diagnostics) = (try? readContacts(bytes, csv: csv, split: split)) ?? ([], RecordingDiagnostics())
        return (json(people), diagnostics.rejections.count)
    }

    @Test(arguments: files)
    func sameResultAtEverySplit(file: String) {
        let bytes = fixtureBytes(file)
        let csv = file.hasSuffix(".csv")
        let whole = Self.read(bytes, csv: csv)
        for split in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 64)) {
            let part = Self.read(bytes, csv: csv, split: split)
            #expect(part.json == whole.json && part.rejected == whole.rejected, "\(file) split at \(split)")
        }
    }

    @Test(arguments: files)
    func vCardOutputReadsBackAsTheSamePeople(file: String) {
        let input = fixtureBytes(file)
        let direct = run(input, path: file, to: .json).stdout
        for format in [RunOptions.Format.vcard3, .vcard4] {
            let written = run(input, path: file, to: format).stdout
            #expect(run(written, path: "out.vcf", to: .json).stdout == direct, "\(file) → \(format)")
        }
    }

    @Test(arguments: files.filter { $0.hasSuffix(".vcf") })
    func csvOutputReadsBackAsTheSamePeople(file: String) throws {
        let people = csvRepresentable(try readContacts(fixtureBytes(file), csv: false, scope: .card).people)
        let output = MemoryOutput(), text = TextOutput(output)
        let writer = CSVTableWriter(layout: GenericCSVLayout(), output: text)
        for person in people { try writer.consume(person) }
        try writer.finish()
        let back = try readContacts(output.bytes, csv: true).people
        #expect(Self.json(back) == Self.json(people), "\(file)")
    }

    private static func json(_ people: [PersonInfo]) -> String {
        let output = MemoryOutput(), text = TextOutput(output)
        let writer = FormattedOutput(format: JSONLinesFormat(), output: text)
        for person in people { try? writer.consume(person) }
        try? writer.finish()
        return output.text
    }
}
