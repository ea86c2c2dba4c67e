import ContactsCore
import ContactFormats
import ContactsOutput
import ContactsServer

/// The program: reads every input into the sink chain the options describe and returns the
/// exit status. Touches the world only through the `Environment` it is given.
public enum App {
    /// The path of the run's own diagnostics (an option, an output): the program's name, as `cc: error: …`.
    static let programName = "vcf2birthdays"

    /// Runs the program with these options in this world; returns the exit status.
    public static func run(_ options: RunOptions, environment env: Environment) -> RunStatus {
        let progress = (options.diagnostics.progress ?? (env.standardErrorIsTerminal && !options.diagnostics.quiet))
            ? ProgressMeter(terminal: env.standardError, stopwatch: env.stopwatch) : nil
        defer { progress?.finish() }
        let stderr = TextOutput(progress ?? env.standardError, blockSize: 1)
        // Every message goes through the reporter: counted, and JSON with a code under --errors json.
        let reporter = DiagnosticsReporter(standardError: stderr, strict: options.diagnostics.strict,
                                           asJSON: options.diagnostics.errorsAsJSON, silent: options.diagnostics.silent)
        var outcome = RunOutcome()
        do throws(RunFailure) {
            for (code, message) in options.optionWarnings {
                reporter.report(Diagnostic(.warning, code, path: programName, line: 0, message))
            }
            let plan = try RunPlan(options, today: env.clock.today(), preferences: env.preferences,
                                   standardInputIsTerminal: env.standardInputIsTerminal)
            plan.warnings.forEach(reporter.report)
            try carryOut(plan, env, reporter: reporter, standardError: stderr, progress: progress, outcome: &outcome)
        } catch {
            reporter.report(error.diagnostic)
            outcome.stopped = error.kind
        }
        return outcome.status
    }

