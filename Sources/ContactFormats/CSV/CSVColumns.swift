import ContactsCore

/// What a CSV column holds.
enum ColumnRole: Equatable, Sendable {
    case formattedName, givenName, additionalName, familyName, prefix, suffix, nickname
    case phoneticGiven, phoneticAdditional, phoneticFamily, sortAs
    case birthday, anniversary, birthYear, birthMonth, birthDay
    case organization, department, jobTitle, note, categories, uid
    /// A URL column (`Web Page`, `Website 1 - Value`).
    case url
    /// A part of a multi-column item (e-mail, phone, address, event), grouped by `slot`.
    case item(ItemKind, slot: String, ItemPart)
    /// Our own generic header's item lists (`E-mails`, `Phones`, `Addresses`).
    case itemList(ItemKind)
    /// Our own generic header's `vCard` column: extra vCard properties as content lines.
    case vcardLines
    /// A column that only repeats what others hold (Outlook's e-mail display name and type).
    case derived
}

enum ItemKind: String, Sendable {
    case email, phone, address, website, event
    /// Google's `Custom Field N - Label` / `Value`: a column of the label's name.
    case custom
}

enum ItemPart: Equatable, Sendable {
    case value, label
    case poBox, extended, street, locality, region, postalCode, country, formatted
    /// A fixed type the column implies (`Home Phone` → home).
    case typed([String])
}

/// Header names as data: normalized (lower-case, letters and digits only) name → role. English,
/// German, French and Spanish Outlook, Google (current and older), Thunderbird, our own generic
/// header, and the names spreadsheets commonly use. Extend freely.
enum CSVColumns {
    /// Lower-cases and keeps letters and digits only: `E-mail 2 Address` → `email2address`.
    static func normalize(_ header: String) -> String {
        String(header.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            .map(Character.init))
    }

    /// The role of a header in a dialect; nil for columns that travel along unmapped.
    static func role(of header: String, in dialect: CSVDialect) -> ColumnRole? {
        let name = normalize(header)
        if let role = dialectSpecific(name, dialect) { return role }
        if let role = singles[name] { return role }
        if let role = typedItems[name] { return role }
        return numbered(name) ?? described(name) ?? gmailSection(name)
    }

    private static func dialectSpecific(_ name: String, _ dialect: CSVDialect) -> ColumnRole? {
        switch dialect {
        case .google: return Google.columnRole(name)
        case .outlook: return Outlook.columnRole(name)
        case .thunderbird: return Thunderbird.columnRole(name)
        case .generic: return nil
        }
    }

    static let singles: [String: ColumnRole] = {
        var table: [String: ColumnRole] = [:]
        func add(_ role: ColumnRole, _ names: String...) { for n in names { table[n] = role } }
        add(.formattedName, "name", "fullname", "displayname", "formattedname", "anzeigename", "nomcomplet", "nombrecompleto")
        add(.givenName, "firstname", "givenname", "first", "forename", "vorname", "prénom", "prenom", "nombre")
        add(.additionalName, "middlename", "additionalname", "additionalnames", "middle", "weiterevornamen",
            "deuxièmeprénom", "segundonombre")
        add(.familyName, "lastname", "familyname", "surname", "last", "nachname", "nom", "nomdefamille", "apellidos",
            "apellido")
        add(.prefix, "nameprefix", "prefix", "honorificprefix", "honorificprefixes", "anrede", "tratamiento")
        add(.suffix, "namesuffix", "suffix", "honorificsuffix", "honorificsuffixes", "suffixe", "sufijo", "namenszusatz")
        add(.nickname, "nickname", "nick", "spitzname", "surnom", "apodo")
        add(.phoneticGiven, "phoneticfirstname", "phoneticgivenname", "givennameyomi", "firstnameyomi", "givenyomi")
        add(.phoneticAdditional, "phoneticmiddlename", "phoneticadditionalname", "additionalnameyomi", "middlenameyomi")
        add(.phoneticFamily, "phoneticlastname", "phoneticfamilyname", "familynameyomi", "surnameyomi", "lastnameyomi")
        add(.sortAs, "sortas")
        add(.birthday, "birthday", "bday", "birthdate", "dateofbirth", "dob", "geburtstag", "geburtsdatum",
            "anniversaire", "datedenaissance", "cumpleaños", "fechadenacimiento")
        add(.anniversary, "anniversary", "weddinganniversary", "jahrestag", "hochzeitstag", "anniversairedemariage",
            "aniversario")
        add(.birthYear, "birthyear")
        add(.birthMonth, "birthmonth")
        add(.organization, "company", "organization", "organisation", "organizationname", "organization1name",
            "organisationname", "org", "employer", "arbeitgeber", "companyname", "firma", "unternehmen", "société", "organización", "organizacion", "empresa")
        add(.department, "department", "organizationdepartment", "organization1department", "abteilung", "service",
            "departamento")
        add(.jobTitle, "jobtitle", "title", "organizationtitle", "organization1title", "position", "fonction", "puesto",
            "cargo")
        add(.note, "notes", "note", "comments", "comment", "notizen", "notiz", "notas")
        add(.categories, "categories", "category", "labels", "groupmembership", "groups", "group", "tags", "kategorien",
            "catégories", "categorías")
        add(.uid, "uid")
        add(.url, "webpage", "website", "url", "homepage", "webpage1", "webpage2", "personalwebpage", "webseite",
            "pageweb", "páginaweb", "websites")
        add(.itemList(.email), "emails")
        add(.itemList(.phone), "phones")
        add(.itemList(.address), "addresses")
        add(.vcardLines, "vcard")
        add(.derived, "emailtype", "email2type", "email3type", "emaildisplayname", "email2displayname",
            "email3displayname", "emailtyp", "email2typ", "email3typ", "emailangezeigtername", "email2angezeigtername",
            "email3angezeigtername", "typedemessagerie", "nomcompletdeladressedemessagerie",
            "tipodecorreoelectrónico", "nombremostradodelcorreoelectrónico")
        return table
    }()

