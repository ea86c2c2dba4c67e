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
    let bytes = Array(UnsafeBufferPointer(start: pointer, count: size))
    func read(_ bytes: [UInt8], split: Int?) -> (people: [PersonInfo], said: [String]) {
        do {
            let (people, diagnostics) = try readContacts(bytes, format: .jscontact, scope: .card, split: split, maxRecordBytes: 1 << 12)
            return (people, diagnostics.warnings.map(\.description)
                        + diagnostics.rejections.map { "\($0.diagnostic.map(\.description) ?? "")\n\($0.rawText)" })
        } catch {
            Fuzz.fail("the JSContact reader threw \(error)")
        }
    }
    let whole = read(bytes, split: nil)
    let cut = Int(bytes[0]) % size
    let split = read(bytes, split: cut)
    if Fuzz.json(whole.people) != Fuzz.json(split.people) || whole.said != split.said {
        Fuzz.fail("split at \(cut), the result changed:\n\(whole)\n--- split:\n\(split)")
    }
    guard !whole.people.isEmpty else { return 0 }
    let cards = Fuzz.write(whole.people) { FormattedOutput(format: JSContactEncoder(), output: $0, diagnostics: RecordingDiagnostics()) }
    let again = read(Array(cards.utf8), split: nil)
    guard Fuzz.jsonAsJSContactKeeps(again.people, uidsOf: whole.people) == Fuzz.jsonAsJSContactKeeps(whole.people, uidsOf: whole.people) else {
        Fuzz.fail("JSContact round trip changed the people:\n\(Fuzz.json(whole.people))\n---\n\(Fuzz.json(again.people))\n\(cards)")
    }
    return 0
}
