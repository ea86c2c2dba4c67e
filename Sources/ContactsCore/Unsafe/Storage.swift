// Storage the run-time checks do not watch, for state changed for every line or person by the
// one thread that owns it, where the checks cost more than the work.

/// A value held by reference whose accesses skip the run-time exclusivity check: a class's
/// state changed for every line or person (a parser's, a sink's) in a `let` cell instead of a
/// `var` costs no `swift_beginAccess` per use (measured: about 10 % of a one-thread vCard read),
/// and is reached by address, with no accessor coroutine between. Safe as long as one thread
/// uses it and no access overlaps another of the same cell (an `inout` of `value` passed to
/// code that reaches the cell again), which its owners never do: each cell is private to a
/// class that one thread drives.
public final class UncheckedCell<Value: ~Copyable> {
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    @inlinable
    public init(_ value: consuming Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The value, read or changed in place.
    @inlinable
    public var value: Value {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }
}
