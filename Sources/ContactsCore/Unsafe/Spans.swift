// Bytes between spans, arrays and strings: the unsafe pointer code the rest of the package
// would otherwise write itself, behind safe functions (scripts/unsafe-census.txt lists the
// files that still hold such code).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Array where Element == UInt8 {
    /// `count` bytes not zeroed first, for a buffer that reads fill before anything reads it
    /// (zeroing a read buffer the size of the file cost about 260 instructions a person, as
    /// callgrind counts them).
    package init(unzeroedCount count: Int) {
        self.init(unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// The bytes of `span`, copied.
    @inlinable
    package init(copying span: Span<UInt8>) {
        self.init()
        append(span: span)
    }

    /// Appends the bytes of `span`, all at once.
    @inlinable
    package mutating func append(span: Span<UInt8>) {
        span.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Calls `body` with the bytes at `range` to write (a part of the array as a `MutableSpan`).
    @inlinable
    package mutating func withMutableSpan<R>(_ range: Range<Int>, _ body: (inout MutableSpan<UInt8>) throws -> R) rethrows -> R {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range beyond the array")
        return try withUnsafeMutableBufferPointer { buffer in
            var span = MutableSpan(_unsafeElements: UnsafeMutableBufferPointer(rebasing: buffer[range]))
            return try body(&span)
        }
    }

    /// Appends `bytes`, all at once when they are contiguous (every caller's): the generic
    /// append, unspecialized across modules, took a thousand instructions for a line of the
    /// birthday list.
    @inlinable
    package mutating func append<C: Collection<UInt8>>(contiguous bytes: C) {
        if bytes.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
            append(contentsOf: bytes)
        }
    }

    /// Appends the first `count` (at most 16) of the bytes of `low` then `high`, least
    /// significant first: a few short fields made in registers and appended at once.
    @inlinable
    package mutating func appendLittleEndian(_ low: UInt64, _ high: UInt64, count: Int) {
        precondition(count >= 0 && count <= 16, "more bytes than two words")
        Swift.withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// Writes `value`'s bytes, least significant first, over the array's bytes from `offset`.
    @inlinable
    package mutating func storeLittleEndian<Value: FixedWidthInteger & BitwiseCopyable>(_ value: Value, at offset: Int) {
        precondition(offset >= 0 && offset <= count &- MemoryLayout<Value>.size, "a value beyond the array")
        withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Value.self) }
    }

    /// Appends `value`'s 4 bytes, least significant first.
    @inlinable
    package mutating func appendLittleEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    /// Appends `value`'s 8 bytes, least significant first.
    @inlinable
    package mutating func appendLittleEndian(_ value: UInt64) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

extension Span where Element == UInt8 {
    /// The 8 bytes from `offset` as a number, the first the least significant; `offset + 8`
    /// must be within the span.
    @inlinable
    package func littleEndianWord(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset <= count &- 8, "a word beyond the span")
        return UInt64(littleEndian: withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) })
    }
}

extension MutableSpan where Element == UInt8 {
    /// Writes the bytes of `source` over this span's from `offset`; they must fit.
    @inlinable
    package mutating func copy(_ source: Span<UInt8>, to offset: Int) {
        precondition(offset >= 0 && offset <= count &- source.count, "bytes beyond the span")
        guard !source.isEmpty else { return }
        withUnsafeMutableBufferPointer { target in
            source.withUnsafeBufferPointer { target.baseAddress!.advanced(by: offset).update(from: $0.baseAddress!, count: $0.count) }
        }
    }
}

