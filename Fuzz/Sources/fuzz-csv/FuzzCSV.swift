import FuzzSupport

/// The CSV tokenizer and mapper on any bytes: no crash, no hang; the same people and the same
/// rejections however the input is split into chunks.
@_cdecl("fuzz_csv_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzCSV)
}

public func fuzzCSV(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if let pointer { Fuzz.checkChunking(pointer, size, csv: true) }
    return 0
}
