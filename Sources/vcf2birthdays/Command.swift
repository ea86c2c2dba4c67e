import ArgumentParser
import VCBuild
import VCFBirthdays
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
        Reads vCard 2.1, 3.0 and 4.0 and CSV (Google, Outlook, Thunderbird, spreadsheets) from files, \
        directories of .vcf and .csv files, or standard input, and prints a birthday list sorted in \
        the locale's collation, or converts the contacts to TSV, JSON, CSV, iCalendar or vCard 3.0/4.0.

        Environment: VCF2BIRTHDAYS_SORT sets the default --sort for list and tsv (--within sorts by \
        upcoming); \
        LC_ALL, LC_COLLATE or LANG set the default --locale.

        Exit status: 0 every record converted; 64 usage; 65 some record could not be converted; \
        66 an input cannot be read; 69 the result cannot be opened; 73 an output cannot be created or \
        would land on an input; 74 I/O error.

        Examples:
          The birthday list, by family name; the next two weeks, soonest first:
            vcf2birthdays contacts.vcf
            vcf2birthdays --within 14 contacts.vcf
          A calendar of everyone's birthday, opened in your calendar app:
            vcf2birthdays --to ics -o birthdays.ics --open contacts.vcf
          An old phone's export as vCard 4.0 for a CardDAV server:
            vcf2birthdays --to vcard4 old-phone.vcf > new.vcf
          Check a file against the vCard rules before a bulk import:
            vcf2birthdays --check export.vcf
          A phone's export for Google Contacts; CSV in, tab-separated out:
            vcf2birthdays --to google-csv phone.vcf > google.csv
            vcf2birthdays --to tsv contacts.csv | cut -f 1,4
          A weekly reminder by mail (crontab):
            0 8 * * 1  vcf2birthdays -q --within 7 contacts.vcf | mail -s Hi me

        See vcf2birthdays(1) for the formats and their columns.
        """,
        version: String(cString: vc_build_version())
    )

    @Argument(help: ArgumentHelp("vCard or CSV files, directories (every .vcf and .csv in them), or - for standard input (the default).",
                                 valueName: "path"))
    var paths: [String] = []

    @Option(name: .customLong("to"), help: ArgumentHelp("Output format; the birthday list by default.",
                                                        valueName: "format"))
    var format: RunOptions.Format = .list

    @Option(help: ArgumentHelp("Order (default: upcoming with --within, else $VCF2BIRTHDAYS_SORT, else last; conversions keep input order).",
                               valueName: "order"))
    var sort: SortOrder?

    @Option(help: ArgumentHelp("Collation locale, such as sv, de_DE or sv_SE.UTF-8; C and POSIX are root (default: from LC_ALL, LC_COLLATE or LANG).",
                               valueName: "locale"))
    var locale: String?

    @Option(help: ArgumentHelp("Take this day as today (default: the system date).", valueName: "YYYY-MM-DD"))
    var today: String?

    // Unconditional: `--within -3` reaches the check below instead of reading as an option.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only birthdays in the next N days (0 = today); sorts by upcoming unless --sort is given.",
                               valueName: "days"))
    var within: Int?

    @Flag(help: "List people without a birthday too (list and tsv).")
    var all = false

    @Option(help: ArgumentHelp("Where a 29 February birthday falls in common years.",
                               valueName: "day"))
    var feb29: Feb29Policy = .feb28

    @Flag(help: "Calendar (--to ics): also anniversaries and Apple's labelled dates.")
    var anniversaries = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Calendar (--to ics): an alarm this many days before each event (0 = on the day).",
                               valueName: "days"))
    var remind: Int?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output: atomically (a link's target is replaced, a FIFO or device written in place), never onto an input.",
                                                    valueName: "file"))
    var output: String?

    @Flag(help: "Open the result with the default application (xdg-open); without -o, it is written to a temporary file first.")
    var open = false

    @Option(name: .customLong("extract-photos"), help: ArgumentHelp("Write every embedded photo into this folder, named after the person.",
                                                                    valueName: "dir"))
    var photoDirectory: String?

    @Flag(help: "With --extract-photos, replace photo files that exist.")
    var force = false

    @Option(name: .customLong("max-record-bytes"), help: ArgumentHelp("A card or CSV row larger than this is rejected and reading goes on after it; K, M and G suffixes (default: 64M).",
                                                                      valueName: "size"))
    var maxRecordBytes: String?

    @Option(help: ArgumentHelp("Threads that parse parts of a large vCard or CSV input, and the files of a directory, at once; the output is the same with any number (default: the online CPUs, at most 8; 1 = no extra threads).",
                               valueName: "n"))
    var threads: Int?

    @Flag(name: .shortAndLong, help: "No summary line (N people, W warnings, R rejected) on standard error at the end.")
    var quiet = false

    @Flag(inversion: .prefixedNo, help: "Show a progress line on standard error during runs longer than a second (default: only when standard error is a terminal).")
    var progress: Bool?

    @Option(help: ArgumentHelp("How diagnostics are written on standard error: as PATH:LINE: severity: message lines, or one JSON object per line (with a stable \"code\", listed in the man page).",
                               valueName: "format"))
    var errors: ErrorFormat = .text

    @Flag(help: "Stop at the first record that cannot be converted; with -o, write nothing.")
    var strict = false

    @Option(help: ArgumentHelp("Write the raw text of every record that could not be converted to this file.",
                               valueName: "file"))
    var rejects: String?

    @Option(name: .customLong("from"), help: ArgumentHelp("Input format (default: detected per input).",
                                                          valueName: "format"))
    var inputFormat: RunOptions.InputFormat?

    @Option(help: ArgumentHelp("Input encoding, such as windows-1252, iso-8859-1 or utf-16 (default: UTF-8; UTF-16 by its byte-order mark or NUL bytes; CSV that is not UTF-8 as windows-1252).",
                               valueName: "name"))
    var encoding: String?

    @Option(help: ArgumentHelp("CSV delimiter: comma, semicolon, tab or one character (default: detected from the header).",
                               valueName: "char"))
    var delimiter: String?

    @Option(name: .customLong("csv-dialect"), help: ArgumentHelp("CSV dialect (default: detected from the header).",
                                                                 valueName: "dialect"))
    var csvDialect: CSVDialect?

    @Option(name: .customLong("date-order"), help: ArgumentHelp("How to read CSV dates like 03/04/1990 (default: the dialect's, else the locale's).",
                                                                valueName: "order"))
    var dateOrder: DateOrder?

    @Flag(name: .customLong("no-formulas"), help: "In CSV output, put an apostrophe before cells a spreadsheet would run as formulas (=, +, -, @), except phone numbers and dates.")
    var guardsFormulas = false

    @Flag(inversion: .prefixedNo, help: "Start CSV output with a UTF-8 byte-order mark, without which Outlook's import and Excel read the file in the Windows code page and garble non-ASCII names (default: on for outlook-csv, off for csv and google-csv).")
    var bom: Bool?

    @Flag(help: "Convert nothing: report every rule of vCard 2.1, 3.0 (RFC 2426) or 4.0 (RFC 6350) each card breaks, as PATH:LINE: error: PROPERTY: rule (RFC section); exit 65 if any. CSV input gets its usual diagnostics.")
    var check = false

    @Flag(name: .customLong("apple-compat"), help: "In vCard 3.0 output, write dates without a year as Apple does (1604-MM-DD with X-APPLE-OMIT-YEAR=1604) instead of --MM-DD.")
    var appleCompat = false

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
            let text = "vcf2birthdays: \(message(for: error))\nUsage: \(usageString())\n  See 'vcf2birthdays --help' for more information.\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
            terminate(exitCode(for: error).rawValue)
        }
    }

    func validate() throws {
        if let today, CalendarDate(iso: today) == nil {
            let shaped = today.count == 10 && today.enumerated().allSatisfy { i, c in i == 4 || i == 7 ? c == "-" : c.isNumber }
            throw ValidationError(shaped ? "--today: no such date '\(today)'" : "--today takes a date as YYYY-MM-DD, not '\(today)'")
        }
        if let maxRecordBytes, Command.byteCount(maxRecordBytes) == nil {
            throw ValidationError("--max-record-bytes takes a size of at least 1K, such as 65536, 512K or 64M, not '\(maxRecordBytes)'")
        }
        if let threads, threads < 1 || threads > 256 {
            throw ValidationError("--threads takes a number from 1 to 256")
        }
        if let remind, remind < 0 || remind > 366 {
            throw ValidationError("--remind takes a number of days from 0 to 366")
        }
        if let within, within < 0 {
            throw ValidationError("--within takes a number of days of 0 or more")
        }
        if let delimiter, Command.delimiterByte(delimiter) == nil {
            throw ValidationError("--delimiter takes comma, semicolon, tab or one ASCII character, not '\(delimiter)'")
        }
        if check && (output != nil || open || photoDirectory != nil || rejects != nil) {
            throw ValidationError("--check converts nothing: it takes no -o, --open, --extract-photos or --rejects")
        }
        if let locale, locale.isEmpty || locale.contains(where: { !($0.isLetter || $0.isNumber || "_-@=.;".contains($0)) }) {
            throw ValidationError("--locale takes a locale such as sv, de_DE, sv_SE.UTF-8 or root, not '\(locale)'")
        }
    }

    func run() throws {
        let closed = StandardDescriptors.reserve()
        var options = RunOptions()
        options.inputs = paths
        options.format = format
        options.sort = sort
        options.locale = locale.map(Preferences.icuLocale)
        options.today = today.flatMap(CalendarDate.init(iso:))
        options.withinDays = within
        options.includesEveryone = all
        options.output = output
        options.strict = strict
        options.rejects = rejects
        options.inputFormat = inputFormat
        options.encoding = encoding
        options.delimiter = delimiter.flatMap(Command.delimiterByte)
        options.csvDialect = csvDialect
        options.dateOrder = dateOrder
        options.guardsFormulas = guardsFormulas
        options.byteOrderMark = bom
        options.appleCompat = appleCompat
        options.checksOnly = check
        options.feb29 = feb29
        options.includesOtherDates = anniversaries
        options.remindDaysBefore = remind
        options.opensResult = open
        options.photoDirectory = photoDirectory
        options.replacesPhotos = force
        options.quiet = quiet
        options.progress = progress
        options.errorsAsJSON = errors == .json
        if let size = maxRecordBytes.flatMap(Command.byteCount) { options.maxRecordBytes = size }
        options.threads = threads ?? min(8, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        signal(SIGPIPE, SIG_IGN)
        InterruptCleanup.install()
        let status = App.run(options, environment: .live(closedAtStart: closed))
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

/// `--errors text|json`.
enum ErrorFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}

extension RunOptions.Format: ExpressibleByArgument {}
extension CSVDialect: ExpressibleByArgument {}
extension Feb29Policy: ExpressibleByArgument {}
extension DateOrder: ExpressibleByArgument {}
extension RunOptions.InputFormat: ExpressibleByArgument {}
extension SortOrder: ExpressibleByArgument {}

extension Environment {
    /// The real world: system clock, environment variables, local files, standard streams.
    /// `closedAtStart`: the standard descriptors that were closed (now open on /dev/null).
    static func live(closedAtStart: Set<Int32>) -> Environment {
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
            standardErrorIsTerminal: isatty(2) != 0)
    }
}
