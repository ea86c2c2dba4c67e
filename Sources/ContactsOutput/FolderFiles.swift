import ContactsCore

/// Files written one by one into a folder through the run's guarded outputs, each whole (written
/// beside its name, then renamed onto it): a photo, a vdir's item. With `holds` (`--strict`)
/// none appears before `commit`. A file that cannot be written goes to `failed`; the others are written.
final class FolderFiles {
    private let outputs: OutputFiles
    private let mode: OutputMode
    private let holds: Bool
    private let failed: (_ path: String, _ source: SourcePosition, _ error: Error) -> Void
    /// Written but held until `commit`.
    private var held: [(file: AtomicFile, path: String, source: SourcePosition)] = []
    /// The files that appeared so far.
    private(set) var written = 0

    init(outputs: OutputFiles, mode: OutputMode, holds: Bool,
         failed: @escaping (_ path: String, _ source: SourcePosition, _ error: Error) -> Void) {
        self.outputs = outputs
        self.mode = mode
        self.holds = holds
        self.failed = failed
    }

    /// Writes `bytes` to `path` for the record at `source` (in `mode`, else the folder's).
    func write(_ bytes: [UInt8], to path: String, of source: SourcePosition, mode: OutputMode? = nil) {
        var file: AtomicFile?
        do {
            file = try outputs.create(path, mode ?? self.mode)
            try file!.write(bytes.span)
            if holds {
                try file!.finishWriting()
                held.append((file!, path, source))
            } else {
                try file!.commit()
                written += 1
            }
        } catch {
            file?.discard()
            failed(path, source, error)
        }
    }

    /// Makes the held files appear.
    func commit() {
        for file in held {
            do {
                try file.file.commit()
                written += 1
            } catch {
                failed(file.path, file.source, error)
            }
        }
        held = []
    }

    /// Removes the held files.
    func discard() {
        held.forEach { $0.file.discard() }
        held = []
    }
}
