import FuzzSupport
import VCFBirthdaysTesting

/// The line rule (`LineText`) on any input: as the birthday list, TSV, the mail query and the
/// duplicates report, each line of output has its format's fields and no control, bidirectional
/// or line-break character from the input; so has every line of standard error.
@_cdecl("fuzz_lines_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzLines)
}

public func fuzzLines(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let pointer else { return 0 }
    let violations = lineSafetyViolations(Array(UnsafeBufferPointer(start: pointer, count: size)), maxRecordBytes: 4096)
    if !violations.isEmpty { Fuzz.fail(violations.prefix(5).joined(separator: "\n")) }
    return 0
}
