import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// `FormattedOutput` (selection, sort key and formatting in one sink, prepared on the worker
/// threads by the parallel reader) writes what the chain of separate sinks writes.
@Suite struct FormattedOutputTests {
    private static let dates = DateContext(today: day(2026, 3, 1))

    /// An output configuration: a format, a selection and a sort order.
    struct Setup: CustomStringConvertible, Sendable {
        var name: String
        var format: PersonEncoder
        var selection: BirthdaySelection?
        var order: SortOrder
        var description: String { name }
    }

    static let setups = [
        Setup(name: "birthday list", format: TSVFormat(dates: dates),
              selection: BirthdaySelection(includesEveryone: false, withinDays: nil, dates: dates), order: .last),
        Setup(name: "upcoming in 150 days", format: TSVFormat(dates: dates),
              selection: BirthdaySelection(includesEveryone: false, withinDays: 150, dates: dates), order: .upcoming),
        Setup(name: "aligned list by date", format: ListFormat(dates: dates, showsDaysUntil: true),
              selection: BirthdaySelection(includesEveryone: true, withinDays: nil, dates: dates), order: .date),
        Setup(name: "aligned list in input order", format: ListFormat(dates: dates, showsDaysUntil: false),
              selection: BirthdaySelection(includesEveryone: false, withinDays: nil, dates: dates), order: .none),
        Setup(name: "NDJSON in input order", format: JSONLinesFormat(), selection: nil, order: .none),
        Setup(name: "NDJSON by first name", format: JSONLinesFormat(), selection: nil, order: .first),
        Setup(name: "calendar by date", format: ICSEncoder(feb29: .feb28, stamp: day(2026, 3, 1), includesOtherDates: true,
                                                           reminders: [Reminder(daysBefore: 1)!]),
              selection: BirthdaySelection(includesEveryone: false, withinDays: nil, dates: dates), order: .date),
        Setup(name: "calendar in input order", format: ICSEncoder(feb29: .mar1, stamp: day(2026, 3, 1), includesOtherDates: false),
              selection: BirthdaySelection(includesEveryone: false, withinDays: 100, dates: dates), order: .none),
        Setup(name: "vCard 4.0 by last name", format: VCardEncoder(version: .v4, appleCompat: false), selection: nil,
              order: .last),
        Setup(name: "Google CSV in input order", format: CSVEncoder(layout: GoogleCSVLayout(), guardsFormulas: true,
                                                                    byteOrderMark: false), selection: nil, order: .none),
    ]

    /// The reference: every person read by one parser (a person with a Gregorian birthday and
    /// one of another calendar as a row for each, where the format has a row per birthday), the
    /// selected ones stably sorted by their keys, then written in that order by an output that
    /// neither selects nor sorts.
    private static func chained(_ bytes: [UInt8], _ setup: Setup) throws -> (String, ReadStatistics) {
        let spy = SpySink()
        let parser = VCardParser(path: "in.vcf", sink: spy, diagnostics: RecordingDiagnostics(),
                                 options: VCardParser.Options(scope: .full))
        try feed(parser, bytes, chunkSize: 4096)
        let rows = spy.people.flatMap { person -> [PersonInfo] in
            guard setup.format.rowPerBirthday, person.birthday != nil, person.calendarBirthday != nil else { return [person] }
            var (gregorian, other) = (person, person)
            gregorian.calendarBirthday = nil
            other.birthday = nil
            return [gregorian, other]
        }
        var people = rows.filter { setup.selection?.includes($0) ?? true }
        if setup.order != .none {
            let keys = SortKeys(order: setup.order, collator: try Collator(locale: "de"), dates: dates)
            let keyed = people.map { person in
                var key: [UInt8] = []
                keys.appendKey(for: person, to: &key)
                return (key, person)
            }
            people = keyed.enumerated().sorted { a, b in
                a.element.0 == b.element.0 ? a.offset < b.offset : a.element.0.lexicographicallyPrecedes(b.element.0)
            }.map(\.element.1)
        }
        let output = MemoryOutput()
        let writer = FormattedOutput(format: setup.format, output: TextOutput(output))
        for person in people { try writer.consume(person) }
        try writer.finish()
        return (output.text, parser.statistics)
    }

