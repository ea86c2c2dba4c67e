import ContactsCore

/// One `attribute: value` of an LDIF record: the attribute's type (as written) and options
/// (`cn;lang-de`), and the value's bytes (base64 decoded; a `:<` URL as written).
struct LDIFAttribute {
    var type: String
    var options: [String]
    var value: [UInt8]
    var isURL: Bool
    var line: Int
    /// The type, lower-case (attribute names are case-insensitive), made once: the parser and
    /// the mapper each look at it several times.
    let key: String

    init(type: String, options: [String], value: [UInt8], isURL: Bool, line: Int) {
        (self.type, self.options, self.value, self.isURL, self.line) = (type, options, value, isURL, line)
        key = type.asciiLowercased()
    }

    /// The language of a language variant (`sn;lang-ja`: `ja`, RFC 4512 §2.5.2.2's language tag option).
    var language: String? {
        guard !options.isEmpty, let tag = options.first(where: { $0.asciiLowercased().hasPrefix("lang-") }) else { return nil }
        return String(tag.dropFirst(5))
    }

    /// A phonetic variant (`sn;lang-ja;phonetic`, RFC 4512's `phonetic` option, as Active Directory and Thunderbird's Japanese fields write it).
    var isPhonetic: Bool { !options.isEmpty && options.contains { $0.asciiLowercased() == "phonetic" } }
}

/// Turns an LDIF entry into a `PersonInfo`: Thunderbird's attributes (its LDIF export), abook's,
/// and LDAP's `inetOrgPerson`. Attributes with no field of the model travel along as
/// `X-LDIF;ATTRIBUTE=name:value` extra properties (a photo as `PHOTO`), as do second values of
/// a single-valued field, and a mailing list's object classes.
struct LDIFPersonMapper {
    /// What an attribute fills.
    enum Role {
        case dn, objectClass, ignored
        case formattedName, family, given, nickname
        case email, phone(String?), url, labeledURI
        case organization, unit, title, note
        case street(home: Bool), street2(home: Bool), locality(home: Bool), region(home: Bool)
        case postalCode(home: Bool), country(home: Bool), postalAddress(home: Bool)
        case birthYear, birthMonth, birthDay, birthDate, anniversary
        case photo
    }

    /// The attributes read, lower-case. Thunderbird's LDIF export writes `mozilla…` names and
    /// LDAP ones (`telephoneNumber` is its work phone, `street`, `l`, `st`… its work address);
    /// abook writes `streetaddress`, `locality`, `countryname`, `xmozilla…`.
    static let roles: [String: Role] = [
        "dn": .dn, "objectclass": .objectClass, "changetype": .ignored, "modifytimestamp": .ignored,
        "createtimestamp": .ignored, "mozillausehtmlmail": .ignored, "xmozillausehtmlmail": .ignored,
        "cn": .formattedName, "commonname": .formattedName, "displayname": .formattedName,
        "sn": .family, "surname": .family, "givenname": .given, "gn": .given,
        "mozillanickname": .nickname, "xmozillanickname": .nickname,
        "mail": .email, "mozillasecondemail": .email, "xmozillasecondemail": .email, "rfc822mailbox": .email,
        "telephonenumber": .phone("work"), "homephone": .phone("home"), "hometelephonenumber": .phone("home"),
        "mobile": .phone("cell"), "mobiletelephonenumber": .phone("cell"), "cellphone": .phone("cell"),
        "facsimiletelephonenumber": .phone("fax"), "fax": .phone("fax"), "pager": .phone("pager"),
        "pagerphone": .phone("pager"), "xmozillaanyphone": .phone(nil),
        "mozillahomestreet": .street(home: true), "mozillahomestreet2": .street2(home: true),
        "mozillahomelocalityname": .locality(home: true), "mozillahomestate": .region(home: true),
        "mozillahomepostalcode": .postalCode(home: true), "mozillahomecountryname": .country(home: true),
        "homepostaladdress": .postalAddress(home: true),
        "street": .street(home: false), "streetaddress": .street(home: false), "postofficebox": .ignored,
        "mozillaworkstreet2": .street2(home: false), "streetaddress2": .street2(home: false),
        "l": .locality(home: false), "locality": .locality(home: false), "localityname": .locality(home: false),
        "st": .region(home: false), "stateorprovincename": .region(home: false),
        "postalcode": .postalCode(home: false), "zip": .postalCode(home: false),
        "c": .country(home: false), "co": .country(home: false), "countryname": .country(home: false),
        "postaladdress": .postalAddress(home: false),
        "o": .organization, "organizationname": .organization, "company": .organization,
        "ou": .unit, "organizationalunitname": .unit, "department": .unit,
        "title": .title, "description": .note, "notes": .note,
        "mozillaworkurl": .url, "mozillahomeurl": .url, "workurl": .url, "homeurl": .url, "labeleduri": .labeledURI,
        "birthyear": .birthYear, "birthmonth": .birthMonth, "birthday": .birthDay, "birthdate": .birthDate,
        "dateofbirth": .birthDate, "anniversary": .anniversary, "jpegphoto": .photo, "photo": .photo,
    ]

