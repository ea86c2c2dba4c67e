#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as the program found them.
public enum StandardDescriptors {
    /// Opens `/dev/null` onto each of descriptors 0, 1 and 2 that is closed (as coreutils and
    /// OpenSSH do), so that no file the run opens gets one of their numbers and receives what
    /// was meant for a standard stream (the diagnostics in `-o`'s file, say). Returns the ones
    /// that were closed. Call it first thing.
    @discardableResult
    public static func reserve() -> Set<Int32> {
        var closed = Set<Int32>()
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closed.insert(fd)
            let opened = System.open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd {  // a lower number was closed too and took it: moved on its turn
                dup2(opened, fd)
                close(opened)
            }
        }
        return closed
    }
}

/// A standard stream that was closed when the program started: writing to it is an error.
public final class ClosedOutput: ByteOutput {
    private let path: String

    /// An output named `path` in its message.
    public init(path: String) {
        self.path = path
    }

    public func write(_ bytes: Span<UInt8>) throws {
        throw IOFailure(path: path, reason: "closed when the program started")
    }
}
