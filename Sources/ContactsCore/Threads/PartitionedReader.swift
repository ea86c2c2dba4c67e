/// Where an input format may be cut into parts that parsers of their own can read: the one
/// thing `PartitionedReader` needs to know about a format.
package protocol RecordFraming: SendableMetatype {
    associatedtype Parser: PartParser

    /// Where a part that starts at `partStart` of `bytes` may end: just after a record, at or
    /// after `from` (and decided by at most `PartitionedReader.lookahead` bytes after it); nil
    /// when there is no such place yet. A guess is allowed: a part that does not end at a
    /// record after all (`PartParser.endPart`) is read on by its own parser.
    func cut(_ bytes: [UInt8], partStart: Int, from: Int) -> Int?

    /// The parser of the input from its start, which reads the first part on the reading thread.
    func makeLead(sink: PeopleSink, diagnostics: DiagnosticsHandler) -> Parser

    /// How a worker makes the parser of a later part, which starts at a record on a given line,
    /// taken from `lead` once it has read the first part (CSV: its header); nil when later
    /// parts cannot be read apart, and the lead reads on alone.
    func partParsers(after lead: Parser) -> PartParsers<Parser>?
}

/// Makes the parser of a part that starts at a record on line `firstLine`, on a worker.
package typealias PartParsers<Parser> = @Sendable (_ recorder: EventRecorder, _ firstLine: Int) -> Parser

/// A parser that can end a part of its input where its `RecordFraming` cut it.
package protocol PartParser: ContactsParser, SendableMetatype {
    /// Ends a part: true when it ended at the end of a record and all it read is given (the
    /// next part is read by a parser of its own); false when a record goes on into the next part.
    func endPart() throws -> Bool
}

