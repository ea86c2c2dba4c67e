/// How the user names an output format: by `--to` (its name or an alias that can mean only it)
/// or by the extension of `-o`'s file.
extension RunOptions.Format {
    /// Other names `--to` takes, each for one format only.
    static let aliases: [String: RunOptions.Format] = [
        "text": .list, "txt": .list, "tab": .tsv,
        "ndjson": .json, "jsonl": .json, "json-lines": .json,
        "google": .googleCSV, "gmail": .googleCSV, "outlook": .outlookCSV,
        "ical": .ics, "icalendar": .ics,
        "vcard-2.1": .vcard21, "vcard2.1": .vcard21, "vcard-21": .vcard21, "vcf21": .vcard21,
        "vcard30": .vcard3, "vcard-3": .vcard3, "vcard3.0": .vcard3, "vcard-3.0": .vcard3, "vcf3": .vcard3,
        "vcard40": .vcard4, "vcard-4": .vcard4, "vcard4.0": .vcard4, "vcard-4.0": .vcard4, "vcf4": .vcard4,
        "neomutt": .mutt, "json-vcard": .jcard, "vcard-json": .jcard, "json-contact": .jscontact, "jmap": .jscontact,
    ]

    /// Names that could mean more than one format, with what to say instead.
    static let ambiguousNames: [String: String] = [
        "vcf": "vcard3 (vCard 3.0, which most importers take) or vcard4 (vCard 4.0, RFC 6350)",
        "vcard": "vcard3 (vCard 3.0, which most importers take) or vcard4 (vCard 4.0, RFC 6350)",
    ]

    /// The format `--to` names: its name, or an alias that can mean only it (`ical`, `google`,
    /// `ndjson`, `vcard-4.0`), case aside.
    public init?(name: String) {
        let name = name.lowercased()
        if let format = Self(rawValue: name) ?? Self.aliases[name] { self = format } else { return nil }
    }

    /// Why `--to` does not take `name` (said after it): what it could mean, or the nearest name,
    /// and the formats.
    public static func unknownNameMessage(_ name: String) -> String {
        let names = allCases.map(\.rawValue).joined(separator: ", ")
        if let meant = ambiguousNames[name.lowercased()] {
            return "it could be more than one format: say --to \(meant)"
        }
        let candidates = allCases.map(\.rawValue) + aliases.keys.sorted()
        let lowered = name.lowercased()
        let nearest = candidates.map { ($0, editDistance(lowered, $0)) }.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
        var message = "not a format's name."
        if let (candidate, distance) = nearest, distance <= max(1, lowered.count / 3) {
            message += " Did you mean '\(Self(name: candidate)?.rawValue ?? candidate)'?"
        }
        return message + " The formats: \(names)"
    }

    /// The format a file name's extension says, case aside: the first format whose files have
    /// it (`.txt` the list, `.json`, `.csv` ours, `.ics`, `.ldif`), `.vcf` vCard 3.0, which most
    /// importers take, or one of a few other extensions (`.tsv`, `.jsonl`, `.ndjson`, `.vcard`,
    /// `.ical`); nil for any other name.
    public init?(fileName: String) {
        let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return nil }
        let ending = base[base.index(after: dot)...].lowercased()
        let others: [String: Self] = ["tsv": .tsv, "tab": .tsv, "jsonl": .json, "ndjson": .json, "vcf": .vcard3, "vcard": .vcard3,
                                      "ical": .ics, "icalendar": .ics, "jcard": .jcard, "jscontact": .jscontact]
        guard let format = others[ending] ?? Self.allCases.first(where: { $0.fileExtension == ending }) else { return nil }
        self = format
    }

    /// The edits (a byte inserted, removed, replaced, or two swapped) from one name to the other
    /// (optimal string alignment; names are ASCII).
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        // d[i][j]: the distance from a's first i bytes to b's first j.
        var d = (0...a.count).map { i in (0...b.count).map { j in i == 0 ? j : (j == 0 ? i : 0) } }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
