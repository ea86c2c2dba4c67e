import CFuzzDriver
import VCFBirthdays
import VCFBirthdaysTesting

/// What the fuzz targets share: reading bytes as the tool does, and a check that stops the run
/// (a finding) when a property that must hold does not.
public enum Fuzz {
    public struct Reading {
        public var people: [PersonInfo]
        public var rejected: Int
        public var warnings: Int
        /// Converted plus rejected, to compare with `RecordCount`.
        public var accounted: Int
    }

    /// Reads `bytes` with a fresh parser, fed in two chunks split at `split`.
    public static func read(_ bytes: [UInt8], csv: Bool, scope: DecodeScope = .full, split: Int? = nil) -> Reading {
        do {
            let (people, diagnostics) = try readContacts(bytes, csv: csv, scope: scope, split: split, maxRecordBytes: 1 << 16)
            return Reading(people: people, rejected: diagnostics.rejections.count, warnings: diagnostics.warnings.count,
                           accounted: RecordCount.accounted(people: people.count, diagnostics: diagnostics, csv: csv, input: bytes))
        } catch {
            fail("a parser threw \(error)")
        }
    }

    /// Reads the bytes whole and in two chunks (cut where the first byte says) and stops the
    /// run if the people or the rejections differ, or if converted + rejected is not the number
    /// of records in the input.
    public static func checkChunking(_ data: UnsafePointer<UInt8>, _ size: Int, csv: Bool) {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        let whole = read(bytes, csv: csv)
        let cut = size / 2 + Int(bytes.first ?? 0) % max(1, size / 2 + 1)
        let split = read(bytes, csv: csv, split: cut)
        if json(whole.people) != json(split.people) || whole.rejected != split.rejected {
            fail("split at \(cut), the result changed: \(whole.rejected) rejected\n\(json(whole.people))"
                + "\n--- split: \(split.rejected) rejected\n\(json(split.people))")
        }
        let records = csv ? RecordCount.csv(bytes) : RecordCount.vcard(bytes)
        if whole.accounted != records {
            fail("\(whole.people.count) converted + \(whole.rejected) rejected, but the input holds \(records) records")
        }
    }

    /// Stops the run when reading `bytes` on three threads, in parts of `partBytes`, gives
    /// anything but what one thread gives, to the byte.
    public static func checkThreads(_ bytes: [UInt8], partBytes: Int, maxRecordBytes: Int = 4096) {
        let one = convertOnThreads(bytes, threads: 1, partBytes: partBytes, maxRecordBytes: maxRecordBytes)
        let three = convertOnThreads(bytes, threads: 3, partBytes: partBytes, maxRecordBytes: maxRecordBytes)
        if one != three { fail("parts of \(partBytes) bytes on 3 threads differ from 1 thread:\n\(one)\n=== 3 threads:\n\(three)") }
    }

    /// Every check a built input must pass: the same reading in any two chunks, every record
    /// accounted for, and the same bytes on three threads as on one.
    public static func checkBuilt(_ bytes: [UInt8], csv: Bool, partBytes: Int) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { checkChunking($0.baseAddress!, $0.count, csv: csv) }
        checkThreads(bytes, partBytes: partBytes)
    }

    /// The people as NDJSON, the tool's `--to json`.
    public static func json(_ people: [PersonInfo]) -> String {
        write(people) { FormattedOutput(format: JSONLinesFormat(), output: $0) }
    }

    /// A reader of cards in JSON (`format`: jCard or JSContact, named `name`) on any bytes: no
    /// crash, no hang; the same people, warnings and rejections however the input is split into
    /// chunks; and the people it reads, written by `encoder`, read back as `kept` says they are.
    public static func checkJSONCards(_ bytes: [UInt8], format: RunOptions.InputFormat, name: String, encoder: PersonEncoder,
                                      kept: (_ people: [PersonInfo], _ before: [PersonInfo]) -> String) {
        func read(_ bytes: [UInt8], split: Int?) -> (people: [PersonInfo], said: [String]) {
            do {
                let (people, diagnostics) = try readContacts(bytes, format: format, scope: .card, split: split, maxRecordBytes: 1 << 12)
                return (people, diagnostics.warnings.map(\.description)
                            + diagnostics.rejections.map { "\($0.diagnostic.map(\.description) ?? "")\n\($0.rawText)" })
            } catch {
                fail("the \(name) reader threw \(error)")
            }
        }
        let whole = read(bytes, split: nil)
        let cut = Int(bytes[0]) % bytes.count
        let split = read(bytes, split: cut)
        if json(whole.people) != json(split.people) || whole.said != split.said {
            fail("split at \(cut), the result changed:\n\(whole)\n--- split:\n\(split)")
        }
        guard !whole.people.isEmpty else { return }
        let cards = write(whole.people) { FormattedOutput(format: encoder, output: $0, diagnostics: RecordingDiagnostics()) }
        let again = read(Array(cards.utf8), split: nil)
        guard kept(again.people, whole.people) == kept(whole.people, whole.people) else {
            fail("\(name) round trip changed the people:\n\(json(whole.people))\n---\n\(json(again.people))\n\(cards)")
        }
    }

    /// The people as JSON as a JSContact round trip keeps them: a property's types in any order,
    /// and the UID JSContact gives a card without one (`without`: the people before) left out.
    public static func jsonAsJSContactKeeps(_ people: [PersonInfo], uidsOf before: [PersonInfo]) -> String {
        json(people.enumerated().map { k, person in
            var p = person
            if k < before.count && before[k].uid == nil { p.uid = nil }
            p.emails = p.emails.map { var e = $0; e.types.sort(); return e }
            p.phones = p.phones.map { var e = $0; e.types.sort(); return e }
            p.addresses = p.addresses.map { var a = $0; a.types.sort(); return a }
            return p
        })
    }

    /// The people through any writer.
    public static func write(_ people: [PersonInfo], _ make: (TextOutput) -> PeopleSink) -> String {
        let memory = MemoryOutput()
        let output = TextOutput(memory)
        let writer = make(output)
        do {
            for person in people { try writer.consume(person) }
            try writer.finish()
        } catch {
            fail("a writer threw \(error)")
        }
        return memory.text
    }

    /// Runs libFuzzer with the command line's options on `test`.
    public static func run(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                           _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
        fuzz_driver_run(argc, argv, test)
    }

    /// Stops the fuzzer with a message: libFuzzer saves the input that got here.
    public static func fail(_ message: String) -> Never {
        fatalError("fuzz finding: " + message)
    }
}

/// Choices taken one by one from the fuzzer's bytes (0 once they run out), for targets that
/// build their input from pieces instead of taking the bytes as they are.
public struct Choices {
    private let bytes: [UInt8]
    private var next = 0

    public init(_ pointer: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: pointer, count: size))
    }

    public var isEmpty: Bool { next >= bytes.count }

    /// A number below `bound`.
    public mutating func pick(_ bound: Int) -> Int {
        guard next < bytes.count, bound > 0 else { return 0 }
        defer { next += 1 }
        return Int(bytes[next]) % bound
    }

    /// One of `items`.
    public mutating func pick<T>(_ items: [T]) -> T { items[pick(items.count)] }
}
