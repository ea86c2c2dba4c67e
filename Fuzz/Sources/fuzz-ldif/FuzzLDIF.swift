import FuzzSupport
import VCFBirthdays
import VCFBirthdaysTesting

/// The LDIF reader on any bytes: no crash, no hang; the same people, warnings and rejections
/// however the input is split into chunks, and on three threads what one thread gives.
@_cdecl("fuzz_ldif_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzLDIF)
}

public func fuzzLDIF(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let pointer, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: pointer, count: size))
    func read(split: Int?) -> (String, [String]) {
        do {
            let (people, diagnostics) = try readContacts(bytes, format: .ldif, split: split, maxRecordBytes: 1 << 12)
            return (Fuzz.json(people), diagnostics.warnings.map(\.description) + diagnostics.rejections.map { "\($0.diagnostic.map(\.description) ?? "")\n\($0.rawText)" })
        } catch {
            Fuzz.fail("the LDIF reader threw \(error)")
        }
    }
    let whole = read(split: nil)
    let cut = Int(bytes[0]) % size
    let split = read(split: cut)
    if whole != split { Fuzz.fail("split at \(cut), the result changed:\n\(whole)\n--- split:\n\(split)") }
    // An LDIF input on standard input is told by its first line; on threads, parts of 16 to 271 bytes.
    if LDIFParser.looksLikeLDIF(bytes) { Fuzz.checkThreads(bytes, partBytes: 16 + Int(bytes[size - 1])) }
    return 0
}
