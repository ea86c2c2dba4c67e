import ContactsCore

/// What abook (the terminal address book) writes in its LDIF export that no schema says.
/// Fixture: `Fixtures/ldif/abook.ldif` (checked against `abook --convert` in the interop tests).
///
/// - Its entries have only the classes `top` and `person`, and Mozilla's attribute names for
///   what `person` lacks (`streetaddress`, `locality`, `countryname`, `xmozillanickname`,
///   `xmozillaanyphone`: `LDIFPersonMapper`'s table).
/// - The birthday is written as `anniversary:` (`writesBirthdayAsAnniversary`); elsewhere
///   (Evolution's `evolutionPerson`) `anniversary` is the anniversary.
package enum Abook {
    /// Whether an entry of these object classes (lower case) is abook's, whose `anniversary` is
    /// the birthday: only `top` and `person`.
    package static func writesBirthdayAsAnniversary(classes: Set<String>) -> Bool {
        classes.isSubset(of: ["top", "person"])
    }
}

extension Abook {
    /// What `--for abook` writes (`ImporterProfile`).
    static let importer = ImporterProfile("abook", format: .vcard3, cardRules: [.noGroups, .noFolding, .noTextEscapes],
                                          notes: [
        ("no groups: abook skips item1.EMAIL and every other grouped property", "abook 0.6.1 --convert --informat vcard (run in the tests)"),
        ("no folded lines: abook cuts a value at its first fold", "abook 0.6.1 --convert --informat vcard (run in the tests)"),
        ("no backslash before , and ; in text: abook keeps it in the value", "abook 0.6.1 --convert --informat vcard (run in the tests)"),
        ("vCard 3.0, whose dates are YYYY-MM-DD and --MM-DD, the form of abook's anniversary field (4.0's 19850412 it keeps as text)",
         "abook 0.6.1 --convert --outformat abook (run in the tests)"),
    ])
}
