import ContactsCore
import ContactFormats

/// The sink chain of an output written person by person (`PersonEncoder`), after its header: the birthday
/// selection, the sort key and the formatting are done by a `PersonPreparer`, and this sink
/// writes what it prepared, in input order or (with a sort order, or a format laid out at the
/// end) on `finish()`.
///
/// A reader on several threads asks for a preparer per part of its input and runs it where
/// the people are decoded, then hands the prepared people over in input order
/// (`consume(prepared:)`); the output is the same as from `consume(_:)`.
public final class FormattedOutput: PreparedSink {
    private let output: TextOutput
    private let preparer: PersonPreparer
    /// People waiting for the end: sorted, or laid out together (`AlignedFormat`).
    private let records: SortedRecords?
    private let aligned: AlignedFormat?
    /// Sorted runs of the people waiting, written out when they outgrow the sort buffer.
    private let runs: SpilledRuns?
    /// The columns of the rows written to `runs` (an aligned format's).
    private var widths = ColumnWidths()
    // Changed for every person, on the sink's thread only: in a cell without run-time exclusivity checks.
    private let scratch = UncheckedCell<[UInt8]>([])
    private let header: [UInt8], trailer: [UInt8], nobodyWritten: [UInt8]?
    private var wroteHeader = false
    /// How many people were written (an address-book query writes nothing for someone without an address).
    private let writtenCell = UncheckedCell<Int>(0)
    public var written: Int { writtenCell.value }
    /// The encoder's last stage, run here in output order, and the bytes it writes for a person.
    private let stage: (any OrderedStage)?
    private var staged: [UInt8] = []
    /// Where the encoder's warnings go, each said once per run where its code says so.
    fileprivate let diagnostics: DiagnosticsHandler?
    private var saidOnce = SaidOnce()
    private lazy var kept = KeptDiagnostics(output: self)
    /// Threads that may share the work at the end: sorting, and laying out sorted people.
    package var finishThreads: WorkerThreads?
    /// From how many people waiting at the end the `finishThreads` are used, and how many
    /// sorted people a worker lays out at a time.
    var parallelFinishFrom = 32_768, finishBatch = 4096

    /// The UIDs and e-mail addresses that came again among the people written, when counted.
    public let repeatedKeys: RepeatedKeys?

    /// `keys` nil: input order.
    init(format: PersonEncoder, selection: BirthdaySelection?, keys: SortKeys?, output: TextOutput,
         diagnostics: DiagnosticsHandler?, buffer: MemoryBudget? = nil, repeatedKeys: RepeatedKeys? = nil) {
        self.repeatedKeys = repeatedKeys
        self.output = output
        self.diagnostics = diagnostics
        let keys = keys?.order == SortOrder.none ? nil : keys
        header = format.header
        trailer = format.trailer
        nobodyWritten = format.nobodyWritten
        stage = format.makeOrderedStage(budget: buffer)
        preparer = PersonPreparer(format: format, selection: selection, keys: keys, countsRepeats: repeatedKeys != nil)
        let waits = keys != nil || format is AlignedFormat
        records = waits ? SortedRecords(budget: buffer?.bytes ?? .max) : nil
        runs = waits ? buffer.map { SpilledRuns(mergeBytes: $0.bytes, makeScratch: $0.makeScratch) } : nil
        aligned = format as? AlignedFormat
    }

    /// Every person in input order; the encoder's warnings to `diagnostics`.
    public convenience init(format: PersonEncoder, output: TextOutput, diagnostics: DiagnosticsHandler? = nil) {
        self.init(format: format, selection: nil, keys: nil, output: output, diagnostics: diagnostics)
    }

    /// The people `selection` includes (all when nil), in `order`: names compared by `collator`;
    /// the encoder's warnings to `diagnostics`. People waiting to be sorted take about `buffer`
    /// of memory at most (nil: as much as they need), and go to its scratch file beyond that.
    /// `repeatedKeys`: where the UIDs and e-mail addresses of the people written are counted.
    public convenience init(format: PersonEncoder, selection: BirthdaySelection?, order: SortOrder, collator: Collator,
                            dates: DateContext, output: TextOutput, diagnostics: DiagnosticsHandler? = nil,
                            buffer: MemoryBudget? = nil, repeatedKeys: RepeatedKeys? = nil) {
        self.init(format: format, selection: selection, keys: SortKeys(order: order, collator: collator, dates: dates),
                  output: output, diagnostics: diagnostics, buffer: buffer, repeatedKeys: repeatedKeys)
    }

