#if canImport(Glibc)
import Glibc
#endif
import ContactsCore

/// The password a command prints (as vdirsyncer's `password.fetch`: `pass show dav`), run by
/// `/bin/sh` at the first request that needs it and kept for the run: the first line of its
/// standard output. Its text is never shown; a command that fails says only its exit status.
public final class PasswordCommand: @unchecked Sendable {
    private let command: String
    private let lock = ThreadLock()
    private var result: Result<String, HTTPFailure>?

    /// The password `command` prints.
    public init(_ command: String) {
        self.command = command
    }

    /// The password; throws when the command fails or prints nothing.
    public func password() throws(HTTPFailure) -> String {
        try lock.locked {
            if result == nil { result = run() }
            return result!
        }.get()
    }

    private func run() -> Result<String, HTTPFailure> {
        guard let pipeEnds = System.pipe() else { return .failure(HTTPFailure(.unusable, "the password command could not be started (no pipe)")) }
        let spawned = spawnProcess(["/bin/sh", "-c", command], searchesPath: false, output: pipeEnds.write, closing: pipeEnds.read)
        close(pipeEnds.write)
        guard case .success(let pid) = spawned else {
            close(pipeEnds.read)
            return .failure(HTTPFailure(.unusable, "the password command could not be started"))
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while output.count < 1 << 16 {
            var span = buffer.mutableSpan
            let n = System.read(pipeEnds.read, into: &span)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output += buffer[..<n]
        }
        close(pipeEnds.read)
        // A status that cannot be awaited (this process ignores SIGCHLD, so the system reaped
        // the command itself) is no failure: the command is judged by what it printed.
        let status = System.waitForExit(pid) ?? 0
        let exited = status & 0x7F == 0, code = (status >> 8) & 0xFF
        guard exited && code == 0 else {
            return .failure(HTTPFailure(.unusable, exited ? "the password command failed (exit status \(code))" : "the password command was killed"))
        }
        let line = output.prefix { $0 != 0x0A && $0 != 0x0D }
        guard !line.isEmpty else { return .failure(HTTPFailure(.unusable, "the password command printed no password")) }
        return .success(String(decoding: line, as: UTF8.self))
    }
}
