import ContactsCore
import ContactFormats
import ContactsOutput

/// The program: reads every input into the sink chain the options describe and returns the
/// exit status. Touches the world only through the `Environment` it is given.
public enum App {
    /// The path of the run's own diagnostics (an option, an output): the program's name, as `cc: error: …`.
    static let programName = "vcf2birthdays"

    /// Runs the program with these options in this world; returns the exit status.
    public static func run(_ given: RunOptions, environment env: Environment) -> RunStatus {
        let today = given.selection.today ?? env.clock.today()
        var options = given
        options.selection.today = today  // the readers check birth years against it
        let progress = (options.diagnostics.progress ?? (env.standardErrorIsTerminal && !options.diagnostics.quiet))
            ? ProgressMeter(terminal: env.standardError, stopwatch: env.stopwatch) : nil
        defer { progress?.finish() }
        let stderr = TextOutput(progress ?? env.standardError, blockSize: 1)
        // Every message goes through the reporter: counted, and JSON with a code under --errors json.
        let reporter = DiagnosticsReporter(standardError: stderr, strict: options.diagnostics.strict,
                                           asJSON: options.diagnostics.errorsAsJSON, silent: options.diagnostics.silent)
        func warn(_ code: Diagnostic.Code, _ message: String) {
            reporter.report(Diagnostic(.warning, code, path: programName, line: 0, message))
        }
        func fail(_ status: RunStatus, _ code: Diagnostic.Code, _ message: String) -> RunStatus {
            reporter.report(Diagnostic(.error, code, path: programName, line: 0, message))
            return status
        }
        for (code, message) in options.optionWarnings { warn(code, message) }
        if options.output.vdir != nil && !options.output.format.mayBeVDir {
            return fail(.usage, .usage, "--vdir writes a file per event or card: it takes --to ics, vcard3 or vcard4")
        }
        if options.input.paths.isEmpty && env.standardInputIsTerminal {
            return fail(.usage, .noInput, "no input: give a vCard file or directory, or pipe contacts into standard input (see --help)")
        }
        if let encoding = options.input.encoding, !PersonDecoder.isUTF8Name(encoding), (try? Transcoder(charset: encoding)) == nil {
            return fail(.usage, .unknownEncoding,
                        "--encoding: unknown character set '\(encoding)' (such as windows-1252, iso-8859-2, utf-16le, shift_jis)")
        }
        let dates = DateContext(today: today, feb29: options.selection.feb29)
        let order = sortOrder(options, env) { warn(.ignoredPreference, $0) }
        let locale = options.selection.locale ?? env.preferences.locale ?? "root"
        let collator: Collator
        do {
            collator = try Collator(locale: locale)
        } catch {
            return fail(.usage, .unknownLocale, "\(error)")
        }
        if !collator.hasCollationData {
            warn(.noCollation, "no collation for locale '\(locale)'; sorting in the root collation")
        }

        // The inputs are listed first, so that no output lands on one of them; the outputs are
        // created before any reading, so that a path that cannot be written fails fast.
        // With --open and no -o, the result goes to a temporary file, which is then opened.
        let listing = list(options.input.paths, env)
        let outputs = GuardedOutputFiles(fileSystem: env.fileSystem, inputs: listing.identities)
        var outputPath = options.output.file
        var outputFile: AtomicFile?
        var rejectsFile: AtomicFile?
        do {
            // The folders first: a file may be named inside one (--rejects into the vdir).
            if let directory = options.output.photoDirectory { try env.fileSystem.createDirectory(directory) }
            if let directory = options.output.vdir {
                if let input = try listing.input(inside: directory, env.fileSystem) {
                    throw GuardedOutputFiles.Refusal(description: "\(directory): refusing to write the vdir into a folder of the input (\(input))")
                }
                if !options.output.dryRun { try env.fileSystem.createDirectory(directory) }
                // Every file of the item extension in the folder is an item: no other output is one.
                let ending = "." + options.output.format.fileExtension
                if let path = options.diagnostics.rejects, path.hasSuffix(ending), let folder = env.fileSystem.status(of: directory)?.identity,
                   let target = try? env.fileSystem.outputTarget(path, .replacingTarget), target.path.hasSuffix(ending),
                   env.fileSystem.status(of: parentFolder(of: target.path))?.identity == folder {
                    throw GuardedOutputFiles.Refusal(description: "\(path): refusing to write the rejects as an item of the vdir \(directory)")
                }
            }
            if options.output.opensResult && outputPath == nil && options.output.photoDirectory == nil && options.output.vdir == nil {
                outputPath = try env.fileSystem.makeTemporaryFile(extension: options.output.format.fileExtension)
            }
            if let path = outputPath { outputFile = try outputs.create(path, .replacingTarget) }
            if let path = options.diagnostics.rejects { rejectsFile = try outputs.create(path, .replacingTarget) }
        } catch {
            outputFile?.discard()
            rejectsFile?.discard()
            return error is GuardedOutputFiles.Refusal ? fail(.cannotCreate, .outputRefused, "\(error)")
                : fail(.cannotCreate, .cannotCreate, "cannot create \(error)")
        }
        let output = TextOutput(outputFile ?? env.standardOutput)
        let rejects = rejectsFile.map { TextOutput($0) }
        reporter.rejects = rejects
        listing.diagnostics.forEach(reporter.report)
        let plan: ((VDirWriter.Step, String) -> Void)? = options.output.dryRun
            ? { try? output.write($0.rawValue + "\t" + Diagnostic.safeText($1, limit: 4096) + "\n") } : nil
        let vdir = options.output.vdir.map {
            VDirWriter(directory: $0, items: options.output.format.described.vdirItems!(options, dates, locale),
                       selection: selection(options, dates: dates),
                       fileSystem: env.fileSystem, outputs: outputs, holdsFiles: options.diagnostics.strict,
                       limit: options.output.maxRemove, plan: plan, diagnostics: reporter)
        }
        let summarize: ((String) -> Void)? = options.diagnostics.quiet ? nil : { try? stderr.write("vcf2birthdays: " + $0 + "\n") }
        let region = options.input.region ?? likelyRegion(of: locale)
        if (options.output.reportsDuplicates || options.output.mergesDuplicates) && !PhoneLibrary.isAvailable {
            warn(.noPhoneLibrary, "libVCPhone.so (libphonenumber's front) is neither beside the program nor in "
                 + "../lib/vcf2birthdays from it: phone numbers are not compared")
        }
        let duplicates = options.output.reportsDuplicates
            ? DuplicateReport(output: output, region: region, selection: selection(options, dates: dates), summary: summarize)
            : nil
        // The output written person by person, when the run has one.
        let lines = options.diagnostics.checksOnly || duplicates != nil || vdir != nil ? nil
            : makeSinks(options, order: order, collator: collator, dates: dates, locale: locale, output: output,
                        diagnostics: reporter, fileSystem: env.fileSystem)
        var sink: PeopleSink = DiscardingSink()
        if let duplicates { sink = duplicates } else if let vdir { sink = vdir } else if let lines { sink = lines }
        if options.output.mergesDuplicates {
            sink = DuplicateMerger(next: sink, region: region, scope: options.decodeScope,
                                   budget: MemoryBudget(bytes: options.selection.sortBufferBytes, makeScratch: env.fileSystem.makeScratchFile),
                                   summary: summarize)
        }
        var groupsUnread = false
        if usesGroups(options) {
            let (groups, failures) = GroupScan.groups(of: listing.inputs, fileSystem: env.fileSystem)
            failures.forEach(reporter.report)
            groupsUnread = !failures.isEmpty
            if !groups.isEmpty {
                let format = options.output.format
                sink = GroupCategories(groups, keeps: format.described.keptGroups, next: sink)
            }
        }
        var photos: PhotoExtractor?
        if let directory = options.output.photoDirectory {
            photos = PhotoExtractor(directory: directory, outputs: outputs, replacesExisting: options.output.replacesPhotos,
                                    holdsPhotos: options.diagnostics.strict,
                                    diagnostics: reporter, next: sink)
            sink = photos!
        }
        // The sink whose work threads may do (unless the photo extractor, which must see every
        // person, is before it), and the lines sink, which may share its sort with them.
        let preparedSink = sink as? PreparedSink
        let formatted = sink as? FormattedOutput

        var outcome = RunOutcome(inputUnread: listing.missingAny || groupsUnread)
        var people = 0, excludedByCard = 0
        var readAny = false
        /// Inputs read to their end that gave no one (an empty file or standard input).
        var emptyInputs = listing.emptyDirectories
        let workers = options.threads > 1 && !options.diagnostics.checksOnly ? WorkerThreads(count: options.threads) : nil
        formatted?.finishThreads = workers
        let reading = Reading(options: options, locale: locale, standardInput: env.standardInput, sink: sink,
                              reporter: reporter, progress: progress, workers: workers)
        do {
            let inputs = listing.inputs
            // With threads, the next files of the real file system (which threads may share) are
            // opened ahead, and the small ones converted there (replayed here, in order).
            var prefetcher: FilePrefetcher?
            if let workers, inputs.count > 1, let fileSystem = env.fileSystem as? LocalFileSystem {
                prefetcher = FilePrefetcher(paths: inputs.map(\.path), fileSystem: fileSystem, workers: workers) {
                    convertAhead(options: options, locale: locale, preparer: preparedSink?.makePreparer())
                }
            }
            for (index, input) in inputs.enumerated() {
                let statistics: ReadStatistics
                let failed: Bool
                switch prefetcher?.take(index) {
                case .converted(let converted):
                    statistics = converted.statistics
                    var saidOnce = SaidOnce()  // a file converted ahead said each warning once already
                    let replayed = try converted.events.replay(sink: sink, preparedSink: preparedSink,
                                                               diagnostics: reporter, saidOnce: &saidOnce)
                    assert(replayed.people == statistics.people && replayed.rejected == statistics.rejected)
                    failed = converted.readFailed
                    progress?.finishInput(bytes: converted.bytes, people: statistics.people)
                case .opened(let opened):
                    (statistics, failed) = try reading.read(input) { _ in try opened.get() }
                case nil:
                    (statistics, failed) = try reading.read(input, open: env.fileSystem.openForReading)
                }
                if failed { outcome.inputUnread = true }
                readAny = readAny || !failed
                if !failed && statistics.people == 0 { emptyInputs.append(input.displayPath) }
                people += statistics.people
                excludedByCard += statistics.excludedFromBirthdays
                outcome.rejectedAny = outcome.rejectedAny || statistics.rejected > 0
                if options.diagnostics.strict && outcome.inputUnread { break }
            }
            if !(options.diagnostics.strict && (outcome.rejectedAny || outcome.inputUnread)) {
                try sink.finish()
            }
            try output.flush()
            try rejects?.flush()
        } catch is DiagnosticsReporter.StrictStop {
            outcome.rejectedAny = true
        } catch let failure as IOFailure where failure.isBrokenPipe && outputFile == nil {
            // The reader of our standard output went away (`| head`): done, quietly.
            rejectsFile?.discard()
            return .success
        } catch {
            outputFile?.discard()
            rejectsFile?.discard()
            photos?.discard()
            vdir?.discard()
            return fail(.ioError, .writeError, "\(error)")
        }

        // With --strict, a run that rejected a record writes no output and no photo (the
        // rejects file gets the record that stopped it). A run that read no one (every input
        // missing, unreadable, empty, not contacts or rejected) leaves -o as it was, and one
        // that read no one and rejected nothing leaves --rejects.
        let keepsOutput = !(options.diagnostics.strict && (outcome.rejectedAny || outcome.inputUnread))
        let convertedNothing = people == 0
        do {
            try rejects?.flush()
            if people > 0 || outcome.rejectedAny { try rejectsFile?.commit() } else { rejectsFile?.discard() }
            if keepsOutput {
                if convertedNothing, let outputFile {
                    outputFile.discard()
                    if let path = options.output.file {
                        reporter.report(Diagnostic(.warning, .outputLeft, path: path, line: 0, "nothing could be read: left as it was"))
                    }
                } else {
                    try outputFile?.commit()
                }
                photos?.commit()
                vdir?.commit(removal(outcome, emptyInputs: emptyInputs, people: people))
                if options.output.dryRun { try output.flush() }  // the plan's last lines
            } else {
                outputFile?.discard()
                photos?.discard()
                vdir?.discard()
            }
        } catch {
            outputFile?.discard()
            photos?.discard()
            return fail(.ioError, .writeError, "cannot write \(error)")
        }
        if let repeated = lines?.repeatedKeys?.repeated, repeated.total > 0, keepsOutput {
            let kinds = [counted(repeated.uids, "UID", "UIDs"), counted(repeated.emails, "e-mail address", "e-mail addresses"),
                         counted(repeated.namesAndBirthdays, "name with its birthday", "names with their birthdays")]
            let said = zip([repeated.uids, repeated.emails, repeated.namesAndBirthdays], kinds).filter { $0.0 > 0 }.map(\.1)
            let listed = said.count > 1 ? said.dropLast().joined(separator: ", ") + " and " + said.last! : said[0]
            warn(.likelyDuplicates, "likely duplicates: " + listed + (repeated.total == 1 ? " is" : " are each")
                 + " on more than one contact (--dupes lists them, --merge joins them)")
        }
        // The summary counts what was read; when nothing could be, the errors say it all.
        if !options.diagnostics.quiet && readAny {
            let excluded = honoursExclusions(options) && excludedByCard > 0 ? excludedByCard : nil
            reporter.summarize(people: people, checked: options.diagnostics.checksOnly,
                               withoutBirthday: lines.flatMap {
                                   leftOutForNoBirthday(options, people: people - (excluded ?? 0), listed: $0.written)
                               },
                               excludedByCard: options.diagnostics.checksOnly ? nil : excluded,
                               files: vdir.map {
                DiagnosticsReporter.VDirCounts(written: $0.written, unchanged: $0.unchanged, removed: $0.removed, kept: $0.kept,
                                               foreign: $0.foreign, dryRun: options.output.dryRun)
            })
        }
        outcome.ruleBroken = options.diagnostics.checksOnly && reporter.errors > 0
        outcome.outputFailed = (photos?.failures ?? 0) + (vdir?.failures ?? 0) > 0
        outcome.removalLimitReached = vdir?.limitReached == true
        outcome.nothingFound = options.output.format == .mutt && lines?.written == 0
        if options.output.opensResult,
           let target = options.output.vdir ?? options.output.photoDirectory ?? (keepsOutput && !convertedNothing ? outputPath : nil) {
            if options.output.file == nil && options.output.photoDirectory == nil && options.output.vdir == nil { try? stderr.write("vcf2birthdays: wrote \(target)\n") }
            do {
                try env.opener.open(target)
            } catch {
                return fail(.unavailable, .cannotOpenResult, "cannot open \(target): \(error)")
            }
        }
        return outcome.status
    }

