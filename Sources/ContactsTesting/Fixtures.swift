import Foundation
import ContactsCore
#if canImport(Glibc)
import Glibc
#endif

// What the tests of every layer share: the fixtures, dates, a seeded generator, scratch folders.

/// The package's root directory, from this file's path.
public let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// The path of a file in `Fixtures/`.
public func fixturePath(_ name: String) -> String { packageRoot + "/Fixtures/" + name }

/// The bytes of a file in `Fixtures/`.
public func fixtureBytes(_ name: String) -> [UInt8] {
    guard let file = try? LocalFileSystem().openForReading(fixturePath(name)) else { fatalError("missing fixture \(name)") }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        var span = chunk.mutableSpan
        guard let n = try? file.read(into: &span) else { fatalError("cannot read fixture \(name)") }
        if n == 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}

/// The vCard fixtures at the top of `Fixtures/`.
public let vcardFixtures = ["apple-contacts.vcf", "google-contacts.vcf", "android-2.1.vcf", "nextcloud-4.0.vcf", "problems.vcf",
                            "other-calendars.vcf", "photo-versions.vcf"]

/// Calls `body` with the bytes cut into pieces of `chunkSize` bytes (the last may be shorter), in order.
public func forEachChunk(of bytes: [UInt8], size chunkSize: Int, _ body: ([UInt8]) throws -> Void) rethrows {
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + min(chunkSize, bytes.count))
        try body(Array(bytes[offset..<end]))
        offset = end
    }
}

/// Feeds a parser `chunkSize` bytes at a time, then finishes it.
public func feed(_ parser: ContactsParser, _ bytes: [UInt8], chunkSize: Int) throws {
    try forEachChunk(of: bytes, size: chunkSize) { try parser.feed($0) }
    try parser.finish()
}

/// A date that must exist; `y` nil: without a year.
public func date(_ y: Int?, _ m: Int, _ d: Int) -> PartialDate { PartialDate(year: y, month: m, day: d)! }
/// A day that must exist.
public func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDate { CalendarDate(year: y, month: m, day: d)! }

/// A small deterministic random generator (SplitMix64) for generated test inputs.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
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
public func scratchDirectory() throws -> URL {
    let url = scratchRoot.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
