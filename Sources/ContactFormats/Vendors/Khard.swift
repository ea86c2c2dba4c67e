import ContactsCore

/// khard (the terminal address book) and khal, whose birthday calendar reads khard's vdir: what
/// `--for khard` writes. Fixture: `Fixtures/nextcloud-4.0.vcf` (a year-less 29 February), written as
/// `Fixtures/golden/for-khard.nextcloud-4.0.vcf`.
package enum Khard {
    static let importer = ImporterProfile("khard", format: .vcard3, cardRules: [.leapDayAsFirstOfMarch], notes: [
        ("a year-less 29 February as 1 March (with a warning), the day khal would show it: khal drops --02-29",
         "pimutils/khal#597 (29 Feb birthdays not displayed)"),
        ("year-less birthdays as --MM-DD, not Apple's 1604 form, which khal shows as an age of four centuries",
         "pimutils/khal#650"),
    ])
}
