#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one vCard input on several threads, with exactly the output of `VCardParser`.
///
/// The bytes are cut into parts of about `partBytes`, each just before a `BEGIN:VCARD` line
/// that follows an `END:VCARD` line. Worker threads parse the parts into recorded batches, and
/// this thread replays the batches in input order into the sink and the diagnostics handler,
/// so people, warnings, rejects and line numbers come out as one parser would give them. A part
/// whose last card is still open there (an unclosed card holding the next `BEGIN:VCARD`) is
/// continued by its own parser into the next part, here. An input with no place to cut within
/// a few parts is read by one parser from there on. At most `threads + 1` parts are in flight,
/// so memory stays bounded. When the sink is a `PreparedSink` (the line outputs, vCard), each
/// part also prepares its people on its worker (selects, keys and formats them), and only the
/// prepared bytes are replayed.
final class ParallelVCardParser: ContactsParser {
    private let path: String
    private let sink: PeopleSink
    private let preparedSink: PreparedSink?
    private let diagnostics: DiagnosticsHandler
    private let options: VCardParser.Options
    private let threads: WorkerThreads
    private let partBytes: Int
    /// Input without a place to cut beyond this is read on by one parser.
    private let aloneAfterBytes: Int
    private let maxInFlight: Int

    private var pending: [UInt8] = []
    private var searchedTo = 0        // no cut before this index of `pending`
    private var pendingLine = 1       // the line number where `pending` starts
    private var inFlight: [(result: Promise<PartResult>, bytes: [UInt8], last: Bool)] = []
    /// A parser that goes on reading here: its part ended inside a card, or no cut was found.
    private var continued: (parser: VCardParser, recorder: EventRecorder)?
    private var serial = false
    private var replayed = ReadStatistics()
    private var saidOnce = SaidOnce()

    init(path: String, sink: PeopleSink, diagnostics: DiagnosticsHandler, options: VCardParser.Options,
         threads: WorkerThreads, partBytes: Int = WorkerThreads.partBytes, aloneAfterBytes: Int? = nil) {
        self.path = path
        self.sink = sink
        self.preparedSink = sink as? PreparedSink
        self.diagnostics = diagnostics
        self.options = options
        self.threads = threads
        self.partBytes = max(1, partBytes)
        // Eight parts, and at least 2 MiB: a card with a large photo is no reason to stop cutting.
        self.aloneAfterBytes = aloneAfterBytes ?? max(8 * self.partBytes, 2 << 20)
        self.maxInFlight = threads.count + 1
    }

    var statistics: ReadStatistics { replayed }

