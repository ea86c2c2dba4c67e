import ContactsCore

/// Every person read, held until the end of the run (`--merge` knows the groups only then):
/// as bytes (`PersonBytes`) in memory up to the budget, beyond it in a scratch file.
final class HeldPeople {
    private let budget: MemoryBudget
    /// The records not (yet) in the scratch file.
    private var memory: [UInt8] = []
    /// Where each record starts, and the end of the last.
    private var offsets: [Int] = [0]
    private var scratch: ScratchFile?
    /// The bytes in the scratch file: the records before `memory`'s.
    private var onDisk = 0
    /// Records read ahead from the scratch file, for reading them in order.
    private var readAhead: [UInt8] = []
    private var readAheadStart = 0

    /// People held in `budget.bytes` of memory, the rest in the budget's scratch file.
    init(budget: MemoryBudget) {
        self.budget = budget
    }

    var count: Int { offsets.count - 1 }

    func append(_ person: PersonInfo) throws {
        PersonBytes.append(person, to: &memory)
        offsets.append(onDisk + memory.count)
        // Over the budget, everything so far goes to the file, then each MiB as it comes.
        if memory.count > (scratch == nil ? budget.bytes : 1 << 20) {
            if scratch == nil { scratch = try budget.makeScratch() }
            let bytes = memory
            try scratch!.write(bytes.span)
            onDisk += memory.count
            memory.removeAll(keepingCapacity: true)
        }
    }

    /// The person `index`; `inOrder` when the next one read is likely `index + 1` (read ahead).
    func person(_ index: Int, inOrder: Bool) throws -> PersonInfo {
        let range = offsets[index]..<offsets[index + 1]
        if range.lowerBound >= onDisk {
            return PersonBytes.read(memory, from: range.lowerBound - onDisk)
        }
        if !inOrder {
            let bytes = try read(range)
            return PersonBytes.read(bytes)
        }
        if range.lowerBound < readAheadStart || range.upperBound > readAheadStart + readAhead.count {
            readAheadStart = range.lowerBound
            readAhead = try read(range.lowerBound..<min(onDisk, range.lowerBound + max(range.count, 1 << 20)))
        }
        return PersonBytes.read(readAhead, from: range.lowerBound - readAheadStart)
    }

    private func read(_ range: Range<Int>) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        var span = bytes.mutableSpan
        try scratch!.readWritten(at: range.lowerBound, into: &span)
        return bytes
    }
}
