import FuzzSupport
import VCFBirthdays
import VCFBirthdaysTesting

/// The JSContact reader on any bytes: no crash, no hang; the same people, warnings and rejections
/// however the input is split into chunks; and the people it reads, written as JSContact, read
/// back as the same people.
@_cdecl("fuzz_jscontact_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzJSContact)
}

public func fuzzJSContact(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let pointer, size > 0 else { return 0 }
    Fuzz.checkJSONCards(Array(UnsafeBufferPointer(start: pointer, count: size)), format: .jscontact, name: "JSContact", encoder: JSContactEncoder(),
                        kept: Fuzz.jsonAsJSContactKeeps)
    return 0
}
