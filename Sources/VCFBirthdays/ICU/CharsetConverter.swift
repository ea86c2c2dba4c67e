internal import VCICU

/// Decodes text in a legacy character set (`windows-1252`, `ISO-8859-1`, `Shift_JIS`, …) into
/// UTF-8 through an ICU converter.
public final class CharsetConverter {
    public let charset: String
    private let handle: OpaquePointer

    /// Opens a converter; throws when ICU does not know the character set.
    public init(charset: String) throws {
        var err: Int32 = 0
        guard let handle = vc_conv_open(charset, &err) else {
            throw ICUError(code: err, what: "unknown character set '\(charset)'")
        }
        self.charset = charset
        self.handle = handle
    }

    deinit { vc_conv_close(handle) }

    /// The UTF-8 bytes of `bytes`, and how many of them could not be mapped (they become U+FFFD).
    public func utf8<C: Collection<UInt8>>(from bytes: C) -> (bytes: [UInt8], substitutions: Int) {
        let input = Array(bytes)
        var capacity = input.count * 3 + 16
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            var substitutions: Int32 = 0
            let length = input.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    Int(vc_conv_to_utf8(handle, src.baseAddress, Int32(src.count), dst.baseAddress,
                                        Int32(dst.count), &substitutions))
                }
            }
            if length <= capacity {
                out.removeSubrange(length...)
                return (out, Int(substitutions))
            }
            capacity = length
        }
    }
}

/// Terminal columns a string takes: East Asian wide characters and emoji count 2, combining
/// marks 0.
public func displayWidth(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { Int(vc_display_width($0.baseAddress, Int32($0.count))) }
}
