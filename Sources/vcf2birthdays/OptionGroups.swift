import ArgumentParser
import VCFBirthdays

// The command line's options, in groups that match the parts of `RunOptions`: each option is
// declared once, with its help, its check and what it sets.

/// What is read, and how: `RunOptions.Input`.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("vCard, CSV or LDIF files, directories (every .vcf, .csv and .ldif in them), or - for standard input (the default).",
                                 valueName: "path"))
    var paths: [String] = []

    @Option(name: .customLong("from"), help: ArgumentHelp("Input format (default: detected per input).",
                                                          valueName: "format"))
    var format: RunOptions.InputFormat?

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

    @Option(name: .customLong("max-record-bytes"), help: ArgumentHelp("A card or CSV row larger than this is rejected and reading goes on after it; K, M and G suffixes (default: 64M).",
                                                                      valueName: "size"))
    var maxRecordBytes: String?

    @Option(help: ArgumentHelp("The country of national phone numbers (those without +), as its two-letter code, such as DE or US, for --dupes and --merge (default: the locale's).",
                               valueName: "CC"))
    var region: String?

    @Flag(name: .customLong("allow-http"), help: "Read from servers over plain http on other machines too (the password crosses the network in clear; http to this machine is always allowed).")
    var allowsPlainHTTP = false

    @Option(name: .customLong("ca-file"), help: ArgumentHelp("Verify servers with the CA certificates in this PEM file instead of the system's.",
                                                             valueName: "file"))
    var caFile: String?

    @Option(name: .customLong("password-command"), help: ArgumentHelp("Run this command (by /bin/sh) for the servers' password, the first line it prints, instead of ~/.netrc; the URL gives the user name.",
                                                                      valueName: "command"))
    var passwordCommand: String?

    func validate() throws {
        if let region, region.utf8.count != 2 || !region.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) })
            || !isRegion(region.uppercased()) {
            throw ValidationError("--region takes a two-letter country code, such as DE or US, not '\(region)'")
        }
        if let maxRecordBytes, Command.byteCount(maxRecordBytes) == nil {
            throw ValidationError("--max-record-bytes takes a size of at least 1K, such as 65536, 512K or 64M, not '\(maxRecordBytes)'")
        }
        if let delimiter, Command.delimiterByte(delimiter) == nil {
            throw ValidationError("--delimiter takes comma, semicolon, tab or one ASCII character, not '\(delimiter)'")
        }
    }

    var options: RunOptions.Input {
        var input = RunOptions.Input()
        input.paths = paths
        input.format = format
        input.encoding = encoding
        input.delimiter = delimiter.flatMap(Command.delimiterByte)
        input.csvDialect = csvDialect
        input.dateOrder = dateOrder
        if let size = maxRecordBytes.flatMap(Command.byteCount) { input.maxRecordBytes = size }
        input.region = region?.uppercased()
        input.allowsPlainHTTP = allowsPlainHTTP
        input.caFile = caFile
        input.passwordCommand = passwordCommand
        return input
    }
}

