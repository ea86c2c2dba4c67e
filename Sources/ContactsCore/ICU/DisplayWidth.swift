/// Terminal columns a string takes: East Asian wide characters and emoji count 2, combining
/// marks 0.
public func displayWidth(_ text: String) -> Int {
    ICU.displayWidth(text.utf8.span)
}
