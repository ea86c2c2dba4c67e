/// Keeps what a reader gives, in order, to be replayed on another thread: people as they are,
/// or as a preparer made them (one after another in one buffer), warnings and rejects.
final class EventRecorder: PeopleSink, DiagnosticsHandler, @unchecked Sendable {
    enum Event {
        case person(PersonInfo)
        /// A prepared person's bytes in `prepared`, the first `keyLength` its sort key.
        case prepared(Range<Int>, keyLength: Int)
        /// A person the preparer's selection left out.
        case leftOut
        case report(Diagnostic)
        case reject(Diagnostic?, [UInt8])
    }

    private let preparer: PersonPreparer?
    private var events: [Event] = []
    private var prepared: [UInt8] = []

    init(preparer: PersonPreparer?) {
        self.preparer = preparer
    }

    /// The events so far; the recorder starts empty again.
    func take() -> RecordedEvents {
        defer {
            events = []
            prepared = []
        }
        return RecordedEvents(events: events, prepared: prepared)
    }

    func consume(_ person: PersonInfo) {
        if let preparer {
            let start = prepared.count
            if let keyLength = preparer.prepare(person, into: &prepared) {
                events.append(.prepared(start..<prepared.count, keyLength: keyLength))
            } else {
                events.append(.leftOut)
            }
        } else {
            events.append(.person(person))
        }
    }

    func finish() {}
    func report(_ diagnostic: Diagnostic) { events.append(.report(diagnostic)) }
    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) { events.append(.reject(diagnostic, rawText)) }
}

/// What an `EventRecorder` kept, to be passed on in order.
struct RecordedEvents: @unchecked Sendable {
    var events: [EventRecorder.Event]
    var prepared: [UInt8]

    /// Passes the events on: people to `sink` (prepared ones to `formatted`, whose preparer
    /// made them), warnings and rejects to `diagnostics`, except warnings `keeps` refuses.
    /// Returns what was passed on, counted as a reader counts it.
    func replay(sink: PeopleSink, formatted: FormattedOutput?, diagnostics: DiagnosticsHandler,
                keeps: (Diagnostic) -> Bool = { _ in true }) throws -> ReadStatistics {
        var statistics = ReadStatistics()
        for event in events {
            switch event {
            case .person(let person):
                try sink.consume(person)
                statistics.people += 1
            case .prepared(let range, let keyLength):
                try prepared.withUnsafeBytes {
                    try formatted!.consume(prepared: UnsafeRawBufferPointer(rebasing: $0[range]), keyLength: keyLength)
                }
                statistics.people += 1
            case .leftOut:
                statistics.people += 1
            case .report(let diagnostic):
                guard keeps(diagnostic) else { continue }
                diagnostics.report(diagnostic)
                statistics.warnings += 1
            case .reject(let diagnostic, let raw):
                statistics.rejected += 1
                try diagnostics.reject(diagnostic, rawText: raw)
            }
        }
        return statistics
    }
}
