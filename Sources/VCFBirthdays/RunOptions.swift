import ArgumentParser
import ContactsCore
import ContactFormats
import ContactsOutput

/// What the user asked for: the command line's options in their parts (`Input`, `Selection`,
/// `Output`, `Calendar`, `Diagnostics`), each option declared once in its part.
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

    /// What is read, and how (`--from`, `--encoding`, the CSV options, `--threads`).
    public var input: Input
    /// Who is listed, in which order, and the day taken as today.
    public var selection: Selection
    /// What is written, and where.
    public var output: Output
    /// What a calendar (`--to ics`) holds besides birthdays.
    public var calendar: Calendar
    /// How problems are said and what they stop.
    public var diagnostics: Diagnostics
    /// About how many bytes of one input a thread reads as a part (the default, 64 KiB, suits
    /// every input; smaller parts let tests and fuzzers cut small inputs into many parts).
    public var partBytes = WorkerThreads.partBytes

    /// The defaults: the birthday list of standard input, on this thread only (each part as
    /// the command line's parser leaves it given no option).
    public init() {
        self.init(input: .defaults, selection: .defaults, output: .defaults, calendar: .defaults, diagnostics: .defaults)
    }

    /// The options of these parts, as the command line's parser gives them.
    public init(input: Input, selection: Selection, output: Output, calendar: Calendar, diagnostics: Diagnostics) {
        self.input = input
        self.selection = selection
        self.output = output
        self.calendar = calendar
        self.diagnostics = diagnostics
    }

    /// Threads that parse parts of an input and files at once (`--threads`); 1 reads on this thread only.
    public var threads: Int {
        get { input.threads ?? 1 }
        set { input.threads = newValue }
    }
}

extension ParsableArguments {
    /// The part as no option given leaves it (its `init()` is the parser's, whose values are
    /// read only once parsed).
    fileprivate static var defaults: Self {
        // An empty command line always parses: every option has a default and every check passes it.
        try! parse([])
    }
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
