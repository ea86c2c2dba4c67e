import Testing
@testable import ContactsCore
@testable import ContactFormats
import ContactsTesting
import ContactFormatsTesting

/// vCard 2.1's lines from properties in their 3.0 form: bare types, 2.1's escapes,
/// quoted-printable for what is not short printable ASCII, base64 ended by an empty line.
@Suite struct VCard21LinesTests {
    private static func lines(_ property: VCardProperty) -> String {
        var bytes: [UInt8] = []
        VCard21Lines.append(property, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func property(_ name: String, _ value: String, _ parameters: [(String, [String])] = [], group: String? = nil) -> VCardProperty {
        var p = VCardProperty(name: name, value: value)
        p.group = group
        p.parameters = parameters.map { VCardParameter(name: $0.0, values: $0.1) }
        return p
    }

    @Test(arguments: [
        ("types stand bare, in capitals", property("TEL", "+49 30 1234", [("TYPE", ["cell", "pref"])]), "TEL;CELL;PREF:+49 30 1234\r\n"),
        ("a type that cannot stand bare keeps its name", property("EMAIL", "a@b.example", [("TYPE", ["my label"])]),
         "EMAIL;TYPE=my label:a@b.example\r\n"),
        ("a group and other parameters stay", property("EMAIL", "a@b.example", [("X-SERVICE", ["x"])], group: "item1"),
         "item1.EMAIL;X-SERVICE=x:a@b.example\r\n"),
        ("a comma in text is a comma, a semicolon escaped", property("NOTE", "a\\, b\\; c"), "NOTE:a, b\\; c\r\n"),
        ("list items keep their commas escaped", property("CATEGORIES", "a\\,b,c"), "CATEGORIES:a\\,b,c\r\n"),
        ("a backslash is one unless it reads as an escape", property("NOTE", "C:\\\\temp\\\\new"), "NOTE:C:\\temp\\\\new\r\n"),
        ("structured parts, a comma in a part bare", property("N", "Berg\\,Sr;Anna;;;"), "N:Berg,Sr;Anna;;;\r\n"),
        ("a date as it is", property("BDAY", "--04-02"), "BDAY:--04-02\r\n"),
        ("a URI keeps VALUE as 2.1 says it", property("PHOTO", "http://x.example/a.jpg", [("VALUE", ["uri"])]),
         "PHOTO;VALUE=URL:http://x.example/a.jpg\r\n"),
        ("not ASCII: quoted-printable UTF-8", property("FN", "Zoë"), "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Zo=C3=AB\r\n"),
        ("a line break, an equals sign and a trailing space encoded", property("NOTE", "a=b\\nc "),
         "NOTE;ENCODING=QUOTED-PRINTABLE:a=3Db=0D=0Ac=20\r\n"),
        ("base64 folded, then an empty line", property("PHOTO", String(repeating: "QUJD", count: 30), [("ENCODING", ["b"]), ("TYPE", ["JPEG"])]),
         "PHOTO;ENCODING=BASE64;JPEG:" + String(String(repeating: "QUJD", count: 30).prefix(48)) + "\r\n "
            + String(String(repeating: "QUJD", count: 30).dropFirst(48)) + "\r\n\r\n"),
    ] as [(String, VCardProperty, String)])
    func writes(name: String, property: VCardProperty, expected: String) {
        #expect(Self.lines(property) == expected, "\(name)")
    }

    /// A long value is quoted-printable in lines of at most 76 octets, each but the last ending
    /// in a soft line break, and reads back as it was, whatever the text (here every length
    /// around the limit, with characters of 1 to 4 bytes).
    @Test func longValuesReadBackWhole() throws {
        for length in 60...90 {
            for piece in ["a", "é", "€", "🎂", " "] {
                let text = String(repeating: "x", count: length % 7) + String(repeating: piece, count: length)
                let written = Self.lines(Self.property("NOTE", VCardText.escape(text)))
                let physical = written.split(separator: "\r\n", omittingEmptySubsequences: false).dropLast()
                #expect(physical.allSatisfy { $0.utf8.count <= 76 }, "\(length) × \(piece)")
                #expect(physical.dropLast().allSatisfy { $0.hasSuffix("=") }, "\(length) × \(piece)")
                let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:x\r\n" + written + "END:VCARD\r\n"
                let people = try parse(card).people
                #expect(people.first?.note == text, "\(length) × \(piece)")
            }
        }
    }
}