    private(set) var warnings: [(line: Int, code: Diagnostic.Code, message: String)] = []
    /// The object classes the last entry named that are no person's (empty when it is a person's).
    private(set) var otherClasses: [String] = []
    let keepsExtras: Bool

    init(keepsExtras: Bool) {
        self.keepsExtras = keepsExtras
    }

    /// Fills `person` from the entry's attributes; false when the entry is no person's (see `otherClasses`).
    mutating func map(_ attributes: [LDIFAttribute], into person: inout PersonInfo) -> Bool {
        warnings = []
        otherClasses = []
        var classes: [String] = []
        var home = PostalAddress(), work = PostalAddress()
        var homeStreets: [String] = [], workStreets: [String] = []
        var homeFormatted: [LDIFAttribute] = [], workFormatted: [LDIFAttribute] = []
        var year: LDIFAttribute?, month: LDIFAttribute?, day: LDIFAttribute?, anniversary: LDIFAttribute?
        var extras: [VCardProperty] = []

        func text(_ a: LDIFAttribute) -> String {
            if !ValueDecoding.isValidUTF8(a.value) {
                warnings.append((a.line, .notUTF8, "\(a.type): not UTF-8; undecodable bytes replaced by U+FFFD"))
            }
            return ValueDecoding.makeString(a.value).trimmingSpaces()
        }
        func extra(_ a: LDIFAttribute) {
            guard keepsExtras else { return }
            extras.append(Self.extraProperty(a))
        }
        func single(_ field: inout String?, _ a: LDIFAttribute) {
            if field == nil { field = text(a) } else { extra(a) }
        }
        // Language and phonetic variants of a name: alternatives of the plain value (`Alternatives`).
        var variants = Alternatives()
        for a in attributes {
            if a.isURL { extra(a); continue }
            guard let role = Self.roles[a.key] else { extra(a); continue }
            if !a.options.isEmpty, a.isPhonetic || a.language != nil {
                if !variants.take(a, role, text(a)) { extra(a) }
                continue
            }
            switch role {
            case .dn: extra(a)
            case .objectClass: classes.append(text(a))
            case .ignored: continue
            case .formattedName: single(&person.formattedName, a)
            case .family: append(text(a), to: &person.familyNames)
            case .given: append(text(a), to: &person.givenNames)
            case .nickname: append(text(a), to: &person.nicknames)
            case .email:
                let value = text(a)
                if !value.isEmpty { person.emails.append(ContactPoint(value: value)) }
            case .phone(let type):
                let value = ValueDecoding.phoneNumber(text(a))
                if !value.isEmpty { person.phones.append(ContactPoint(value: value, types: type.map { [$0] } ?? [])) }
            case .url: append(text(a), to: &person.urls)
            case .labeledURI:
                // `URI label`: the URI is up to the first space.
                let value = text(a)
                append(String(value.prefix { $0 != " " }), to: &person.urls)
            case .organization: single(&person.organization, a)
            case .unit: append(text(a), to: &person.organizationUnits)
            case .title: single(&person.title, a)
            case .note:
                if person.note == nil { person.note = ValueDecoding.makeString(a.value).normalizingLineBreaks() } else { extra(a) }
            case .street(let isHome), .street2(let isHome):
                if isHome { append(text(a), to: &homeStreets) } else { append(text(a), to: &workStreets) }
            case .locality(let isHome): set(&home.locality, &work.locality, isHome, a, text(a), extra)
            case .region(let isHome): set(&home.region, &work.region, isHome, a, text(a), extra)
            case .postalCode(let isHome): set(&home.postalCode, &work.postalCode, isHome, a, text(a), extra)
            case .country(let isHome): set(&home.country, &work.country, isHome, a, text(a), extra)
            case .postalAddress(let isHome):
                if isHome { homeFormatted.append(a) } else { workFormatted.append(a) }
            case .birthYear: if year == nil { year = a } else { extra(a) }
            case .birthMonth: if month == nil { month = a } else { extra(a) }
            case .birthDay: if day == nil { day = a } else { extra(a) }
            case .anniversary: if anniversary == nil { anniversary = a } else { extra(a) }
            case .birthDate:
                // An ISO date (Evolution's `1980-01-02`), or LDAP's GeneralizedTime `19800102000000Z`.
                if person.birthday == nil, case .date(let date) = DateParsing.parse(a.value) {
                    person.birthday = date
                } else if person.birthday == nil, case .date(let date) = DateParsing.parse(a.value.prefix(8)), a.value.count >= 8 {
                    person.birthday = date
                } else {
                    warnings.append((a.line, .invalidDate, "\(a.type): not a date: \(Diagnostic.safeText(text(a), limit: 40))"))
                    extra(a)
                }
            case .photo:
                guard keepsExtras else { continue }
                var base64: [UInt8] = []
                Base64.encode(a.value, to: &base64)
                extras.append(VCardProperty(name: "PHOTO", parameters: [VCardParameter(name: "ENCODING", values: ["b"]),
                                                                         VCardParameter(name: "TYPE", values: ["JPEG"])],
                                            value: ValueDecoding.makeString(base64), line: a.line))
            }
        }
        switch LDIFObjectClasses.kind(of: classes) {
        case .other(let classes):
            otherClasses = classes
            return false
        case .group:
            // Its object classes are kept, so that LDIF output writes a group again, and so that
            // its members can be told (`LDIFObjectClasses.names`); vCard output makes it a group card.
            attributes.filter { $0.key == "objectclass" }.forEach(extra)
            if keepsExtras { extras.append(VCardProperty(name: "KIND", value: "group", line: attributes[0].line)) }
        case .person: break
        }
        for (address, streets, formatted, type) in [(home, homeStreets, homeFormatted, "home"), (work, workStreets, workFormatted, "work")] {
            var address = address
            address.street = streets.joined(separator: "\n")
            let structured = address != PostalAddress()
            if structured {
                address.types = [type]
                person.addresses.append(address)
            }
            for a in formatted {
                // RFC 4517's postal address: lines separated by `$`, `\24` a dollar, `\5C` a backslash.
                if structured { extra(a); continue }
                var one = PostalAddress()
                one.street = text(a).split(separator: "$", omittingEmptySubsequences: false)
                    .map { String($0).replacingAll("\\24", with: "$").replacingAll("\\5C", with: "\\").replacingAll("\\5c", with: "\\").trimmingSpaces() }
                    .joined(separator: "\n")
                one.types = [type]
                person.addresses.append(one)
            }
        }
        if year != nil || month != nil || day != nil {
            switch Self.birthday(year, month, day) {
            case .date(let date): person.birthday = date
            case .invalid(let code, let message):
                let given = [year, month, day].compactMap { $0 }
                warnings.append((given[0].line, code, message))
                given.forEach(extra)
            case .empty: break
            }
        }
        if let anniversary {
            // abook writes the birthday as `anniversary`; elsewhere it is the anniversary.
            let isAbook = Abook.writesBirthdayAsAnniversary(classes: Set(classes.map { $0.lowercased() })) && person.birthday == nil
            switch DateParsing.parse(anniversary.value) {
            case .date(let date) where isAbook: person.birthday = date
            case .date(let date): person.anniversary = date
            case .invalid(let code, let message):
                warnings.append((anniversary.line, code, "\(anniversary.type): \(message)"))
                extra(anniversary)
            case .empty: break
            }
        }
        if person.phoneticFamilyName == nil { person.phoneticFamilyName = variants.phoneticFamily }
        if person.phoneticGivenName == nil { person.phoneticGivenName = variants.phoneticGiven }
        if keepsExtras { extras += variants.properties(line: attributes[0].line) }
        person.extraProperties = extras
        return true
    }