    /// Columns that are one item of a fixed type: `Home Phone`, `Business City`, `Mobiltelefon`.
    static let typedItems: [String: ColumnRole] = {
        var table: [String: ColumnRole] = [:]
        func email(_ slot: String, _ types: [String], _ names: String...) {
            for n in names { table[n] = .item(.email, slot: slot, .typed(types)) }
        }
        email("1", [], "email", "emailaddress", "mail", "primaryemail", "emailadresse", "adressedemessagerie",
              "direccióndecorreoelectrónico", "courriel", "correo", "correoelectrónico")
        email("2", [], "email2address", "secondemail", "secondaryemail", "email2adresse", "adressedemessagerie2",
              "direccióndecorreoelectrónico2")
        email("3", [], "email3address", "email3adresse", "adressedemessagerie3", "direccióndecorreoelectrónico3")
        email("work", ["work"], "workemail", "businessemail")
        email("home", ["home"], "homeemail", "personalemail")

        func phone(_ types: [String], _ names: String...) {
            for n in names { table[n] = .item(.phone, slot: n, .typed(types)) }
        }
        phone([], "phone", "telephone", "tel", "phonenumber", "telefon", "téléphone", "teléfono")
        phone(["work"], "businessphone", "businessphone2", "workphone", "officephone", "companymainphone",
              "telefongeschäftlich", "telefongeschäftlich2", "telefonfirma", "téléphonebureau", "téléphone2bureau",
              "teléfonodeltrabajo", "teléfonodeltrabajo2", "teléfonodelaorganización")
        phone(["home"], "homephone", "homephone2", "telefonprivat", "telefonprivat2", "téléphonedomicile",
              "téléphone2domicile", "particular", "particular2")
        phone(["cell"], "mobilephone", "mobile", "cell", "cellphone", "mobilenumber", "mobiltelefon", "handy",
              "mobiltelefon2", "télmobile", "téléphonemobile", "portable", "teléfonomóvil", "móvil")
        phone(["work", "fax"], "businessfax", "workfax", "faxgeschäftlich", "télécopiebureau", "faxdeltrabajo")
        phone(["home", "fax"], "homefax", "faxprivat", "télécopiedomicile", "faxparticular")
        phone(["fax"], "fax", "otherfax", "weiteresfax", "faxnumber", "autretélécopie", "otrofax")
        phone(["pager"], "pager", "pagernumber", "récepteurderadiomessagerie", "localizador")
        phone(["other"], "otherphone", "weiterestelefon", "autretéléphone", "otroteléfono")
        phone(["car"], "carphone", "autotelefon", "téléphonevoiture", "teléfonodelautomóvil")
        phone(["main"], "primaryphone", "haupttelefon", "téléphoneprincipal", "teléfonoprincipal")
        phone(["assistant"], "assistantsphone", "telefonassistent")
        phone(["isdn"], "isdn")
        phone(["textphone"], "ttytddphone")
        phone(["callback"], "callback", "rückmeldung")
        phone(["radio"], "radiophone")

        func address(_ slot: String, _ parts: [(ItemPart, [String])]) {
            for (part, names) in parts {
                for n in names { table[n] = .item(.address, slot: slot, part) }
            }
        }
        address("business", [
            (.street, ["businessstreet", "businessstreet2", "businessstreet3", "straßegeschäftlich", "straßegeschäftlich2",
                       "straßegeschäftlich3", "ruebureau", "ruebureau2", "ruebureau3", "calledeltrabajo",
                       "calledeltrabajo2", "calledeltrabajo3", "workaddress", "workaddress2", "workstreet"]),
            (.locality, ["businesscity", "ortgeschäftlich", "villebureau", "ciudaddetrabajo", "workcity"]),
            (.region, ["businessstate", "regiongeschäftlich", "bundeslandkantongeschäftlich", "étatprovbureau",
                       "provinciaoestadodetrabajo", "workstate"]),
            (.postalCode, ["businesspostalcode", "postleitzahlgeschäftlich", "plzgeschäftlich", "codepostalbureau",
                           "códigopostaldeltrabajo", "workzipcode", "workpostalcode"]),
            (.country, ["businesscountryregion", "businesscountry", "landregiongeschäftlich", "paysrégionbureau",
                        "paísoregióndeltrabajo", "workcountry"]),
            (.poBox, ["businessaddresspobox", "postfachgeschäftlich", "boîtepostalebureau"]),
        ])
        address("home", [
            (.street, ["homestreet", "homestreet2", "homestreet3", "straßeprivat", "straßeprivat2", "straßeprivat3",
                       "ruedomicile", "ruedomicile2", "ruedomicile3", "calledeldomicilio", "calledeldomicilio2",
                       "calledeldomicilio3", "homeaddress", "homeaddress2"]),
            (.locality, ["homecity", "ortprivat", "villedomicile", "ciudadderesidencia"]),
            (.region, ["homestate", "bundeslandkantonprivat", "regionprivat", "étatprovdomicile",
                       "provinciaoestadoderesidencia"]),
            (.postalCode, ["homepostalcode", "postleitzahlprivat", "plzprivat", "codepostaldomicile", "códigopostalderesidencia",
                           "homezipcode"]),
            (.country, ["homecountryregion", "homecountry", "landregionprivat", "paysrégiondomicile",
                        "paísoregiónderesidencia"]),
            (.poBox, ["homeaddresspobox", "postfachprivat", "boîtepostaledomicile"]),
        ])
        address("other", [
            (.street, ["otherstreet", "otherstreet2", "otherstreet3", "weiterestraße", "weiterestraße2", "weiterestraße3",
                       "autrerue", "otracalle"]),
            (.locality, ["othercity", "weitererort", "autreville", "otraciudad"]),
            (.region, ["otherstate", "weiteresbundeslandkanton", "autreétatprov"]),
            (.postalCode, ["otherpostalcode", "weiterepostleitzahl", "autrecodepostal", "otrocódigopostal"]),
            (.country, ["othercountryregion", "weitereslandregion", "autrepaysrégion", "otropaísoregión"]),
            (.poBox, ["otheraddresspobox", "weiterespostfach"]),
        ])
        address("plain", [
            (.street, ["street", "address", "streetaddress", "straße", "strasse", "adresse", "rue", "calle", "dirección"]),
            (.locality, ["city", "town", "ort", "stadt", "ville", "ciudad"]),
            (.region, ["state", "region", "province", "bundesland", "provincia"]),
            (.postalCode, ["zip", "zipcode", "postalcode", "postcode", "plz", "postleitzahl", "codepostal", "códigopostal"]),
            (.country, ["country", "land", "pays", "país"]),
        ])
        return table
    }()

