/// Keeps what a reader gives, in order, to be replayed on another thread: people as they are,
/// or as a preparer made them (one after another in one buffer), warnings and rejects.
package final class EventRecorder: PeopleSink, DiagnosticsHandler, @unchecked Sendable {
    enum Event {
        case person(PersonInfo)
        /// A prepared person's bytes in `prepared`, the first `keyLength` its sort key;
        /// `anotherRow`: another record of the person before.
        case prepared(Range<Int>, keyLength: Int, anotherRow: Bool)
        /// A person the preparer's selection left out, and whether their card asks to be left
        /// out of birthday calendars.
        case leftOut(excludedFromBirthdays: Bool)
        case report(Diagnostic)
        /// A warning of the preparer's (its encoder's), not the reader's: not counted in the reader's statistics.
        case preparerReport(Diagnostic)
        case reject(Diagnostic?, [UInt8])
    }

    private let preparer: PersonPreparing?
    private var storage = EventStorage()
    /// Whether the preparer is at work (its warnings are not the reader's).
    private var preparing = false
    /// Where the events not yet taken start in `storage`.
    private var taken = 0
    /// When `take` starts a new storage: at this many events, or prepared bytes.
    static let storageEvents = 256
    static let storageBytes = 64 << 10

    package init(preparer: PersonPreparing?) {
        self.preparer = preparer
    }

    /// The events since the last take. They stay where they were recorded, and the next ones
    /// go on after them (a worker converting many small files makes one storage, not one per
    /// file) until the storage holds `storageEvents` events or `storageBytes` prepared bytes,
    /// when a new one is started: what a recorder holds stays bounded.
    package func take() -> RecordedEvents {
        let recorded = RecordedEvents(storage: storage, range: taken..<storage.events.count)
        if storage.events.count >= Self.storageEvents || storage.prepared.count >= Self.storageBytes {
            storage = EventStorage()
        }
        taken = storage.events.count
        return recorded
    }

    /// Passes the events since the last take to `body` and then forgets every event recorded,
    /// keeping their memory for the next ones: for a recorder replayed on the thread that
    /// records into it, right away (a reader reading alone, whose people may be large: a photo
    /// prepared into a new buffer every time cost a third of the run in page faults).
    package func takeReusingMemory<T>(_ body: (RecordedEvents) throws -> T) rethrows -> T {
        defer {
            storage.events.removeAll(keepingCapacity: true)
            storage.prepared.removeAll(keepingCapacity: true)
            taken = 0
        }
        return try body(RecordedEvents(storage: storage, range: taken..<storage.events.count))
    }

    package func consume(_ person: PersonInfo) {
        if let preparer {
            preparing = true
            defer { preparing = false }
            let given = preparer.prepareRecords(of: person, into: &storage.prepared, diagnostics: self) { _, range, keyLength, anotherRow in
                storage.events.append(.prepared(range, keyLength: keyLength, anotherRow: anotherRow))
            }
            if !given { storage.events.append(.leftOut(excludedFromBirthdays: person.excludedFromBirthdays)) }
        } else {
            storage.events.append(.person(person))
        }
    }

    package func finish() {}
    package func report(_ diagnostic: Diagnostic) {
        storage.events.append(preparing ? .preparerReport(diagnostic) : .report(diagnostic))
    }
    package func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) { storage.events.append(.reject(diagnostic, rawText)) }
}

/// Recorded events, and the bytes of the prepared people among them.
final class EventStorage {
    var events: [EventRecorder.Event] = []
    var prepared: [UInt8] = []
}

/// What an `EventRecorder` kept, to be passed on in order: read it once its recorder is done
/// with the storage or on the recorder's thread, not while another thread records into it.
package struct RecordedEvents: @unchecked Sendable {
    let storage: EventStorage
    let range: Range<Int>

    /// Passes the events on: people to `sink` (prepared ones to `preparedSink`, whose preparer
    /// made them), warnings and rejects to `diagnostics`, except warnings said already
    /// (`saidOnce`: one said once per file, by another part of the file) or that the
    /// `preparedSink` refuses (the only filter of the preparer's own warnings). Returns what was passed on, counted as a reader counts it.
    package func replay(sink: PeopleSink, preparedSink: PreparedSink?, diagnostics: DiagnosticsHandler,
                saidOnce: inout SaidOnce) throws -> ReadStatistics {
        var statistics = ReadStatistics()
        let prepared = storage.prepared
        for event in storage.events[range] {
            switch event {
            case .person(let person):
                try sink.consume(person)
                statistics.count(person)
            case .prepared(let range, let keyLength, let anotherRow):
                try preparedSink!.consume(prepared: prepared.span.extracting(range), keyLength: keyLength, anotherRow: anotherRow)
                if !anotherRow { statistics.people += 1 }
            case .leftOut(let excluded):
                statistics.people += 1
                if excluded { statistics.excludedFromBirthdays += 1 }
            case .report(let diagnostic):
                guard saidOnce.admits(diagnostic) && preparedSink?.keeps(diagnostic) != false else { continue }
                diagnostics.report(diagnostic)
                statistics.warnings += 1
            case .preparerReport(let diagnostic):
                if preparedSink?.keeps(diagnostic) != false { diagnostics.report(diagnostic) }
            case .reject(let diagnostic, let raw):
                if diagnostic != nil { statistics.rejected += 1 }  // nil: more text of the one before
                try diagnostics.reject(diagnostic, rawText: raw)
            }
        }
        return statistics
    }
}
