import ArgumentParser

extension RunOptions {
    /// Checks the options of different parts against each other (each part checks its own when
    /// parsed): what cannot go together is a usage error.
    public func validate() throws {
        let out = output
        if diagnostics.checksOnly && (out.file != nil || out.opensResult || out.photoDirectory != nil || diagnostics.rejects != nil) {
            throw ValidationError("--check converts nothing: it takes no -o, --open, --extract-photos or --rejects")
        }
        if out.reportsDuplicates && (out.requestedFormat != nil || out.vdir != nil || out.photoDirectory != nil || diagnostics.checksOnly) {
            throw ValidationError("--dupes writes its own report: it takes no --to, --vdir, --extract-photos or --check")
        }
        if out.mergesDuplicates && (out.reportsDuplicates || diagnostics.checksOnly) {
            throw ValidationError("--merge writes the people merged: it takes no --dupes (which lists the groups it merges) or --check")
        }
        if out.vdir != nil {
            if out.file != nil { throw ValidationError("-o and --vdir cannot go together: --vdir writes a folder") }
            guard out.format.mayBeVDir else {
                throw ValidationError("--vdir writes a file per event or card: it takes --to ics, vcard3 or vcard4")
            }
            if diagnostics.checksOnly { throw ValidationError("--check converts nothing: it takes no --vdir") }
        } else if out.maxRemove != nil || out.dryRun {
            throw ValidationError("\(out.dryRun ? "--dry-run" : "--max-remove") goes with --vdir: it is about the files a vdir run removes")
        }
    }
}
