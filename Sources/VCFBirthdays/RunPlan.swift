import ContactsCore
import ContactFormats
import ContactsOutput

/// What a run does, decided from its options and what the environment says before any file is
/// read or written: a pure step (`init`) whose result tests inspect. `App.run` carries it out.
struct RunPlan {
    /// What the people pass through after they are read, in this order, before the `final` sink.
    enum Stage: Equatable {
        /// `--extract-photos`: the photos go into this folder (first: it must see everyone).
        case extractPhotos(into: String)
        /// The members of group cards (Apple's, LDIF's) get the groups as categories (when an
        /// input has one); these forms of group card are passed on as the groups they are.
        case groupCategories(keeping: Set<ContactGroups.Form>)
        /// `--merge`: each group of duplicates becomes one person.
        case mergeDuplicates
    }

    /// Where the people end.
    enum Final: Equatable {
        /// `--dupes`: the report of the duplicates.
        case duplicateReport
        /// `--vdir`: an item per file in this folder.
        case vdir(String)
        /// `--check`: nothing is written.
        case nothing
        /// The output format, on `-o` or standard output.
        case formatted
    }

    /// The options, `today` set (the readers check birth years against it).
    private(set) var options: RunOptions
    /// Today, and where 29 February falls.
    let dates: DateContext
    /// The collation locale, also the language of the list and of the calendar's titles.
    let locale: String
    let collator: Collator
    let order: SortOrder
    /// The country of national phone numbers (`--region`, else the locale's; nil: none known).
    let region: String?
    /// What each reader decodes.
    let scope: DecodeScope
    /// Who is written; nil: everyone.
    let selection: BirthdaySelection?
    let stages: [Stage]
    private(set) var final: Final
    /// What the run warns of before it reads: a preference it ignores, a locale without collation.
    let warnings: [Diagnostic]
    /// `--open` with neither `-o` nor a folder: the output goes to a temporary file, which is then opened.
    let writesTemporaryFile: Bool
    /// Inputs are read on this many threads besides this one (none: nil).
    let threads: Int?

    /// The plan for `given` on a day the clock calls `today` (`--today` wins), with the user's
    /// `preferences`; throws a usage failure for options that cannot be carried out.
    init(_ given: RunOptions, today: CalendarDate, preferences: Preferences, standardInputIsTerminal: Bool) throws(RunFailure) {
        var options = given
        options.selection.today = given.selection.today ?? today
        let output = options.output
        if output.vdir != nil && !output.format.mayBeVDir {
            throw RunFailure(.usage, .usage, "--vdir writes a file per event or card: it takes --to ics, vcard3 or vcard4")
        }
        if let importer = output.importer, importer.oneCardPerFile, output.vdir == nil, [.vcard21, .vcard3, .vcard4].contains(output.format) {
            throw RunFailure(.usage, .usage, "--for \(importer.name): it imports only the first card of a vCard file: "
                                + "write a card to a file with --vdir DIR, or its CSV (--to \(importer.format.rawValue))")
        }
        if options.input.paths.isEmpty && standardInputIsTerminal {
            throw RunFailure(.usage, .noInput, "no input: give a vCard file or directory, or pipe contacts into standard input (see --help)")
        }
        if let encoding = options.input.encoding, !PersonDecoder.isUTF8Name(encoding), (try? Transcoder(charset: encoding)) == nil {
            throw RunFailure(.usage, .unknownEncoding,
                             "--encoding: unknown character set '\(encoding)' (such as windows-1252, iso-8859-2, utf-16le, shift_jis)")
        }
        var warnings: [Diagnostic] = []
        func warn(_ code: Diagnostic.Code, _ message: String) {
            warnings.append(Diagnostic(.warning, code, path: App.programName, line: 0, message))
        }
        order = Self.sortOrder(options, preferences) { warn(.ignoredPreference, $0) }
        locale = options.selection.locale ?? preferences.locale ?? "root"
        do {
            collator = try Collator(locale: locale)
        } catch {
            throw RunFailure(.usage, .unknownLocale, "\(error)")
        }
        if !collator.hasCollationData {
            warn(.noCollation, "no collation for locale '\(locale)'; sorting in the root collation")
        }
        self.warnings = warnings
        self.options = options
        dates = DateContext(today: options.selection.today!, feb29: options.selection.feb29)
        region = options.input.region ?? likelyRegion(of: locale)
        scope = Self.scope(options)
        selection = Self.selection(options, dates: dates)
        final = output.reportsDuplicates ? .duplicateReport
            : output.vdir.map(Final.vdir) ?? (options.diagnostics.checksOnly ? .nothing : .formatted)
        var stages: [Stage] = []
        if let folder = output.photoDirectory { stages.append(.extractPhotos(into: folder)) }
        if Self.usesGroups(options) { stages.append(.groupCategories(keeping: output.format.described.keptGroups)) }
        if output.mergesDuplicates { stages.append(.mergeDuplicates) }
        self.stages = stages
        writesTemporaryFile = output.opensResult && output.file == nil && output.photoDirectory == nil && output.vdir == nil
        threads = options.threads > 1 && !options.diagnostics.checksOnly ? options.threads : nil
    }

