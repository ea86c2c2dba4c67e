import ContactsCore

/// What Outlook (the desktop program and Outlook.com) writes in its CSV that no other exporter
/// does, and how it is read and written. Fixtures: `Fixtures/csv/outlook-com.csv`,
/// `Fixtures/csv/outlook-german.csv`, `Fixtures/csv/outlook-windows-1252.csv` (no UTF-8),
/// `Fixtures/realworld/outlook-uk-day-first-birthdays.csv`.
///
/// - Its header is in the user's interface language (English, German, French, Spanish), fixed
///   typed columns (`Home Phone`, `Business Street`, `Telefon geschäftlich`) told by `isHeader`
///   (`CSVDialect.detect`), mapped by `CSVColumns`.
/// - `Title` (`Titre`) is the honorific prefix, not a job title (`columnRole`).
/// - Dates are `M/D/YYYY` in English and day first in the other languages (`usualDateOrder`;
///   `--date-order` overrides it), perhaps with a time; `0/0/00` is no date, and a date without
///   a year is stored with 1604 (`noDate`, `CSVDates`, `OutlookCSVLayout.date`).
/// - Categories are separated by `;` (`CSVPersonMapper`).
/// - Its desktop import reads the Windows code page unless the file starts with a UTF-8
///   byte-order mark, which `--to outlook-csv` writes (`RunOptions.Format`'s description).
package enum Outlook {
    /// How Outlook writes a date it does not have.
    static let noDate = "0/0/00"

    /// Normalized names that only Outlook's header has, in its languages.
    private static let headerMarks: Set<String> = [
        "emailaddress", "email2address", "businessphone", "homephone", "mobilephone", "businessstreet", "emailadresse",
        "telefongeschäftlich", "telefonprivat", "adressedemessagerie", "téléphonebureau", "direccióndecorreoelectrónico",
        "teléfonodeltrabajo", "vorname", "prénom", "anrede",
    ]

    /// Whether a CSV header (its names normalized) is Outlook's.
    static func isHeader(_ set: Set<String>) -> Bool { !set.isDisjoint(with: headerMarks) }

    /// What a column of Outlook's header holds where other exporters mean something else.
    static func columnRole(_ name: String) -> ColumnRole? {
        name == "title" || name == "titre" ? .prefix : nil
    }

    /// The order of day and month in its dates: month first in the English header (`First
    /// Name`, `Last Name`), day first in the others.
    static func usualDateOrder(_ normalizedHeaders: [String]) -> DateOrder {
        normalizedHeaders.contains { $0 == "firstname" || $0 == "lastname" } ? .mdy : .dmy
    }
}

extension Outlook {
    /// What `--for outlook` writes (`ImporterProfile`).
    static let importer = ImporterProfile("outlook", format: .outlookCSV, oneCardPerFile: true, notes: [
        ("Outlook's CSV (outlook-csv, with the byte-order mark its import needs); vCard only a card to a file (--vdir), as Outlook imports the first card of a .vcf and no more",
         "sperrysoftware.com/Email-Tools/vcard-limitations (Outlook reads one contact from a vCard file)"),
    ])
}
