import FuzzSupport
import VCFBirthdays

/// Quoted-printable and charset decoding: the input's first byte picks a charset, the rest is
/// a quoted-printable value. Every value decodes to valid UTF-8 text, never a crash.
@_cdecl("fuzz_decoding_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzDecoding)
}

public func fuzzDecoding(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = pointer else { return 0 }
    let charsets = ["UTF-8", "ISO-8859-1", "windows-1252", "Shift_JIS", "GB18030", "KOI8-R", "UTF-16", "x-unknown"]
    guard size > 0 else { return 0 }
    let charset = charsets[Int(data[0]) % charsets.count]
    let value = UnsafeBufferPointer(start: data + 1, count: size - 1).filter { $0 != 0x0A && $0 != 0x0D }
    let card = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:X;Y\r\nNOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=\(charset):".utf8)
        + value + Array("\r\nEND:VCARD\r\n".utf8)
    let reading = Fuzz.read(card, csv: false)
    guard reading.people.count == 1 else { Fuzz.fail("the card was not read") }
    if let note = reading.people[0].note, String(validating: Array(note.utf8), as: UTF8.self) == nil {
        Fuzz.fail("note is not valid UTF-8")
    }
    return 0
}
