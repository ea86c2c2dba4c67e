import ContactsCore

/// People as LDIF entries (RFC 2849) that Thunderbird's address book imports: its attributes
/// (`cn`, `givenName`, `sn`, `mail`, `mozillaSecondEmail`, the phones, `mozillaHome…` and the
/// work address, `birthyear`/`birthmonth`/`birthday`…), values that are not plain ASCII in base64
/// (`attr:: `), lines folded at 76 bytes, a blank line after each entry. What those attributes
/// cannot hold (e-mail types, a name prefix, categories, extra properties) is kept too: every
/// entry ends with the person as vCard 4.0 content lines, one `x-vcard` attribute each, which
/// this tool reads back as the same person while the attributes are as written.
///
/// What an input says is never trusted to make an entry an account: the writer makes the `dn`
/// and the object classes itself, never writes a `:<` URL reference (which `ldapadd` would read
/// from the importing machine's disk: such a value is written as the text of the URL), and
/// leaves out the account and security attributes (`securityAttributes`) whatever carries them.
public struct LDIFEncoder: PersonEncoder {
    /// The attribute that carries one vCard 4.0 content line.
    static let carrier = "x-vcard"
    private static let folding = 76

    /// The encoder.
    public init() {}

    public func append(_ person: PersonInfo, to bytes: inout [UInt8]) {
        for attribute in Self.attributes(person) {
            Self.appendLine(attribute.description, attribute.value, to: &bytes)
        }
        for line in Self.carrierLines(person) {
            Self.appendLine(Self.carrier, line, to: &bytes)
        }
        bytes.append(0x0A)
    }

    /// An attribute as written: its description (type and options) and value.
    struct Attribute: Equatable {
        var description: String
        var value: [UInt8]
    }

    /// Attributes no input may set (in lower case; a name that starts with a listed prefix
    /// ending in `*` too): passwords and keys, POSIX and Samba account data (uid and gid
    /// numbers, home directories, shells), group membership (but a mailing list's own
    /// members), and access control; and the dn and object classes, which the writer makes.
    static let securityAttributes: [String] = [
        "userpassword", "authpassword", "uidnumber", "gidnumber", "homedirectory", "unixhomedirectory", "loginshell",
        "gecos", "shadow*", "samba*", "krb*", "pwd*", "aci", "openldapaci", "nsaccount*", "ipa*", "sshpublickey",
        "userpkcs12", "userprivatekey", "memberuid", "member", "uniquemember", "memberof", "host", "authorizedservice",
        "objectclass", "dn",
    ]

    /// Whether an attribute type is one no input may set; `member` and `uniqueMember` are a
    /// mailing list's own (written as `member`).
    static func isSecurityAttribute(_ type: String, ofList isList: Bool) -> Bool {
        let name = type.lowercased()
        if isList && LDIFObjectClasses.memberAttributes.contains(name) { return false }
        return securityAttributes.contains { $0.hasSuffix("*") ? name.hasPrefix($0.dropLast()) : name == $0 }
    }

