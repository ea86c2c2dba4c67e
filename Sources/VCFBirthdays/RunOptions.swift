import ContactsCore
import ContactFormats
import ContactsOutput

/// What the user asked for, already parsed and validated by the command line.
public struct RunOptions: Sendable {
    /// What the run writes.
    public enum Format: String, CaseIterable, Sendable {
        /// The birthday list, for people.
        case list
        /// Tab-separated lines, for scripts.
        case tsv
        /// One JSON object per person per line.
        case json
        /// Our own CSV, which holds everything and reads back.
        case csv
        /// The CSV Google Contacts imports.
        case googleCSV = "google-csv"
        /// The CSV Outlook imports.
        case outlookCSV = "outlook-csv"
        /// An iCalendar file of yearly birthday events.
        case ics
        /// vCard 2.1, for old phones, car kits and desktop clients: quoted-printable UTF-8, bare types.
        case vcard21
        /// vCard 3.0 (RFC 2426).
        case vcard3
        /// vCard 4.0 (RFC 6350).
        case vcard4
        /// jCard (RFC 7095): vCard 4.0 in JSON, an array of cards.
        case jcard
        /// JSContact (RFC 9553): a Card per line (`--json-array`: a JSON array of them), converted by RFC 9555.
        case jscontact
        /// The answer to a mail client's address-book query (mutt's `query_command`): a line per e-mail address.
        case mutt
        /// LDIF (RFC 2849) that Thunderbird's address book imports.
        case ldif

        /// The birthday formats list people with a birthday, sorted; the others convert everyone.
        public var isBirthdayFormat: Bool { described.listsBirthdays }

        /// The file name extension of a file in this format.
        var fileExtension: String { described.fileExtension }

        /// Whether `--vdir` may write it, an item per file.
        public var mayBeVDir: Bool { described.vdirItems != nil }
    }

    /// How an input is read.
    public enum InputFormat: String, CaseIterable, Sendable {
        /// vCard 2.1, 3.0 or 4.0.
        case vcard
        /// CSV with a header row.
        case csv
        /// LDIF (RFC 2849): Thunderbird's and abook's address book exports, LDAP dumps.
        case ldif
        /// jCard (RFC 7095): a card, an array of cards, or cards one after another.
        case jcard
        /// JSContact (RFC 9553): a Card, an array of Cards, or Cards one after another.
        case jscontact
    }

    /// What is read, and how (`--from`, `--encoding`, the CSV options).
    public var input = Input()
    /// Who is listed, in which order, and the day taken as today.
    public var selection = Selection()
    /// What is written, and where.
    public var output = Output()
    /// What a calendar (`--to ics`) holds besides birthdays.
    public var calendar = Calendar()
    /// How problems are said and what they stop.
    public var diagnostics = Diagnostics()
    /// Threads that parse parts of an input and files at once (`--threads`); 1 reads on this thread only.
    public var threads = 1
    /// About how many bytes of one input a thread reads as a part (the default, 64 KiB, suits
    /// every input; smaller parts let tests and fuzzers cut small inputs into many parts).
    public var partBytes = WorkerThreads.partBytes

    /// What is read, and how.
    public struct Input: Sendable {
        /// Files, directories (every `.vcf`, `.csv` and `.ldif` in them) or `-` for standard input; none = standard input.
        public var paths: [String] = []
        /// nil: detected per input (vCard when a line near the start is `BEGIN:VCARD`, outside CSV quotes; else CSV).
        public var format: InputFormat?
        /// The input encoding; nil: UTF-8, UTF-16 (by its byte-order mark or NUL bytes), Windows-1252 fallback for CSV.
        public var encoding: String?
        /// The CSV delimiter; nil: detected from the header line.
        public var delimiter: UInt8?
        /// The CSV dialect (`--csv-dialect`); nil: told by the header.
        public var csvDialect: CSVDialect?
        /// How to read CSV dates like `03/04/1990` (`--date-order`); nil: the dialect's or locale's.
        public var dateOrder: DateOrder?
        /// A record (card or CSV row) larger than this is rejected; reading goes on after it.
        public var maxRecordBytes = 64 << 20
        /// The country whose national phone numbers the inputs hold (`--region`, ISO 3166: `DE`);
        /// nil: the locale's.
        public var region: String?
        /// Plain http to servers on other machines is allowed (`--allow-http`).
        public var allowsPlainHTTP = false
        /// The CA certificates servers are verified with (`--ca-file`); nil: the system's.
        public var caFile: String?
        /// Prints the servers' password (`--password-command`); nil: the netrc file gives it.
        public var passwordCommand: String?

