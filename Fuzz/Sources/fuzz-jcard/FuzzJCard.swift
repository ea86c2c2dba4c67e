import FuzzSupport
import VCFBirthdays
import VCFBirthdaysTesting

/// The jCard reader on any bytes: no crash, no hang; the same people, warnings and rejections
/// however the input is split into chunks; and the people it reads, written as jCard, read
/// back as the same people.
@_cdecl("fuzz_jcard_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzJCard)
}

public func fuzzJCard(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let pointer, size > 0 else { return 0 }
    Fuzz.checkJSONCards(Array(UnsafeBufferPointer(start: pointer, count: size)), format: .jcard, name: "jCard", encoder: JCardEncoder(),
                        kept: { people, _ in Fuzz.json(people) })
    return 0
}