    /// The entry's attributes but the carrier: `dn` first, then the object classes and
    /// Thunderbird's attributes in the order its export writes them, then the attributes read
    /// from LDIF that no field holds (`X-LDIF` properties) but those no input may set.
    static func attributes(_ person: PersonInfo) -> [Attribute] {
        var out: [Attribute] = []
        func add(_ type: String, _ value: String?) {
            if let value { out.append(Attribute(description: type, value: Array(value.utf8))) }
        }
        let extras = person.extraProperties.lazy.filter { $0.name.uppercased() == VCardProperty.ldifAttribute }.compactMap(extraAttribute)
        // A group read from LDIF (a Thunderbird mailing list, an LDAP group) is written as the
        // mailing list Thunderbird imports, `groupOfNames` with a `member` each; its classes are ours all the same.
        let classes = Array(extras.filter { $0.type.lowercased() == "objectclass" }.map { String(decoding: $0.attribute.value, as: UTF8.self) })
        let isList = LDIFObjectClasses.kind(of: classes) == .group
        let ldifExtras = extras.filter { !isSecurityAttribute($0.type, ofList: isList) }.map { extra in
            guard isList, extra.type.lowercased() == "uniquemember" else { return extra.attribute }
            return Attribute(description: "member", value: Array(LDIFObjectClasses.withoutUniqueIdentifier(
                String(decoding: extra.attribute.value, as: UTF8.self)).utf8))
        }
        add("dn", distinguishedName(person))
        for objectClass in isList ? ["top", "groupOfNames"] : ["top", "person", "organizationalPerson", "inetOrgPerson", "mozillaAbPersonAlpha"] {
            add("objectclass", objectClass)
        }
        person.givenNames.forEach { add("givenName", $0) }
        person.familyNames.forEach { add("sn", $0) }
        add("cn", person.displayName)  // Thunderbird's display name, which it needs
        languageVariants(person).forEach { add($0.type, $0.value) }
        person.nicknames.forEach { add("mozillaNickname", $0) }
        for (i, email) in person.emails.enumerated() { add(i == 1 ? "mozillaSecondEmail" : "mail", email.value) }
        for phone in person.phones { add(phoneAttribute(phone.types), phone.value) }
        let home = person.addresses.first { $0.types.contains { $0.lowercased() == "home" } }
        let work = person.addresses.first { !$0.types.contains { $0.lowercased() == "home" } }
        for (address, names) in [(home, ["mozillaHomeStreet", "mozillaHomeStreet2", "mozillaHomeLocalityName", "mozillaHomeState",
                                         "mozillaHomePostalCode", "mozillaHomeCountryName"]),
                                 (work, ["street", "mozillaWorkStreet2", "l", "st", "postalCode", "c"])] {
            guard let address else { continue }
            let lines = address.street.split(separator: "\n", maxSplits: 1).map(String.init)
            for (name, value) in zip(names, [lines.first ?? "", lines.count > 1 ? lines[1] : "", address.locality,
                                             address.region, address.postalCode, address.country]) where !value.isEmpty {
                add(name, value)
            }
        }
        add("title", person.title)
        person.organizationUnits.forEach { add("ou", $0) }
        add("o", person.organization)
        for (i, url) in person.urls.prefix(2).enumerated() { add(i == 0 ? "mozillaWorkUrl" : "mozillaHomeUrl", url) }
        if let birthday = person.birthday {
            if let year = birthday.year { add("birthyear", String(year)) }
            add("birthmonth", String(birthday.month))
            add("birthday", String(birthday.day))
        }
        add("description", person.note)
        return out + ldifExtras
    }

    /// Thunderbird's attribute for a phone of these types: its work, home, mobile, fax and pager numbers.
    private static func phoneAttribute(_ types: [String]) -> String {
        for type in types {
            switch type.lowercased() {
            case "home": return "homePhone"
            case "cell", "mobile", "iphone": return "mobile"
            case "fax": return "facsimileTelephoneNumber"
            case "pager": return "pager"
            case "work": return "telephoneNumber"
            default: continue
            }
        }
        return "telephoneNumber"
    }

    /// `cn=Name,mail=address` as Thunderbird names its entries (RFC 4514 escapes).
    private static func distinguishedName(_ person: PersonInfo) -> String {
        func escaped(_ value: String) -> String {
            var out = ""
            for (i, c) in value.enumerated() {
                if ",+\"\\<>;=".contains(c) || (i == 0 && (c == "#" || c == " ")) { out.append("\\") }
                out.append(c)
            }
            if out.hasSuffix(" ") { out.insert("\\", at: out.index(before: out.endIndex)) }
            return out
        }
        var dn = "cn=" + escaped(person.displayName.replacingAll("\n", with: " "))
        if let email = person.emails.first(where: { !$0.value.isEmpty }) { dn += ",mail=" + escaped(email.value) }
        return dn
    }

