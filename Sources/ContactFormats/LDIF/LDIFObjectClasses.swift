import ContactsCore

/// What an LDIF entry is, told by its object classes: a person, a group of people, or neither
/// (a domain, an organizational unit, a device).
///
/// LDAP schemas derive their person classes from `person` (RFC 4519: `organizationalPerson`,
/// `residentialPerson`; RFC 2798's `inetOrgPerson`; OpenLDAP's `OpenLDAPperson`, Evolution's
/// `evolutionPerson`, Mozilla's `mozillaAbPersonAlpha`, eduPerson's `eduPerson`), and name them so:
/// a class whose name holds "person" is taken as one, as are the account classes that name a
/// user. Groups (`groupOfNames`, `groupOfUniqueNames`, RFC 4519; `groupOfMembers`, RFC 2307bis;
/// Thunderbird's mailing lists, `groupOfNames` or `mozillaAbListAlpha`) list their members by
/// distinguished name.
public enum LDIFObjectClasses {
    /// What an entry is.
    public enum Kind: Equatable, Sendable {
        case person
        case group
        /// Neither: the classes it named.
        case other([String])
    }

    /// Person classes whose names do not say "person".
    static let accountClasses: Set<String> = ["posixaccount", "account", "contact", "shadowaccount", "inetuser"]
    /// Classes of a group of people, lower-case.
    static let groupClasses: Set<String> = ["groupofnames", "groupofuniquenames", "groupofmembers", "mozillaablistalpha"]
    /// The attributes that name a group's members.
    static let memberAttributes: Set<String> = ["member", "uniquemember"]

    /// The kind of an entry of `classes` (as written): a person's class wins over a group's; an
    /// entry that names no class is taken as a person (abook and hand-written files leave them out).
    public static func kind(of classes: [String]) -> Kind {
        guard !classes.isEmpty else { return .person }
        let lower = classes.map { $0.trimmingSpaces().asciiLowercased() }
        if lower.contains(where: { accountClasses.contains($0) || $0.contains("person") }) { return .person }
        if lower.contains(where: groupClasses.contains) { return .group }
        return .other(classes)
    }

    /// A distinguished name as groups compare it: lower-case (the attribute types and the name
    /// attributes' matching rules ignore case), without spaces around `,`, `=` and `+`, and a
    /// `groupOfUniqueNames` member's optional `#'…'B` unique identifier left out.
    public static func comparable(_ dn: String) -> String {
        let text = withoutUniqueIdentifier(dn.trimmingSpaces()).asciiLowercased()
        var out = ""
        var pendingSpace = false
        for ch in text {
            if ch == " " { pendingSpace = true; continue }
            if ch == "," || ch == "=" || ch == "+" {
                pendingSpace = false
                out.append(ch)
                continue
            }
            if pendingSpace, let last = out.last, last != ",", last != "=", last != "+" { out.append(" ") }
            pendingSpace = false
            out.append(ch)
        }
        return out
    }

    /// A `uniqueMember` value without its optional unique identifier (`…,dc=org#'0101'B`, RFC 4517's name and optional UID).
    static func withoutUniqueIdentifier(_ value: String) -> String {
        guard value.hasSuffix("'B") || value.hasSuffix("'b"), let hash = value.lastIndex(of: "#"),
              value[value.index(after: hash)...].hasPrefix("'") else { return value }
        return String(value[..<hash])
    }

    /// The entry's own distinguished name and, for a group, its members' (each `comparable`), from a
    /// person read from LDIF with its extra properties (`X-LDIF;ATTRIBUTE=dn`, `…=member`); nil
    /// when it was not read from LDIF.
    public static func names(of entry: PersonInfo) -> (dn: String?, members: [String]?)? {
        var dn: String?
        var members: [String] = []
        var classes: [String] = []
        var fromLDIF = false
        for property in entry.extraProperties where property.name == VCardProperty.ldifAttribute {
            guard let attribute = property.parameters.first(where: { $0.name == "ATTRIBUTE" })?.values.first?.asciiLowercased(),
                  !property.parameters.contains(where: { $0.name == "ENCODING" }) else { continue }
            fromLDIF = true
            let value = ValueDecoding.unescape(Array(property.value.utf8))
            if attribute == "dn" { dn = comparable(value) }
            if attribute == "objectclass" { classes.append(value) }
            if memberAttributes.contains(attribute) { members.append(comparable(value)) }
        }
        guard fromLDIF else { return nil }
        return (dn, kind(of: classes) == .group ? members : nil)
    }
}
