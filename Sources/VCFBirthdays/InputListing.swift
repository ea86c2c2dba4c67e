import ContactsCore
import ContactFormats
import ContactsOutput
import ContactsServer

/// The inputs of a run, listed before anything is read or written (no output may land on
/// one), and what was wrong with the paths given.
struct InputListing {
    /// One input to read: its display path, and the path to open (nil = standard input).
    struct Input {
        var displayPath: String
        var path: String?
    }

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

    private init() {}

    /// Paths as given; directories become the `.vcf`, `.vcard`, `.csv` and `.ldif` files in them, sorted
    /// by name (an entry that is not a regular file, after links, is skipped with a warning: a
    /// FIFO would block the run). A path named on its own is read whatever it is (a FIFO too).
    init(_ paths: [String], _ env: Environment) {
        var listing = InputListing()
        func addStandardInput() {
            listing.inputs.append(Input(displayPath: "<stdin>", path: nil))
            if let identity = env.standardInput.identity { listing.identities[identity] = "<stdin>" }
        }
        if paths.isEmpty { addStandardInput() }
        /// The files of a directory, or the cards of an address book, as inputs.
        func addDirectory(_ path: String) {
            // A server's collection holds only items (told by their content type), whatever their names.
            let isURL = ServerURL.isURL(path)
            do {
                let entries = Self.sortedBytewise(try env.fileSystem.directoryEntries(path).filter { isURL || Self.isContactsFileName($0.name) },
                                             name: \.name)
                if entries.isEmpty {
                    listing.emptyDirectories.append(path)
                    listing.diagnostics.append(Diagnostic(.warning, .noContactsFiles, path: Self.shown(path), line: 0,
                                                          isURL ? "no cards in this address book" : "no .vcf, .vcard, .csv or .ldif files"))
                }
                let base = Array((path.hasSuffix("/") ? path : path + "/").utf8)
                listing.inputs.reserveCapacity(listing.inputs.count + entries.count)
                for entry in entries {
                    let full = Self.joined(base, entry.name)
                    var kind = entry.kind, identity = entry.identity
                    if kind == nil, let status = env.fileSystem.status(of: full) {
                        (kind, identity) = (status.kind, status.identity)
                    }
                    // (A link to nothing is kept: opening it says what is wrong.)
                    guard kind == .file || kind == nil else {
                        listing.diagnostics.append(Diagnostic(.warning, .notRegularFile, path: full, line: 0, "not a regular file, skipped"))
                        continue
                    }
                    listing.inputs.append(Input(displayPath: Self.shown(full), path: full))
                    if let identity { listing.identities[identity] = full }
                }
            } catch {
                listing.diagnostics.append(Diagnostic(.error, .cannotReadDirectory, path: Self.shown(path), line: 0,
                                                      "cannot read directory: \((error as? IOFailure)?.reason ?? "\(error)")"))
                listing.missingAny = true
            }
        }
        for path in paths {
            if path == "-" {
                addStandardInput()
                continue
            }
            if ServerURL.isURL(path), let server = env.fileSystem as? DAVFileSystem {
                // A server's, a principal's or an address book's URL: its address books; a card's: a file.
                do {
                    if let books = try server.addressBooks(at: path) {
                        books.forEach(addDirectory)
                        continue
                    }
                } catch {
                    listing.diagnostics.append(Diagnostic(.error, .cannotReadDirectory, path: Self.shown(path), line: 0,
                                                          "cannot read the address books: \(error.reason)"))
                    listing.missingAny = true
                    continue
                }
            }
            let status = env.fileSystem.status(of: path)
            switch status?.kind {
            case .directory:
                addDirectory(path)
            case nil, .missing:
                listing.diagnostics.append(Diagnostic(.error, .noSuchFile, path: path, line: 0, "no such file or directory"))
                listing.missingAny = true
            case .file, .other:
                listing.inputs.append(Input(displayPath: Self.shown(path), path: path))
                if let identity = status?.identity { listing.identities[identity] = path }
            }
        }
        self = listing
    }

    /// How an input is named in messages: a URL without its password.
    static func shown(_ path: String) -> String {
        guard ServerURL.isURL(path), let url = ServerURL(path), url.password != nil else { return path }
        return url.scheme + "://" + (url.user.map { _ in String(path.dropFirst(url.scheme.count + 3).prefix { $0 != ":" }) + "@" } ?? "")
            + url.authority + url.path
    }
}
