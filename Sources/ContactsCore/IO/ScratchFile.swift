#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file only this run sees, for what outgrows memory (the sorted runs of a large
/// sorted output): written at its end, read anywhere. It has no name on the disk once made, so
/// nothing is left behind by an exit, a signal or a crash.
public protocol ScratchFile: ByteOutput {
    /// Reads up to `buffer.count` bytes from `offset` into the start of `buffer`; fewer only at
    /// the end of what was written.
    func read(at offset: Int, into buffer: inout MutableSpan<UInt8>) throws -> Int
}

extension ScratchFile {
    /// Reads `buffer.count` bytes from `offset`, which were written; an error when the file
    /// ends before.
    package func readWritten(at offset: Int, into buffer: inout MutableSpan<UInt8>) throws {
        if try read(at: offset, into: &buffer) < buffer.count {
            throw IOFailure(path: "a temporary file", reason: "it is shorter than what was written")
        }
    }
}

/// How much memory a stage may hold (people waiting to be sorted, the calendar's UIDs), and
/// where what goes beyond it is written: a scratch file, made when first needed.
public struct MemoryBudget {
    /// The memory, in bytes.
    public var bytes: Int
    /// Makes the scratch file.
    public var makeScratch: () throws -> ScratchFile

    /// A budget of `bytes`, spilling into the scratch file `makeScratch` makes.
    public init(bytes: Int, makeScratch: @escaping () throws -> ScratchFile) {
        self.bytes = bytes
        self.makeScratch = makeScratch
    }
}

/// A scratch file in the temporary directory: created with `mkstemp` and unlinked at once (with
/// the signals held back in between); the descriptor is closed when the object goes.
final class LocalScratchFile: ScratchFile {
    private let fd: Int32
    private let output: FileDescriptorOutput

    /// A new scratch file in `directory`; throws naming the directory when none can be made there.
    init(directory: String) throws {
        let (fd, error) = InterruptCleanup.holdingSignals { () -> (Int32, Int32) in
            let fd = System.makeUnnamedFile(template: directory + "/vcf2birthdays-sort-XXXXXX")
            let error = errno
            if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return (fd, error)
        }
        guard fd >= 0 else { throw IOFailure(path: "temporary sort file in " + directory, errno: error) }
        self.fd = fd
        output = FileDescriptorOutput(fd: fd, path: "temporary sort file in " + directory)
    }

    deinit { close(fd) }

    func write(_ bytes: Span<UInt8>) throws {
        try output.write(bytes)
    }

    func read(at offset: Int, into buffer: inout MutableSpan<UInt8>) throws -> Int {
        var done = 0
        let count = buffer.count
        while done < count {
            let n = System.read(fd, at: offset + done, into: &buffer, from: done)
            if n < 0 {
                if errno == EINTR { continue }
                throw IOFailure(path: output.path, errno: errno)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }
}
