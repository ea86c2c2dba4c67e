internal import VCICU

/// Names in plain Latin letters, for comparing names written in different scripts: ICU's
/// `Any-Latin; Latin-ASCII` (`Анна Берг` as `Anna Berg`, `はなこ` as `hanako`; Han characters
/// as their pinyin). The transliterator is made at the first text that needs it (which takes
/// a while) and serves every thread, one at a time; the last `remembered` texts are
/// transliterated once (names repeat).
package final class LatinLetters: @unchecked Sendable {
    private let lock = ThreadLock()
    private var transliterator: UnsafeMutableRawPointer?
    private var opened = false
    private var known: [String: String] = [:]
    private static let remembered = 1 << 14

    package init() {}

    deinit { vc_latin_close(transliterator) }

    /// `text` in Latin letters; ASCII text as it is (and any text when ICU cannot).
    package func latin(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        return lock.locked { transliterated(text) }
    }

    private func transliterated(_ text: String) -> String {
        if !opened { (transliterator, opened) = (vc_latin_open(), true) }
        guard let transliterator else { return text }
        if let done = known[text] { return done }
        var input = text
        var capacity = 4 * input.utf8.count + 16
        var result = text
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            let n = Int(input.withUTF8 { bytes in
                out.withUnsafeMutableBufferPointer {
                    vc_latin(transliterator, bytes.baseAddress, Int32(clamping: bytes.count), $0.baseAddress, Int32(clamping: capacity))
                }
            })
            if n < 0 { break }
            if n <= capacity {
                result = String(decoding: out[..<n], as: UTF8.self)
                break
            }
            capacity = n
        }
        if known.count >= Self.remembered { known.removeAll(keepingCapacity: true) }
        known[text] = result
        return result
    }
}
