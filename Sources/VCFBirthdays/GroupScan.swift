import ContactsCore
import ContactFormats
import ContactsOutput

/// Reads the group cards of the input files before the run (`ContactGroups`), so that members
/// written before their group card (as Apple's and iCloud's exports put them) get its name too. A
/// vCard file is parsed for it only when its bytes hold `KIND:group`, a jCard file (by its start)
/// when they hold `"group"]` (a value), an LDIF file (by its first line) when they hold `groupOf`
/// or `mozillaAbListAlpha`, a group's object class; standard
/// input, read once, is not scanned. Only runs whose output or filters use categories pay for it
/// (`RunPlan.usesGroups`), and a file without a group card only one more read.
enum GroupScan {
    /// The groups of the inputs, and an error for each file that could not be read for them
    /// (its members might lack their group: the run must say so and fail).
    static func groups(of inputs: [InputListing.Input], fileSystem: FileSystem) -> (groups: ContactGroups, failures: [Diagnostic]) {
        let collector = GroupCollector()
        var failures: [Diagnostic] = []
        for input in inputs {
            guard let path = input.path, fileSystem.kind(of: path) == .file else { continue }
            do {
                guard let format = try holdsGroupCard(path, fileSystem) else { continue }
                let source = try fileSystem.openForReading(path)
                let parser: ContactsParser = switch format {
                case .ldif: LDIFParser(path: input.displayPath, sink: collector, diagnostics: collector, options: LDIFParser.Options(scope: .full))
                case .jcard, .jscontact: JSONCardParser(format == .jcard ? .jCard : .jsContact, path: input.displayPath, sink: collector,
                                                        diagnostics: collector,
                                         options: VCardParser.Options(scope: .full))
                case .vcard, .csv: VCardParser(path: input.displayPath, sink: collector, diagnostics: collector,
                                               options: VCardParser.Options(scope: .full))
                }
                try forEachChunk(source) { try parser.feed($0) }
                try parser.finish()
            } catch {
                failures.append(Diagnostic(.error, .readError, path: input.displayPath, line: 0,
                                           "cannot read for its group cards: \((error as? IOFailure)?.reason ?? "\(error)")"))
            }
        }
        return (collector.groups, failures)
    }

    /// How group cards say their kind (Apple's `X-ADDRESSBOOKSERVER-KIND:group`, 4.0 `KIND:group`).
    private static let vCardMarkers = [Array("KIND:GROUP".utf8)]
    /// A jCard value of `"group"` (`["kind",{},"text","group"]`), not the `"group"` parameter.
    private static let jCardMarkers = [Array(#""GROUP"]"#.utf8)]
    /// A JSContact Card's `"kind":"group"` (compact, or with a space after the colon).
    private static let jsContactMarkers = [Array(#""KIND":"GROUP""#.utf8), Array(#""KIND": "GROUP""#.utf8)]
    /// The group classes of LDIF (`groupOfNames`, `groupOfUniqueNames`, `groupOfMembers`; Thunderbird's lists).
    private static let ldifMarkers = [Array("GROUPOF".utf8), Array("MOZILLAABLISTALPHA".utf8)]

    /// Whether the file holds a group card: nil when it does not, else its format (LDIF by its
    /// first line, jCard by its start, else vCard). The markers, in any case, are found by `memchr` (the C library's), so that a file
    /// without groups costs a read from the page cache and little more.
    private static func holdsGroupCard(_ path: String, _ fileSystem: FileSystem) throws -> RunOptions.InputFormat? {
        let source = try fileSystem.openForReading(path)
        var format: RunOptions.InputFormat?
        var markers: [[UInt8]] = []
        var keep = 0
        var window: [UInt8] = []
        var found = false
        try forEachChunk(source) { chunk in
            guard !found else { return }
            if format == nil {
                var head: [UInt8] = []
                head.append(span: chunk.extracting(first: min(4096, chunk.count)))
                format = LDIFParser.looksLikeLDIF(head) ? .ldif : JSONCardParser.looksLikeJCard(head) ? .jcard
                    : JSONCardParser.looksLikeJSContact(head) ? .jscontact : .vcard
                markers = switch format {
                case .ldif: ldifMarkers
                case .jcard: jCardMarkers
                case .jscontact: jsContactMarkers
                default: vCardMarkers
                }
                keep = markers.map(\.count).max()! - 1
            }
            window.removeFirst(max(0, window.count - keep))
            window.append(span: chunk)
            found = markers.contains { ByteScan.contains(ignoringCase: $0, in: window) }
        }
        return found ? format : nil
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