    func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if serial {
            try continued!.parser.feed(bytes)
            try replay(continued!.recorder.take())
            return
        }
        pending.append(contentsOf: bytes)
        var start = 0
        while pending.count - start >= partBytes {
            if let cut = Self.cut(pending, from: max(searchedTo, start + partBytes), notBefore: start) {
                try send(start..<cut, last: false)
                start = cut
                searchedTo = cut
            } else {
                searchedTo = max(start, pending.count - 32)  // a cut may straddle the chunk's end
                if pending.count - start > aloneAfterBytes { return try readOnFromHere(start) }
                break
            }
        }
        if start > 0 {
            pending.removeFirst(start)
            searchedTo -= start
        }
    }

    func finish() throws {
        if serial {
            try continued!.parser.finish()
            return try replay(continued!.recorder.take())
        }
        if inFlight.isEmpty && continued == nil {  // a small input: no thread is worth it
            let parser = VCardParser(path: path, sink: sink, diagnostics: diagnostics, options: options,
                                     firstLine: pendingLine)
            try parser.feed(pending)
            try parser.finish()
            replayed += parser.statistics
            pending = []
            return
        }
        try send(0..<pending.count, last: true)
        pending = []
        while !inFlight.isEmpty { try mergeOldest() }
    }

    // MARK: Parts

    private func send(_ range: Range<Int>, last: Bool) throws {
        let bytes = Array(pending[range])
        let firstLine = pendingLine
        if !last { pendingLine += bytes.withUnsafeBufferPointer(LineEnds.count) }
        let result = Promise<PartResult>()
        let (path, options) = (self.path, self.options)
        let preparer = preparedSink?.makePreparer()
        threads.submit {
            result.fulfil(PartResult(bytes, preparer: preparer, path: path, options: options, firstLine: firstLine, last: last))
        }
        inFlight.append((result, bytes, last))
        while inFlight.count > maxInFlight { try mergeOldest() }
    }

    private func mergeOldest() throws {
        let (promise, bytes, last) = inFlight.removeFirst()
        let result = promise.wait()
        if let (parser, recorder) = continued {
            try parser.feed(bytes)
            if try last || parser.endPart() {
                try parser.finish()
                continued = nil
            }
            try replay(recorder.take())
        } else {
            try replay(result.recorder.take())
            if !result.endedBetweenCards { continued = (result.parser, result.recorder) }
        }
    }

    /// No place to cut: the rest of the input is read here by one parser.
    private func readOnFromHere(_ start: Int) throws {
        while !inFlight.isEmpty { try mergeOldest() }
        if continued == nil {
            let recorder = EventRecorder(preparer: preparedSink?.makePreparer())
            continued = (VCardParser(path: path, sink: recorder, diagnostics: recorder, options: options,
                                     firstLine: pendingLine), recorder)
        }
        serial = true
        let rest = Array(pending[start...])
        pending = []
        try continued!.parser.feed(rest)
        try replay(continued!.recorder.take())
    }

    /// Passes recorded events on, counting them as one parser would, and saying a warning
    /// said once per file (`SaidOnce`) only once.
    private func replay(_ recorded: RecordedEvents) throws {
        replayed += try recorded.replay(sink: sink, preparedSink: preparedSink, diagnostics: diagnostics, saidOnce: &saidOnce)
    }

    // MARK: Cutting

    /// The index of the first line `BEGIN:VCARD` at or after `from` whose line before is
    /// `END:VCARD` (both upper case, after `notBefore`) and whose next line has begun and is not
    /// a continuation; nil when there is none yet.
    static func cut(_ bytes: [UInt8], from: Int, notBefore: Int) -> Int? {
        let (begin, end) = (beginLine, endLine)
        return bytes.withUnsafeBufferPointer { p -> Int? in
            let n = p.count
            var i = max(from, notBefore + end.count + 1)
            while i < n {
                guard let lf = firstIndex(of: 0x0A, in: p, from: i - 1) else { return nil }
                let s = lf + 1
                i = s + 1
                guard s + begin.count + 2 < n, equal(p, at: s, begin) else { continue }
                var next = s + begin.count
                if p[next] == 0x0D { next += 1 }
                guard p[next] == 0x0A, p[next + 1] != 0x20, p[next + 1] != 0x09 else { continue }
                let lineEnd = p[lf - 1] == 0x0D ? lf - 1 : lf
                let lineStart = lineEnd - end.count
                guard lineStart > notBefore, equal(p, at: lineStart, end),
                      p[lineStart - 1] == 0x0A || p[lineStart - 1] == 0x0D else { continue }
                return s
            }
            return nil
        }
    }

    private static func firstIndex(of byte: UInt8, in p: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < p.count, let base = p.baseAddress,
              let found = memchr(base + from, Int32(byte), p.count - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static let beginLine = Array("BEGIN:VCARD".utf8), endLine = Array("END:VCARD".utf8)

    private static func equal(_ p: UnsafeBufferPointer<UInt8>, at i: Int, _ word: [UInt8]) -> Bool {
        i >= 0 && i + word.count <= p.count && p[i..<(i + word.count)].elementsEqual(word)
    }
}

/// One part parsed by a worker: what it gave, and its parser, to go on with when the part
/// ended inside a card. Made on the worker, with a path of its own: what the worker retains
/// for every card is not shared with the reading thread, nor next to what that thread uses.
private final class PartResult: @unchecked Sendable {
    let recorder: EventRecorder
    let parser: VCardParser
    private(set) var endedBetweenCards = true

    init(_ bytes: [UInt8], preparer: PersonPreparing?, path: String, options: VCardParser.Options, firstLine: Int,
         last: Bool) {
        recorder = EventRecorder(preparer: preparer)
        parser = VCardParser(path: path.ownCopy(), sink: recorder, diagnostics: recorder, options: options,
                             firstLine: firstLine)
        do {
            try parser.feed(bytes)
            if !last { endedBetweenCards = try parser.endPart() }
            if endedBetweenCards { try parser.finish() }
        } catch {
            preconditionFailure("a recorder does not throw: \(error)")
        }
    }
}
