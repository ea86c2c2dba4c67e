#if canImport(CMalloc)
import CMalloc
#endif
import ArgumentParser
import VCBuild
import VCFBirthdays
import ContactsServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process with `status` (the C library's `exit`, which `ParsableCommand` hides).
private func terminate(_ status: Int32) -> Never { exit(status) }

@main
struct Command: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vcf2birthdays",
        abstract: "List the birthdays in your contacts, sorted by name or date, or convert the contacts.",
        discussion: """
        Reads vCard 2.1, 3.0 and 4.0, CSV (Google, Outlook, Thunderbird, spreadsheets) and LDIF \
        (Thunderbird, abook, LDAP) from files, directories of .vcf, .csv and .ldif files, or standard input, and prints a birthday list sorted in \
        the locale's collation, or converts the contacts to TSV, JSON, CSV, iCalendar, LDIF or vCard 2.1/3.0/4.0.

        Environment: VCF2BIRTHDAYS_SORT sets the default --sort for list and tsv (--within sorts by \
        upcoming); \
        LC_ALL, LC_COLLATE or LANG set the default --locale.

        Exit status: 0 every record converted; 1 --to mutt found no address; 64 usage; 65 some record \
        could not be converted; 66 an input cannot be read; 69 the result cannot be opened; 73 an output \
        cannot be created or would land on an input; 74 I/O error; 77 --vdir kept stale items rather \
        than pass --max-remove.

        Examples:
          The birthday list, by family name; the next two weeks, soonest first:
            vcf2birthdays contacts.vcf
            vcf2birthdays --within 14 contacts.vcf
          A calendar of everyone's birthday, opened in your calendar app:
            vcf2birthdays --to ics -o birthdays.ics --open contacts.vcf
          An old phone's export as vCard 4.0 for a CardDAV server:
            vcf2birthdays --to vcard4 old-phone.vcf > new.vcf
          Birthdays as one file per event, for vdirsyncer to sync to a CalDAV server:
            vcf2birthdays --to ics --vdir ~/.calendars/birthdays contacts.vcf
          Check a file against the vCard rules before a bulk import:
            vcf2birthdays --check export.vcf
          A phone's export for Google Contacts; CSV in, tab-separated out:
            vcf2birthdays --to google-csv phone.vcf > google.csv
            vcf2birthdays --to tsv contacts.csv | cut -f 1,4
          A weekly reminder by mail (crontab):
            0 8 * * 1  vcf2birthdays -q --within 7 contacts.vcf | mail -s Hi me

        Shell completions: make install puts those of bash, zsh and fish where each shell looks; \
        --generate-completion-script bash (zsh, fish) prints them.

        See vcf2birthdays(1) for the formats and their columns.
        """,
        version: String(cString: vc_build_version())
    )

    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Selection") var selection: SelectionOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Calendar (--to ics)") var calendar: CalendarOptions
    @OptionGroup(title: "Diagnostics") var diagnostics: DiagnosticOptions

    @Option(help: ArgumentHelp("Threads that parse parts of a large vCard, CSV or LDIF input, and the files of a directory, at once; the output is the same with any number (default: the online CPUs, at most 8; 1 = no extra threads).",
                               valueName: "n"))
    var threads: Int?

    /// Runs the command; a usage error is said as the program's other messages are
    /// (`vcf2birthdays: message`), with the usage line, and exits 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let status as ExitCode {
            terminate(status.rawValue)
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }  // --help, --version
            let arguments = CommandLine.arguments
            let asJSON = arguments.contains("--errors=json")
                || zip(arguments, arguments.dropFirst()).contains { $0 == "--errors" && $1 == "json" }
            let text = App.usageErrorText(message(for: error), usage: usageString(), asJSON: asJSON)
            _ = text.withCString { write(2, $0, strlen($0)) }
            terminate(exitCode(for: error).rawValue)
        }
    }

    func validate() throws {
        if let threads, threads < 1 || threads > 256 {
            throw ValidationError("--threads takes a number from 1 to 256")
        }
        let out = output
        if let name = out.formatName, out.format == nil { throw ValidationError(RunOptions.Format.unknownNameMessage(name)) }
        if let name = out.importerName, ImporterProfile(name: name) == nil {
            throw ValidationError("--for: unknown application '\(name)'. The applications: " + ImporterProfile.all.map(\.name).joined(separator: ", "))
        }
        if diagnostics.check && (out.output != nil || out.open || out.photoDirectory != nil || diagnostics.rejects != nil) {
            throw ValidationError("--check converts nothing: it takes no -o, --open, --extract-photos or --rejects")
        }
        if out.reportsDuplicates && (out.format != nil || out.vdir != nil || out.photoDirectory != nil || diagnostics.check) {
            throw ValidationError("--dupes writes its own report: it takes no --to, --vdir, --extract-photos or --check")
        }
        if out.mergesDuplicates && (out.reportsDuplicates || diagnostics.check) {
            throw ValidationError("--merge writes the people merged: it takes no --dupes (which lists the groups it merges) or --check")
        }
        if out.vdir != nil {
            guard (out.format ?? .list).mayBeVDir else {
                throw ValidationError("--vdir writes a file per event or card: it takes --to ics, vcard3 or vcard4")
            }
            if out.output != nil { throw ValidationError("-o and --vdir cannot go together: --vdir writes a folder") }
            if diagnostics.check { throw ValidationError("--check converts nothing: it takes no --vdir") }
        } else if out.maxRemove != nil || out.dryRun {
            throw ValidationError("\(out.dryRun ? "--dry-run" : "--max-remove") goes with --vdir: it is about the files a vdir run removes")
        }
    }

    func run() throws {
        let closed = StandardDescriptors.reserve()
        var options = RunOptions()
        options.input = input.options
        options.selection = selection.options
        options.output = output.options
        options.calendar = calendar.options
        options.diagnostics = diagnostics.options
        options.threads = threads ?? min(8, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        signal(SIGPIPE, SIG_IGN)
        // Past a file size limit (ulimit -f) a write fails with EFBIG, and the run ends as on a
        // full disk (74, the old file kept, no temporary file left), not killed by SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        // At most three malloc arenas, not one per thread: what the workers free of large
        // records (photos) stayed in arenas of their own, so memory grew with --threads (8
        // threads: 200 MB, not 90). Two threads keep an arena each.
        #if canImport(CMalloc)
        mallopt(M_ARENA_MAX, Int32(min(options.threads + 1, 3)))
        #endif
        InterruptCleanup.install()
        let status = App.run(options, environment: .live(closedAtStart: closed, caFile: options.input.caFile,
                                                         passwordCommand: options.input.passwordCommand))
        if status != .success { throw ExitCode(status.rawValue) }
    }
}