extension Span where Element == UInt8 {
    /// Compares the bytes with `other`'s, a span before the spans it is a prefix of: negative
    /// when this one comes first, 0 when they are equal.
    @inlinable
    package func compareBytes(_ other: Span<UInt8>) -> Int {
        let common = Swift.min(count, other.count)
        if common > 0 {
            let order = withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in memcmp(a.baseAddress!, b.baseAddress!, common) } }
            if order != 0 { return Int(order) }
        }
        return count - other.count
    }

    /// The value whose bytes lie at `offset` (a vector of 32 bytes, say), read unaligned; its
    /// bytes must be within the span.
    @inlinable
    package func load<Value: BitwiseCopyable>(_: Value.Type, at offset: Int) -> Value {
        precondition(offset >= 0 && offset <= count &- MemoryLayout<Value>.size, "a value beyond the span")
        return withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
    }
}

extension Span where Element == UInt8 {
    /// The index of the first `byte` at or after `from` (the C library's `memchr`); nil when
    /// there is none.
    @inlinable
    package func firstIndex(of byte: UInt8, from: Int) -> Int? {
        precondition(from >= 0, "a negative index")
        guard from < count else { return nil }
        return withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base + from, Int32(byte), bytes.count - from) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Whether `needle` occurs in the bytes, byte for byte: its first byte found by `memchr`,
    /// then the rest compared.
    @inlinable
    package func contains(_ needle: Span<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        let head = needle[0]
        var from = 0
        while let at = firstIndex(of: head, from: from), at + needle.count <= count {
            if extracting(at..<at + needle.count).compareBytes(needle) == 0 { return true }
            from = at + 1
        }
        return false
    }

    /// The index of the first byte at or after `from` that `stops` says yes to; the count when
    /// there is none (`from` when it is past the end). While 8 bytes are left they are read as
    /// one little-endian word, in which `marks` sets the high bit of every byte that stops (it
    /// may also mark bytes above the first: only the lowest mark is used).
    @inlinable @inline(__always)
    package func firstIndex(from: Int, marks: (UInt64) -> UInt64, stops: (UInt8) -> Bool) -> Int {
        precondition(from >= 0, "a negative index")
        return withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return from }
            let n = bytes.count
            var i = from
            while i <= n &- 8 {
                let found = marks(UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
                if found != 0 { return i &+ found.trailingZeroBitCount &>> 3 }
                i &+= 8
            }
            while i < n && !stops(base[i]) { i &+= 1 }
            return i
        }
    }
}

extension Collection where Element == UInt8 {
    /// Calls `body` with the bytes as a span: in place when they are contiguous (an array's, a
    /// slice's, a string's UTF-8), else copied first.
    @inlinable
    package func withContiguousSpan<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        if let result = try withContiguousStorageIfAvailable({ try body(Span(_unsafeElements: $0)) }) { return result }
        return try body(Array(self).span)
    }
}

extension StaticString {
    /// Calls `body` with the UTF-8 of the text (a literal's bytes, in place).
    @inlinable
    package func withUTF8Span<R>(_ body: (Span<UInt8>) -> R) -> R {
        withUTF8Buffer { body(Span(_unsafeElements: $0)) }
    }
}

extension String {
    /// Calls `body` with the string's UTF-8, in place (copied first when it is not contiguous):
    /// for a string read once, cheaper than `utf8.span`, whose getter is not inlined (measured:
    /// about ten instructions a string more, a thousand a person of JSContact).
    @inlinable
    package func withUTF8Span<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable({ try body(Span(_unsafeElements: $0)) }) { return result }
        return try Array(utf8).withUnsafeBufferPointer { try body(Span(_unsafeElements: $0)) }
    }

    /// The string of `bytes`, UTF-8 (what is not is replaced by U+FFFD).
    @inlinable
    package init(utf8 bytes: Span<UInt8>) {
        self = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// A string of at most `capacity` UTF-8 bytes, which `body` appends to the output span it
    /// is given; they must be valid UTF-8 (else U+FFFD stands for what is not).
    @inlinable
    package init(utf8Capacity capacity: Int, _ body: (inout OutputSpan<UInt8>) -> Void) {
        self = String(unsafeUninitializedCapacity: capacity) { buffer in
            var out = OutputSpan(buffer: buffer, initializedCount: 0)
            body(&out)
            return out.finalize(for: buffer)
        }
    }
}
