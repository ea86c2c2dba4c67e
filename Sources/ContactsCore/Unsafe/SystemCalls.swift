// The system's C calls that take pointers (read(2), write(2), open(2), the clocks, …) behind
// safe functions: spans and strings in, values out. Each returns what the call returns, -1 with
// `errno` set on a failure, as the call does; the callers that take no pointer stay in their files.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's calls that take pointers, as safe functions.
package enum System {
    /// read(2) into `buffer`: the bytes read, 0 at the end, -1 with `errno` set.
    package static func read(_ fd: Int32, into buffer: inout MutableSpan<UInt8>) -> Int {
        unsafe buffer.withUnsafeMutableBufferPointer { unsafe Glibc.read(fd, $0.baseAddress, $0.count) }
    }

    /// pread(2) at `offset` of the file into `buffer` from its index `start`.
    package static func read(_ fd: Int32, at offset: Int, into buffer: inout MutableSpan<UInt8>, from start: Int) -> Int {
        precondition(start >= 0 && start <= buffer.count)
        return unsafe buffer.withUnsafeMutableBufferPointer {
            unsafe pread(fd, $0.baseAddress.map { unsafe $0 + start }, $0.count - start, off_t(offset))
        }
    }

    /// write(2) of `bytes` from their index `start`: the bytes written, -1 with `errno` set.
    package static func write(_ fd: Int32, _ bytes: Span<UInt8>, from start: Int) -> Int {
        precondition(start >= 0 && start <= bytes.count)
        return unsafe bytes.withUnsafeBufferPointer { unsafe Glibc.write(fd, $0.baseAddress.map { unsafe $0 + start }, $0.count - start) }
    }

    /// open(2) of `path`: the descriptor, -1 with `errno` set.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
        unsafe Glibc.open(path, flags, mode)
    }

    /// fstat(2): the file's status, nil with `errno` set.
    package static func status(of fd: Int32) -> stat? {
        var info = stat()
        return unsafe fstat(fd, &info) == 0 ? info : nil
    }

    /// stat(2) of `path`, or lstat(2) when not `followingLinks`: its status, nil with `errno` set.
    package static func status(of path: String, followingLinks: Bool = true) -> stat? {
        var info = stat()
        let result = unsafe followingLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? info : nil
    }

    /// A directory's entries (`.` and `..` too) and the device it is on; nil with `errno` set.
    /// An entry whose type the file system does not say (`DT_UNKNOWN`) has its status, as
    /// lstat(2) gives it.
    package static func directoryEntries(_ path: String) -> (device: UInt64, entries: [DirectoryRecord])? {
        guard let dir = unsafe opendir(path) else { return nil }
        defer { _ = unsafe closedir(dir) }
        let fd = unsafe dirfd(dir)
        let device = status(of: fd).map { UInt64($0.st_dev) } ?? 0
        var entries: [DirectoryRecord] = []
        while let entry = unsafe readdir(dir) {
            let name = unsafe withUnsafeBytes(of: entry.pointee.d_name) { raw in
                unsafe String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            let type = unsafe Int32(entry.pointee.d_type)
            var info = stat()
            let unknownStatus = unsafe type == Int32(DT_UNKNOWN) && fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
            unsafe entries.append(DirectoryRecord(name: name, type: type, inode: UInt64(entry.pointee.d_ino), status: unknownStatus))
        }
        return (device, entries)
    }

    /// An entry of a directory as readdir(3) gives it.
    package struct DirectoryRecord {
        package var name: String
        /// `DT_REG`, `DT_DIR`, `DT_LNK`, `DT_UNKNOWN`, …
        package var type: Int32
        package var inode: UInt64
        /// For `DT_UNKNOWN`, the entry's own status (no link followed), when it could be had.
        package var status: stat?
    }

    /// mkstemps(3): a new file made from `template`, whose `XXXXXX` come before its last
    /// `suffixLength` bytes: its descriptor and path, nil with `errno` set.
    package static func makeFile(template: String, suffixLength: Int = 0) -> (fd: Int32, path: String)? {
        var path = Array(template.utf8CString)
        let fd = unsafe path.withUnsafeMutableBufferPointer { unsafe mkstemps($0.baseAddress!, Int32(suffixLength)) }
        guard fd >= 0 else { return nil }
        return (fd, String(decoding: path.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// mkdir(2).
    package static func makeDirectory(_ path: String, mode: mode_t) -> Int32 { unsafe mkdir(path, mode) }

    /// unlink(2).
    @discardableResult
    package static func remove(_ path: String) -> Int32 { unsafe unlink(path) }

    /// link(2).
    package static func link(_ existing: String, _ new: String) -> Int32 { unsafe Glibc.link(existing, new) }

    /// rename(2).
    package static func rename(_ old: String, _ new: String) -> Int32 { unsafe Glibc.rename(old, new) }

    /// realpath(3): the path with every link, `.` and `..` resolved; nil with `errno` set.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = unsafe realpath(path, nil) else { return nil }
        defer { unsafe free(resolved) }
        return unsafe String(cString: resolved)
    }

    /// readlink(2): where the link `path` points; nil when it is no link (or cannot be read).
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = unsafe readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// getenv(3).
    package static func environmentVariable(_ name: String) -> String? {
        unsafe getenv(name).map { unsafe String(cString: $0) }
    }

    /// mkstemp(3) then unlink(2) of a file made from `template` (ending in `XXXXXX`): the
    /// descriptor of a file with no name, -1 with `errno` set.
    package static func makeUnnamedFile(template: String) -> Int32 {
        guard let (fd, path) = makeFile(template: template) else { return -1 }
        remove(path)
        return fd
    }

    /// pipe(2): the ends to read and to write, nil with `errno` set.
    package static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        return unsafe Glibc.pipe(&ends) == 0 ? (ends[0], ends[1]) : nil
    }

    /// waitpid(2) until the child `pid` ends (EINTR retried): its status, nil with `errno` set.
    package static func waitForExit(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while unsafe waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status
    }

    /// What the system says an error number means (strerror(3)).
    package static func errorText(_ code: Int32) -> String {
        unsafe String(cString: strerror(code))
    }

    /// Today's year, month (1–12) and day in the local time zone.
    package static func localDate() -> (year: Int, month: Int, day: Int) {
        var now = time(nil)
        var parts = unsafe tm()
        _ = unsafe localtime_r(&now, &parts)
        return unsafe (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    /// Seconds of the monotonic clock.
    package static func monotonicSeconds() -> Double {
        var now = timespec()
        _ = unsafe clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