    /// A preparer for another thread (it has a collator of its own).
    package func makePreparer() -> PersonPreparing {
        preparer.copy()
    }

    /// Whether a warning an encoder gave on another thread is passed on: once per run for a
    /// code said once per run (`SaidOnce`).
    package func keeps(_ diagnostic: Diagnostic) -> Bool {
        saidOnce.admits(diagnostic)
    }

    public func consume(_ person: PersonInfo) throws {
        scratch.value.removeAll(keepingCapacity: true)
        _ = try preparer.prepareRecords(of: person, into: &scratch.value, diagnostics: kept) { prepared, range, keyLength, anotherRow in
            try consume(prepared: prepared.span.extracting(range), keyLength: keyLength, anotherRow: anotherRow)
        }
    }

    /// Takes a person as a preparer made it: `keyLength` bytes of keys (those `RepeatedKeys`
    /// counts, when it does, then the sort key), then its output; `anotherRow`: another record
    /// of the person before, not counted again.
    package func consume(prepared bytes: Span<UInt8>, keyLength: Int, anotherRow: Bool) throws {
        let sortKeyStart = repeatedKeys?.count(bytes) ?? 0
        let formatted = bytes.extracting(keyLength..<bytes.count)
        if formatted.isEmpty { return }
        if !anotherRow { writtenCell.value += 1 }
        if let records {
            records.append(key: bytes.extracting(sortKeyStart..<keyLength), payload: formatted)
            if let runs, records.isOverBudget { try spill(records, to: runs) }
        } else {
            try writeHeaderOnce()
            try write(formatted)
        }
    }

    /// Writes an encoded person, through the encoder's stage if it has one.
    private func write(_ encoded: Span<UInt8>) throws {
        guard let stage else { return try output.write(encoded) }
        staged.removeAll(keepingCapacity: true)
        try stage.write(encoded, to: &staged)
        try output.write(bytes: staged)
    }

    /// Writes the people waiting as a sorted run, measuring the rows of an aligned format.
    private func spill(_ records: SortedRecords, to runs: SpilledRuns) throws {
        try records.spill(into: runs, threads: finishThreads) { row in aligned?.measure(row, into: &widths) }
    }

    public func finish() throws {
        if writtenCell.value == 0, let nobodyWritten {
            try output.write(bytes: nobodyWritten)
            return try output.flush()
        }
        try writeHeaderOnce()
        if let records, let runs, !runs.isEmpty {
            if !records.isEmpty { try spill(records, to: runs) }
            var line: [UInt8] = []
            try runs.merge { payload in
                line.removeAll(keepingCapacity: true)
                if let aligned {
                    aligned.appendLine(payload, widths: widths, to: &line)
                } else if let compact = preparer.compact {
                    compact.expand(payload, to: &line)
                } else {
                    return try write(payload)
                }
                try output.write(bytes: line)
            }
        } else if let records {
            defer { records.removeAll() }
            let payloads = records.sortedPayloads(threads: finishThreads, parallelFrom: parallelFinishFrom)
            if let aligned {
                try aligned.write(payloads, to: output)
            } else if let compact = preparer.compact {
                if let threads = finishThreads, payloads.count >= parallelFinishFrom {
                    try Self.expand(payloads, compact, on: threads, batch: finishBatch, to: output)
                } else {
                    var line: [UInt8] = []
                    for i in 0..<payloads.count {
                        line.removeAll(keepingCapacity: true)
                        payloads.withPayload(i) { compact.expand($0, to: &line) }
                        try output.write(bytes: line)
                    }
                }
            } else {
                for i in 0..<payloads.count { try payloads.withPayload(i) { try write($0) } }
            }
        }
        try output.write(bytes: trailer)
        try output.flush()
    }

    private func writeHeaderOnce() throws {
        guard !wroteHeader else { return }
        wroteHeader = true
        try output.write(bytes: header)
    }
}

extension FormattedOutput {
    /// Sorted people laid out by the workers, a batch each, and written here in order; at most
    /// one batch more than the threads is waiting. Returns only when no worker reads `payloads`.
    private static func expand(_ payloads: SortedRecords.Payloads, _ compact: CompactFormat, on threads: WorkerThreads,
                               batch: Int, to output: TextOutput) throws {
        let batch = max(1, batch)
        let format = SharedFormat(compact: compact)
        var waiting: [Promise<[UInt8]>] = []
        defer { for done in waiting { _ = done.wait() } }
        for start in stride(from: 0, to: payloads.count, by: batch) {
            let range = start..<min(start + batch, payloads.count)
            let done = Promise<[UInt8]>()
            threads.submit {
                var bytes: [UInt8] = []
                for i in range { payloads.withPayload(i) { format.compact.expand($0, to: &bytes) } }
                done.fulfil(bytes)
            }
            waiting.append(done)
            if waiting.count > threads.count { try output.write(bytes: waiting.removeFirst().wait()) }
        }
        while !waiting.isEmpty { try output.write(bytes: waiting.removeFirst().wait()) }
    }

