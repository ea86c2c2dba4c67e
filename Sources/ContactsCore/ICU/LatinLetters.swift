/// Names in plain Latin letters, for comparing names written in different scripts: ICU's
/// `Any-Latin; Latin-ASCII` (`Анна Берг` as `Anna Berg`, `はなこ` as `hanako`; Han characters
/// as their pinyin). The transliterator is made at the first text that needs it (which takes
/// a while) and serves every thread, one at a time; the last `remembered` texts are
/// transliterated once (names repeat).
package final class LatinLetters: @unchecked Sendable {
    private let lock = ThreadLock()
    private var transliterator: ICU.Transliterator?
    private var opened = false
    private var known: [String: String] = [:]
    private static let remembered = 1 << 14

    package init() {}

    /// `text` in Latin letters; ASCII text as it is (and any text when ICU cannot).
    package func latin(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        return lock.locked { transliterated(text) }
    }

    private func transliterated(_ text: String) -> String {
        if !opened { (transliterator, opened) = (ICU.Transliterator(), true) }
        guard let transliterator else { return text }
        if let done = known[text] { return done }
        let result = transliterator.latin(text.utf8.span) ?? text
        if known.count >= Self.remembered { known.removeAll(keepingCapacity: true) }
        known[text] = result
        return result
    }
}
