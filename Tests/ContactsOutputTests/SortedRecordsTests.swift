import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
import ContactsTesting
import ContactFormatsTesting

@Suite struct SortedRecordsTests {
    /// Keys that often share their first 8 bytes or start other keys, with bytes above 0x7F:
    /// the payloads come out in the keys' bytewise order, ties in the order they were added,
    /// on one thread and with the halves sorted on two.
    @Test func payloadsComeOutInTheOrderOfTheirKeys() {
        var state: UInt64 = 0xD1B5_4A32_D192_ED03
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        let alphabet: [UInt8] = [0x00, 0x41, 0x42, 0x7F, 0x80, 0xFF]
        let stem = (0..<8).map { _ in alphabet[next(alphabet.count)] }
        let keys: [[UInt8]] = (0..<3_000).map { _ in
            let tail = (0..<next(6)).map { _ in alphabet[next(alphabet.count)] }
            return next(3) == 0 ? tail : Array(stem.prefix(next(9))) + tail
        }
        let expected = keys.indices.sorted { i, j in
            keys[i].lexicographicallyPrecedes(keys[j]) || (keys[i] == keys[j] && i < j)
        }
        for threads in [nil, WorkerThreads(count: 2)] {
            let records = SortedRecords()
            for (i, key) in keys.enumerated() {
                var payload: [UInt8] = []
                payload.appendLittleEndian(UInt32(i))
                records.append(key: key.span, payload: payload.span)
            }
            let sorted = records.sortedPayloads(threads: threads, parallelFrom: 100)
            let order = (0..<sorted.count).map { i in sorted.withPayload(i) { UInt32(littleEndian: $0.load(UInt32.self, at: 0)) } }
            #expect(order.map(Int.init) == expected, "threads: \(threads?.count ?? 1)")
            records.removeAll()
        }
    }
}