    /// A compact format the workers use at once: `expand` reads only what it is given.
    private struct SharedFormat: @unchecked Sendable {
        let compact: CompactFormat
    }
}

/// The encoder's warnings of a person encoded on the sink's own thread, passed on as `keeps` says.
private final class KeptDiagnostics: DiagnosticsHandler {
    unowned let output: FormattedOutput

    init(output: FormattedOutput) {
        self.output = output
    }

    func report(_ diagnostic: Diagnostic) {
        if output.keeps(diagnostic) { output.diagnostics?.report(diagnostic) }
    }

    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws {}
}

/// What `FormattedOutput` does for one person that depends on that person alone: select,
/// make the sort key, format. Used by one thread at a time (its collator is its own).
final class PersonPreparer: PersonPreparing, @unchecked Sendable {
    private let format: PersonEncoder
    private let selection: BirthdaySelection?
    private let keys: SortKeys?
    /// Whether the person's keys for `RepeatedKeys` go first.
    private let countsRepeats: Bool

    /// The format's compact form, used while people wait to be sorted.
    let compact: CompactFormat?
    /// Whether a person with two birthdays makes two rows (`PersonEncoder.rowPerBirthday`).
    private let rowPerBirthday: Bool
    /// The encoder's warnings, one said once per run only once by this preparer.
    private let saidOnceHere = SayingOnce()

    init(format: PersonEncoder, selection: BirthdaySelection?, keys: SortKeys?, countsRepeats: Bool) {
        self.format = format
        rowPerBirthday = format.rowPerBirthday
        self.selection = selection
        self.keys = keys
        self.countsRepeats = countsRepeats
        compact = keys == nil ? nil : format as? CompactFormat
    }

    func copy() -> PersonPreparer {
        PersonPreparer(format: format, selection: selection, keys: keys?.copy(), countsRepeats: countsRepeats)
    }

    /// Appends the person's sort key (when sorted) and then its output to `bytes`, and returns
    /// the key's length; nil, appending nothing, when the selection leaves the person out. The
    /// encoder's warnings go to `diagnostics`, one said once per run only once here.
    /// Two for a person with two birthdays in an output with a row per birthday.
    func records(of person: PersonInfo) -> Int {
        rowPerBirthday && person.birthday != nil && person.calendarBirthday != nil ? 2 : 1
    }

    /// Record 0 of a person with two birthdays has the Gregorian one, record 1 the other.
    func prepare(_ person: PersonInfo, record: Int, into bytes: inout [UInt8], diagnostics: DiagnosticsHandler) -> Int? {
        guard records(of: person) == 2 else { return prepare(person, into: &bytes, diagnostics: diagnostics) }
        var row = person
        if record == 0 { row.calendarBirthday = nil } else { row.birthday = nil }
        return prepare(row, into: &bytes, diagnostics: diagnostics)
    }

    func prepare(_ person: PersonInfo, into bytes: inout [UInt8], diagnostics: DiagnosticsHandler) -> Int? {
        if let selection, !selection.includes(person) { return nil }
        let start = bytes.count
        if countsRepeats { RepeatedKeys.appendKeys(of: person, to: &bytes) }
        keys?.appendKey(for: person, to: &bytes)
        let keyLength = bytes.count - start
        if let compact {
            compact.appendCompact(person, to: &bytes)
        } else {
            // Not kept past the call: the handler (a worker's recorder) holds this preparer.
            saidOnceHere.diagnostics = diagnostics
            defer { saidOnceHere.diagnostics = nil }
            format.append(person, to: &bytes, diagnostics: saidOnceHere)
        }
        return keyLength
    }
}

/// Passes warnings on to `diagnostics`, one said once per run (`SaidOnce`) only the first time.
private final class SayingOnce: DiagnosticsHandler {
    var diagnostics: DiagnosticsHandler?
    private var saidOnce = SaidOnce()

    func report(_ diagnostic: Diagnostic) {
        if saidOnce.admits(diagnostic) { diagnostics?.report(diagnostic) }
    }

    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) throws {}
}
