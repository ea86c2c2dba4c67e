import ArgumentParser
import ContactsCore
import ContactFormats

extension RunOptions {
    /// What is written, and where: the command line's Output options, each declared here once.
    public struct Output: ParsableArguments, Sendable {
        /// The format `--to` names; nil: the one `format` works out.
        @Option(name: .customLong("to"),
                help: ArgumentHelp("Output format: " + Format.allCases.map(\.rawValue).joined(separator: ", ") + " (default: the one -o's extension says — .ics, .csv, .json, .vcf (vCard 3.0), .ldif, .tsv — else the birthday list). Also ical, google, outlook, ndjson, vcard-4.0 and other unambiguous names.",
                                   valueName: "format"),
                completion: .list(Format.allCases.map(\.rawValue)),
                transform: { try OptionValue.check(Format(name: $0), Format.unknownNameMessage($0)) })
        public var requestedFormat: Format?

        /// Report the duplicates among everyone read (`--dupes`) instead of the output format.
        @Flag(name: .customLong("dupes"), help: "Report the duplicates instead: a line per person in a group, GROUP TAB REASON TAB NAME TAB PATH:LINE (reasons: uid, email, phone, role-email, name-birthday, conflict); --query, --category, --match and --within show the groups with a member they choose.")
        public var reportsDuplicates = false

        /// Write each group of duplicates as one person (`--merge`).
        @Flag(name: .customLong("merge"), help: "Write each group of duplicates (as --dupes finds them) as one person, keeping every value: e-mails and phones once each, both notes, all categories; a differing name, organization or title as X-MERGED-* properties. Conflicts are not merged.")
        public var mergesDuplicates = false

        /// The output file (`-o`); nil: standard output. Its extension gives the format when `--to` is not given (`Format(fileName:)`).
        @Option(name: [.customLong("output"), .customShort("o")],
                help: ArgumentHelp("Write to this file instead of standard output: atomically (a link's target is replaced, a FIFO or device written in place), never onto an input.",
                                   valueName: "file"))
        public var file: String?

        /// Write one file per event or card into this folder, a vdir (`--vdir`), instead of one stream.
        @Option(help: ArgumentHelp("With --to ics, vcard3 or vcard4: write a vdir, one file per event or card named after its UID, into this folder (as vdirsyncer, khal and khard keep them); unchanged files are left alone, a file of another program's is never replaced, and files this tool wrote for items no longer there are removed — only when every input was read whole and no record was rejected.",
                                   valueName: "dir"))
        public var vdir: String?

        /// How many stale items a vdir run may remove (`--max-remove`); nil: `.standard`.
        @Option(name: .customLong("max-remove"), help: ArgumentHelp("With --vdir: remove no stale item when more than this many (N) or this share of the items this tool wrote there (N%) would go (default: half, and 3 always).",
                                                                    valueName: "N|N%"))
        public var maxRemove: RemovalLimit?

        /// Print what a vdir run would write and remove, and change nothing (`--dry-run`).
        @Flag(name: .customLong("dry-run"), help: "With --vdir: print what would be written, left unchanged, removed and kept (ACTION TAB PATH), and change nothing.")
        public var dryRun = false

        /// Open the result with the default application (`--open`).
        @Flag(name: .customLong("open"), help: "Open the result with the default application (xdg-open); without -o, it is written to a temporary file first.")
        public var opensResult = false

        /// Write embedded photos into this folder (`--extract-photos`).
        @Option(name: .customLong("extract-photos"), help: ArgumentHelp("Write every embedded photo into this folder, named after the person.",
                                                                        valueName: "dir"))
        public var photoDirectory: String?

        /// Replace photo files that exist (`--force`).
        @Flag(name: .customLong("force"), help: "With --extract-photos, replace photo files that exist.")
        public var replacesPhotos = false

        /// Protect CSV output against spreadsheet formula injection (`--no-formulas`).
        @Flag(name: .customLong("no-formulas"), help: "In CSV output, put an apostrophe before cells a spreadsheet would run as formulas (=, +, -, @), except phone numbers and dates.")
        public var guardsFormulas = false

        /// CSV output starts with a UTF-8 byte-order mark (`--bom`, `--no-bom`); nil: for `outlook-csv`
        /// only (Outlook's import and Excel read a CSV without one in the Windows code page).
        @Flag(name: .customLong("bom"), inversion: .prefixedNo, help: "Start CSV output with a UTF-8 byte-order mark, without which Outlook's import and Excel read the file in the Windows code page and garble non-ASCII names (default: on for outlook-csv, off for csv and google-csv).")
        public var byteOrderMark: Bool?

        /// vCard 3.0: year-less dates in Apple's form (`X-APPLE-OMIT-YEAR=1604`).
        @Flag(name: .customLong("apple-compat"), help: "In vCard 3.0 output, write dates without a year as Apple does (1604-MM-DD with X-APPLE-OMIT-YEAR=1604) instead of --MM-DD, and the anniversary as its labelled date (item1.X-ABDATE) instead of X-ANNIVERSARY.")
        public var appleCompat = false

        /// The application the output is for (`--for`): its format when `--to` does not say, and
        /// the rules its import needs of vCards.
        @Option(name: .customLong("for"),
                help: ArgumentHelp("Write what this application's import takes as it is: " + ImporterProfile.all.map(\.name).joined(separator: ", ") + " (khal: khard's). Its format unless --to says another; vCards by its rules (no groups or folded lines for abook, Apple's dates for apple, a card to a file for outlook: --vdir). The man page lists each rule and its source.",
                                   valueName: "app"),
                completion: .list(ImporterProfile.all.map(\.name)),
                transform: { try OptionValue.check(ImporterProfile(name: $0), "not an application this tool knows; the applications: " + ImporterProfile.all.map(\.name).joined(separator: ", ")) })
        public var importer: ImporterProfile?

        /// JSContact: one JSON array of the Cards instead of a Card per line (`--json-array`).
        @Flag(name: .customLong("json-array"), help: "In JSContact output (--to jscontact), write one JSON array of the Cards instead of a Card per line.")
        public var jsonArray = false

        /// The output format: `--to`'s, else the one `-o`'s name says (as pandoc and ffmpeg
        /// tell it; not for `--dupes`, which writes its own report), else `--for`'s
        /// application's, else the birthday list. Setting it sets `--to`.
        public var format: Format {
            get {
                requestedFormat ?? (reportsDuplicates ? nil : file.flatMap(Format.init(fileName:)))
                    ?? importer.flatMap { Format(rawValue: $0.format.rawValue) } ?? .list
            }
            set { requestedFormat = newValue }
        }

        /// The birthday list on standard output (the parser's start: a run's options begin as
        /// `RunOptions()`'s).
        public init() {}
    }
}