/// Reads one input on several threads, with exactly the output of one parser reading it.
///
/// The bytes are cut into parts of about `partBytes` where the framing allows. The first part is
/// read here by the lead parser; worker threads parse the later parts into recorded events, and
/// this thread replays them in input order into the sink and the diagnostics handler, so people,
/// warnings, rejects and line numbers come out as one parser would give them. A part whose last
/// record is still open at its end (a cut that was a guess) is continued by its own parser into
/// the next part, here, and the worker's reading of that part is dropped. An input with no place
/// to cut within a few parts is read by one parser from there on. At most `threads + 1` parts,
/// and beyond the first of them at most `maxInFlightBytes`, are in flight, so memory stays
/// bounded whatever the number of threads (large records, such as photos, go one or a few at a time). When the sink is a `PreparedSink` (the formatted
/// outputs), each part also prepares its people on its worker, and only their bytes are replayed.
package final class PartitionedReader<Framing: RecordFraming>: ContactsParser {
    private typealias Reading = (parser: Framing.Parser, recorder: EventRecorder)

    /// A cut is decided by at most this many bytes after it.
    static var lookahead: Int { 32 }

    private let framing: Framing
    private let sink: PeopleSink
    private let preparedSink: PreparedSink?
    private let diagnostics: DiagnosticsHandler
    private let threads: WorkerThreads
    private let partBytes: Int
    /// Input without a place to cut beyond this is read on by one parser.
    private let aloneAfterBytes: Int
    private let maxInFlight: Int
    private let maxInFlightBytes: Int
    private var inFlightBytes = 0
    /// The most bytes that were in flight at once.
    package private(set) var peakInFlightBytes = 0

    /// The lead's events are replayed too, so that a warning said once per input is said once.
    private let lead: Reading
    private var partParsers: PartParsers<Framing.Parser>?  // once the lead read the first part
    private var leadDone = false
    private var pending: [UInt8] = []
    private var searchedTo = 0        // no cut before this index of `pending`
    private var pendingLine = 1       // the line where `pending` starts
    private var inFlight: [(result: Promise<Part>, bytes: [UInt8], last: Bool)] = []
    /// A parser that goes on reading here: its part ended inside a record, or it reads alone.
    private var continued: Reading?
    private var alone = false
    private var replayed = ReadStatistics()
    private var saidOnce = SaidOnce()

    package init(_ framing: Framing, sink: PeopleSink, diagnostics: DiagnosticsHandler, threads: WorkerThreads,
         partBytes: Int = WorkerThreads.partBytes, aloneAfterBytes: Int? = nil, maxInFlightBytes: Int = 4 << 20) {
        self.framing = framing
        self.sink = sink
        preparedSink = sink as? PreparedSink
        self.diagnostics = diagnostics
        self.threads = threads
        self.partBytes = max(1, partBytes)
        // Eight parts, and at least 2 MiB: one large record (a photo) is no reason to stop cutting.
        self.aloneAfterBytes = aloneAfterBytes ?? max(8 * self.partBytes, 2 << 20)
        maxInFlight = threads.count + 1
        self.maxInFlightBytes = maxInFlightBytes
        let recorder = EventRecorder(preparer: preparedSink?.makePreparer())
        lead = (framing.makeLead(sink: recorder, diagnostics: recorder), recorder)
    }

    package var statistics: ReadStatistics { replayed }

    package func feed(_ bytes: Span<UInt8>) throws {
        if alone { return try readAlone(bytes) }
        pending.append(span: bytes)
        var start = 0
        while pending.count - start >= partBytes {
            guard let cut = framing.cut(pending, partStart: start, from: max(searchedTo, start + partBytes)) else {
                searchedTo = max(start, pending.count - Self.lookahead)
                if pending.count - start > aloneAfterBytes { return try readOnAlone(from: start) }
                break
            }
            if leadDone {
                try send(start..<cut, last: false)
            } else if try !readLead(upTo: cut) {
                return try readOnAlone(from: cut)
            }
            start = cut
            searchedTo = cut
        }
        if start > 0 {
            pending.removeFirst(start)
            searchedTo -= start
        }
    }

    package func finish() throws {
        if !leadDone && !alone {  // a small input, or one never cut: the lead reads it all
            alone = true
            let all = pending
            pending = []
            try readAlone(all.span)
        }
        if alone { return try finishAlone() }
        try send(0..<pending.count, last: true)
        pending = []
        while !inFlight.isEmpty { try mergeOldest() }
    }

    /// The lead reads the first part, `pending[..<cut]`; false when later parts cannot be read
    /// apart.
    private func readLead(upTo cut: Int) throws -> Bool {
        let first = pending  // (a local: a span of a class's property cannot be proven to outlive it)
        try lead.parser.feed(first.span.extracting(..<cut))
        leadDone = true
        pendingLine += LineEnds.count(first.span.extracting(..<cut))
        partParsers = framing.partParsers(after: lead.parser)
        if partParsers != nil, try !lead.parser.endPart() { continued = lead }
        try replay(lead.recorder.take())
        return partParsers != nil
    }

    /// From `start` of `pending` on, one parser reads the rest here: the one that goes on from
    /// the parts read so far, or a new one, or the lead.
    private func readOnAlone(from start: Int) throws {
        while !inFlight.isEmpty { try mergeOldest() }
        if continued == nil, leadDone, let partParsers {
            continued = (partParsers(lead.recorder, pendingLine), lead.recorder)
        }
        alone = true
        let rest = Array(pending[start...])
        pending = []
        try readAlone(rest.span)
    }

    /// Feeds the parser that reads alone, and passes on what it gave.
    private func readAlone(_ bytes: Span<UInt8>) throws {
        let (parser, recorder) = continued ?? lead
        try parser.feed(bytes)
        try recorder.takeReusingMemory(replay)
    }

    /// Finishes the parser that reads alone, and passes on what it gave.
    private func finishAlone() throws {
        let (parser, recorder) = continued ?? lead
        try parser.finish()
        try recorder.takeReusingMemory(replay)
    }

    // MARK: Parts

    private func send(_ range: Range<Int>, last: Bool) throws {
        while !inFlight.isEmpty && (inFlight.count >= maxInFlight || inFlightBytes + range.count > maxInFlightBytes) {
            try mergeOldest()
        }
        let bytes = Array(pending[range])
        let firstLine = pendingLine
        if !last { pendingLine += LineEnds.count(bytes.span) }
        let (result, preparer, makeParser) = (Promise<Part>(), preparedSink?.makePreparer(), partParsers!)
        threads.submit {
            result.fulfil(Part(bytes, makeParser: makeParser, preparer: preparer, firstLine: firstLine, last: last))
        }
        inFlight.append((result, bytes, last))
        inFlightBytes += bytes.count
        peakInFlightBytes = max(peakInFlightBytes, inFlightBytes)
    }

    private func mergeOldest() throws {
        let (promise, bytes, last) = inFlight.removeFirst()
        inFlightBytes -= bytes.count
        let part = promise.wait()
        if let (parser, recorder) = continued {
            try parser.feed(bytes)
            if last {
                try parser.finish()
                continued = nil
            } else if try parser.endPart() {
                continued = nil
            }
            try replay(recorder.take())
        } else {
            try replay(part.recorder.take())
            if !part.endedAtRecord { continued = (part.parser, part.recorder) }
        }
    }

    /// Passes recorded events on, counting them as one parser would, and saying a warning
    /// said once per input (`SaidOnce`) only once.
    private func replay(_ recorded: RecordedEvents) throws {
        replayed += try recorded.replay(sink: sink, preparedSink: preparedSink, diagnostics: diagnostics, saidOnce: &saidOnce)
    }

    /// One part read by a worker: what it gave, and its parser, to go on with when the part
    /// ended inside a record. Made and read on the worker, so that what the worker retains for
    /// every record is its own, not next to what the reading thread uses.
    private final class Part: @unchecked Sendable {
        let recorder: EventRecorder
        let parser: Framing.Parser
        private(set) var endedAtRecord = true

        /// Reads `bytes`, which start at a record on line `firstLine`; `last`: they end the input.
        init(_ bytes: [UInt8], makeParser: PartParsers<Framing.Parser>, preparer: PersonPreparing?, firstLine: Int,
             last: Bool) {
            recorder = EventRecorder(preparer: preparer)
            parser = makeParser(recorder, firstLine)
            do {
                try parser.feed(bytes)
                if last { try parser.finish() } else { endedAtRecord = try parser.endPart() }
            } catch {
                preconditionFailure("a recorder does not throw: \(error)")
            }
        }
    }
}
