import ContactsCore

/// Writes CSV rows (RFC 4180): fields quoted when they hold a comma, quote, CR or LF; quotes
/// doubled; CRLF line ends. With `guardsFormulas`, a cell a spreadsheet would run as a formula
/// (starting with `=`, `+`, `-`, `@`, tab or CR) gets a leading apostrophe, except phone numbers
/// (`+49 30 1234567`) and year-less dates (`--04-15`), which stay intact.
struct CSVRowEncoder: Sendable {
    let guardsFormulas: Bool

    /// Appends the row of `fields`, its line end included, to `line`.
    func append(_ fields: [String], to line: inout [UInt8]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { line.append(UInt8(ascii: ",")) }
            var text = field
            if guardsFormulas && Self.looksLikeFormula(text) { text = "'" + text }
            let utf8 = text.utf8
            if utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
                line.append(UInt8(ascii: "\""))
                for b in utf8 {
                    if b == UInt8(ascii: "\"") { line.append(b) }
                    line.append(b)
                }
                line.append(UInt8(ascii: "\""))
            } else {
                line.append(contentsOf: utf8)
            }
        }
        line.append(0x0D)
        line.append(0x0A)
    }

    static func looksLikeFormula(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return false }
        if isPhoneNumber(text) { return false }
        if case .date = DateParsing.parse(Array(text.utf8)) { return false }
        return true
    }

    /// `+` or a digit, then only digits, spaces and `-().`/`/`: a phone number, not a formula.
    static func isPhoneNumber(_ text: String) -> Bool {
        guard text.first == "+", text.count > 1 else { return false }
        return text.dropFirst().allSatisfy { ($0.isASCII && $0.isNumber) || " -().//".contains($0) }
            && text.contains(where: { $0.isASCII && $0.isNumber })
    }
}