    /// An `X-LDIF;ATTRIBUTE=type[;OPTIONS=…]` property as its type and the attribute it was read
    /// from (a URL reference, `VALUE=uri`, as the URL's text).
    private static func extraAttribute(_ property: VCardProperty) -> (type: String, attribute: Attribute)? {
        func values(_ name: String) -> [String] { property.parameters.first { $0.name.uppercased() == name }?.values ?? [] }
        guard let type = values("ATTRIBUTE").first, isAttributeType(type) else { return nil }
        let options = values("OPTIONS").filter(isAttributeType)
        let description = ([type] + options).joined(separator: ";")
        if values("ENCODING").contains(where: { $0.lowercased() == "b" }) {
            guard let bytes = Base64.decode(Substring(property.value)) else { return nil }
            return (type, Attribute(description: description, value: bytes))
        }
        return (type, Attribute(description: description, value: Array(ValueDecoding.unescape(Array(property.value.utf8)).utf8)))
    }

    /// The names' language variants (`N` and `FN` with `LANGUAGE`, as LDIF's `sn;lang-ja` is
    /// read): `cn;lang-ja`, `sn;lang-ja`, `givenName;lang-ja`.
    private static func languageVariants(_ person: PersonInfo) -> [(type: String, value: String)] {
        guard !person.extraProperties.isEmpty else { return [] }
        var variants: [(type: String, value: String)] = []
        for p in person.extraProperties where p.name == "FN" || p.name == "N" {
            guard let tag = p.parameters.first(where: { $0.name == "LANGUAGE" })?.values.first, isAttributeType(tag) else { continue }
            let option = ";lang-" + tag
            if p.name == "FN" {
                variants.append(("cn" + option, ValueDecoding.unescape(Array(p.value.utf8))))
                continue
            }
            ValueDecoding.forEachItem(Array(p.value.utf8), lists: true) { component, item in
                if component < 2, !item.isEmpty { variants.append(((component == 0 ? "sn" : "givenName") + option, item)) }
            }
        }
        return variants
    }

    /// Letters, digits and hyphens, starting with a letter (or an OID's digits and dots).
    private static func isAttributeType(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return false }
        return name.utf8.allSatisfy { (0x41...0x5A).contains(asciiUpper($0)) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2E }
            && ((0x41...0x5A).contains(asciiUpper(first)) || (0x30...0x39).contains(first))
    }

    /// The person's vCard 4.0 content lines (unfolded), without `BEGIN`, `VERSION` and `END`.
    static func carrierLines(_ person: PersonInfo) -> [[UInt8]] {
        var card: [UInt8] = []
        VCardEncoder(version: .v4, appleCompat: false).append(person, to: &card)
        var lines: [[UInt8]] = []
        for physical in card.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let line = physical.last == 0x0D ? physical.dropLast() : physical
            if line.first == 0x20, !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(Array(line))
            }
        }
        return lines.filter { line in
            !(matchesIgnoringCase(line, "BEGIN:VCARD") || matchesIgnoringCase(line, "END:VCARD")
              || matchesIgnoringCase(line, "VERSION:4.0"))
        }
    }

    /// `type: value`, or `type:: base64` when the value is not a safe string (RFC 2849: ASCII
    /// without NUL, CR or LF, not starting with a space, `:` or `<`, here not ending with a
    /// space either); folded at 76 bytes. Never `type:< URL`.
    private static func appendLine(_ type: String, _ value: [UInt8], to bytes: inout [UInt8]) {
        var line = Array(type.utf8)
        let safe = value.allSatisfy { $0 > 0 && $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }
            && value.first.map { $0 != 0x20 && $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: "<") } != false
            && value.last != 0x20
        if safe {
            line += Array(": ".utf8) + value
        } else {
            line += Array(":: ".utf8)
            Base64.encode(value, to: &line)
        }
        var start = 0
        var width = folding
        while line.count - start > width {
            bytes.append(contentsOf: line[start..<start + width])
            bytes.append(contentsOf: [0x0A, 0x20])
            start += width
            width = folding - 1
        }
        bytes.append(contentsOf: line[start...])
        bytes.append(0x0A)
    }
}
