/// Counts line ends as the vCard lexer and the CSV tokenizer see them: each LF, each CRLF,
/// and each CR not followed by LF (one at the very end included).
///
/// The thread that cuts an input into parts counts the lines of every part, to number the lines
/// of the next one; it looks at 32 bytes at a time rather than one line at a time.
enum LineEnds {
    static func count(_ bytes: Span<UInt8>) -> Int {
        let n = bytes.count
        let lf = SIMD32<UInt8>(repeating: 0x0A), cr = SIMD32<UInt8>(repeating: 0x0D)
        var lines = 0
        var i = 0
        // Each block also reads the byte after it, to see whether a CR is followed by LF.
        while i + 33 <= n {
            // A lane counts at most one end per block: 255 blocks before the byte counts wrap.
            let stop = min(n - 33, i + 254 * 32)
            var counts = SIMD32<UInt8>()
            while i <= stop {
                let here = bytes.load(SIMD32<UInt8>.self, at: i)
                let next = bytes.load(SIMD32<UInt8>.self, at: i + 1)
                let ends = (here .== lf) .| ((here .== cr) .& (next .!= lf))
                counts &+= SIMD32<UInt8>().replacing(with: 1, where: ends)
                i += 32
            }
            lines += Int(SIMD32<UInt16>(truncatingIfNeeded: counts).wrappedSum())
        }
        while i < n {
            if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == n || bytes[i + 1] != 0x0A)) { lines += 1 }
            i += 1
        }
        return lines
    }
}
