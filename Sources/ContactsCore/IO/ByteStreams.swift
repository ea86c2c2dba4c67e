#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes in: a file, standard input, or a test double.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes into the start of `buffer`; 0 at the end of input.
    func read(into buffer: inout MutableSpan<UInt8>) throws -> Int
    /// The number of bytes in all, when known (a regular file), for the progress line.
    var size: Int? { get }
    /// The file read, when it is one (standard input redirected from a file): no output may replace it.
    var identity: FileIdentity? { get }
}

extension ByteSource {
    /// Not known.
    public var size: Int? { nil }
    /// Not a file.
    public var identity: FileIdentity? { nil }
}

/// Bytes out: standard output, a file, or a test double.
public protocol ByteOutput: AnyObject {
    /// Writes all of `bytes`.
    func write(_ bytes: Span<UInt8>) throws
}

/// A failed read or write, with the system's reason.
public struct IOFailure: Error, Equatable, CustomStringConvertible {
    /// The file or stream.
    public var path: String
    /// What went wrong, as the system says it.
    public var reason: String
    /// The reader of a pipe went away (`| head`): not an error worth reporting.
    public var isBrokenPipe: Bool

    /// A failure on `path`; `isBrokenPipe` when the reader went away.
    public init(path: String, reason: String, isBrokenPipe: Bool = false) {
        self.path = path
        self.reason = reason
        self.isBrokenPipe = isBrokenPipe
    }

    init(path: String, errno code: Int32) {
        self.init(path: path, reason: System.errorText(code), isBrokenPipe: code == EPIPE)
    }

    public var description: String { "\(path): \(reason)" }
}

/// Reads a file descriptor with `read(2)`.
public final class FileDescriptorSource: ByteSource {
    private let fd: Int32
    private let path: String
    private let closesOnDeinit: Bool

    /// Reads `fd`, named `path` in messages; closes it at the end when `closesOnDeinit`.
    public init(fd: Int32, path: String, closesOnDeinit: Bool) {
        self.fd = fd
        self.path = path
        self.closesOnDeinit = closesOnDeinit
    }

    deinit { if closesOnDeinit { close(fd) } }

    /// The file's size, when it is a regular file.
    public var size: Int? {
        guard let info = System.status(of: fd), info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The file's device and inode, when it is a regular file.
    public var identity: FileIdentity? {
        guard let info = System.status(of: fd), info.st_mode & S_IFMT == S_IFREG else { return nil }
        return LocalFileSystem.identity(info)
    }

    public func read(into buffer: inout MutableSpan<UInt8>) throws -> Int {
        while true {
            let n = System.read(fd, into: &buffer)
            if n >= 0 { return n }
            if errno != EINTR { throw IOFailure(path: path, errno: errno) }
        }
    }
}

/// Writes to a file descriptor with `write(2)`.
public final class FileDescriptorOutput: ByteOutput {
    let fd: Int32
    let path: String

    /// Writes to `fd`, named `path` in messages.
    public init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    public func write(_ bytes: Span<UInt8>) throws {
        var offset = 0
        while offset < bytes.count {
            let n = System.write(fd, bytes, from: offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw IOFailure(path: path, errno: errno)
            }
            offset += n
        }
    }
}

/// Buffers text and bytes in front of a `ByteOutput`, writing in 64 KiB blocks.
public final class TextOutput {
    private let output: ByteOutput
    // Appended to for every person by the one thread that writes the output: in a cell without
    // run-time exclusivity checks (they cost more than a short line's copy; measured: +1 % to +1.6 %
    // instructions a person without it).
    private let buffer = UncheckedCell<[UInt8]>([])
    private let blockSize: Int

    /// Buffers writes to `output` in blocks of `blockSize` bytes.
    public init(_ output: ByteOutput, blockSize: Int = 1 << 16) {
        self.output = output
        self.blockSize = blockSize
        buffer.value.reserveCapacity(blockSize + 1024)
    }

    /// Writes text as UTF-8.
    public func write(_ text: String) throws {
        buffer.value.append(contentsOf: text.utf8)
        if buffer.value.count >= blockSize { try flush() }
    }

    /// Writes one byte.
    public func write(byte: UInt8) throws {
        buffer.value.append(byte)
        if buffer.value.count >= blockSize { try flush() }
    }

    /// Writes the bytes of a span.
    public func write(_ bytes: Span<UInt8>) throws {
        buffer.value.append(span: bytes)
        if buffer.value.count >= blockSize { try flush() }
    }

    /// Writes bytes.
    public func write<C: Collection<UInt8>>(bytes: C) throws {
        buffer.value.append(contiguous: bytes)
        if buffer.value.count >= blockSize { try flush() }
    }

    /// Writes out what is buffered.
    public func flush() throws {
        guard !buffer.value.isEmpty else { return }
        var block: [UInt8] = []
        swap(&block, &buffer.value)  // a local: a span of a property cannot be proven to outlive the write
        defer {
            block.removeAll(keepingCapacity: true)
            buffer.value = block
        }
        try output.write(block.span)
    }
}
