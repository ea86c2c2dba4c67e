import FuzzSupport
import VCFBirthdays

/// The CSV tokenizer and mapper on any bytes: no crash, no hang; the same people and the same
/// rejections however the input is split into chunks.
@_cdecl("fuzz_csv_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzCSV)
}

public func fuzzCSV(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = pointer else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = Fuzz.read(bytes, csv: true)
    let cut = size / 2 + Int(bytes.first ?? 0) % max(1, size / 2 + 1)
    let split = Fuzz.read(bytes, csv: true, split: cut)
    if Fuzz.json(whole.people) != Fuzz.json(split.people) || whole.rejected != split.rejected {
        Fuzz.fail("split at \(cut), the result changed: \(whole.rejected) rejected\n\(Fuzz.json(whole.people))"
            + "\n--- split: \(split.rejected) rejected\n\(Fuzz.json(split.people))")
    }
    return 0
}
