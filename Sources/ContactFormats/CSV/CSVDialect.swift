import ContactsCore

/// The kinds of CSV contact export, each with its own conventions (the vendors' in their homes:
/// `Google`, `Outlook`, `Thunderbird`).
public enum CSVDialect: String, CaseIterable, Sendable {
    /// Google Contacts: `E-mail 1 - Value` columns, several values in a cell joined by ` ::: `,
    /// a label beginning with `* ` marks the preferred item, ISO dates.
    case google
    /// Outlook desktop and Outlook.com, in English, German, French or Spanish: fixed typed columns
    /// (`Home Phone`, `Business Street`), `M/D/YYYY` dates (day first in other languages),
    /// `0/0/00` for none, `;`-separated categories, `Title` is the honorific prefix.
    case outlook
    /// Thunderbird address book: `Primary Email`, the birthday in `Birth Year`, `Birth Month`
    /// and `Birth Day` columns; its headers in its interface languages (`ThunderbirdColumns`).
    case thunderbird
    /// Any other header using the usual column names, in any order and case.
    case generic

    /// Recognises the dialect from the normalized header names.
    static func detect(_ names: [String]) -> CSVDialect {
        let set = Set(names)
        if Thunderbird.isHeader(set) { return .thunderbird }
        if Google.isHeader(names, set) { return .google }
        if Outlook.isHeader(set) { return .outlook }
        return .generic
    }
}

/// The order of day, month and year in dates like `03/04/1990`.
public enum DateOrder: String, CaseIterable, Sendable {
    /// Day, month, year (`03/04/1990` is 3 April).
    case dmy
    /// Month, day, year (`03/04/1990` is 4 March).
    case mdy
    /// Year, month, day.
    case ymd

    /// The usual order in a locale: month first in the United States and a few others, year
    /// first in East Asia, Hungary and Lithuania, day first elsewhere; root/`C`: month first.
    public static func usual(inLocale locale: String) -> DateOrder {
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        let language = parts.first ?? ""
        let region = parts.count > 1 ? parts[parts.count - 1] : ""
        if locale == "root" || language.isEmpty { return .mdy }
        if ["us", "ph", "fm", "mh", "pw", "as", "gu", "mp", "pr", "um", "vi"].contains(region) { return .mdy }
        if ["ja", "zh", "ko", "hu", "lt", "mn"].contains(language) { return .ymd }
        if language == "en" && region.isEmpty { return .mdy }
        return .dmy
    }
}
