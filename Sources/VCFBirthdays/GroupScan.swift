import ContactsCore
import ContactFormats
import ContactsOutput

/// Reads the group cards of the input files before the run (`ContactGroups`), so that members
/// written before their group card (as Apple's and iCloud's exports put them) get its name too. A
/// file is parsed for it only when its bytes hold `KIND:group`; standard input, read once, is not
/// scanned. Only runs whose output or filters use categories pay for it (`App.usesGroups`).
enum GroupScan {
    static func groups(of inputs: [App.Input], fileSystem: FileSystem) -> ContactGroups {
        let collector = GroupCollector()
        for input in inputs {
            guard let path = input.path, fileSystem.kind(of: path) == .file, holdsGroupCard(path, fileSystem) else { continue }
            guard let source = try? fileSystem.openForReading(path) else { continue }
            let parser = VCardParser(path: input.displayPath, sink: collector, diagnostics: collector,
                                     options: VCardParser.Options(scope: .full))
            _ = try? forEachChunk(source) { try parser.feed($0) }
            try? parser.finish()
        }
        return collector.groups
    }

    /// Whether the file's bytes hold `KIND:group` in any case (a group card's kind).
    private static func holdsGroupCard(_ path: String, _ fileSystem: FileSystem) -> Bool {
        guard let source = try? fileSystem.openForReading(path) else { return false }
        let marker = Array("kind:group".utf8)
        var tail: [UInt8] = []
        var found = false
        _ = try? forEachChunk(source) { chunk in
            guard !found else { return }
            var bytes = tail
            for i in chunk.indices { bytes.append(chunk[i] | (chunk[i] >= 0x41 && chunk[i] <= 0x5A ? 0x20 : 0)) }
            found = bytes.count >= marker.count && (0...(bytes.count - marker.count)).contains { at in
                bytes[at] == marker[0] && bytes[at..<(at + marker.count)].elementsEqual(marker)
            }
            tail = Array(bytes.suffix(marker.count - 1))
        }
        return found
    }

    /// Reads the source to its end in chunks.
    private static func forEachChunk(_ source: ByteSource, _ body: (Span<UInt8>) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            var span = buffer.mutableSpan
            let n = try source.read(into: &span)
            if n == 0 { return }
            try body(buffer.span.extracting(..<n))
        }
    }
}

/// Keeps the group cards a parser gives; people and problems are for the run itself to say.
private final class GroupCollector: PeopleSink, DiagnosticsHandler {
    var groups = ContactGroups()

    func consume(_ person: PersonInfo) { groups.add(person) }
    func finish() {}
    func report(_ diagnostic: Diagnostic) {}
    func reject(_ diagnostic: Diagnostic?, rawText: [UInt8]) {}
}
