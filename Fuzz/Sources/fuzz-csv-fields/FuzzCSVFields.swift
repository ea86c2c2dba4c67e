import FuzzSupport

/// Structure-aware CSV: the fuzzer's bytes choose rows whose quoted fields hold many line
/// breaks, doubled quotes, runs long enough to pass the size limit, quotes left open, blank
/// rows and every line end — and the result must read the same in any two chunks, account for
/// every record, and read the same on three threads in small parts as on one (a long quoted
/// field made the threaded reader quadratic and restart inside the field).
@_cdecl("fuzz_csv_fields_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzCSVFields)
}

public func fuzzCSVFields(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let pointer else { return 0 }
    var choices = Choices(pointer, size)
    let partBytes = 64 + choices.pick(960)
    let delimiter = choices.pick([",", ";", "\t"])
    var text = ["Name", "Notes", "E-mail Address", "Birthday"].joined(separator: delimiter) + "\n"
    var n = 0
    while !choices.isEmpty && text.utf8.count < 96 << 10 {
        n += 1
        func field() -> String {
            switch choices.pick(10) {
            case 0: return ""
            case 1: return "\"" + (0..<choices.pick(40)).map { "line \($0)" }.joined(separator: choices.pick(["\n", "\r\n", "\r"])) + "\""
            case 2: return "\"say \"\"hi\"\"" + delimiter + " twice\""
            case 3: return "\"" + String(repeating: "long text\n", count: 400 * choices.pick(20)) + "\""  // up to 76 KB: past the 64 KiB limit
            case 4: return String(repeating: "z", count: 512 * choices.pick(16))
            case 5: return choices.pick(["\"open", "a\"bare", "\"closed\"after", "\"\""])
            case 6: return "199\(choices.pick(10))-0\(1 + choices.pick(9))-2\(choices.pick(8))"
            case 7: return "p\(n)@example.com"
            default: return "Person \(n)"
            }
        }
        let row = choices.pick(8) == 0 ? "" : (0..<(1 + choices.pick(5))).map { _ in field() }.joined(separator: delimiter)
        text += row + choices.pick(["\n", "\r\n", "\r"])
    }
    Fuzz.checkBuilt(Array(text.utf8), csv: true, partBytes: partBytes)
    return 0
}
