import Foundation
import Testing
import VCFBirthdaysTesting

/// What ARCHITECTURE.md promises about the code's shape, checked on the sources as text.
@Suite struct ArchitectureTests {
    static let libraryModules = ["ContactsCore", "ContactFormats", "ContactsOutput", "ContactsServer", "VCFBirthdays", "VCFBirthdaysTesting"]

    /// The Swift files of a module, each with its lines.
    private static func sources(_ module: String) throws -> [(path: String, lines: [Substring])] {
        let root = packageRoot + "/Sources/" + module
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try files.sorted().map { file in
            ("\(module)/\(file)", try String(contentsOfFile: root + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    /// The lines of `lines` that declare public API mentioning an unsafe pointer type: a public
    /// or open declaration, or a requirement of a public protocol.
    static func unsafePublicLines(_ lines: [Substring]) -> [Int] {
        var found: [Int] = []
        var protocolDepth: Int?  // brace depth inside a public protocol's body
        var depth = 0
        for (i, line) in lines.enumerated() {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let declaresPublic = code.contains("public ") || code.contains("open ")
            if code.contains("Unsafe") && (declaresPublic || protocolDepth == depth) { found.append(i + 1) }
            if code.contains("public protocol ") { protocolDepth = depth + 1 }
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
            if let d = protocolDepth, depth < d { protocolDepth = nil }
        }
        return found
    }

    @Test func noPublicDeclarationMentionsUnsafe() throws {
        var offenders: [String] = []
        for module in Self.libraryModules {
            for (path, lines) in try Self.sources(module) {
                offenders += Self.unsafePublicLines(lines).map { "\(path):\($0)" }
            }
        }
        #expect(offenders.isEmpty, "public API with unsafe pointers: \(offenders)")
    }

    @Test func theCheckSeesPublicDeclarationsAndProtocolRequirements() {
        let text = """
        public protocol Source {
            func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
        }
        public struct Record {
            public let bytes: UnsafeBufferPointer<UInt8>
            let raw: UnsafeBufferPointer<UInt8>
            package func field() -> UnsafeBufferPointer<UInt8> { raw }
        }
        """
        #expect(Self.unsafePublicLines(text.split(separator: "\n", omittingEmptySubsequences: false)) == [2, 5])
    }

    @Test func oneFileHoldsThePartitioning() throws {
        var submitters: [String] = []
        for module in Self.libraryModules {
            for (path, lines) in try Self.sources(module) where lines.contains(where: { $0.contains("endPart()") && !$0.contains("func endPart") }) {
                submitters.append(path)
            }
        }
        #expect(submitters == ["ContactsCore/Threads/PartitionedReader.swift"])
    }

    /// The exit status is decided in one place (`RunOutcome.status`): no other file of the
    /// program names a status to return, and `App.run` returns the outcome's.
    @Test func oneFileDecidesTheExitStatus() throws {
        let statuses = ["success", "notFound", "usage", "dataError", "noInput", "unavailable", "cannotCreate", "ioError", "removalLimit"]
        var deciders: [String] = []
        for (path, lines) in try Self.sources("VCFBirthdays") {
            for (i, line) in lines.enumerated() where line.contains("RunStatus.")
                || statuses.contains(where: { line.contains("return .\($0)") || line.contains("? .\($0) :") }) {
                deciders.append("\(path):\(i + 1)")
            }
        }
        #expect(deciders.allSatisfy { $0.hasPrefix("VCFBirthdays/RunOutcome.swift:") }, "\(deciders)")
        let app = try Self.sources("VCFBirthdays").first { $0.path == "VCFBirthdays/App.swift" }!.lines
        #expect(app.filter { $0.contains("return outcome.status") }.count == 1)
    }

    /// Each vendor's home (`ContactFormats/Vendors/`) names the fixtures that show its quirks,
    /// and they exist; Google, Outlook and Thunderbird, whose CSV dialects `CSVDialect` tells
    /// apart, have one each.
    @Test func everyVendorHomeShowsItsFixtures() throws {
        let homes = try Self.sources("ContactFormats").filter { $0.path.hasPrefix("ContactFormats/Vendors/") }
        for vendor in ["Abook", "Android", "Apple", "Google", "Nextcloud", "Outlook", "Thunderbird"] {
            #expect(homes.contains { $0.path == "ContactFormats/Vendors/\(vendor).swift" }, "no home for \(vendor)")
        }
        for (path, lines) in homes {
            let named = lines.flatMap { line in
                line.split(separator: "`").filter { $0.hasPrefix("Fixtures/") }.map(String.init)
            }
            #expect(!named.isEmpty, "\(path) names no fixture")
            for fixture in named {
                #expect(FileManager.default.fileExists(atPath: packageRoot + "/" + fixture), "\(path): \(fixture) is missing")
            }
        }
    }

    /// The tests are in targets by layer, and a layer's tests import that layer, the ones
    /// beneath it and their test support, nothing above: the layering shows in the tests too.
    @Test func theTestsOfALayerImportNothingAboveIt() throws {
        // VCICU: the core layer's C part (ICU behind ContactsCore).
        let base = ["Foundation", "Testing", "Glibc", "ContactsCore", "VCICU", "ContactsTesting"]
        let allowed: [String: Set<String>] = [
            "ContactsCoreTests": Set(base),
            "ContactFormatsTests": Set(base + ["ContactFormats", "ContactFormatsTesting"]),
            "ContactsOutputTests": Set(base + ["ContactFormats", "ContactFormatsTesting", "ContactsOutput"]),
            "ContactsServerTests": Set(base + ["ContactsServer", "ContactsServerTesting"]),
        ]
        for (target, modules) in allowed {
            let root = packageRoot + "/Tests/" + target
            let files = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(target) holds no tests")
            for file in files {
                let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                    let module = String(line.split(separator: " ").last!)
                    #expect(modules.contains(module), "\(target)/\(file) imports \(module)")
                }
            }
        }
    }
}
