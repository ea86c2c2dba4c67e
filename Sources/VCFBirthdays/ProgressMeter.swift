import ContactsCore
import ContactFormats
import ContactsOutput

/// The progress line on standard error during long runs: bytes and people done, the rate, and
/// the time left when the input's size is known. It appears once a run has taken a second,
/// is redrawn at most five times a second, and is erased before anything else is written to
/// standard error (it wraps that stream) and at the end.
///
///     vcf2birthdays: 24.0 MB, 46,210 people, 48.1 MB/s, 1 s left
final class ProgressMeter: ByteOutput {
    private let terminal: any ByteOutput
    private let stopwatch: any Stopwatch
    private let start: Double
    private var lastDrawn = -Double.infinity
    private var shown = false
    private var finishedBytes = 0
    private var finishedPeople = 0

    init(terminal: any ByteOutput, stopwatch: any Stopwatch) {
        self.terminal = terminal
        self.stopwatch = stopwatch
        start = stopwatch.seconds()
    }

    /// Standard error's other writers: the line is erased first, and drawn again at the next update.
    func write(_ bytes: Span<UInt8>) throws {
        try erase()
        try terminal.write(bytes)
    }

    /// Progress within the current input: `bytes` of `size` read (nil when unknown), `people` converted.
    func update(bytes: Int, of size: Int?, people: Int) {
        let now = stopwatch.seconds()
        let elapsed = now - start
        guard elapsed >= 1, now - lastDrawn >= 0.2 else { return }
        lastDrawn = now
        let done = finishedBytes + bytes
        let rate = Double(done) / elapsed
        var line = "vcf2birthdays: \(Self.megabytes(done)) MB, \(Self.grouped(finishedPeople + people)) people, "
            + "\(Self.megabytes(Int(rate))) MB/s"
        if let size, size >= bytes, rate > 0 {
            line += ", \(Int((Double(size - bytes) / rate).rounded(.up))) s left"
        }
        draw(line)
    }

    /// An input is done: its bytes and people count towards the totals shown.
    func finishInput(bytes: Int, people: Int) {
        finishedBytes += bytes
        finishedPeople += people
    }

    /// The run is done: the line goes away.
    func finish() { try? erase() }

    private func draw(_ line: String) {
        try? terminal.write(Array(("\r" + line + "\u{1B}[K").utf8).span)
        shown = true
    }

    private func erase() throws {
        guard shown else { return }
        shown = false
        try terminal.write(Array("\r\u{1B}[K".utf8).span)
    }

    /// Bytes as megabytes with one decimal: `24.0`.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `46210` → `46,210`.
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: i))
            i -= 3
        }
        return digits
    }
}
