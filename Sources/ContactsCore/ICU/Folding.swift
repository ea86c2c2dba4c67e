internal import VCICU

/// The text folded for matching with ICU: case folded, accents and other marks removed (`Müller`,
/// `MULLER` and `muller` fold alike, `Zoë` as `zoe`, `Łódź` as `lodz`). ASCII text, which ICU
/// only lower-cases, is lower-cased here on its bytes.
public func folded(_ text: String) -> String {
    var text = text
    return text.withUTF8 { input in
        if input.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: input.count) { out in
                for i in input.indices { out[i] = input[i] &- 0x41 < 26 ? input[i] | 0x20 : input[i] }
                return input.count
            }
        }
        return icuFolded(input)
    }
}

/// The UTF-8 text folded by ICU.
func icuFolded(_ input: UnsafeBufferPointer<UInt8>) -> String {
    var capacity = input.count + 16
    while true {
        var out = [UInt8](repeating: 0, count: capacity)
        let n = Int(out.withUnsafeMutableBufferPointer {
            vc_fold(input.baseAddress, Int32(input.count), $0.baseAddress, Int32(capacity))
        })
        if n < 0 { return String(decoding: input, as: UTF8.self).lowercased() }
        if n <= capacity { return String(decoding: out[..<n], as: UTF8.self) }
        capacity = n
    }
}
