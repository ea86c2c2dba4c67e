import ContactsCore

/// A growable run of bytes that is never shared (`UnsharedBuffer`).
typealias ByteBuffer = UnsharedBuffer<UInt8>

/// A growable run of plain values that is never shared: unlike an array, reading or appending
/// to it needs no reference counting or uniqueness check, which matters for a buffer touched
/// for every line or field of input. Its elements are lent as a span (`withSpan`).
struct UnsharedBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }
    var last: Element? { count > 0 ? base[count - 1] : nil }
    private var bytes: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    mutating func append(_ byte: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(contentsOf bytes: UnsafeBufferPointer<Element>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(span elements: Span<Element>) {
        elements.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    mutating func append(contentsOf elements: [Element]) {
        elements.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Makes room for `extra` more elements, which `appendReserved` then appends without
    /// asking for room each time.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Appends an element the last `reserve` made room for.
    @inline(__always)
    mutating func appendReserved(_ element: Element) {
        assert(count < capacity, "appendReserved past what reserve made room for")
        base[count] = element
        count &+= 1
    }

    /// Appends elements the last `reserve` made room for.
    @inline(__always)
    private mutating func appendReserved(contentsOf elements: UnsafeBufferPointer<Element>) {
        assert(count + elements.count <= capacity, "appendReserved past what reserve made room for")
        guard let source = elements.baseAddress else { return }
        (base + count).update(from: source, count: elements.count)
        count &+= elements.count
    }

    /// Appends elements the last `reserve` made room for.
    @inline(__always)
    mutating func appendReserved(span elements: Span<Element>) {
        elements.withUnsafeBufferPointer { appendReserved(contentsOf: $0) }
    }

    /// Calls `body` with the elements.
    func withSpan<R>(_ body: (Span<Element>) throws -> R) rethrows -> R {
        try body(Span(_unsafeElements: bytes))
    }

    mutating func removeLast() {
        precondition(count > 0)
        count -= 1
    }

    /// Empties the buffer and keeps its memory.
    mutating func removeAll() { count = 0 }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}

extension Array where Element == UInt8 {
    /// Appends the text's UTF-8 at once (a small string's too, which `append(contentsOf: text.utf8)`
    /// would copy byte by byte).
    package mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
