import ContactsCore

/// What Thunderbird's address book writes that no other exporter does, and how it is read and
/// written. Fixtures: `Fixtures/csv/thunderbird.csv`,
/// `Fixtures/realworld/thunderbird-german-split-birthday.csv`,
/// `Fixtures/realworld/thunderbird-french-repeated-address-headers.csv`, `Fixtures/ldif/thunderbird.ldif`.
///
/// - Its CSV header is in its interface language, with repeated names for the home and work
///   addresses (`ThunderbirdColumns`, which tells it by the whole header); an English one is
///   also told by `Primary Email` or `Birth Year` (`isHeader`).
/// - The birthday is three columns, `Birth Year`, `Birth Month` and `Birth Day` (`Birthday` is
///   the day there: `columnRole`); a missing year is an empty cell.
/// - Its LDIF uses Mozilla's attributes (`mozillaHomeStreet`, `birthyear`, `birthmonth`,
///   `birthday`; read by `LDIFPersonMapper`), and mailing lists are `groupOfNames` entries with a
///   `member` each (`LDIFEncoder`, which writes what its import takes).
package enum Thunderbird {
    /// Whether a CSV header (its names normalized) is Thunderbird's English one.
    static func isHeader(_ set: Set<String>) -> Bool {
        set.contains("birthyear") || set.contains("primaryemail")
    }

    /// What a column of Thunderbird's header holds where other exporters mean something else.
    static func columnRole(_ name: String) -> ColumnRole? {
        name == "birthday" ? .birthDay : nil
    }
}

extension Thunderbird {
    /// What `--for thunderbird` writes (`ImporterProfile`).
    static let importer = ImporterProfile("thunderbird", format: .ldif, notes: [
        ("LDIF as Thunderbird's address book imports and exports it (the ldif format)", "Fixtures/ldif/thunderbird.ldif"),
    ])
}
