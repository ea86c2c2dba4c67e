import ContactsCore

/// `--dupes`: one line per person in a group of duplicates,
/// `GROUP TAB REASON TAB NAME TAB PATH:LINE`, groups numbered in the order of their first
/// member, conflicts among them (`DuplicateFinder`); and a summary line. With a selection,
/// only the groups with a member it includes, whole (duplicates are found among everyone).
///
/// A reader on several threads has each person's keys made where it is decoded (the
/// `DuplicateKeying` serves every thread), and only they and the person's line-to-be are
/// handed over here.
public final class DuplicateReport: PreparedSink {
    private let output: TextOutput
    private let summary: ((String) -> Void)?
    private var finder: DuplicateFinder
    private let keying: DuplicateKeying
    private let selection: BirthdaySelection?
    private lazy var ownPreparer = Preparer(keying, selection)
    private var scratch: [UInt8] = []
    /// Each person's name as the report shows it, one after another, and where each ends.
    private var names: [UInt8] = []
    private var nameEnds: [Int] = [0]
    /// Each person's file (an index in `paths`) and line.
    private var sources: [(path: Int, line: Int)] = []
    /// The files, as the report shows them.
    private var paths: [[UInt8]] = []
    /// Whether each person is one the selection includes.
    private var selected: [Bool] = []

    /// A report written to `output` of the groups with a member `selection` includes (all when
    /// nil); `summary` gets the line that counts them (none when nil); national phone numbers
    /// are numbers of `region`.
    public init(output: TextOutput, region: String?, selection: BirthdaySelection? = nil, summary: ((String) -> Void)?) {
        self.output = output
        self.selection = selection
        self.summary = summary
        keying = DuplicateKeying(numbers: PhoneNumbers(region: region))
        finder = DuplicateFinder(keying: keying)
    }

    package func makePreparer() -> PersonPreparing { Preparer(keying, selection) }

    package func keeps(_ diagnostic: Diagnostic) -> Bool { true }

    public func consume(_ person: PersonInfo) throws {
        scratch.removeAll(keepingCapacity: true)
        ownPreparer.append(person, to: &scratch)
        consumeScratch()
    }

    package func consume(prepared bytes: Span<UInt8>, keyLength: Int, anotherRow: Bool) throws {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(span: bytes)
        consumeScratch()
    }

    /// Takes the person `scratch` holds as a preparer made it.
    private func consumeScratch() {
        var reader = FieldReader(bytes: scratch)
        finder.add(DuplicateKeys(&reader))
        selected.append(reader.byte() == 1)
        let line = reader.count()
        let path = reader.bytes(reader.count())
        if paths.last.map({ !$0.elementsEqual(path) }) ?? true { paths.append(Array(path)) }
        sources.append((paths.count - 1, line))
        names.append(contentsOf: reader.rest)
        nameEnds.append(names.count)
    }

    public func finish() throws {
        let groups = finder.groups().filter { group in selection == nil || group.contains { selected[$0.index] } }
        var people = 0, conflicts = 0
        var line: [UInt8] = []
        for (number, group) in groups.enumerated() {
            if group[0].reason == .conflict { conflicts += 1 } else { people += group.count }
            for member in group {
                line.removeAll(keepingCapacity: true)
                line.append(contentsOf: "\(number + 1)\t\(member.reason.rawValue)\t".utf8)
                line.append(contentsOf: names[nameEnds[member.index]..<nameEnds[member.index + 1]])
                line.append(0x09)
                let source = sources[member.index]
                line.append(contentsOf: paths[source.path])
                line.append(contentsOf: ":\(source.line)\n".utf8)
                try output.write(bytes: line)
            }
        }
        let found = groups.count - conflicts
        summary?(counted(found, "group", "groups") + " of duplicates (" + counted(people, "person", "people") + "), "
                 + counted(conflicts, "conflict", "conflicts"))
    }

    /// Makes a person's keys, whether the selection includes it, its line and file, and its
    /// name as the report shows them.
    private final class Preparer: PersonPreparing {
        private let keying: DuplicateKeying
        private let selection: BirthdaySelection?

        init(_ keying: DuplicateKeying, _ selection: BirthdaySelection?) {
            self.keying = keying
            self.selection = selection
        }

        func prepare(_ person: PersonInfo, into bytes: inout [UInt8], diagnostics: DiagnosticsHandler) -> Int? {
            append(person, to: &bytes)
            return 0
        }

        func append(_ person: PersonInfo, to bytes: inout [UInt8]) {
            var writer = FieldWriter(out: bytes)
            bytes = []
            keying.keys(person).append(to: &writer)
            writer.out.append(selection?.includes(person) == false ? 0 : 1)
            writer.count(person.source.line)
            writer.string(Self.field(person.source.path))
            writer.out.append(contentsOf: Self.field(person.displayName).utf8)
            bytes = writer.out
        }

        /// A value on one line of the report: tabs and line breaks as spaces, other control
        /// characters as `\xHH`.
        private static func field(_ text: String) -> String {
            var text = text
            if text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                text = String(decoding: text.utf8.map { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
            }
            return Diagnostic.safeText(text, limit: 200)
        }
    }
}
