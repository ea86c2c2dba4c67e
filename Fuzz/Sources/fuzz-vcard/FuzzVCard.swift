import FuzzSupport

/// The vCard lexer and decoder on any bytes: no crash, no hang; the same people and the same
/// rejections however the input is split into chunks.
@_cdecl("fuzz_vcard_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzVCard)
}

public func fuzzVCard(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if let pointer { Fuzz.checkChunking(pointer, size, csv: false) }
    return 0
}