    /// One `FormattedOutput`, fed by one parser or (with `partBytes`) by the parallel reader.
    private static func formatted(_ bytes: [UInt8], _ setup: Setup, partBytes: Int?) throws -> (String, ReadStatistics) {
        let output = MemoryOutput()
        let sink = FormattedOutput(format: setup.format, selection: setup.selection, order: setup.order,
                                   collator: try Collator(locale: "de"), dates: dates, output: TextOutput(output))
        if partBytes != nil {  // threads at the end too: sorted halves, people laid out in batches
            sink.finishThreads = PartitionedVCardTests.workers
            sink.parallelFinishFrom = 2
            sink.finishBatch = 3
        }
        let options = VCardParser.Options(scope: .full)
        let parser: ContactsParser = partBytes.map {
            PartitionedReader(VCardFraming(path: "in.vcf", options: options), sink: sink, diagnostics: RecordingDiagnostics(),
                              threads: PartitionedVCardTests.workers, partBytes: $0, aloneAfterBytes: 8 * $0)
        } ?? VCardParser(path: "in.vcf", sink: sink, diagnostics: RecordingDiagnostics(), options: options)
        try feed(parser, bytes, chunkSize: 4096)
        try sink.finish()
        return (output.text, parser.statistics)
    }

    @Test(arguments: setups)
    func writesWhatTheChainOfSinksWrites(setup: Setup) throws {
        var linesWritten = 0
        for fixture in vcardFixtures + ["vdir/vdir-0.vcf"] {
            let bytes = fixtureBytes(fixture)
            let (expected, statistics) = try Self.chained(bytes, setup)
            linesWritten += expected.split(separator: "\n").count
            for partBytes in [nil, 1, 200, 3000] {
                let (written, counted) = try Self.formatted(bytes, setup, partBytes: partBytes)
                #expect(written == expected, "\(fixture), parts of \(partBytes.map(String.init) ?? "all")")
                #expect(counted == statistics, "\(fixture), parts of \(partBytes.map(String.init) ?? "all")")
            }
        }
        #expect(linesWritten > 3)
    }

    @Test(arguments: setups)
    func mutatedInputsWriteTheSameInParts(setup: Setup) throws {
        let original = fixtureBytes("apple-contacts.vcf") + fixtureBytes("android-2.1.vcf")
        var r = SplitMix(state: 11)
        for round in 0..<30 {
            let bytes = AccountingTests.mutated(original, &r)
            let partBytes = r.int(1...800)
            let (expected, statistics) = try Self.chained(bytes, setup)
            let (written, counted) = try Self.formatted(bytes, setup, partBytes: partBytes)
            #expect(written == expected && counted == statistics, "mutation \(round), parts of \(partBytes)")
        }
    }

    /// A worker's recorder holds its preparer: the preparer must not hold the recorder it was
    /// handed for a person's warnings, or every part's recorder and bytes would leak.
    @Test func aPreparerKeepsNoDiagnosticsHandler() throws {
        let sink = FormattedOutput(format: VCardEncoder(version: .v4, appleCompat: false), output: TextOutput(MemoryOutput()))
        let preparer = sink.makePreparer()
        weak var released: RecordingDiagnostics?
        do {
            let handler = RecordingDiagnostics()
            released = handler
            var bytes: [UInt8] = []
            var person = PersonInfo(source: SourcePosition(path: "t", line: 1))
            person.formattedName = "Ann"
            _ = preparer.prepare(person, into: &bytes, diagnostics: handler)
            #expect(!bytes.isEmpty)
        }
        #expect(released == nil)
    }

    @Test func aCopiedCollatorGivesTheSameKeys() throws {
        let collator = try Collator(locale: "sv")
        let copy = collator.copy()
        for name in ["Åberg", "Zetterlund", "Öberg", "Ängel", "aa", "Müller", ""] {
            #expect(copy.sortKey(name) == collator.sortKey(name), "\(name)")
        }
        #expect(copy.locale == "sv")
    }
}
