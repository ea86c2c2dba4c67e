import Foundation
import Testing
import VCFBirthdaysTesting
import VCFBirthdays

/// Every command the README, the man page and `--help` show is run, on sample files named as they name
/// them, and must succeed; a sample output printed after one must be what it prints. The day is
/// pinned (`--today 2026-11-22`), the collation is root, and `xdg-open` is a stub that records.
@Suite(.serialized) struct DocumentationTests {
    /// The files the examples name, made from the fixtures.
    private static let samples: [String: [String]] = [
        "contacts.vcf": ["apple-contacts.vcf", "google-contacts.vcf"], "~/contacts.vcf": ["apple-contacts.vcf"],
        "contacts.csv": ["csv/google-contacts.csv"], "google-contacts.csv": ["csv/google-contacts.csv"],
        "phone.vcf": ["android-2.1.vcf"], "old-phone.vcf": ["android-2.1.vcf"], "new.vcf": ["nextcloud-4.0.vcf"],
        "export.vcf": ["apple-contacts.vcf"], "list.csv": ["csv/spreadsheet-semicolon.csv"],
        "Kontakte.csv": ["csv/outlook-german.csv"], "exports/a.vcf": ["apple-contacts.vcf"],
        "exports/b.csv": ["csv/google-contacts.csv"], "thunderbird.ldif": ["ldif/thunderbird.ldif"],
        "cards.json": ["jcard/cards.json"], "card.json": ["jscontact/card.json"],
    ]

    /// A documented command and the output printed after it, if any.
    struct Example: CustomStringConvertible {
        var command: String
        var output: String?
        var description: String { command }
    }

    /// The commands of the README's `sh` blocks and its `$ ` samples (with what follows them),
    /// and the man page's `.Dl $` lines; crontab lines are commands for cron to run, not here.
    static let examples: [Example] = {
        var examples: [Example] = []
        let readme = (try? String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)) ?? ""
        var inBlock = false, sample: Example?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let s = sample { examples.append(s) }
                sample = nil
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                sample = Example(command: String(line.dropFirst(2)), output: "")
            } else if sample != nil {
                sample!.output! += line + "\n"
            } else if line.hasPrefix("vcf2birthdays ") || line.hasPrefix("cat ") {
                examples.append(Example(command: withoutComment(line), output: nil))
            }
        }
        let man = (try? String(contentsOfFile: packageRoot + "/man/vcf2birthdays.1", encoding: .utf8)) ?? ""
        for line in man.split(separator: "\n") where line.hasPrefix(".Dl $ ") {
            examples.append(Example(command: String(line.dropFirst(6)).replacingOccurrences(of: "\\e", with: "\\"), output: nil))
        }
        for line in helpText().split(separator: "\n") where line.hasPrefix("    vcf2birthdays ") {
            examples.append(Example(command: line.trimmingCharacters(in: .whitespaces), output: nil))
        }
        return examples
    }()

    /// What `vcf2birthdays --help` prints.
    private static func helpText() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--help"]
        let out = Pipe()
        process.standardOutput = out
        guard (try? process.run()) != nil else { return "" }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    /// `cmd   # comment` → `cmd` (a `#` after white space outside quotes).
    private static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, c) in line.enumerated() {
            if let q = quote { if c == q { quote = nil } } else if c == "'" || c == "\"" { quote = c } else if c == "#" && previous == " " {
                return String(line.prefix(offset)).trimmingCharacters(in: .whitespaces)
            }
            previous = c
        }
        return line
    }

    /// Every exit status the program may return is in `--help` and in the man page's EXIT STATUS.
    @Test func everyExitStatusIsDocumented() throws {
        let help = Self.helpText().replacingOccurrences(of: "\n", with: " ")
        let said = help.range(of: "Exit status:").map { help[$0.upperBound...] }?.prefix(600) ?? ""
        let man = try String(contentsOfFile: packageRoot + "/man/vcf2birthdays.1", encoding: .utf8)
        let section = man.range(of: ".Sh EXIT STATUS").map { man[$0.upperBound...] } ?? ""
        let listed = section.split(separator: "\n").prefix(while: { !$0.hasPrefix(".Sh ") })
        for status in RunStatus.allCases {
            #expect(said.contains(" \(status.rawValue) ") || said.hasPrefix("\(status.rawValue) "), "--help lacks exit status \(status.rawValue)")
            #expect(listed.contains(".It \(status.rawValue)"), "the man page lacks exit status \(status.rawValue)")
        }
    }

    @Test func theDocumentationShowsCommands() {
        #expect(Self.examples.count > 40)
        #expect(Self.examples.contains { $0.output != nil })
    }

    @Test(arguments: examples)
    func documentedCommandWorks(_ example: Example) throws {
        let dir = try scratchDirectory().appendingPathComponent("docs-\(abs(example.command.hashValue))").path
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/exports", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/home/Pictures", withIntermediateDirectories: true)
        for (name, parts) in Self.samples {
            let path = dir + "/" + name.replacingOccurrences(of: "~/", with: "home/")
            let bytes = try parts.reduce(Data()) { $0 + (try Data(contentsOf: URL(fileURLWithPath: fixturePath($1)))) }
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        try fm.copyItem(atPath: fixturePath("vdir"), toPath: dir + "/home/.contacts")
        // The stub opener, and the program under its own name, first on the PATH.
        try "#!/bin/sh\necho \"$@\" >> \"$HOME/opened\"\n".write(toFile: dir + "/bin/xdg-open", atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/bin/xdg-open")
        try "#!/bin/sh\nexec '\(binary)' --today 2026-11-22 \"$@\"\n".write(toFile: dir + "/bin/vcf2birthdays",
                                                                              atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/bin/vcf2birthdays")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The program's own status: the pipeline up to the program, through tools it feeds that
        // may not be installed (jq) or are mail.
        var command = example.command
        for tool in ["| jq", "| mail", "| head", "| cut", "| awk"] {
            if let range = command.range(of: tool) { command = String(command[..<range.lowerBound]) }
        }
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.environment = ["PATH": dir + "/bin:/usr/bin:/bin", "HOME": dir + "/home", "LC_ALL": "C.UTF-8"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(example.command): \(stderr)")
        if let output = example.output {
            #expect(String(decoding: stdout, as: UTF8.self) == output, "\(example.command)")
        }
        if example.command.contains("--open") {
            #expect(fm.fileExists(atPath: dir + "/home/opened"), "\(example.command) opened nothing")
        }
    }
}
