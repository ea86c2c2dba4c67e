import Foundation
import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// The package's root directory, from this file's path.
let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

func fixturePath(_ name: String) -> String { packageRoot + "/Fixtures/" + name }

func fixtureBytes(_ name: String) -> [UInt8] {
    guard let file = fopen(fixturePath(name), "rb") else { fatalError("missing fixture \(name)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n == 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}

let vcardFixtures = ["apple-contacts.vcf", "google-contacts.vcf", "android-2.1.vcf", "nextcloud-4.0.vcf", "problems.vcf", "other-calendars.vcf",
                     "photo-versions.vcf"]

/// Parses bytes fed `chunkSize` bytes at a time; returns the people, warnings and rejections.
func parse(_ bytes: [UInt8], chunkSize: Int = .max, path: String = "test.vcf", scope: DecodeScope = .full)
    throws -> (people: [PersonInfo], diagnostics: RecordingDiagnostics) {
    let sink = SpySink()
    let diagnostics = RecordingDiagnostics()
    let parser = VCardParser(path: path, sink: sink, diagnostics: diagnostics,
                             options: VCardParser.Options(scope: scope, keepsRawText: true))
    try feed(parser, bytes, chunkSize: chunkSize)
    return (sink.people, diagnostics)
}

/// Feeds a parser `chunkSize` bytes at a time, then finishes it.
func feed(_ parser: ContactsParser, _ bytes: [UInt8], chunkSize: Int) throws {
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + min(chunkSize, bytes.count))
        try parser.feed(Array(bytes[offset..<end]))
        offset = end
    }
    try parser.finish()
}

func parse(_ text: String, chunkSize: Int = .max) throws -> (people: [PersonInfo], diagnostics: RecordingDiagnostics) {
    try parse(Array(text.utf8), chunkSize: chunkSize)
}

func date(_ y: Int?, _ m: Int, _ d: Int) -> PartialDate { PartialDate(year: y, month: m, day: d)! }
func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDate { CalendarDate(year: y, month: m, day: d)! }

#if canImport(Glibc)
import Glibc
#endif

/// A small deterministic random generator (SplitMix64) for generated test inputs.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// The folder the tests make their scratch folders in: one per test process, removed when the
/// process ends, so that `make test` leaves nothing in the temporary directory.
private let scratchRoot: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("vcf2b-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    atexit {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vcf2b-tests-\(getpid())")
        try? FileManager.default.removeItem(at: root)
    }
    return root
}()

/// A new, empty folder of the test's own, removed with the rest when the tests end.
func scratchDirectory() throws -> URL {
    let url = scratchRoot.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
