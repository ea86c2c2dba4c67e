/// Opens the files a run writes. The app opens every output (`-o`, `--rejects`, photos)
/// through one, so that the rules of `GuardedOutputFiles` hold for each.
public protocol OutputFiles: AnyObject {
    /// Creates the output at `path`, refusing one that would land on an input or another output.
    func create(_ path: String, _ mode: OutputMode) throws -> AtomicFile
    /// Whether `path` is an input of the run or one of its outputs, which nothing may remove.
    func protects(_ path: String) -> Bool
}

/// Outputs that never land on an input, nor on the file of another output of the run: a
/// target that is an input (the same file, through a link or another hard link) or that
/// another output already writes is refused before anything is written.
package final class GuardedOutputFiles: OutputFiles {
    /// Why an output was refused.
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    private let fileSystem: any FileSystem
    /// Every input read (by identity), with the name it was given as.
    private let inputs: [FileIdentity: String]
    /// The targets opened so far, by resolved path and by identity, with the names they were given as.
    private var openedPaths: [String: String] = [:]
    private var openedFiles: [FileIdentity: String] = [:]

    package init(fileSystem: any FileSystem, inputs: [FileIdentity: String]) {
        self.fileSystem = fileSystem
        self.inputs = inputs
    }

    package func create(_ path: String, _ mode: OutputMode) throws -> AtomicFile {
        let target = try fileSystem.outputTarget(path, mode)
        if let identity = target.identity, let input = inputs[identity] {
            throw Refusal(description: input == path ? "\(path): refusing to overwrite an input file"
                                                     : "\(path): refusing to overwrite an input file (it is \(input))")
        }
        // A FIFO or a device such as /dev/null may take several outputs; a file may not.
        if target.writing != .inPlace {
            if let other = openedPaths[target.path] ?? target.identity.flatMap({ openedFiles[$0] }) {
                throw Refusal(description: "\(path): the same file as \(other): give each output a file of its own")
            }
            openedPaths[target.path] = path
            if let identity = target.identity { openedFiles[identity] = path }
        }
        return try fileSystem.createOutput(target)
    }

    package func protects(_ path: String) -> Bool {
        if let identity = fileSystem.status(of: path)?.identity, inputs[identity] != nil || openedFiles[identity] != nil {
            return true
        }
        let resolved = (try? fileSystem.outputTarget(path, .newFile(replacingExisting: true)))?.path ?? path
        return openedPaths[resolved] != nil || openedPaths[path] != nil
    }
}
