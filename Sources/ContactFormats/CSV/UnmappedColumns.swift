import ContactsCore

/// A row being filled: mapped values first, then unmapped columns read from a CSV of the same
/// kind (`X-CSV;COLUMN=…`) fill the cells of their own name that are still empty.
struct UnmappedColumns {
    private var cells: [String?] = []
    private let unmapped: [(column: String, value: String)]

    /// The person's unmapped CSV columns, and the vCard properties a CSV layout has no column
    /// for (`IMPP`, Apple's related names…) under their names, so that none goes missing; not
    /// binary data, bookkeeping, what the layouts write elsewhere, nor what `written` names.
    init(_ person: PersonInfo, writtenElsewhere written: Set<String> = []) {
        unmapped = person.extraProperties.compactMap { p in
            let name = p.name.uppercased()
            if name == VCardProperty.csvColumn {
                guard let column = p.parameters.first(where: { $0.name == "COLUMN" })?.values.first else { return nil }
                return (column, ValueDecoding.unescape(Array(p.value.utf8)))
            }
            guard !Self.notCarried.contains(name), !written.contains(name),
                  !(name == "X-ANDROID-CUSTOM" && p.value.lowercased().hasPrefix(Android.eventKind + ";")),
                  !(name == "KIND" && p.value.lowercased() == "individual") else {
                return nil
            }
            return (name, ValueDecoding.unescape(Array(p.value.utf8)))
        }
    }

    /// Properties no CSV carries: binary data (`--extract-photos` writes photos), bookkeeping,
    /// and Apple's labelled dates (events) and labels. (Nor `KIND:individual`, which every
    /// contact is, nor Android's events, which are events.)
    private static let notCarried: Set<String> = ["PHOTO", "LOGO", "SOUND", "KEY", "PRODID", "REV", "VERSION",
                                                  "X-ABDATE", "X-ABLABEL", "X-ABUID", "X-ABADR", "X-ABSHOWAS"]

    /// Sets cells from `start` on; nil leaves a cell for an unmapped column to fill.
    mutating func fill(_ values: [String?], startingAt start: Int, header: [String]) {
        if cells.isEmpty { cells = Array(repeating: nil, count: header.count) }
        for (offset, value) in values.enumerated() where start + offset < cells.count {
            if let value, !value.isEmpty { cells[start + offset] = value }
        }
    }

    /// The cells, with unmapped values placed in empty columns of the same name; with
    /// `customFieldsFrom`, the others in the label and value pairs from there on (the same
    /// column twice shares a value cell, ` ::: `; past the last pair, the last pair's value).
    mutating func finish(header: [String], customFieldsFrom custom: Int? = nil) -> [String] {
        if cells.isEmpty { cells = Array(repeating: nil, count: header.count) }
        var labels: [String] = []
        for (column, value) in unmapped {
            if let i = header.firstIndex(of: column) {
                if cells[i] == nil { cells[i] = value }
                continue
            }
            guard let custom else { continue }
            let slot = labels.firstIndex(of: column) ?? min(labels.count, (header.count - custom) / 2 - 1)
            if slot == labels.count { labels.append(column) }
            let cell = custom + 2 * slot
            cells[cell] = labels[slot]
            cells[cell + 1] = cells[cell + 1].map { $0 + Google.valueSeparator + value } ?? value
        }
        return cells.map { $0 ?? "" }
    }

    /// The unmapped columns that `header` has no column of that name for.
    func leftovers(header: [String]) -> [(column: String, value: String)] {
        unmapped.filter { !header.contains($0.column) }
    }

    /// The unmapped value read from a column of this name, if any.
    func value(of column: String) -> String? {
        unmapped.first { $0.column == column }?.value
    }
}
