import ContactsCore
import ContactFormats
import ContactsOutput

/// The sinks a run's people go through, built from its plan's stages and final sink: `first`
/// takes each person read. The vdir's and the photos' writers join the run's outputs.
struct SinkChain {
    /// Where each person read goes.
    let first: PeopleSink
    /// The output format's sink (the list, a conversion), when the run writes one.
    let formatted: FormattedOutput?
    /// `--dupes`' report.
    let duplicates: DuplicateReport?
    /// The sink whose per-person work the reading threads may do: the final one, when no stage
    /// is before it (a stage that has nothing to do, as the groups of inputs without a group card, is left out).
    let prepared: PreparedSink?
    /// A file could not be read for its group cards: its members may lack their groups.
    let groupsUnread: Bool

    init(_ plan: RunPlan, inputs: [InputListing.Input], outputs: RunOutputs, environment env: Environment,
         diagnostics: DiagnosticsReporter, summary: ((String) -> Void)?) {
        let options = plan.options
        var formatted: FormattedOutput?
        var duplicates: DuplicateReport?
        let final: PeopleSink
        var finalPrepared: PreparedSink?
        switch plan.final {
        case .duplicateReport:
            let report = DuplicateReport(output: outputs.output, region: plan.region, selection: plan.selection, summary: summary)
            (duplicates, final, finalPrepared) = (report, report, report)
        case .vdir(let directory):
            let output = outputs.output
            let dryRun: ((VDirWriter.Step, String) -> Void)? = options.output.dryRun
                ? { try? output.write($0.rawValue + "\t" + Diagnostic.safeText($1, limit: 4096) + "\n") } : nil
            let vdir = VDirWriter(directory: directory, items: options.output.format.described.vdirItems!(options, plan.dates, plan.locale),
                                  selection: plan.selection, fileSystem: env.fileSystem, outputs: outputs.files,
                                  holdsFiles: options.diagnostics.strict, limit: options.output.maxRemove ?? .standard, plan: dryRun,
                                  diagnostics: diagnostics)
            outputs.vdir = vdir
            final = vdir
        case .nothing:
            final = DiscardingSink()
        case .formatted:
            let sink = Self.formattedOutput(plan, output: outputs.output, diagnostics: diagnostics, fileSystem: env.fileSystem)
            (formatted, final, finalPrepared) = (sink, sink, sink)
        }
        // The stages, made from the last to the first: each passes people on to the one after it.
        var first = final
        var groupsUnread = false
        for stage in plan.stages.reversed() {
            switch stage {
            case .mergeDuplicates:
                first = DuplicateMerger(next: first, region: plan.region, scope: plan.scope,
                                        budget: MemoryBudget(bytes: options.selection.sortBufferBytes, makeScratch: env.fileSystem.makeScratchFile),
                                        summary: summary)
            case .groupCategories(let kept):
                let (groups, failures) = GroupScan.groups(of: inputs, fileSystem: env.fileSystem)
                failures.forEach(diagnostics.report)
                groupsUnread = !failures.isEmpty
                if !groups.isEmpty { first = GroupCategories(groups, keeps: kept, next: first) }
            case .extractPhotos(let directory):
                let photos = PhotoExtractor(directory: directory, outputs: outputs.files, replacesExisting: options.output.replacesPhotos,
                                            holdsPhotos: options.diagnostics.strict, diagnostics: diagnostics, next: first)
                outputs.photos = photos
                first = photos
            }
        }
        self.first = first
        self.formatted = formatted
        self.duplicates = duplicates
        self.groupsUnread = groupsUnread
        prepared = first === final ? finalPrepared : nil
    }

    /// The output written person by person: selected, sorted and encoded in one sink, whose
    /// per-person work a threaded reader does where it decodes.
    static func formattedOutput(_ plan: RunPlan, output: TextOutput, diagnostics: DiagnosticsHandler,
                                fileSystem: FileSystem) -> FormattedOutput {
        let options = plan.options
        let described = options.output.format.described
        let format = described.encoder(options, plan.dates, plan.locale, options.selection.withinDays != nil || plan.order == .upcoming)
        let buffer = MemoryBudget(bytes: options.selection.sortBufferBytes, makeScratch: fileSystem.makeScratchFile)
        // Doubled people make doubled birthdays and doubled imports: counted (cheaply) to be said.
        let countsRepeats = described.countsLikelyDuplicates && !options.output.mergesDuplicates
        return FormattedOutput(format: format, selection: plan.selection, order: plan.order, collator: plan.collator,
                               dates: plan.dates, output: output, diagnostics: diagnostics, buffer: buffer,
                               repeatedKeys: countsRepeats ? RepeatedKeys() : nil)
    }
}