extension Command {
    static let maxByteCount = 1 << 40

    /// `65536`, `512K`, `64M`, `1G` (powers of 1024); at least 1 KiB; more than 1 TiB counts as
    /// 1 TiB (no record is that large, and sizes are added to it).
    static func byteCount(_ text: String) -> Int? {
        let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text.uppercased())
        var multiplier = 1
        if let last = digits.last, let m = multipliers[last] {
            multiplier = m
            digits = digits.dropLast()
        }
        guard let n = Int(digits), n > 0 else { return nil }
        guard n <= Int.max / multiplier else { return maxByteCount }
        guard n * multiplier >= 1024 else { return nil }
        return min(n * multiplier, maxByteCount)
    }

    /// A size as `sort -S` takes it: a number with `b` (bytes), `K` (KiB, also without a
    /// suffix), `M`, `G`, `T`, or `%` of the physical memory; at least 1 byte, at most 1 TiB.
    static func bufferBytes(_ text: String) -> Int? {
        let multipliers: [Character: Int] = ["B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = Substring(text.uppercased())
        var multiplier = 1 << 10
        var percent = false
        if let last = digits.last, let m = multipliers[last] {
            multiplier = m
            digits = digits.dropLast()
        } else if digits.last == "%" {
            percent = true
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let n = Int(digits), n > 0 else { return nil }
        if percent {
            guard n <= 100 else { return nil }
            let memory = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
            return max(1, memory / 100 * n)
        }
        guard n <= maxByteCount / multiplier else { return maxByteCount }
        return n * multiplier
    }

    /// `comma`, `semicolon`, `tab`, `\t` or one printable ASCII character other than a quote.
    static func delimiterByte(_ text: String) -> UInt8? {
        switch text.lowercased() {
        case "comma": return UInt8(ascii: ",")
        case "semicolon": return UInt8(ascii: ";")
        case "tab", "\\t", "\t": return 0x09
        default:
            guard text.utf8.count == 1, let b = text.utf8.first, b >= 0x20, b < 0x7F, b != UInt8(ascii: "\"") else { return nil }
            return b
        }
    }
}

extension CSVDialect: ExpressibleByArgument {}
extension Feb29Policy: ExpressibleByArgument {}
extension DateOrder: ExpressibleByArgument {}
extension RunOptions.InputFormat: ExpressibleByArgument {}
extension SortOrder: ExpressibleByArgument {}
extension RemovalLimit: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension Environment {
    /// The real world: system clock, environment variables, local files, standard streams.
    /// `closedAtStart`: the standard descriptors that were closed (now open on /dev/null);
    /// `caFile`: the certificates servers are verified with instead of the system's;
    /// `passwordCommand`: prints the servers' password (else the netrc file gives it).
    static func live(closedAtStart: Set<Int32>, caFile: String?, passwordCommand: String?) -> Environment {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
            if let equals = pair.firstIndex(of: "=") {
                variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return Environment(
            clock: SystemClock(),
            preferences: Preferences(variables: variables),
            fileSystem: LocalFileSystem(),
            opener: SystemFileOpener(),
            standardInput: FileDescriptorSource(fd: 0, path: "<stdin>", closesOnDeinit: false),
            standardInputIsTerminal: isatty(0) != 0,
            standardOutput: closedAtStart.contains(1) ? ClosedOutput(path: "<stdout>") : FileDescriptorOutput(fd: 1, path: "<stdout>"),
            standardError: FileDescriptorOutput(fd: 2, path: "<stderr>"),
            standardErrorIsTerminal: isatty(2) != 0,
            httpTransport: CurlTransport(netrcFile: variables["NETRC"].flatMap { $0.isEmpty ? nil : $0 }, caFile: caFile,
                                         passwordCommand: passwordCommand.map(PasswordCommand.init)),
            sleep: { seconds in usleep(UInt32(min(seconds, 3600) * 1_000_000)) },
            cacheDirectory: (variables["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                             ?? variables["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.cache" }).map { $0 + "/vcf2birthdays/dav" })
    }
}