    /// How a command-line error is said: `vcf2birthdays: message` with the usage lines, or under
    /// `--errors json` one diagnostic with the code `usage`.
    public static func usageErrorText(_ message: String, usage: String, asJSON: Bool) -> String {
        guard asJSON else { return "\(programName): \(message)\nUsage: \(usage)\n  See '\(programName) --help' for more information.\n" }
        return DiagnosticsReporter.json(Diagnostic(.error, .usage, path: programName, line: 0, message)) + "\n"
    }

    /// How many people the birthday list (or TSV) left out for having no birthday, when that is
    /// all it left out (no `--all`, `--within`, filter or `--merge`): those read and not listed.
    static func leftOutForNoBirthday(_ options: RunOptions, people: Int, listed: Int) -> Int? {
        let chosen = options.selection
        guard options.output.format.isBirthdayFormat, !chosen.includesEveryone, chosen.withinDays == nil,
              chosen.categories.isEmpty, chosen.excludedCategories.isEmpty, chosen.match == nil, chosen.query == nil,
              !options.output.mergesDuplicates, people > listed else { return nil }
        return people - listed
    }

    /// The folder a path is in.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether a vdir run may remove stale items: only when every input was read to its end,
    /// gave someone, and no record was rejected (as rsync removes nothing after an I/O error).
    static func removal(_ outcome: RunOutcome, emptyInputs: [String], people: Int) -> VDirWriter.Removal {
        let rule = " (nothing is removed unless every input was read whole and no record was rejected)"
        if outcome.inputUnread { return .refused(reason: "an input is missing or could not be read whole" + rule) }
        if outcome.rejectedAny { return .refused(reason: "a record was rejected" + rule) }
        if let empty = emptyInputs.first {
            return .refused(reason: "\(Diagnostic.safeText(empty, limit: 200)) gave no contacts" + rule)
        }
        if people == 0 { return .refused(reason: "no contacts were read" + rule) }
        return .allowed
    }