    /// The plan with its vdir at `directory` instead (`--vdir URL#Name`: the server's collection of that name).
    func writing(vdir directory: String) -> RunPlan {
        var plan = self
        plan.options.output.vdir = directory
        if case .vdir = final { plan.final = .vdir(directory) }
        return plan
    }

    /// Phone numbers are compared (`--dupes`, `--merge`), which loads libphonenumber.
    var comparesPhoneNumbers: Bool { final == .duplicateReport || stages.contains(.mergeDuplicates) }

    /// The least a reader must decode for the output of `options`.
    static func scope(_ options: RunOptions) -> DecodeScope {
        let output = options.output, chosen = options.selection
        if output.photoDirectory != nil { return .full }  // photos are extra properties
        if output.reportsDuplicates { return .fields }  // UIDs, e-mail addresses, names and birthdays
        var scope = output.format.described.scope(options)
        // Duplicates are found by UIDs, e-mail addresses and phone numbers.
        if output.mergesDuplicates && scope == .namesAndDates { scope = .fields }
        // The category filters need the categories, which the birthday formats pass over.
        let filtersCategories = !chosen.categories.isEmpty || !chosen.excludedCategories.isEmpty
        return filtersCategories && scope == .namesAndDates ? .fields : scope
    }

    /// `--sort`, else for the birthday formats `upcoming` with `--within` (what the user asked
    /// for beats a default from the environment), else `VCF2BIRTHDAYS_SORT`, else `last`;
    /// conversions keep input order unless `--sort` is given.
    static func sortOrder(_ options: RunOptions, _ preferences: Preferences, warn: (String) -> Void) -> SortOrder {
        if let sort = options.selection.sort { return sort }
        if !options.output.format.isBirthdayFormat { return .none }
        if options.selection.withinDays != nil { return .upcoming }
        if let preference = preferences.sortOrder {
            if let order = SortOrder(rawValue: preference.lowercased()) { return order }
            let valid = SortOrder.allCases.map(\.rawValue).joined(separator: ", ")
            warn("ignoring VCF2BIRTHDAYS_SORT=\(preference) (expected one of \(valid))")
        }
        return .last
    }

    /// Who is written: those the filters let through (`--category`, `--exclude-category`,
    /// `--match`, `--query`), of them for the birthday formats those with a birthday (everyone
    /// with `--all`), with `--within` those whose birthday is near; nil: everyone. With
    /// `--dupes`: whose groups are shown (of everyone, with neither filters nor `--within`).
    static func selection(_ options: RunOptions, dates: DateContext) -> BirthdaySelection? {
        let chosen = options.selection
        let filter = PeopleFilter(categories: chosen.categories, excludedCategories: chosen.excludedCategories,
                                  match: chosen.match, query: chosen.query)
        let anyone = options.output.reportsDuplicates || !options.output.format.isBirthdayFormat  // with a birthday or not
        let honoursExclusions = honoursExclusions(options)
        if anyone && chosen.withinDays == nil && filter.isEmpty && !honoursExclusions { return nil }
        var selection = BirthdaySelection(includesEveryone: chosen.includesEveryone || anyone,
                                          withinDays: chosen.withinDays, dates: dates, filter: filter)
        selection.includesDeceased = chosen.includesDeceased
        selection.honoursExclusions = honoursExclusions
        return selection
    }

    /// Whether people whose card asks to be left out of birthday calendars are: by the formats
    /// that show birthdays, unless `--include-excluded` (not in `--dupes`' report).
    static func honoursExclusions(_ options: RunOptions) -> Bool {
        options.output.format.described.showsBirthdays && !options.selection.includesExcluded && !options.output.reportsDuplicates
    }

    /// Whether the output shows categories or a filter asks for them, so that the members of
    /// Apple's group cards get their groups (`GroupScan`): not the birthday list's main job.
    static func usesGroups(_ options: RunOptions) -> Bool {
        guard !options.diagnostics.checksOnly else { return false }
        let chosen = options.selection
        if !chosen.categories.isEmpty || !chosen.excludedCategories.isEmpty { return true }
        let format = options.output.format.described
        // In the birthday list a group card would be listed as someone.
        return format.showsCategories || (format.listsBirthdays && chosen.includesEveryone)
    }

    /// How many people the birthday list (or TSV) left out for having no birthday, when that is
    /// all it left out (no `--all`, `--within`, filter or `--merge`): those read and not listed.
    func leftOutForNoBirthday(people: Int, listed: Int) -> Int? {
        let chosen = options.selection
        guard options.output.format.isBirthdayFormat, !chosen.includesEveryone, chosen.withinDays == nil,
              chosen.categories.isEmpty, chosen.excludedCategories.isEmpty, chosen.match == nil, chosen.query == nil,
              !options.output.mergesDuplicates, people > listed else { return nil }
        return people - listed
    }
}
