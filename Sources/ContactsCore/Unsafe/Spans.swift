// Bytes between spans, arrays and strings: the unsafe pointer code the rest of the package
// would otherwise write itself, behind safe functions (scripts/unsafe-census.txt lists the
// files that still hold such code).

extension Array where Element == UInt8 {
    /// Appends the bytes of `span`, all at once.
    @inlinable
    package mutating func append(span: Span<UInt8>) {
        span.withUnsafeBufferPointer { append(contentsOf: $0) }
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

extension Span where Element == UInt8 {
    /// The value whose bytes lie at `offset` (a vector of 32 bytes, say), read unaligned; its
    /// bytes must be within the span.
    @inlinable
    package func load<Value: BitwiseCopyable>(_: Value.Type, at offset: Int) -> Value {
        precondition(offset >= 0 && offset <= count &- MemoryLayout<Value>.size, "a value beyond the span")
        return withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
    }
}

extension String {
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
