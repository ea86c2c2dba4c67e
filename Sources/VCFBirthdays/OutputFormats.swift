import ContactsCore
import ContactFormats
import ContactsOutput

extension RunOptions.Format {
    /// What the run needs to know of an output format, said once for each (`described`): the
    /// rest of the program asks it instead of switching over the formats.
    struct Description {
        /// The extension of a file in this format (`-o`'s temporary file for `--open`, a vdir's items).
        var fileExtension: String
        /// What a reader decodes for it (`--anniversaries` widens the calendar's: Apple's labelled dates are extras).
        var scope: (RunOptions) -> DecodeScope
        /// It lists people with a birthday, sorted (`--all` lists everyone); the others convert everyone.
        var listsBirthdays = false
        /// It shows birthdays, so that a card that asks to be left out of birthday calendars
        /// is (`--include-excluded` keeps it).
        var showsBirthdays = false
        /// It shows categories, so that the members of Apple's group cards get their groups (`GroupScan`).
        var showsCategories = false
        /// The group cards written as the groups they are (vCard output: all; LDIF: LDIF's groups), besides
        /// giving their members a category; the others are left out.
        var keptGroups: Set<ContactGroups.Form> = []
        /// Its items, when it may be written as a vdir, an item per file (`--vdir`).
        var vdirItems: ((RunOptions, _ dates: DateContext, _ locale: String) -> VDirItems)?
        /// It is CSV (`--bom`, `--no-formulas`).
        var isCSV = false
        /// Doubled people double what it writes: their likely duplicates are counted and said.
        var countsLikelyDuplicates = false
        /// The encoder of a person.
        var encoder: (RunOptions, _ dates: DateContext, _ locale: String, _ daysUntil: Bool) -> PersonEncoder
    }

    /// The format's description: the one place that tells the formats apart.
    var described: Description {
        let card: (RunOptions) -> DecodeScope = { _ in .card }
        let full: (RunOptions) -> DecodeScope = { _ in .full }
        /// `byteOrderMark`: whether it starts with one unless `--bom` or `--no-bom` says (Outlook's import needs it).
        func csv(_ layout: some CSVLayout, byteOrderMark: Bool = false) -> Description {
            Description(fileExtension: "csv", scope: full, showsCategories: true, isCSV: true) { options, _, _, _ in
                CSVEncoder(layout: layout, guardsFormulas: options.output.guardsFormulas,
                           byteOrderMark: options.output.byteOrderMark ?? byteOrderMark)
            }
        }
        func vCard(_ version: VCardTargetVersion) -> Description {
            let encoder = { (options: RunOptions) in
                VCardEncoder(version: version, appleCompat: version == .v3 && options.output.appleCompat,
                             rules: options.output.importer?.cardRules ?? [])
            }
            // A CardDAV server takes 3.0 and 4.0 (RFC 6352): 2.1 is no vdir's.
            return Description(fileExtension: "vcf", scope: card, showsCategories: true, keptGroups: [.card, .ldifEntry],
                               vdirItems: version == .v21 ? nil : { options, _, _ in CardItems(encoder(options)) }) {
                options, _, _, _ in encoder(options)
            }
        }
        switch self {
        case .list:
            return Description(fileExtension: "txt", scope: { _ in .namesAndDates }, listsBirthdays: true, showsBirthdays: true,
                               countsLikelyDuplicates: true) {
                _, dates, locale, daysUntil in ListFormat(dates: dates, showsDaysUntil: daysUntil, locale: locale)
            }
        case .tsv:
            return Description(fileExtension: "txt", scope: { _ in .namesAndDates }, listsBirthdays: true, showsBirthdays: true,
                               countsLikelyDuplicates: true) {
                _, dates, _, _ in TSVFormat(dates: dates)
            }
        case .json:
            return Description(fileExtension: "json", scope: { _ in .fields }, showsCategories: true) { _, _, _, _ in JSONLinesFormat() }
        case .csv: return csv(GenericCSVLayout())
        case .googleCSV: return csv(GoogleCSVLayout())
        case .outlookCSV: return csv(OutlookCSVLayout(), byteOrderMark: true)
        case .ics:
            return Description(fileExtension: "ics", scope: { $0.calendar.includesOtherDates ? .full : .namesAndDates },
                               showsBirthdays: true, vdirItems: { CalendarItems(App.calendar($0, dates: $1, locale: $2)) }, countsLikelyDuplicates: true) {
                options, dates, locale, _ in App.calendar(options, dates: dates, locale: locale)
            }
        case .vcard21: return vCard(.v21)
        case .vcard3: return vCard(.v3)
        case .vcard4: return vCard(.v4)
        case .jcard:
            // The vCard 4.0 card in JSON, no vdir's (a CardDAV server stores vCards).
            return Description(fileExtension: "json", scope: card, showsCategories: true, keptGroups: [.card, .ldifEntry]) {
                _, _, _, _ in JCardEncoder()
            }
        case .jscontact:
            // RFC 9555's Card of the vCard 4.0 card, no vdir's (a CardDAV server stores vCards).
            return Description(fileExtension: "json", scope: card, showsCategories: true, keptGroups: [.card, .ldifEntry]) {
                options, _, _, _ in JSContactEncoder(array: options.output.jsonArray)
            }
        case .mutt:
            return Description(fileExtension: "txt", scope: { _ in .fields }) { _, _, _, _ in MuttQueryFormat() }
        case .ldif:
            // LDIF carries the card in its x-vcard lines.
            return Description(fileExtension: "ldif", scope: card, showsCategories: true, keptGroups: [.ldifEntry],
                               countsLikelyDuplicates: true) {
                _, _, _, _ in LDIFEncoder()
            }
        }
    }
}
