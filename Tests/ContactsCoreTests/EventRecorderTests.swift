import Testing
@testable import ContactsCore
import ContactsTesting

/// A recorder's takes share one storage until it is full, and each replays what was recorded
/// since the take before it, whatever was recorded after.
@Suite struct EventRecorderTests {
    private func person(_ i: Int) -> PersonInfo {
        var person = PersonInfo(source: SourcePosition(path: "f", line: i))
        person.formattedName = "P\(i)"
        return person
    }

    @Test func takesReplayTheirOwnEventsInOrder() throws {
        let recorder = EventRecorder(preparer: nil)
        var taken: [RecordedEvents] = []
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<1_000 {
            recorder.consume(person(i))
            if i % 7 == 3 { recorder.report(Diagnostic(.warning, .invalidDate, path: "f", line: i, "w\(i)")) }
            if i % 11 == 5 { recorder.reject(Diagnostic(.error, .unclosedCard, path: "f", line: i, "r\(i)"), rawText: Array("raw\(i)".utf8)) }
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            if state % 5 == 0 { taken.append(recorder.take()) }
        }
        taken.append(recorder.take())
        #expect(recorder.take().range.isEmpty)

        let sink = SpySink()
        let diagnostics = RecordingDiagnostics()
        var total = ReadStatistics()
        var saidOnce = SaidOnce()
        for recorded in taken {
            let statistics = try recorded.replay(sink: sink, preparedSink: nil, diagnostics: diagnostics, saidOnce: &saidOnce)
            total.people += statistics.people
            total.warnings += statistics.warnings
            total.rejected += statistics.rejected
        }
        #expect(sink.people.map(\.formattedName) == (0..<1_000).map { "P\($0)" })
        #expect(diagnostics.warnings.map(\.line) == (0..<1_000).filter { $0 % 7 == 3 })
        #expect(diagnostics.rejections.map(\.rawText) == (0..<1_000).filter { $0 % 11 == 5 }.map { "raw\($0)" })
        #expect(total.people == 1_000 && total.warnings == diagnostics.warnings.count && total.rejected == diagnostics.rejections.count)
    }

    /// Small takes (a worker's files, one take each) share a storage; a full one is left to
    /// the takes that hold it, so a recorder that goes on holds a bounded amount.
    @Test func aFullStorageIsLeftBehind() throws {
        let recorder = EventRecorder(preparer: nil)
        var takes: [RecordedEvents] = []
        for i in 0..<(EventRecorder.storageEvents + 10) {
            recorder.consume(person(i))
            takes.append(recorder.take())
        }
        let full = EventRecorder.storageEvents - 1
        #expect(takes[..<EventRecorder.storageEvents].allSatisfy { $0.storage === takes[0].storage })
        #expect(takes[full + 1].storage !== takes[full].storage)
        #expect(takes[full + 1].range == 0..<1 && takes[full].range == full..<(full + 1))
        #expect(takes.last!.storage === takes[full + 1].storage)
    }
}
