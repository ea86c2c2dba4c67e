import ContactsCore

/// What Nextcloud's contacts and calendar apps write that no standard says. Fixture:
/// `Fixtures/nextcloud-4.0.vcf` (written by sabre/vobject, Nextcloud's vCard library).
///
/// - `X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR` (`;TYPE=boolean:true`) leaves the contact out of the
///   birthday calendar (nextcloud/server#1505): read into `PersonInfo.excludedFromBirthdays`
///   (`excludes`), honoured by the list, TSV and calendar unless `--include-excluded`, and kept
///   in the contact formats.
/// - Its vCard 4.0 cards may carry `UID` as bare text, without the `VALUE=text` RFC 6350 asks
///   for: `--check` takes it as text, as sabre/vobject does (`VCardRuleChecker`).
package enum Nextcloud {
    /// Whether the value of `X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR` (lower case, trimmed) leaves
    /// the contact out: any value but `false`, `0` or `no`.
    package static func excludes(_ value: String) -> Bool {
        !["false", "0", "no"].contains(value)
    }
}

extension Nextcloud {
    /// What `--for nextcloud` writes (`ImporterProfile`).
    static let importer = ImporterProfile("nextcloud", format: .vcard4, cardRules: [.noGroups], notes: [
        ("vCard 4.0, what Nextcloud Contacts writes itself, without groups: an imported item1.EMAIL has no address to mail to",
         "nextcloud/contacts#3150 (grouped EMAIL from an import is not filled out)"),
    ])
}
