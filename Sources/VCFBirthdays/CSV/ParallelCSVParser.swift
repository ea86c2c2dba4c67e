#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one CSV input on several threads, with exactly the output of `CSVParser`.
///
/// The first part (about `partBytes`, up to a line feed) is read here by one parser, the header
/// included. Later parts, each ending at a line feed, are read by worker threads with parsers
/// that take that header (`CSVParser(continuing:)`), into recorded events that this thread
/// replays in input order. A line feed may lie inside a quoted field: then the part before it
/// does not end at a record, its parser goes on into the next part here, and the worker's
/// reading of that part is dropped. An input whose header is refused, or with no line feed to
/// cut at within a few parts, is read by one parser. At most `threads + 1` parts are in flight.
final class ParallelCSVParser: ContactsParser {
    private let lead: CSVParser
    private let leadRecorder: EventRecorder
    private let preparedSink: PreparedSink?
    private let sink: PeopleSink
    private let diagnostics: DiagnosticsHandler
    private let threads: WorkerThreads
    private let partBytes: Int
    /// Input without a place to cut beyond this is read on by one parser.
    private let aloneAfterBytes: Int
    private let maxInFlight: Int

    private var pending: [UInt8] = []
    private var pendingLine = 1       // the line where `pending` starts
    private var leadDone = false      // the lead parser has read its part
    private var alone = false         // one parser reads the rest: `continued`, else the lead
    private var inFlight: [(result: Promise<CSVPart>, bytes: [UInt8], last: Bool)] = []
    /// A parser that goes on reading here: its part ended inside a record, or it reads alone.
    private var continued: (parser: CSVParser, recorder: EventRecorder)?
    private var replayed = ReadStatistics()
    /// The once-per-input warnings said so far: by message, or by note for the date warnings.
    private var saidOnce = SaidOnce()

    init(path: String, sink: PeopleSink, diagnostics: DiagnosticsHandler, options: CSVParser.Options,
         threads: WorkerThreads, partBytes: Int = WorkerThreads.partBytes, aloneAfterBytes: Int? = nil) {
        preparedSink = sink as? PreparedSink
        // The lead's events are replayed too, so that warnings given once per input are said once.
        leadRecorder = EventRecorder(preparer: preparedSink?.makePreparer())
        lead = CSVParser(path: path, sink: leadRecorder, diagnostics: leadRecorder, options: options)
        self.sink = sink
        self.diagnostics = diagnostics
        self.threads = threads
        self.partBytes = max(1, partBytes)
        // Eight parts, and at least 2 MiB: one long record is no reason to stop cutting.
        self.aloneAfterBytes = aloneAfterBytes ?? max(8 * self.partBytes, 2 << 20)
        maxInFlight = threads.count + 1
    }

    var statistics: ReadStatistics { replayed }