    /// The types Outlook's address column groups imply.
    static let addressSlotTypes: [String: [String]] = ["business": ["work"], "home": ["home"], "other": ["other"]]

    /// E-mail and phone columns named by their kind and a type, in either order and in the
    /// languages of the table, as Apple's Contacts exports (through the export tools Mac users
    /// use, in their language) and spreadsheets name them: `E-Mail (privat)`, `Privat E-Mail`,
    /// `Telefon (mobil)`, `Telefon (iPhone)`, `Work Email`, `Phone (Home)`. Each is an item of its own.
    static func described(_ name: String) -> ColumnRole? {
        for (word, kind) in kindWords where name.count > word.count && (name.hasPrefix(word) || name.hasSuffix(word)) {
            let rest = String(name.hasPrefix(word) ? name.dropFirst(word.count) : name.dropLast(word.count))
            guard let types = (kind == .email ? emailTypeWords : phoneTypeWords)[rest] else { continue }
            return .item(kind, slot: name, .typed(types))
        }
        return nil
    }

    /// The words of an e-mail or phone column, the longer of two that start alike first.
    private static let kindWords: [(String, ItemKind)] = [
        ("emailadresse", .email), ("emailaddress", .email), ("email", .email), ("mail", .email), ("courriel", .email),
        ("correoelectrónico", .email), ("telefonnummer", .phone), ("telefon", .phone), ("phonenumber", .phone),
        ("phone", .phone), ("telephone", .phone), ("téléphone", .phone), ("teléfono", .phone), ("tel", .phone),
    ]
    private static let homeWords = ["home", "private", "personal", "privat", "zuhause", "domicile", "personnel", "particular", "casa"]
    private static let workWords = ["work", "business", "office", "arbeit", "geschäftlich", "beruflich", "büro", "dienstlich", "firma",
                                    "travail", "bureau", "professionnel", "trabajo"]
    private static let otherWords = ["other", "andere", "weitere", "sonstige", "autre", "otro"]
    private static let emailTypeWords: [String: [String]] = {
        var table: [String: [String]] = [:]
        homeWords.forEach { table[$0] = ["home"] }
        workWords.forEach { table[$0] = ["work"] }
        otherWords.forEach { table[$0] = [] }
        return table
    }()
    private static let phoneTypeWords: [String: [String]] = {
        var table = emailTypeWords
        for word in ["mobile", "mobil", "cell", "handy", "iphone", "portable", "móvil"] { table[word] = ["cell"] }
        for word in ["main", "haupt", "principal", "principale"] { table[word] = ["main"] }
        table["pager"] = ["pager"]
        otherWords.forEach { table[$0] = ["other"] }
        return table
    }()

