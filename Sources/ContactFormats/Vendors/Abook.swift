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