    /// Lists the inputs, makes the outputs, reads every input into the sinks, then keeps or
    /// removes the outputs, says what came of it and opens the result (`--open`).
    private static func carryOut(_ plan: RunPlan, _ env: Environment, reporter: DiagnosticsReporter, standardError stderr: TextOutput,
                                 progress: ProgressMeter?, outcome: inout RunOutcome) throws(RunFailure) {
        var plan = plan
        var options = plan.options
        var env = env
        if options.input.paths.contains(where: ServerURL.isURL) || options.output.vdir.map(ServerURL.isURL) == true,
           let transport = env.httpTransport {
            // Address books and calendars on servers are folders of cards and events (CardDAV, CalDAV).
            let client = DAVClient(transport: transport, allowsPlainHTTP: options.input.allowsPlainHTTP, sleep: env.sleep)
            // An item of the vdir changed on the server meanwhile is changed after all only if it is still ours.
            let items = options.output.vdir == nil ? nil : options.output.format.described.vdirItems?(options, plan.dates, plan.locale)
            let kind: DAVFileSystem.CollectionKind = options.output.format == .ics ? .calendar : .addressBook
            let server = DAVFileSystem(local: env.fileSystem, client: client, newCollections: kind,
                                       cacheDirectory: env.cacheDirectory, mayChange: items.map { items in { items.isOwn($0) } })
            env.fileSystem = server
            // `--vdir URL#Name`: the user's calendar (address book) of that name, found from the server's URL.
            if let vdir = options.output.vdir, ServerURL.isURL(vdir), vdir.contains("#") {
                do {
                    plan = plan.writing(vdir: try server.namedCollection(vdir, kind: kind))
                    options = plan.options
                } catch {
                    throw RunFailure(.cannotCreate, .cannotCreate, "--vdir \(InputListing.shown(vdir)): \(error.reason)")
                }
            }
        }
        // The inputs are listed first, so that no output lands on one of them; the outputs are
        // made before any reading, so that a path that cannot be written fails fast.
        let listing = InputListing(options.input.paths, env)
        let outputs = try RunOutputs(plan, listing: listing, environment: env)
        reporter.rejects = outputs.rejects
        listing.diagnostics.forEach(reporter.report)
        if plan.comparesPhoneNumbers && !PhoneLibrary.isAvailable {
            reporter.report(Diagnostic(.warning, .noPhoneLibrary, path: programName, line: 0,
                                       "libVCPhone.so (libphonenumber's front) is neither beside the program nor in "
                                       + "../lib/vcf2birthdays from it: phone numbers are not compared"))
        }
        let summarize: ((String) -> Void)? = options.diagnostics.quiet ? nil : { try? stderr.write("vcf2birthdays: " + $0 + "\n") }
        let chain = SinkChain(plan, inputs: listing.inputs, outputs: outputs, environment: env, diagnostics: reporter, summary: summarize)
        let sink = chain.first

        outcome.inputUnread = listing.missingAny || chain.groupsUnread
        var people = 0, excludedByCard = 0
        var readAny = false
        /// Inputs read to their end that gave no one (an empty file or standard input).
        var emptyInputs = listing.emptyDirectories
        let workers = plan.threads.map { WorkerThreads(count: $0) }
        // The output's sort and layout at the end run on the threads when its sink reads on them.
        if chain.prepared != nil { chain.formatted?.finishThreads = workers }
        let reading = Reading(options: InputReader.Options(options, scope: plan.scope, locale: plan.locale), standardInput: env.standardInput, sink: sink,
                              reporter: reporter, progress: progress, workers: workers)
        do {
            let inputs = listing.inputs
            // With threads, the next files of the real file system (which threads may share) are
            // opened ahead, and the small ones converted there (replayed here, in order).
            var prefetcher: FilePrefetcher?
            if let workers, inputs.count > 1, let fileSystem = env.fileSystem as? LocalFileSystem {
                prefetcher = FilePrefetcher(paths: inputs.map(\.path), fileSystem: fileSystem, workers: workers) {
                    convertAhead(InputReader.Options(options, scope: plan.scope, locale: plan.locale), preparer: chain.prepared?.makePreparer())
                }
            }
            for (index, input) in inputs.enumerated() {
                let statistics: ReadStatistics
                let failed: Bool
                switch prefetcher?.take(index) {
                case .converted(let converted):
                    statistics = converted.statistics
                    var saidOnce = SaidOnce()  // a file converted ahead said each warning once already
                    let replayed = try converted.events.replay(sink: sink, preparedSink: chain.prepared,
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
            try outputs.output.flush()
            try outputs.rejects?.flush()
        } catch is DiagnosticsReporter.StrictStop {
            outcome.rejectedAny = true
        } catch let failure as IOFailure where failure.isBrokenPipe && outputs.outputPath == nil {
            // The reader of our standard output went away (`| head`): done, quietly.
            outputs.discard()
            outcome.readerLeft = true
            return
        } catch {
            outputs.discard()
            throw RunFailure(.ioError, .writeError, "\(error)")
        }

        let keptOutput = try outputs.finish(plan, outcome, people: people, emptyInputs: emptyInputs, diagnostics: reporter)
        if let repeated = chain.formatted?.repeatedKeys?.repeated, repeated.total > 0, keptOutput {
            let kinds = [counted(repeated.uids, "UID", "UIDs"), counted(repeated.emails, "e-mail address", "e-mail addresses"),
                         counted(repeated.namesAndBirthdays, "name with its birthday", "names with their birthdays")]
            let said = zip([repeated.uids, repeated.emails, repeated.namesAndBirthdays], kinds).filter { $0.0 > 0 }.map(\.1)
            let listed = said.count > 1 ? said.dropLast().joined(separator: ", ") + " and " + said.last! : said[0]
            reporter.report(Diagnostic(.warning, .likelyDuplicates, path: programName, line: 0,
                                       "likely duplicates: " + listed + (repeated.total == 1 ? " is" : " are each")
                                       + " on more than one contact (--dupes lists them, --merge joins them)"))
        }
        // The summary counts what was read; when nothing could be, the errors say it all.
        if !options.diagnostics.quiet && readAny {
            let excluded = RunPlan.honoursExclusions(options) && excludedByCard > 0 ? excludedByCard : nil
            reporter.summarize(people: people, checked: options.diagnostics.checksOnly,
                               withoutBirthday: chain.formatted.flatMap {
                                   plan.leftOutForNoBirthday(people: people - (excluded ?? 0), listed: $0.written)
                               },
                               excludedByCard: options.diagnostics.checksOnly ? nil : excluded,
                               files: outputs.vdir.map {
                DiagnosticsReporter.VDirCounts(written: $0.written, unchanged: $0.unchanged, removed: $0.removed, kept: $0.kept,
                                               foreign: $0.foreign, dryRun: options.output.dryRun)
            })
        }
        outcome.ruleBroken = options.diagnostics.checksOnly && reporter.errors > 0
        outcome.outputFailed = (outputs.photos?.failures ?? 0) + (outputs.vdir?.failures ?? 0) > 0
        outcome.removalLimitReached = outputs.vdir?.limitReached == true
        outcome.nothingFound = options.output.format == .mutt && chain.formatted?.written == 0
        if options.output.opensResult,
           let target = options.output.vdir ?? options.output.photoDirectory ?? (keptOutput && people > 0 ? outputs.outputPath : nil) {
            if plan.writesTemporaryFile { try? stderr.write("vcf2birthdays: wrote \(target)\n") }
            do {
                try env.opener.open(target)
            } catch {
                throw RunFailure(.cannotOpenResult, .cannotOpenResult, "cannot open \(target): \(error)")
            }
        }
    }

    /// How a command-line error is said: `vcf2birthdays: message` with the usage lines, or under
    /// `--errors json` one diagnostic with the code `usage`.
    public static func usageErrorText(_ message: String, usage: String, asJSON: Bool) -> String {
        guard asJSON else { return "\(programName): \(message)\nUsage: \(usage)\n  See '\(programName) --help' for more information.\n" }
        return DiagnosticsReporter.json(Diagnostic(.error, .usage, path: programName, line: 0, message)) + "\n"
    }

    /// The calendar, its titles in the language of `locale`.
    static func calendar(_ options: RunOptions, dates: DateContext, locale: String) -> ICSEncoder {
        let titles = EventTitles(template: options.calendar.titleTemplate, locale: locale, withAge: options.calendar.years != nil)
        return ICSEncoder(feb29: dates.feb29, stamp: dates.today, includesOtherDates: options.calendar.includesOtherDates,
                          reminders: options.calendar.reminders, years: options.calendar.years,
                          recursInItsCalendar: options.calendar.recursInItsCalendar, titles: titles)
    }

    /// A converter for a batch of files, called for them one after another on a worker thread:
    /// reads a small file into recorded events, people prepared by `preparer` when the sink is
    /// a `PreparedSink`.
    static func convertAhead(_ readOptions: InputReader.Options, preparer: PersonPreparing?) -> FilePrefetcher.Converter {
        // One recorder for the batch of files: their events share its storage.
        let recorder = EventRecorder(preparer: preparer)
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
    let options: InputReader.Options
    let standardInput: ByteSource
    let sink: PeopleSink
    let reporter: DiagnosticsReporter
    let progress: ProgressMeter?
    let workers: WorkerThreads?

    /// Opens (with `open`) and reads one input; `failed` when it could not be opened or read.
    func read(_ input: InputListing.Input, open: (String) throws -> ByteSource) throws -> (statistics: ReadStatistics, failed: Bool) {
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
        let reader = InputReader(displayPath: input.displayPath, options: options, sink: sink,
                                 reporter: reporter, progress: progress, workers: workers)
        let (statistics, readFailed) = try reader.read(source)
        return (statistics, readFailed)
    }
}