    /// Gmail's export before its 2011 format: `Section 1 - Email`, `Section 1 - Phone`,
    /// `Section 1 - Mobile`, `Section 1 - Address`, … for each section of a contact (its
    /// `Description`, `IM` and `Other` travel unmapped).
    static func gmailSection(_ name: String) -> ColumnRole? {
        guard name.hasPrefix("section") else { return nil }
        let rest = name.dropFirst(7)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let slot = "section" + digits
        switch rest.dropFirst(digits.count) {
        case "email": return .item(.email, slot: slot, .typed([]))
        case "phone": return .item(.phone, slot: slot + "phone", .typed([]))
        case "mobile": return .item(.phone, slot: slot + "mobile", .typed(["cell"]))
        case "pager": return .item(.phone, slot: slot + "pager", .typed(["pager"]))
        case "fax": return .item(.phone, slot: slot + "fax", .typed(["fax"]))
        case "address": return .item(.address, slot: slot, .formatted)
        case "company": return .organization
        case "title": return .jobTitle
        default: return nil
        }
    }

    /// Google's and Outlook's numbered columns: `E-mail 2 - Value`, `Phone 1 - Label`,
    /// `Address 1 - Postal Code`, `Event 1 - Value`, `E-mail 2 Address`, `Email 3`,
    /// `Custom Field 1 - Label`.
    static func numbered(_ name: String) -> ColumnRole? {
        let kinds: [(String, ItemKind)] = [("email", .email), ("phone", .phone), ("address", .address),
                                           ("website", .website), ("event", .event), ("customfield", .custom)]
        for (prefix, kind) in kinds where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { continue }
            let slot = String(digits)
            let partName = String(rest.dropFirst(digits.count))
            let part: ItemPart?
            switch partName {
            case "", "value", "address": part = .value
            case "label", "type": part = .label
            case "formatted": part = .formatted
            case "street": part = .street
            case "city": part = .locality
            case "pobox": part = .poBox
            case "region": part = .region
            case "postalcode": part = .postalCode
            case "country": part = .country
            case "extendedaddress": part = .extended
            case "displayname": return .derived
            default: part = nil
            }
            guard let part else { return nil }
            if kind == .website { return part == .value ? .url : nil }  // a website's label travels unmapped
            return .item(kind, slot: slot, part)
        }
        return nil
    }
}
