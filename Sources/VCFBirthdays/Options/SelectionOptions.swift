import ArgumentParser
import ContactsCore
import ContactsOutput

extension RunOptions {
    /// Who is listed, in which order, and the day taken as today: the command line's Selection
    /// options, each declared here once.
    public struct Selection: ParsableArguments, Sendable {
        /// Only birthdays in the next this many days (`--within`).
        // Unconditional: `--within -3` reaches the check below instead of reading as an option.
        @Option(name: .customLong("within"), parsing: .unconditional,
                help: ArgumentHelp("Only birthdays in the next N days (0 = today); sorts by upcoming unless --sort is given.",
                                   valueName: "days"))
        public var withinDays: Int?

        /// List people without a birthday too (`--all`).
        @Flag(name: .customLong("all"), help: "List people without a birthday too (list and tsv).")
        public var includesEveryone = false

        /// The order (`--sort`); nil: the format's default.
        @Option(help: ArgumentHelp("Order (default: upcoming with --within, else $VCF2BIRTHDAYS_SORT, else last; conversions keep input order).",
                                   valueName: "order"))
        public var sort: SortOrder?

        /// The memory people waiting to be sorted may take (`--buffer-size`); beyond it they
        /// are sorted in runs in a temporary file, as `sort(1)` does.
        @Option(name: .customLong("buffer-size"),
                help: ArgumentHelp("Memory for people waiting to be sorted, as sort -S spells it: b, K (a number alone), M, G, T, or % of the physical memory; beyond it they are sorted in runs in a temporary file in $TMPDIR (default: 64M).",
                                   valueName: "size"),
                transform: { try OptionValue.check(OptionValue.bufferBytes($0), "not a size such as 64M, 1G, 500000K or 25%") })
        public var sortBufferBytes = 64 << 20

        /// The collation locale (`--locale`), as ICU's id; nil: the environment's.
        @Option(help: ArgumentHelp("Collation locale, such as sv, de_DE or sv_SE.UTF-8, and the birthday list's language; C and POSIX are root, in English (default: from LC_ALL, LC_COLLATE or LANG).",
                                   valueName: "locale"),
                transform: OptionValue.locale)
        public var locale: String?

        /// With `--within`, people who died too (`--include-deceased`).
        @Flag(name: .customLong("include-deceased"),
              help: "With --within, also people who died (DEATHDATE); they are left out by default.")
        public var includesDeceased = false

        /// People whose card asks to be left out of birthday calendars (Nextcloud's
        /// `X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR`) too (`--include-excluded`).
        @Flag(name: .customLong("include-excluded"),
              help: "Also people whose card asks to be left out of birthday calendars (Nextcloud's X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR); the list, tsv and ics leave them out by default.")
        public var includesExcluded = false

        /// Only people in any of these categories (`--category`); empty: everyone.
        @Option(name: .customLong("category"),
                help: ArgumentHelp("Only people in this category (vCard CATEGORIES, Google labels, Outlook categories); repeat for any of several. Case and accents aside.",
                                   valueName: "name"))
        public var categories: [String] = []

        /// Not people in any of these categories (`--exclude-category`).
        @Option(name: .customLong("exclude-category"),
                help: ArgumentHelp("Leave out people in this category; repeatable.", valueName: "name"))
        public var excludedCategories: [String] = []

        /// Only people whose name holds this, case and accents aside (`--match`).
        @Option(help: ArgumentHelp("Only people whose name or nickname holds this text, case and accents aside (muller finds Müller).",
                                   valueName: "text"))
        public var match: String?

        /// Only people whose name, nickname, organization or an e-mail address holds this, case and accents aside (`--query`).
        @Option(help: ArgumentHelp("Only people whose name, nickname, organization or an e-mail address holds this text, case and accents aside: a mail client's address-book query (see --to mutt).",
                                   valueName: "text"))
        public var query: String?

        /// The day taken as today (`--today`); nil: the clock's.
        @Option(help: ArgumentHelp("Take this day as today (default: the system date).", valueName: "YYYY-MM-DD"),
                transform: OptionValue.day)
        public var today: CalendarDate?

        /// Where a 29 February birthday falls in common years.
        @Option(help: ArgumentHelp("Where a 29 February birthday falls in common years.", valueName: "day"))
        public var feb29: Feb29Policy = .feb28

        public func validate() throws {
            if let withinDays, withinDays < 0 {
                throw ValidationError("--within takes a number of days of 0 or more")
            }
        }

        /// Everyone with a birthday, in the format's order, today by the clock (the parser's
        /// start: a run's options begin as `RunOptions()`'s).
        public init() {}
    }
}
