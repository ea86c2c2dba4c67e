internal import VCICU

/// Turns text in UTF-16 or a legacy code page (`windows-1252`, `ISO-8859-1`, `Shift_JIS`, …)
/// into UTF-8 through ICU: streamed chunk by chunk (a character split between chunks is
/// completed by the next one), or a whole value at once.
public final class Transcoder {
    /// The character set it converts from, as given.
    public let charset: String
    private let handle: OpaquePointer
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    /// Bytes so far that could not be decoded (each became U+FFFD).
    public private(set) var substitutions = 0

    /// A converter from `charset` to UTF-8; throws when ICU does not know it.
    public init(charset: String) throws {
        var err: Int32 = 0
        guard let handle = vc_trans_open(charset, &err) else {
            throw ICUError(code: err, what: "unknown encoding '\(charset)'")
        }
        self.charset = charset
        self.handle = handle
    }

    deinit { vc_trans_close(handle) }

    /// The UTF-8 of a complete text, and how many of its bytes could not be decoded (each became
    /// U+FFFD).
    public func utf8<C: Collection<UInt8>>(from text: C) -> (bytes: [UInt8], substitutions: Int) {
        let before = substitutions
        var out: [UInt8] = []
        Array(text).withUnsafeBufferPointer { input in
            convert(input, flush: true) { out.append(contentsOf: $0) }
        }
        return (out, substitutions - before)
    }

    /// Converts `input` and hands the UTF-8 to `body` in pieces. With `flush`, the input is
    /// complete and a dangling partial character is decoded as U+FFFD.
    package func convert(_ input: UnsafeBufferPointer<UInt8>, flush: Bool,
                        _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        if input.baseAddress == nil {  // ICU wants a real pointer, even for no bytes
            var none: UInt8 = 0
            return try withUnsafePointer(to: &none) { try convert(UnsafeBufferPointer(start: $0, count: 0), flush: flush, body) }
        }
        var offset = 0
        while true {
            var consumed: Int32 = 0
            var substituted: Int32 = 0
            let remaining = input.count - offset
            let written = output.withUnsafeMutableBufferPointer { out in
                Int(vc_trans_convert(handle, input.baseAddress! + offset, Int32(remaining), &consumed,
                                     out.baseAddress, Int32(out.count), flush ? 1 : 0, &substituted))
            }
            offset += Int(consumed)
            substitutions += Int(substituted)
            if written > 0 {
                try output.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<written])) }
            }
            // Done when all input is used and the output was not full (nothing left pending).
            if offset >= input.count && written < output.count { return }
        }
    }
}