/// Who is listed, in which order, and the day taken as today: `RunOptions.Selection`.
struct SelectionOptions: ParsableArguments {
    // Unconditional: `--within -3` reaches the check below instead of reading as an option.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only birthdays in the next N days (0 = today); sorts by upcoming unless --sort is given.",
                               valueName: "days"))
    var within: Int?

    @Flag(help: "List people without a birthday too (list and tsv).")
    var all = false

    @Option(help: ArgumentHelp("Order (default: upcoming with --within, else $VCF2BIRTHDAYS_SORT, else last; conversions keep input order).",
                               valueName: "order"))
    var sort: SortOrder?

    @Option(name: .customLong("buffer-size"),
            help: ArgumentHelp("Memory for people waiting to be sorted, as sort -S spells it: b, K (a number alone), M, G, T, or % of the physical memory; beyond it they are sorted in runs in a temporary file in $TMPDIR (default: 64M).",
                               valueName: "size"))
    var bufferSize: String?

    @Option(help: ArgumentHelp("Collation locale, such as sv, de_DE or sv_SE.UTF-8, and the birthday list's language; C and POSIX are root, in English (default: from LC_ALL, LC_COLLATE or LANG).",
                               valueName: "locale"))
    var locale: String?

    @Flag(name: .customLong("include-deceased"),
          help: "With --within, also people who died (DEATHDATE); they are left out by default.")
    var includesDeceased = false

    @Flag(name: .customLong("include-excluded"),
          help: "Also people whose card asks to be left out of birthday calendars (Nextcloud's X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR); the list, tsv and ics leave them out by default.")
    var includesExcluded = false

    @Option(name: .customLong("category"),
            help: ArgumentHelp("Only people in this category (vCard CATEGORIES, Google labels, Outlook categories); repeat for any of several. Case and accents aside.",
                               valueName: "name"))
    var categories: [String] = []

    @Option(name: .customLong("exclude-category"),
            help: ArgumentHelp("Leave out people in this category; repeatable.", valueName: "name"))
    var excludedCategories: [String] = []

    @Option(help: ArgumentHelp("Only people whose name or nickname holds this text, case and accents aside (muller finds Müller).",
                               valueName: "text"))
    var match: String?

    @Option(help: ArgumentHelp("Only people whose name, nickname, organization or an e-mail address holds this text, case and accents aside: a mail client's address-book query (see --to mutt).",
                               valueName: "text"))
    var query: String?

    @Option(help: ArgumentHelp("Take this day as today (default: the system date).", valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(help: ArgumentHelp("Where a 29 February birthday falls in common years.",
                               valueName: "day"))
    var feb29: Feb29Policy = .feb28

    func validate() throws {
        if let today, CalendarDate(iso: today) == nil {
            let shaped = today.count == 10 && today.enumerated().allSatisfy { i, c in i == 4 || i == 7 ? c == "-" : c.isNumber }
            throw ValidationError(shaped ? "--today: no such date '\(today)'" : "--today takes a date as YYYY-MM-DD, not '\(today)'")
        }
        if let within, within < 0 {
            throw ValidationError("--within takes a number of days of 0 or more")
        }
        if let bufferSize, Command.bufferBytes(bufferSize) == nil {
            throw ValidationError("--buffer-size takes a size such as 64M, 1G, 500000K or 25%, not '\(bufferSize)'")
        }
        if let locale, locale.isEmpty || locale.contains(where: { !($0.isLetter || $0.isNumber || "_-@=.;".contains($0)) }) {
            throw ValidationError("--locale takes a locale such as sv, de_DE, sv_SE.UTF-8 or root, not '\(locale)'")
        }
    }

    var options: RunOptions.Selection {
        var selection = RunOptions.Selection()
        selection.withinDays = within
        selection.includesEveryone = all
        selection.sort = sort
        if let size = bufferSize.flatMap(Command.bufferBytes) { selection.sortBufferBytes = size }
        selection.locale = locale.map(Preferences.icuLocale)
        selection.today = today.flatMap(CalendarDate.init(iso:))
        selection.feb29 = feb29
        selection.includesDeceased = includesDeceased
        selection.includesExcluded = includesExcluded
        selection.categories = categories
        selection.excludedCategories = excludedCategories
        selection.match = match
        selection.query = query
        return selection
    }
}

/// What is written, and where: `RunOptions.Output`.
struct OutputOptions: ParsableArguments {
    @Option(name: .customLong("to"), help: ArgumentHelp("Output format: " + RunOptions.Format.allCases.map(\.rawValue).joined(separator: ", ") + " (default: the one -o's extension says — .ics, .csv, .json, .vcf (vCard 3.0), .ldif, .tsv — else the birthday list). Also ical, google, outlook, ndjson, vcard-4.0 and other unambiguous names.",
                                                        valueName: "format"),
            completion: .list(RunOptions.Format.allCases.map(\.rawValue)))
    var formatName: String?

    /// The format `--to` names; nil when not given (or not one, which `validate` says).
    var format: RunOptions.Format? { formatName.flatMap(RunOptions.Format.init(name:)) }

    @Flag(name: .customLong("dupes"), help: "Report the duplicates instead: a line per person in a group, GROUP TAB REASON TAB NAME TAB PATH:LINE (reasons: uid, email, phone, role-email, name-birthday, conflict); --query, --category, --match and --within show the groups with a member they choose.")
    var reportsDuplicates = false

    @Flag(name: .customLong("merge"), help: "Write each group of duplicates (as --dupes finds them) as one person, keeping every value: e-mails and phones once each, both notes, all categories; a differing name, organization or title as X-MERGED-* properties. Conflicts are not merged.")
    var mergesDuplicates = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output: atomically (a link's target is replaced, a FIFO or device written in place), never onto an input.",
                                                    valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("With --to ics, vcard3 or vcard4: write a vdir, one file per event or card named after its UID, into this folder (as vdirsyncer, khal and khard keep them); unchanged files are left alone, a file of another program's is never replaced, and files this tool wrote for items no longer there are removed — only when every input was read whole and no record was rejected.",
                               valueName: "dir"))
    var vdir: String?

    @Option(name: .customLong("max-remove"), help: ArgumentHelp("With --vdir: remove no stale item when more than this many (N) or this share of the items this tool wrote there (N%) would go (default: half, and 3 always).",
                                                                valueName: "N|N%"))
    var maxRemove: RemovalLimit?

    @Flag(name: .customLong("dry-run"), help: "With --vdir: print what would be written, left unchanged, removed and kept (ACTION TAB PATH), and change nothing.")
    var dryRun = false

    @Flag(help: "Open the result with the default application (xdg-open); without -o, it is written to a temporary file first.")
    var open = false

    @Option(name: .customLong("extract-photos"), help: ArgumentHelp("Write every embedded photo into this folder, named after the person.",
                                                                    valueName: "dir"))
    var photoDirectory: String?

    @Flag(help: "With --extract-photos, replace photo files that exist.")
    var force = false

    @Flag(name: .customLong("no-formulas"), help: "In CSV output, put an apostrophe before cells a spreadsheet would run as formulas (=, +, -, @), except phone numbers and dates.")
    var guardsFormulas = false

    @Flag(inversion: .prefixedNo, help: "Start CSV output with a UTF-8 byte-order mark, without which Outlook's import and Excel read the file in the Windows code page and garble non-ASCII names (default: on for outlook-csv, off for csv and google-csv).")
    var bom: Bool?

    @Flag(name: .customLong("apple-compat"), help: "In vCard 3.0 output, write dates without a year as Apple does (1604-MM-DD with X-APPLE-OMIT-YEAR=1604) instead of --MM-DD, and the anniversary as its labelled date (item1.X-ABDATE) instead of X-ANNIVERSARY.")
    var appleCompat = false

    @Option(name: .customLong("for"), help: ArgumentHelp("Write what this application's import takes as it is: " + ImporterProfile.all.map(\.name).joined(separator: ", ") + " (khal: khard's). Its format unless --to says another; vCards by its rules (no groups or folded lines for abook, Apple's dates for apple, a card to a file for outlook: --vdir). The man page lists each rule and its source.",
                                                         valueName: "app"),
            completion: .list(ImporterProfile.all.map(\.name)))
    var importerName: String?

    @Flag(name: .customLong("json-array"), help: "In JSContact output (--to jscontact), write one JSON array of the Cards instead of a Card per line.")
    var jsonArray = false

    var options: RunOptions.Output {
        var output = RunOptions.Output()
        // A file named for a format gets it (as pandoc and ffmpeg do); --dupes writes its own report.
        output.importer = importerName.flatMap(ImporterProfile.init(name:))
        output.format = format ?? (reportsDuplicates ? nil : self.output.flatMap(RunOptions.Format.init(fileName:)))
            ?? output.importer.flatMap { RunOptions.Format(rawValue: $0.format.rawValue) } ?? .list
        output.reportsDuplicates = reportsDuplicates
        output.mergesDuplicates = mergesDuplicates
        output.file = self.output
        output.vdir = vdir
        output.maxRemove = maxRemove ?? .standard
        output.dryRun = dryRun
        output.opensResult = open
        output.photoDirectory = photoDirectory
        output.replacesPhotos = force
        output.guardsFormulas = guardsFormulas
        output.byteOrderMark = bom
        output.appleCompat = appleCompat
        output.jsonArray = jsonArray
        return output
    }
}

/// What a calendar holds besides birthdays: `RunOptions.Calendar`.
struct CalendarOptions: ParsableArguments {
    @Flag(help: "Calendar (--to ics): also anniversaries and Apple's labelled dates.")
    var anniversaries = false

    @Option(parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Calendar (--to ics): an alarm this many days before each event (0 = on the day), at a time of day with @HH:MM (7@09:00); repeat it or separate with commas for several (7@09:00,0@08:00).",
                               valueName: "days[@HH:MM]"))
    var remind: [String] = []

    @Option(help: ArgumentHelp("Calendar (--to ics): instead of one yearly event, single events in each of the next N years from --today (1 to 100), titled with the age reached; birthdays of other calendars (CALSCALE) get single events, 10 years without it (or one event with --rscale).",
                               valueName: "n"))
    var years: Int?

    @Flag(help: "Calendar (--to ics): a birthday of another calendar (CALSCALE) as one event recurring in that calendar (RRULE;RSCALE=, RFC 7529), for the clients that expand it, instead of single events.")
    var rscale = false

    @Option(help: ArgumentHelp("Calendar (--to ics): the events' title, with {name}, {age} (41), {age-years} (41 years, in the --locale's language), {year}, {date} and {kind}; {{ and }} are braces; an empty {age} takes the (…) around it (default: the --locale's language: \"{kind}: {name}\", with --years \"{kind}: {name} ({age-years})\").",
                               valueName: "template"))
    var title: String?

    func validate() throws {
        if case .failure(let problem) = Reminder.parse(remind) {
            throw ValidationError("--remind \(problem)")
        }
        if let years, years < 1 || years > 100 {
            throw ValidationError("--years takes a number of years from 1 to 100")
        }
        if let title, let problem = EventTitles.problem(in: title) {
            throw ValidationError("--title: \(problem)")
        }
    }

    var options: RunOptions.Calendar {
        var calendar = RunOptions.Calendar()
        calendar.includesOtherDates = anniversaries
        calendar.reminders = (try? Reminder.parse(remind).get()) ?? []
        calendar.years = years
        calendar.recursInItsCalendar = rscale
        calendar.titleTemplate = title
        return calendar
    }
}

