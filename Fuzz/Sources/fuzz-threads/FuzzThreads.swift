import FuzzSupport

/// Differential: any input (vCard or CSV, detected as the tool does) read on three threads in
/// small parts gives the same bytes as on one thread: output, diagnostics, exit status, rejects.
/// The first byte sets the part size.
@_cdecl("fuzz_threads_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzThreads)
}

public func fuzzThreads(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let pointer, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: pointer + 1, count: size - 1))
    Fuzz.checkThreads(bytes, partBytes: 16 + Int(pointer[0]))
    return 0
}