    /// The language and phonetic variants of an entry's names (`cn;lang-ja`, `sn;lang-ja`,
    /// `givenName;lang-ja`, `sn;lang-ja;phonetic`): the plain value is the name; a language
    /// variant is an alternative, in vCard 4.0 an `N` or `FN` with `LANGUAGE` sharing the
    /// plain one's `ALTID` (RFC 6350 §5.4); a phonetic variant is the phonetic name.
    struct Alternatives {
        private(set) var phoneticFamily: String?
        private(set) var phoneticGiven: String?
        /// Each language's family and given names and display names, in the order first seen.
        private var languages: [(tag: String, family: [String], given: [String], formatted: [String])] = []

        /// Takes the variant of a name; false when it is none (a variant of another attribute).
        mutating func take(_ a: LDIFAttribute, _ role: Role, _ value: String) -> Bool {
            if a.isPhonetic {
                switch role {
                case .family: if phoneticFamily == nil { phoneticFamily = value } else { return false }
                case .given: if phoneticGiven == nil { phoneticGiven = value } else { return false }
                default: return false
                }
                return true
            }
            guard let tag = a.language, !tag.isEmpty, !value.isEmpty else { return false }
            var k = languages.firstIndex { $0.tag.asciiLowercased() == tag.asciiLowercased() } ?? languages.count
            if k == languages.count { languages.append((tag, [], [], [])) }
            switch role {
            case .family: languages[k].family.append(value)
            case .given: languages[k].given.append(value)
            case .formattedName: languages[k].formatted.append(value)
            default:
                if languages[k].family.isEmpty && languages[k].given.isEmpty && languages[k].formatted.isEmpty { languages.removeLast() }
                k = -1
            }
            return k >= 0
        }

