import FuzzSupport

/// Structure-aware vCard: the fuzzer's bytes choose lines from the shapes that break readers —
/// card frames in any case, AGENT cards nested or left open, quoted-printable soft breaks before
/// a frame, folded and base64 continuation lines, records over the size limit, junk between
/// cards, every line end — and the result must read the same in any two chunks, account for
/// every record, and read the same on three threads in small parts as on one.
@_cdecl("fuzz_vcard_frames_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzVCardFrames)
}

public func fuzzVCardFrames(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let pointer else { return 0 }
    var choices = Choices(pointer, size)
    let partBytes = 16 + choices.pick(240)
    var text = ""
    var n = 0
    // Under the 64 KiB the chunking check allows a record: text outside cards longer than that
    // is rejected in blocks, more rejections than records.
    while !choices.isEmpty && text.utf8.count < 40_000 {
        n += 1
        let line: String = switch choices.pick(20) {
        case 0, 1: "BEGIN:VCARD"
        case 2, 3: "END:VCARD"
        case 4: choices.pick(["begin : vcard", "End:VCard ", "BEGIN:VCARD\u{0}", "END:VCARDX"])
        case 5: choices.pick(["VERSION:2.1", "VERSION:3.0", "VERSION:4.0"])
        case 6: "FN:Person \(n)"
        case 7: "N:Family\(n);Given;;;"
        case 8: choices.pick(["AGENT:", "item1.AGENT;TYPE=work:", "AGENT:  ", "AGENT:not a card"])
        case 9: choices.pick(["NOTE;ENCODING=QUOTED-PRINTABLE:soft=", "N;QUOTED-PRINTABLE:Iks=C3=A9=", "NOTE;ENCODING=QUOTED-PRINTABLE:=0D=0A="])
        case 10: choices.pick([" folded", "\tfolded", " ", "=20continued"])
        case 11: "BDAY:19\(choices.pick(10))\(choices.pick(10))-0\(1 + choices.pick(9))-1\(choices.pick(10))"
        case 12: choices.pick(["PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ", "PHOTO;ENCODING=BASE64:iVBORw0K", " QUJDRA==", "QUJDRA=="])
        case 13: "X-LONG:" + String(repeating: "x", count: 64 * choices.pick(256))
        case 14: choices.pick(["garbage outside", "no colon here", ":no name", "TEL;TYPE=\"unclosed:1"])
        case 15: ""
        case 16: "EMAIL;TYPE=INTERNET:p\(n)@example.com"
        case 17: "NOTE:" + String(repeating: "line\\n", count: choices.pick(64))
        default: "TEL:+1 555 01\(choices.pick(100))"
        }
        text += line + choices.pick(["\n", "\r\n", "\r", "\r\r\n", "\n\n"])
    }
    Fuzz.checkBuilt(Array(text.utf8), csv: false, partBytes: partBytes)
    return 0
}