        /// Standard input, each input's format detected.
        public init() {}
    }

    /// Who is listed, in which order, and the day taken as today.
    public struct Selection: Sendable {
        /// Only birthdays in the next this many days (`--within`).
        public var withinDays: Int?
        /// List people without a birthday too (`--all`).
        public var includesEveryone = false
        /// The order (`--sort`); nil: the format's default.
        public var sort: SortOrder?
        /// The memory people waiting to be sorted may take (`--buffer-size`); beyond it they
        /// are sorted in runs in a temporary file, as `sort(1)` does.
        public var sortBufferBytes = 64 << 20
        /// The collation locale (`--locale`); nil: the environment's.
        public var locale: String?
        /// The day taken as today (`--today`); nil: the clock's.
        public var today: CalendarDate?
        /// Where a 29 February birthday falls in common years.
        public var feb29 = Feb29Policy.feb28
        /// With `--within`, people who died too (`--include-deceased`).
        public var includesDeceased = false
        /// People whose card asks to be left out of birthday calendars (Nextcloud's
        /// `X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR`) too (`--include-excluded`).
        public var includesExcluded = false
        /// Only people in any of these categories (`--category`); empty: everyone.
        public var categories: [String] = []
        /// Not people in any of these categories (`--exclude-category`).
        public var excludedCategories: [String] = []
        /// Only people whose name holds this, case and accents aside (`--match`).
        public var match: String?
        /// Only people whose name, nickname, organization or an e-mail address holds this, case and accents aside (`--query`).
        public var query: String?

        /// Everyone with a birthday, in the format's order, today by the clock.
        public init() {}
    }

    /// What is written, and where.
    public struct Output: Sendable {
        /// The output format (`--to`).
        public var format: Format = .list
        /// The output file (`-o`); nil: standard output. Its extension gives the format when `--to` is not given (`Format(fileName:)`).
        public var file: String?
        /// Write one file per event or card into this folder, a vdir (`--vdir`), instead of one stream.
        public var vdir: String?
        /// How many stale items a vdir run may remove (`--max-remove`).
        public var maxRemove: RemovalLimit = .standard
        /// Print what a vdir run would write and remove, and change nothing (`--dry-run`).
        public var dryRun = false
        /// Open the result with the default application (`--open`).
        public var opensResult = false
        /// Write embedded photos into this folder (`--extract-photos`).
        public var photoDirectory: String?
        /// Replace photo files that exist (`--force`).
        public var replacesPhotos = false
        /// Protect CSV output against spreadsheet formula injection.
        public var guardsFormulas = false
        /// CSV output starts with a UTF-8 byte-order mark; nil: for `outlook-csv` only (Outlook's
        /// import and Excel read a CSV without one in the Windows code page).
        public var byteOrderMark: Bool?
        /// vCard 3.0: year-less dates in Apple's form (`X-APPLE-OMIT-YEAR=1604`).
        public var appleCompat = false
        /// JSContact: one JSON array of the Cards instead of a Card per line (`--json-array`).
        public var jsonArray = false
        /// The application the output is for (`--for`): its format when `--to` does not say, and
        /// the rules its import needs of vCards.
        public var importer: ImporterProfile?
        /// Report the duplicates among everyone read (`--dupes`) instead of the output format.
        public var reportsDuplicates = false
        /// Write each group of duplicates as one person (`--merge`).
        public var mergesDuplicates = false

        /// The birthday list on standard output.
        public init() {}
    }

    /// What a calendar holds besides birthdays.
    public struct Calendar: Sendable {
        /// Also anniversaries and Apple's labelled dates.
        public var includesOtherDates = false
        /// The alarms of each event (`--remind`), in order.
        public var reminders: [Reminder] = []
        /// Single events in each of the next this many years, titled with the age (`--years`);
        /// nil: one yearly event.
        public var years: Int?
        /// A birthday of another calendar as one event recurring in that calendar
        /// (`RRULE;RSCALE=`, `--rscale`) instead of single events.
        public var recursInItsCalendar = false
        /// The events' title (`--title`), with `{name}`, `{age}`, `{age-years}`, `{year}`, `{date}`, `{kind}`;
        /// nil: the locale's default.
        public var titleTemplate: String?

        /// Birthdays only, without alarms.
        public init() {}
    }