        /// `N;ALTID=1;LANGUAGE=…` and `FN;ALTID=1;LANGUAGE=…` for each language.
        func properties(line: Int) -> [VCardProperty] {
            var names: [VCardProperty] = [], shown: [VCardProperty] = []
            for language in languages {
                let parameters = [VCardParameter(name: "ALTID", values: ["1"]), VCardParameter(name: "LANGUAGE", values: [language.tag])]
                if !language.family.isEmpty || !language.given.isEmpty {
                    let parts = [language.family, language.given, [], [], []].map { $0.isEmpty ? [""] : $0 }
                    names.append(VCardProperty(name: "N", parameters: parameters, value: VCardText.structured(parts), line: line))
                }
                for formatted in language.formatted {
                    shown.append(VCardProperty(name: "FN", parameters: parameters, value: VCardText.escape(formatted), line: line))
                }
            }
            return shown + names
        }
    }

    private func append(_ value: String, to list: inout [String]) {
        if !value.isEmpty { list.append(value) }
    }

    private func set(_ home: inout String, _ work: inout String, _ isHome: Bool, _ a: LDIFAttribute, _ value: String,
                     _ extra: (LDIFAttribute) -> Void) {
        if isHome {
            if home.isEmpty { home = value } else { extra(a) }
        } else {
            if work.isEmpty { work = value } else { extra(a) }
        }
    }

    /// Thunderbird's `birthyear`, `birthmonth` and `birthday` (numbers; the year may be missing).
    /// A `birthday` that is a whole date (`1985-03-14`) is read as one.
    private static func birthday(_ year: LDIFAttribute?, _ month: LDIFAttribute?, _ day: LDIFAttribute?) -> DateParsing.Result {
        if year == nil && month == nil, let day, day.value.count > 2, case .date(let date) = DateParsing.parse(day.value) {
            return .date(date)
        }
        func number(_ a: LDIFAttribute?) -> Int? {
            guard let a else { return nil }
            let digits = ValueDecoding.makeString(a.value).trimmingSpaces()
            guard !digits.isEmpty, digits.utf8.count <= 4, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return -1 }
            return Int(digits)
        }
        let y = number(year), m = number(month), d = number(day)
        if let m, let d, m >= 0, d >= 0, y ?? 0 >= 0, let date = PartialDate(year: y == 0 ? nil : y, month: m, day: d) {
            return .date(date)
        }
        let shown = [year, month, day].compactMap { $0 }
            .map { "\($0.type): \(Diagnostic.safeText(ValueDecoding.makeString($0.value), limit: 20))" }.joined(separator: ", ")
        let isNumbers = [y, m, d].allSatisfy { ($0 ?? 0) >= 0 } && m != nil && d != nil
        return .invalid(isNumbers ? .impossibleDate : .invalidDate, "birthday (\(shown)) is no date: kept as it is")
    }

    /// `X-LDIF;ATTRIBUTE=type[;OPTIONS=…]:value`, the value escaped as vCard text (base64 when it is no UTF-8 text).
    static func extraProperty(_ a: LDIFAttribute) -> VCardProperty {
        var parameters = [VCardParameter(name: "ATTRIBUTE", values: [a.type])]
        if !a.options.isEmpty { parameters.append(VCardParameter(name: "OPTIONS", values: a.options)) }
        if a.isURL { parameters.append(VCardParameter(name: "VALUE", values: ["uri"])) }
        let isText = ValueDecoding.isValidUTF8(a.value) && !a.value.contains { $0 < 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        guard isText else {
            var base64: [UInt8] = []
            Base64.encode(a.value, to: &base64)
            parameters.append(VCardParameter(name: "ENCODING", values: ["b"]))
            return VCardProperty(name: VCardProperty.ldifAttribute, parameters: parameters,
                                 value: ValueDecoding.makeString(base64), line: a.line)
        }
        return VCardProperty(name: VCardProperty.ldifAttribute, parameters: parameters,
                             value: VCardText.escape(ValueDecoding.makeString(a.value)), line: a.line)
    }
}
