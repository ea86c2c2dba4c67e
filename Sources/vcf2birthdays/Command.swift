#if canImport(CMalloc)
import CMalloc
#endif
import ArgumentParser
import VCBuild
import VCFBirthdays
import ContactsServer
import ContactsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process with `status` (the C library's `exit`, which `ParsableCommand` hides).
private func terminate(_ status: Int32) -> Never { exit(status) }

/// Writes `text` to the standard error, as it is (no error is reported on it).
private func writeToStandardError(_ text: String) {
    let bytes = Array(text.utf8)
    try? FileDescriptorOutput(fd: 2, path: "standard error").write(bytes.span)
}

/// What this build is (VCBuild), read a byte at a time.
private func buildVersion() -> String {
    var bytes: [UInt8] = []
    while case let byte = vc_build_version_byte(Int32(bytes.count)), byte != 0 { bytes.append(UInt8(byte)) }
    return String(decoding: bytes, as: UTF8.self)
}

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
        version: buildVersion()
    )

    // The options, each declared once in its part of `RunOptions`.
    @OptionGroup(title: "Input") var input: RunOptions.Input
    @OptionGroup(title: "Selection") var selection: RunOptions.Selection
    @OptionGroup(title: "Output") var output: RunOptions.Output
    @OptionGroup(title: "Calendar (--to ics)") var calendar: RunOptions.Calendar
    @OptionGroup(title: "Diagnostics") var diagnostics: RunOptions.Diagnostics

    /// The run's options, as parsed.
    var options: RunOptions {
        RunOptions(input: input, selection: selection, output: output, calendar: calendar, diagnostics: diagnostics)
    }

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
            writeToStandardError(text)
            terminate(exitCode(for: error).rawValue)
        }
    }

    func validate() throws { try options.validate() }

    func run() throws {
        let closed = StandardDescriptors.reserve()
        var options = options
        if options.input.threads == nil { options.input.threads = min(8, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
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

extension Environment {
    /// The real world: system clock, environment variables, local files, standard streams.
    /// `closedAtStart`: the standard descriptors that were closed (now open on /dev/null);
    /// `caFile`: the certificates servers are verified with instead of the system's;
    /// `passwordCommand`: prints the servers' password (else the netrc file gives it).
    static func live(closedAtStart: Set<Int32>, caFile: String?, passwordCommand: String?) -> Environment {
        let variables = processEnvironment()
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
