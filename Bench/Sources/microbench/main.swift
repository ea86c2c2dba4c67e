import Glibc
import VCFBirthdays
import VCFBirthdaysTesting

/// Micro-benchmarks of the hot paths on synthetic input built here: each runs 5 times; the
/// median is printed as time per item and MB/s. Numbers to compare before and after a change
/// on the same machine, not a pass/fail test.

func seconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func measure(_ name: String, items: Int, bytes: Int, _ body: () -> Void) {
    var times: [Double] = []
    for _ in 0..<5 {
        let start = seconds()
        body()
        times.append(seconds() - start)
    }
    let median = times.sorted()[2]
    let perItem = median / Double(items) * 1e9
    let rate = bytes > 0 ? "  \(Int(Double(bytes) / median / 1e6)) MB/s" : ""
    print(name.padding(30) + "\(Int(median * 1000)) ms  \(Int(perItem)) ns/item\(rate)")
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

var sink = 0  // keeps results alive

// Unfolding: content lines folded at 75 octets, like a photo or a long note.
let folded: [UInt8] = {
    var text = ""
    for i in 0..<20_000 {
        text += "NOTE:" + String(repeating: "abcdefghij", count: 30 + i % 7) + "\r\n"
    }
    var out: [UInt8] = []
    for line in text.split(separator: "\r\n") {
        let bytes = Array(line.utf8)
        var start = 0
        while start < bytes.count {
            if start > 0 { out.append(0x20) }
            out += bytes[start..<min(bytes.count, start + 74)]
            out += [0x0D, 0x0A]
            start += 74
        }
    }
    return out
}()
measure("unfolding (VCardLexer)", items: 20_000, bytes: folded.count) {
    var lexer = VCardLexer()
    folded.withUnsafeBufferPointer { lexer.feed($0) { sink &+= $0.bytes.count } }
    lexer.finish { sink &+= $0.bytes.count }
}

// Quoted-printable: vCard 2.1 cards with QP names and notes, through the parser.
let qpCard = """
    BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C5=81ukasiewicz;=C5=BBaneta;;;\r
    FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C5=BBaneta=20=C5=81ukasiewicz\r
    NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Pierwsza=20linia=0D=0ADruga=20linia:=20za=C5=BC=C3=B3=C5=82=\r
    =C4=87=20g=C4=99=C5=9Bl=C4=85=20ja=C5=BA=C5=84\r\nBDAY:1990-04-12\r\nEND:VCARD\r\n
    """
let qp: [UInt8] = (0..<20_000).flatMap { _ in Array(qpCard.utf8) }
measure("quoted-printable cards", items: 20_000, bytes: qp.count) {
    sink &+= ((try? readContacts(qp, csv: false, scope: .full).people.count) ?? 0)
}

// Date parsing: every form a contact file uses.
let dates = ["1985-04-15", "19850415", "--0415", "--04-15", "1604-04-15", "1985-04-15T10:00:00Z", "15.04.1985", "x"]
    .map { Array($0.utf8) }
measure("date parsing", items: 800_000, bytes: 0) {
    for i in 0..<800_000 {
        if case .date(let d) = DateParsing.parse(dates[i % dates.count]) { sink &+= d.day }
    }
}

// CSV tokenizing: Google-style rows with quoted fields, commas and line breaks inside quotes.
let csvRow = "Anna,,Berg,,,,,,\"Berg, Anna\",Acme,\"Head of \"\"Things\"\"\",,1990-01-05,\"Line one\nline two\",,,"
    + "* myContacts,Home,anna@example.org,Mobile,+46 70 123 45 67\r\n"
let csv: [UInt8] = (0..<100_000).flatMap { _ in Array(csvRow.utf8) }
measure("CSV tokenizing", items: 100_000, bytes: csv.count) {
    var tokenizer = CSVTokenizer()
    csv.withUnsafeBufferPointer { tokenizer.feed($0) { sink &+= $0.count } }
    tokenizer.finish { sink &+= $0.count }
}

// Sort keys: ICU German collation of family\tgiven names.
let collator = try! Collator(locale: "de")
let names = (0..<200_000).map { i in ["Müller", "Öberg", "van der Meer", "Zimmermann", "Åberg"][i % 5] + "\tAnna \(i % 977)" }
measure("ICU sort keys (de)", items: names.count, bytes: 0) {
    for name in names { sink &+= collator.sortKey(name).count }
}

// JSON: people whose text needs escaping, as NDJSON.
let people: [PersonInfo] = (0..<50_000).map { i in
    var p = PersonInfo(source: SourcePosition(path: "x", line: i))
    p.familyNames = ["O\"Brien \\ \(i)"]
    p.givenNames = ["Zoë"]
    p.formattedName = "Zoë \"Zed\" O'Brien\t\u{1}"
    p.note = "line one\nline two 🎂 — done"
    p.birthday = PartialDate(year: 1980 + i % 30, month: 1 + i % 12, day: 1 + i % 28)
    return p
}
measure("JSON escaping", items: people.count, bytes: 0) {
    let output = MemoryOutput()
    let writer = FormattedOutput(format: JSONLinesFormat(), output: TextOutput(output))
    for p in people { try? writer.consume(p) }
    try? writer.finish()
    sink &+= output.bytes.count
}

print("(checksum \(sink % 1000))")
