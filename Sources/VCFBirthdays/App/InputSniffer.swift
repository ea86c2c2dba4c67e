/// Recognises inputs that are not vCard text before they are parsed as such: CSV exports (not
/// read yet) and UTF-16 files.
enum InputSniffer {
    /// A reason not to read the input as vCard, or nil.
    static func problem(_ head: ArraySlice<UInt8>, path: String, forced: RunOptions.InputFormat?) -> String? {
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return "the file is UTF-16 text, which is not read yet; convert it first: iconv -f UTF-16 -t UTF-8"
        }
        guard forced == nil, !containsIgnoringCase(head, "BEGIN:VCARD") else { return nil }
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") || lower.hasSuffix(".tsv") || looksLikeCSV(head) {
            return "this looks like CSV, which is not read yet; export the contacts as vCard (.vcf)"
        }
        return nil
    }

    /// The first line has no colon but several commas, semicolons or tabs: a CSV header.
    private static func looksLikeCSV(_ head: ArraySlice<UInt8>) -> Bool {
        var bytes = head
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
        guard !line.contains(UInt8(ascii: ":")) else { return false }
        let separators = line.filter { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") || $0 == 0x09 }.count
        return separators >= 2
    }
}