    /// `--sort`, else for the birthday formats `upcoming` with `--within` (what the user asked
    /// for beats a default from the environment), else `VCF2BIRTHDAYS_SORT`, else `last`;
    /// conversions keep input order unless `--sort` is given.
    static func sortOrder(_ options: RunOptions, _ env: Environment, warn: (String) -> Void) -> SortOrder {
        if let sort = options.selection.sort { return sort }
        if !options.output.format.isBirthdayFormat { return .none }
        if options.selection.withinDays != nil { return .upcoming }
        if let preference = env.preferences.sortOrder {
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

    /// The calendar, its titles in the language of `locale`.
    static func calendar(_ options: RunOptions, dates: DateContext, locale: String) -> ICSEncoder {
        let titles = EventTitles(template: options.calendar.titleTemplate, locale: locale, withAge: options.calendar.years != nil)
        return ICSEncoder(feb29: dates.feb29, stamp: dates.today, includesOtherDates: options.calendar.includesOtherDates,
                          reminders: options.calendar.reminders, years: options.calendar.years,
                          recursInItsCalendar: options.calendar.recursInItsCalendar, titles: titles)
    }

    static func makeSinks(_ options: RunOptions, order: SortOrder, collator: Collator, dates: DateContext, locale: String,
                          output: TextOutput, diagnostics: DiagnosticsHandler, fileSystem: FileSystem) -> FormattedOutput {
        let selection = selection(options, dates: dates)
        // Every output is written person by person: selected, sorted and encoded in one sink,
        // whose per-person work a threaded reader does where it decodes.
        let described = options.output.format.described
        let format = described.encoder(options, dates, locale, options.selection.withinDays != nil || order == .upcoming)
        let buffer = MemoryBudget(bytes: options.selection.sortBufferBytes, makeScratch: fileSystem.makeScratchFile)
        // Doubled people make doubled birthdays and doubled imports: counted (cheaply) to be said.
        let countsRepeats = described.countsLikelyDuplicates && !options.output.mergesDuplicates
        return FormattedOutput(format: format, selection: selection, order: order, collator: collator,
                               dates: dates, output: output, diagnostics: diagnostics, buffer: buffer,
                               repeatedKeys: countsRepeats ? RepeatedKeys() : nil)
    }

    /// One input to read: its display path, and the path to open (nil = standard input).
    struct Input {
        var displayPath: String
        var path: String?
    }

    /// The inputs of a run, and what was wrong with the paths given.
    struct Listing {
        var inputs: [Input] = []
        /// Every file read, with the name it was given as: no output may land on one.
        var identities: [FileIdentity: String] = [:]
        var diagnostics: [Diagnostic] = []
        /// A path named nothing, or a directory could not be listed.
        var missingAny = false
        /// Directories given that hold no contacts file.
        var emptyDirectories: [String] = []

        /// An input that is a file in `directory` (the same file, by device and inode, whatever
        /// names it was given by: a link from elsewhere, standard input redirected from it);
        /// throws when the folder is there and cannot be listed.
        func input(inside directory: String, _ fileSystem: FileSystem) throws -> String? {
            guard fileSystem.kind(of: directory) == .directory else { return nil }
            let entries = try fileSystem.directoryEntries(directory)
            let base = directory.hasSuffix("/") ? directory : directory + "/"
            for entry in entries {
                let kind = entry.kind ?? fileSystem.status(of: base + entry.name)?.kind
                guard kind == .file, let identity = entry.identity ?? fileSystem.status(of: base + entry.name)?.identity,
                      let input = identities[identity] else { continue }
                return input
            }
            return nil
        }
    }

    /// Paths as given; directories become the `.vcf`, `.vcard`, `.csv` and `.ldif` files in them, sorted
    /// by name (an entry that is not a regular file, after links, is skipped with a warning: a
    /// FIFO would block the run). A path named on its own is read whatever it is (a FIFO too).
    static func list(_ paths: [String], _ env: Environment) -> Listing {
        var listing = Listing()
        func addStandardInput() {
            listing.inputs.append(Input(displayPath: "<stdin>", path: nil))
            if let identity = env.standardInput.identity { listing.identities[identity] = "<stdin>" }
        }
        if paths.isEmpty { addStandardInput() }
        for path in paths {
            if path == "-" {
                addStandardInput()
                continue
            }
            let status = env.fileSystem.status(of: path)
            switch status?.kind {
            case .directory:
                do {
                    let entries = sortedBytewise(try env.fileSystem.directoryEntries(path).filter { isContactsFileName($0.name) },
                                                 name: \.name)
                    if entries.isEmpty {
                        listing.emptyDirectories.append(path)
                        listing.diagnostics.append(Diagnostic(.warning, .noContactsFiles, path: path, line: 0, "no .vcf, .vcard, .csv or .ldif files"))
                    }
                    let base = Array((path.hasSuffix("/") ? path : path + "/").utf8)
                    listing.inputs.reserveCapacity(listing.inputs.count + entries.count)
                    for entry in entries {
                        let full = joined(base, entry.name)
                        var kind = entry.kind, identity = entry.identity
                        if kind == nil, let status = env.fileSystem.status(of: full) {
                            (kind, identity) = (status.kind, status.identity)
                        }
                        // (A link to nothing is kept: opening it says what is wrong.)
                        guard kind == .file || kind == nil else {
                            listing.diagnostics.append(Diagnostic(.warning, .notRegularFile, path: full, line: 0, "not a regular file, skipped"))
                            continue
                        }
                        listing.inputs.append(Input(displayPath: full, path: full))
                        if let identity { listing.identities[identity] = full }
                    }
                } catch {
                    listing.diagnostics.append(Diagnostic(.error, .cannotReadDirectory, path: path, line: 0,
                                                          "cannot read directory: \((error as? IOFailure)?.reason ?? "\(error)")"))
                    listing.missingAny = true
                }
            case nil, .missing:
                listing.diagnostics.append(Diagnostic(.error, .noSuchFile, path: path, line: 0, "no such file or directory"))
                listing.missingAny = true
            case .file, .other:
                listing.inputs.append(Input(displayPath: path, path: path))
                if let identity = status?.identity { listing.identities[identity] = path }
            }
        }
        return listing
    }

    /// A converter for a batch of files, called for them one after another on a worker thread:
    /// reads a small file into recorded events, people prepared by `preparer` when the sink is
    /// a `PreparedSink`.
    static func convertAhead(options: RunOptions, locale: String, preparer: PersonPreparing?) -> FilePrefetcher.Converter {
        // One recorder for the batch of files: their events share its storage.
        let recorder = EventRecorder(preparer: preparer)
        let readOptions = InputReader.Options(options, locale: locale)  // this thread's own
        return { path, source in
            let reader = InputReader(displayPath: path, options: readOptions, sink: recorder, reporter: recorder)
            do {
                let (statistics, readFailed) = try reader.read(source)
                return ConvertedInput(events: recorder.take(), statistics: statistics, readFailed: readFailed,
                                      bytes: source.size ?? 0)
            } catch {
                preconditionFailure("a recorder does not throw: \(error)")
            }
        }
    }

}

/// What every input of a run is read with.
struct Reading {
    let options: RunOptions
    let locale: String
    let standardInput: ByteSource
    let sink: PeopleSink
    let reporter: DiagnosticsReporter
    let progress: ProgressMeter?
    let workers: WorkerThreads?

    /// Opens (with `open`) and reads one input; `failed` when it could not be opened or read.
    func read(_ input: App.Input, open: (String) throws -> ByteSource) throws -> (statistics: ReadStatistics, failed: Bool) {
        let source: ByteSource
        if let path = input.path {
            do {
                source = try open(path)
            } catch {
                reporter.report(Diagnostic(.error, .cannotOpen, path: input.displayPath, line: 0,
                                           "cannot open: \((error as? IOFailure)?.reason ?? "\(error)")"))
                return (ReadStatistics(), true)
            }
        } else {
            source = standardInput
        }
        let reader = InputReader(displayPath: input.displayPath, options: options, locale: locale, sink: sink,
                                 reporter: reporter, progress: progress, workers: workers)
        let (statistics, readFailed) = try reader.read(source)
        return (statistics, readFailed)
    }
}
