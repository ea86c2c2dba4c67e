import FuzzSupport
import VCFBirthdays

/// Date parsing on any bytes: a date it accepts exists, and reads back as itself.
@_cdecl("fuzz_dates_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzDates)
}

public func fuzzDates(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = pointer else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if case .date(let date) = DateParsing.parse(bytes) {
        guard PartialDate(year: date.year, month: date.month, day: date.day) == date else { Fuzz.fail("invalid date accepted") }
        guard DateParsing.parse(Array(date.description.utf8)) == .date(date) else {
            Fuzz.fail("\(date) does not read back")
        }
    }
    return 0
}