    /// How problems are said and what they stop.
    public struct Diagnostics: Sendable {
        /// Stop at the first record that cannot be converted (`--strict`).
        public var strict = false
        /// Where the raw text of rejected records goes (`--rejects`).
        public var rejects: String?
        /// Report every rule the input breaks, convert nothing (`--check`).
        public var checksOnly = false
        /// No summary line at the end (`--quiet`).
        public var quiet = false
        /// Neither warnings nor rejected records said either (`-qq`, for a mail client's query):
        /// only what fails the run (an input or output that cannot be read or written, a wrong
        /// option). Rejected records still go to `--rejects` and make the exit status 65.
        public var silent = false
        /// `--progress` / `--no-progress`; nil: a progress line when standard error is a terminal.
        public var progress: Bool?
        /// Diagnostics and the summary as JSON lines (`--errors json`).
        public var errorsAsJSON = false

        /// Diagnostics as text, every record that can be converted converted, a summary at the end.
        public init() {}
    }

    /// The defaults: the birthday list of standard input.
    public init() {}
}

/// The process exit status, as in `sysexits.h`.
public enum RunStatus: Int32, CaseIterable, Sendable {
    /// Every record converted.
    case success = 0
    /// `--to mutt`: no address matched (as abook's query says `Not found`).
    case notFound = 1
    /// The command line is wrong.
    case usage = 64
    /// Some record could not be converted.
    case dataError = 65
    /// An input cannot be read.
    case noInput = 66
    /// The result cannot be opened (`--open`).
    case unavailable = 69
    /// An output cannot be created, or would land on an input.
    case cannotCreate = 73
    /// Reading or writing failed.
    case ioError = 74
    /// `--vdir`: stale items were kept because removing them would pass `--max-remove`.
    case removalLimit = 77
}

extension RunOptions {
    /// What the run warns of its options: those given that do nothing in this run, each saying
    /// why (ignored), and an `-o` file named for another format than the one written.
    var optionWarnings: [(Diagnostic.Code, String)] {
        var warnings = optionsThatDoNothing.map { (Diagnostic.Code.optionIgnored, $0 + "; ignored") }
        // Another format of the same kind of file (`.csv` for google-csv, `.vcf` for vCard 4.0) is no mismatch.
        if let file = output.file, !output.reportsDuplicates, let named = Format(fileName: file),
           named.fileExtension != output.format.fileExtension {
            warnings.append((.formatMismatch, "-o \(file): the name says \(named.rawValue) but --to \(output.format.rawValue) is written"))
        }
        return warnings
    }

    /// The options given that do nothing in this run, each saying why.
    var optionsThatDoNothing: [String] {
        let csv = output.format.described.isCSV
        let to = "--to \(output.format.rawValue)"
        var said: [String] = []
        if !calendar.reminders.isEmpty && output.format != .ics { said.append("--remind does nothing without --to ics") }
        if calendar.years != nil && output.format != .ics { said.append("--years does nothing without --to ics") }
        if calendar.recursInItsCalendar && output.format != .ics { said.append("--rscale does nothing without --to ics") }
        if calendar.titleTemplate != nil && output.format != .ics { said.append("--title does nothing without --to ics") }
        if calendar.includesOtherDates && output.format != .ics { said.append("--anniversaries does nothing without --to ics") }
        if output.appleCompat && output.format != .vcard3 { said.append("--apple-compat does nothing without --to vcard3") }
        if output.guardsFormulas && !csv { said.append("--no-formulas does nothing without CSV output (--to csv, google-csv or outlook-csv)") }
        if let bom = output.byteOrderMark, !csv {
            said.append("\(bom ? "--bom" : "--no-bom") does nothing without CSV output (--to csv, google-csv or outlook-csv)")
        }
        if output.replacesPhotos && output.photoDirectory == nil { said.append("--force does nothing without --extract-photos") }
        if selection.includesEveryone && !output.format.isBirthdayFormat {
            said.append("--all does nothing with \(to): only the list and tsv leave out people without a birthday")
        }
        if selection.feb29 != .feb28 && ![.list, .tsv, .ics].contains(output.format) && selection.withinDays == nil {
            said.append("--feb29 does nothing with \(to) (it moves birthdays for ages, --within and calendars)")
        }
        if selection.includesDeceased && selection.withinDays == nil {
            said.append("--include-deceased does nothing without --within")
        }
        if selection.includesExcluded && !output.format.described.showsBirthdays {
            said.append("--include-excluded does nothing with \(to): only the list, tsv and ics leave such contacts out")
        }
        if selection.sort != nil && output.vdir != nil { said.append("--sort does nothing with --vdir: a vdir has no order") }
        return said
    }
}