    func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if alone { return try readAlone(bytes) }
        pending.append(contentsOf: bytes)
        var start = 0
        defer {
            if start > 0 { pending.removeFirst(start) }
        }
        while pending.count - start >= partBytes {
            guard let cut = Self.cut(pending, from: start, after: start + partBytes) else {
                if pending.count - start > aloneAfterBytes {
                    let from = start
                    start = 0
                    try readOnAlone(from: from)
                }
                return
            }
            if !leadDone {
                try pending.withUnsafeBufferPointer { try lead.feed(UnsafeBufferPointer(rebasing: $0[..<cut])) }
                try replay(leadRecorder.take())
                pendingLine += pending.withUnsafeBufferPointer { LineEnds.count(UnsafeBufferPointer(rebasing: $0[..<cut])) }
                leadDone = true
                start = cut
                if !lead.readsParts {
                    let from = start  // no header to read parts with
                    start = 0
                    return try readOnAlone(from: from)
                }
                if !lead.isAtRecordStart { continued = (lead, leadRecorder) }
                continue
            }
            try send(start..<cut, last: false)
            start = cut
        }
    }

    func finish() throws {
        if alone || !leadDone {
            if !alone { try pending.withUnsafeBufferPointer { try readAlone($0) } }
            pending = []
            return try readAlone(nil)
        }
        try send(0..<pending.count, last: true)
        pending = []
        while !inFlight.isEmpty { try mergeOldest() }
    }

    /// From `start` of `pending` on, one parser reads the rest here: the one that goes on from
    /// the parts read so far (or the lead, when none was sent).
    private func readOnAlone(from start: Int) throws {
        while !inFlight.isEmpty { try mergeOldest() }
        if continued == nil && leadDone,
           let parser = CSVParser(continuing: lead, sink: leadRecorder, diagnostics: leadRecorder, firstLine: pendingLine) {
            continued = (parser, leadRecorder)
        }
        alone = true
        let rest = Array(pending[start...])
        pending = []
        try rest.withUnsafeBufferPointer { try readAlone($0) }
    }

    /// Feeds (nil: finishes) the parser that reads alone, and passes on what it gave.
    private func readAlone(_ bytes: UnsafeBufferPointer<UInt8>?) throws {
        let (parser, recorder) = continued ?? (lead, leadRecorder)
        if let bytes { try parser.feed(bytes) } else { try parser.finish() }
        try replay(recorder.take())
    }

    // MARK: Parts

    private func send(_ range: Range<Int>, last: Bool) throws {
        let bytes = Array(pending[range])
        let preparer = preparedSink?.makePreparer()
        let header = CSVParser.Header(lead)!  // taken here, where the lead is read
        let firstLine = pendingLine
        if !last { pendingLine += bytes.withUnsafeBufferPointer(LineEnds.count) }
        let result = Promise<CSVPart>()
        threads.submit {
            result.fulfil(CSVPart(bytes, header: header, preparer: preparer, firstLine: firstLine, last: last))
        }
        inFlight.append((result, bytes, last))
        while inFlight.count > maxInFlight { try mergeOldest() }
    }

    private func mergeOldest() throws {
        let (promise, bytes, last) = inFlight.removeFirst()
        let part = promise.wait()
        if let (parser, recorder) = continued {
            try parser.feed(bytes)
            if last {
                try parser.finish()
                continued = nil
            } else if parser.isAtRecordStart {
                continued = nil
            }
            try replay(recorder.take())
        } else {
            try replay(part.recorder.take())
            if !part.endedAtRecord { continued = (part.parser, part.recorder) }
        }
    }

    /// Passes recorded events on, saying a warning said once per file (`SaidOnce`: the
    /// ambiguous and the swapped date warnings, whatever their dates) only once.
    private func replay(_ recorded: RecordedEvents) throws {
        replayed += try recorded.replay(sink: sink, preparedSink: preparedSink, diagnostics: diagnostics, saidOnce: &saidOnce)
    }

    /// Just after the first line feed at or after `after` that an even number of quotes since
    /// `from` (a record's start) puts outside quotes; nil when there is none yet. The count is
    /// a guess (a bare quote in an unquoted field is text): a part that does not end at a record
    /// after all is read on by its own parser.
    static func cut(_ bytes: [UInt8], from: Int, after: Int) -> Int? {
        bytes.withUnsafeBufferPointer { p -> Int? in
            guard let base = p.baseAddress else { return nil }
            func next(_ byte: UInt8, from i: Int) -> Int? {
                guard i < p.count, let found = memchr(base + i, Int32(byte), p.count - i) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var quoted = false
            var i = from
            while let q = next(UInt8(ascii: "\""), from: i), q < after {
                quoted.toggle()
                i = q + 1
            }
            i = max(i, after)
            // The next quote is found once, not again for every line feed before it: a quoted
            // field of many lines made this quadratic.
            var quote = next(UInt8(ascii: "\""), from: i)
            while true {
                guard let lf = next(0x0A, from: i) else { return nil }
                while let q = quote, q < lf {
                    quoted.toggle()
                    quote = next(UInt8(ascii: "\""), from: q + 1)
                }
                if !quoted { return lf + 1 }
                i = lf + 1
            }
        }
    }
}

/// One part read by a worker: what it gave, and its parser, to go on with when the part ended
/// inside a record. Made and read on the worker, so that what the worker retains for every
/// record is its own, not next to what the reading thread uses.
private final class CSVPart: @unchecked Sendable {
    let recorder: EventRecorder
    let parser: CSVParser
    private(set) var endedAtRecord = true

    /// Reads `bytes`, which start at a record on line `firstLine`; `last`: they end the input.
    init(_ bytes: [UInt8], header: CSVParser.Header, preparer: PersonPreparing?, firstLine: Int, last: Bool) {
        recorder = EventRecorder(preparer: preparer)
        parser = CSVParser(header, sink: recorder, diagnostics: recorder, firstLine: firstLine)
        do {
            try parser.feed(bytes)
            if last { try parser.finish() } else { endedAtRecord = parser.isAtRecordStart }
        } catch {
            preconditionFailure("a recorder does not throw: \(error)")
        }
    }
}
