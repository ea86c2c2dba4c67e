import ContactsCore
import ContactFormats

/// The address-book query answer of mutt and neomutt (`query_command`): a first line with a
/// message, then a line per e-mail address (not per person): `address TAB name TAB comment`,
/// the comment the address's types and the organization (`work; Acme AB`). Every character
/// `LineText` forbids (tabs, line breaks, ESC, bidirectional controls) becomes a space, in
/// every field, so that each address stays one line of three fields.
public struct MuttQueryFormat: PersonEncoder {
    /// The format.
    public init() {}

    /// The message mutt shows above the matches.
    public var header: [UInt8] { Array("vcf2birthdays: e-mail addresses\n".utf8) }

    /// What mutt shows when nothing matches, as abook says it (the run exits 1).
    public var nobodyWritten: [UInt8]? { Array("Not found\n".utf8) }

    /// A line per e-mail address of the person; none for a person without one.
    public func append(_ person: PersonInfo, to bytes: inout [UInt8]) {
        guard !person.emails.isEmpty else { return }
        let name = Self.field(person.formattedName ?? (person.displayName == person.emails.first?.value ? "" : person.displayName))
        let organization = person.organization.map(Self.field).flatMap { $0.isEmpty ? nil : $0 }
        for email in person.emails {
            let address = Self.field(email.value)
            guard !address.isEmpty else { continue }
            let types = email.types.filter { $0 != "internet" && $0 != "pref" }.map(Self.field).joined(separator: ", ")
            let comment = [types, organization ?? ""].filter { !$0.isEmpty }.joined(separator: "; ")
            bytes += Array((address + "\t" + name + "\t" + comment + "\n").utf8)
        }
    }

    /// The value on one line, without tabs, trimmed.
    static func field(_ value: String) -> String {
        LineText.spaced(value).trimmingSpaces()
    }
}
