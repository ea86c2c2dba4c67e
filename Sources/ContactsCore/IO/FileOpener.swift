#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a file or folder with the user's default application — the stand-in for the platform
/// workspace's "open". Tests pass a stub.
public protocol FileOpener {
    /// Opens the file at `path` with the default application.
    func open(_ path: String) throws
}

/// Why a file could not be opened.
public struct OpenFailure: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// A failure saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// The live opener: `xdg-open` on Linux, `open` on macOS, run as a child process with the path
/// as its one argument (never through a shell), waited for.
public struct SystemFileOpener: FileOpener {
    /// The program that opens files (`xdg-open`, `open` on macOS).
    public let command: String

    /// The platform's opener.
    public init() {
        #if os(macOS)
        command = "open"
        #else
        command = "xdg-open"
        #endif
    }

    /// The path as the command's argument: one that starts with `-` would be read as an option,
    /// so it gets `./` in front.
    static func argument(for path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }

    public func open(_ path: String) throws {
        let pid: pid_t
        switch spawnProcess([command, Self.argument(for: path)], searchesPath: true) {
        case .success(let child): pid = child
        case .failure(let error) where error.code == ENOENT:
            throw OpenFailure("\(command) not found; install it (Debian: apt-get install xdg-utils) or open \(path) yourself")
        case .failure(let error): throw OpenFailure("cannot run \(command): \(error.reason)")
        }
        guard let status = System.waitForExit(pid) else {
            throw OpenFailure("cannot wait for \(command): \(System.errorText(errno))")
        }
        let exited = (status & 0x7F) == 0
        let code = (status >> 8) & 0xFF
        guard exited && code == 0 else {
            throw OpenFailure(exited ? "\(command) \(path) exited with status \(code)" : "\(command) \(path) was killed")
        }
    }
}