/// How problems are said and what they stop: `RunOptions.Diagnostics`.
struct DiagnosticOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How diagnostics are written on standard error: as PATH:LINE: severity: message lines, or one JSON object per line (with a stable \"code\", listed in the man page).",
                               valueName: "format"))
    var errors: ErrorFormat = .text

    @Flag(help: "Stop at the first record that cannot be converted; with -o, write nothing.")
    var strict = false

    @Option(help: ArgumentHelp("Write the raw text of every record that could not be converted to this file.",
                               valueName: "file"))
    var rejects: String?

    @Flag(help: "Convert nothing: report every rule of vCard 2.1, 3.0 (RFC 2426) or 4.0 (RFC 6350) each card breaks, as PATH:LINE: error: PROPERTY: rule (RFC section); exit 65 if any. CSV input gets its usual diagnostics.")
    var check = false

    @Flag(name: .shortAndLong, help: "No summary line (N people, W warnings, R rejected) on standard error at the end, nor progress; -qq: no warnings and no rejected record said either, only what fails the run (for a mail client's query_command).")
    var quiet: Int

    @Flag(inversion: .prefixedNo, help: "Show a progress line on standard error during runs longer than a second (default: only when standard error is a terminal, and not with -q).")
    var progress: Bool?

    var options: RunOptions.Diagnostics {
        var diagnostics = RunOptions.Diagnostics()
        diagnostics.errorsAsJSON = errors == .json
        diagnostics.strict = strict
        diagnostics.rejects = rejects
        diagnostics.checksOnly = check
        diagnostics.quiet = quiet > 0
        diagnostics.silent = quiet > 1
        diagnostics.progress = progress
        return diagnostics
    }
}

/// `--errors text|json`.
enum ErrorFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}
