internal import VCICU

/// Terminal columns a string takes: East Asian wide characters and emoji count 2, combining
/// marks 0.
public func displayWidth(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { Int(vc_display_width($0.baseAddress, Int32($0.count))) }
}
