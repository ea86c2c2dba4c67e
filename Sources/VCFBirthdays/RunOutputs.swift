import ContactsCore
import ContactFormats
import ContactsOutput

/// The run's outputs as one transaction: `-o` (or standard output), `--rejects`, the photo
/// folder and the vdir. They are made before anything is read, so that a path that cannot be
/// written fails the run at once, and kept or removed together at the end (`finish`, `discard`).
final class RunOutputs {
    /// Where the output goes: `-o`'s file, `--open`'s temporary file, or standard output.
    let output: TextOutput
    /// `--rejects`' file.
    let rejects: TextOutput?
    /// The file the output goes to; nil: standard output.
    let outputPath: String?
    /// Every output opens through it: none lands on an input, through a link or on a device.
    let files: GuardedOutputFiles
    private let outputFile: AtomicFile?
    private let rejectsFile: AtomicFile?
    /// The folders' writers, made with the sinks (`SinkChain`).
    var photos: PhotoExtractor?
    var vdir: VDirWriter?

    /// Makes the folders, then the files (a file may be named inside a folder: `--rejects` into
    /// the vdir), refusing any that would land on an input of `listing`.
    init(_ plan: RunPlan, listing: InputListing, environment env: Environment) throws(RunFailure) {
        let options = plan.options
        files = GuardedOutputFiles(fileSystem: env.fileSystem, inputs: listing.identities)
        var outputPath = options.output.file
        var outputFile: AtomicFile?
        var rejectsFile: AtomicFile?
        do {
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
                   env.fileSystem.status(of: Self.parentFolder(of: target.path))?.identity == folder {
                    throw GuardedOutputFiles.Refusal(description: "\(path): refusing to write the rejects as an item of the vdir \(directory)")
                }
            }
            if plan.writesTemporaryFile {
                outputPath = try env.fileSystem.makeTemporaryFile(extension: options.output.format.fileExtension)
            }
            if let path = outputPath { outputFile = try files.create(path, .replacingTarget) }
            if let path = options.diagnostics.rejects { rejectsFile = try files.create(path, .replacingTarget) }
        } catch {
            outputFile?.discard()
            rejectsFile?.discard()
            throw error is GuardedOutputFiles.Refusal ? RunFailure(.cannotCreate, .outputRefused, "\(error)")
                : RunFailure(.cannotCreate, .cannotCreate, "cannot create \(error)")
        }
        self.outputPath = outputPath
        self.outputFile = outputFile
        self.rejectsFile = rejectsFile
        output = TextOutput(outputFile ?? env.standardOutput)
        rejects = rejectsFile.map { TextOutput($0) }
    }

    /// Keeps or removes each output as the run came out, and says whether the output was kept.
    /// With `--strict`, a run that rejected a record or left an input unread keeps nothing (the
    /// rejects file aside: it gets the record that stopped it). A run that read no one (every
    /// input missing, unreadable, empty, not contacts or rejected) leaves `-o` as it was, and
    /// one that read no one and rejected nothing leaves `--rejects`. The vdir removes stale
    /// items only when every input was read whole (`removal`).
    func finish(_ plan: RunPlan, _ outcome: RunOutcome, people: Int, emptyInputs: [String],
                diagnostics: DiagnosticsHandler) throws(RunFailure) -> Bool {
        let keepsOutput = !(plan.options.diagnostics.strict && (outcome.rejectedAny || outcome.inputUnread))
        do {
            try rejects?.flush()
            if people > 0 || outcome.rejectedAny { try rejectsFile?.commit() } else { rejectsFile?.discard() }
            guard keepsOutput else {
                discard()
                return false
            }
            if people == 0, let outputFile {
                outputFile.discard()
                if let path = plan.options.output.file {
                    diagnostics.report(Diagnostic(.warning, .outputLeft, path: path, line: 0, "nothing could be read: left as it was"))
                }
            } else {
                try outputFile?.commit()
            }
            photos?.commit()
            vdir?.commit(Self.removal(outcome, emptyInputs: emptyInputs, people: people))
            if plan.options.output.dryRun { try output.flush() }  // the plan's last lines
        } catch {
            discard()
            throw RunFailure(.ioError, .writeError, "cannot write \(error)")
        }
        return true
    }

    /// Removes every output not yet kept.
    func discard() {
        outputFile?.discard()
        rejectsFile?.discard()
        photos?.discard()
        vdir?.discard()
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

    /// The folder a path is in.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
