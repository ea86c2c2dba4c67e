import ContactsCore

/// Writes values as bytes that `FieldReader` reads back: lengths and counts as LEB128 varints,
/// text as its UTF-8, an optional a 0/1 byte first.
struct FieldWriter {
    var out: [UInt8]

    mutating func count(_ n: Int) {
        var n = UInt(bitPattern: n)
        while n >= 0x80 {
            out.append(UInt8(n & 0x7F) | 0x80)
            n >>= 7
        }
        out.append(UInt8(n))
    }

    mutating func string(_ s: String) {
        let bytes = s.utf8.span
        count(bytes.count)
        out.append(span: bytes)
    }

    mutating func strings(_ list: [String]) {
        count(list.count)
        for s in list { string(s) }
    }

    mutating func optional(_ s: String?) {
        out.append(s == nil ? 0 : 1)
        if let s { string(s) }
    }

    mutating func date(_ d: PartialDate?) {
        guard let d else { return out.append(0) }
        out.append(d.year == nil ? 1 : 2)
        if let year = d.year { count(year) }
        out.append(UInt8(d.month))
        out.append(UInt8(d.day))
    }
}

/// Reads what a `FieldWriter` wrote, from `start` in `bytes`.
struct FieldReader {
    let bytes: [UInt8]
    /// Where the next value starts.
    private(set) var at: Int

    init(bytes: [UInt8], from start: Int = 0) {
        self.bytes = bytes
        at = start
    }

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return bytes[at]
    }

    mutating func count() -> Int {
        var n: UInt = 0
        var shift: UInt = 0
        while true {
            let b = byte()
            n |= UInt(b & 0x7F) << shift
            if b < 0x80 { return Int(bitPattern: n) }
            shift += 7
        }
    }

    mutating func string() -> String {
        String(decoding: bytes(count()), as: UTF8.self)
    }

    mutating func strings() -> [String] { (0..<count()).map { _ in string() } }

    mutating func optional() -> String? { byte() == 0 ? nil : string() }

    mutating func date() -> PartialDate? {
        let kind = byte()
        guard kind != 0 else { return nil }
        let year = kind == 2 ? count() : nil
        let month = Int(byte())
        return PartialDate(year: year, month: month, day: Int(byte()))
    }

    /// The next `n` bytes.
    mutating func bytes(_ n: Int) -> ArraySlice<UInt8> {
        defer { at += n }
        return bytes[at..<at + n]
    }

    /// The bytes after the values read.
    var rest: ArraySlice<UInt8> { bytes[at...] }
}
