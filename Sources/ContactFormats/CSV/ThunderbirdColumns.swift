import ContactsCore

/// Thunderbird's address book export in the languages of its interface: the header names are
/// the translated field names (German `Vorname`, `Geburtsjahr`, `Geburtsmonat`, `Geburtstag`),
/// so a language's `Geburtstag` or `誕生日` is the day of the month there, never a whole date.
/// Some translations name a home and a work field alike (French `Ville` twice): such a column
/// belongs to the address whose street column came last before it.
enum ThunderbirdColumns {
    /// Thunderbird's fields, in the order of its field-name strings (2100–2136).
    private static let fields: [ColumnRole?] = [
        .givenName, .familyName, .formattedName, .nickname,
        .item(.email, slot: "1", .typed([])), .item(.email, slot: "2", .typed([])),
        .item(.phone, slot: "workphone", .typed(["work"])), .item(.phone, slot: "homephone", .typed(["home"])),
        .item(.phone, slot: "fax", .typed(["fax"])), .item(.phone, slot: "pager", .typed(["pager"])),
        .item(.phone, slot: "mobile", .typed(["cell"])),
        .item(.address, slot: "home", .street), .item(.address, slot: "home", .street),
        .item(.address, slot: "home", .locality), .item(.address, slot: "home", .region),
        .item(.address, slot: "home", .postalCode), .item(.address, slot: "home", .country),
        .item(.address, slot: "business", .street), .item(.address, slot: "business", .street),
        .item(.address, slot: "business", .locality), .item(.address, slot: "business", .region),
        .item(.address, slot: "business", .postalCode), .item(.address, slot: "business", .country),
        .jobTitle, .department, .organization, .url, .url,
        .birthYear, .birthMonth, .birthDay,
        nil, nil, nil, nil,  // Custom 1–4: travel unmapped
        .note,
        nil,  // Screen Name: travels unmapped
    ]

    /// The header names, in the order of `fields`, per interface language (as Thunderbird's
    /// translations name them; a language without a screen name field has 36).
    static let languages: [String: [String]] = [
        "en": ["First Name", "Last Name", "Display Name", "Nickname", "Primary Email", "Secondary Email", "Work Phone",
               "Home Phone", "Fax Number", "Pager Number", "Mobile Number", "Home Address", "Home Address 2", "Home City",
               "Home State", "Home ZipCode", "Home Country", "Work Address", "Work Address 2", "Work City", "Work State",
               "Work ZipCode", "Work Country", "Job Title", "Department", "Organization", "Web Page 1", "Web Page 2",
               "Birth Year", "Birth Month", "Birth Day", "Custom 1", "Custom 2", "Custom 3", "Custom 4", "Notes",
               "Screen Name"],
        "de": ["Vorname", "Nachname", "Anzeigename", "Spitzname", "Primäre E-Mail-Adresse", "Sekundäre E-Mail-Adresse",
               "Tel. dienstlich", "Tel. privat", "Fax-Nummer", "Pager-Nummer", "Mobil-Tel.-Nr.", "Privat: Adresse",
               "Privat: Adresse 2", "Privat: Ort", "Privat: Bundesland", "Privat: PLZ", "Privat: Land",
               "Dienstlich: Adresse", "Dienstlich: Adresse 2", "Dienstlich: Ort", "Dienstlich: Bundesland",
               "Dienstlich: PLZ", "Dienstlich: Land", "Arbeitstitel", "Abteilung", "Organisation", "Webseite 1",
               "Webseite 2", "Geburtsjahr", "Geburtsmonat", "Geburtstag", "Benutzerdef. 1", "Benutzerdef. 2",
               "Benutzerdef. 3", "Benutzerdef. 4", "Notizen"],
        "fr": ["Prénom", "Nom de famille", "Nom à afficher", "Surnom", "Première adresse électronique",
               "Deuxième adresse électronique", "Tél. professionnel", "Tél. personnel", "Fax", "Pager", "Portable",
               "Adresse privée", "Adresse privée 2", "Ville", "Pays/État", "Code postal", "Région",
               "Adresse professionnelle", "Adresse professionnelle 2", "Ville", "Pays/État", "Code postal", "Région",
               "Profession", "Service", "Société", "Site Web 1", "Site Web 2", "Année de naissance", "Mois", "Jour",
               "Divers 1", "Divers 2", "Divers 3", "Divers 4", "Notes", "Nom de l'écran"],
        "es": ["Nombre", "Apellidos", "Nombre mostrado", "Apodo", "Dirección de correo electrónico principal",
               "Dirección de correo electrónico secundaria", "Teléfono (Trabajo)", "Teléfono particular", "Fax",
               "Buscapersonas", "Teléfono móvil", "Dirección personal", "Dirección personal 2", "Ciudad donde vive",
               "Provincia", "Código postal", "País de residencia", "Dirección de trabajo", "Dirección de trabajo 2",
               "Ciudad (Trabajo)", "Provincia (Trabajo)", "Código postal (Trabajo)", "País (Trabajo)", "Puesto",
               "Departamento", "Organización", "Página web 1", "Página web 2", "Año de nacimiento", "Mes de nacimiento",
               "Día de nacimiento", "Personalizado 1", "Personalizado 2", "Personalizado 3", "Personalizado 4", "Notas",
               "Nombre en pantalla"],
        "it": ["Nome", "Cognome", "Nome visualizzato", "Soprannome", "E-mail primaria", "E-mail secondaria",
               "Telefono lavoro", "Telefono casa", "Numero fax", "Numero cercapersone", "Numero cellulare",
               "Indirizzo di casa", "Indirizzo di casa 2", "Città di residenza", "Provincia di residenza",
               "CAP di residenza", "Nazione di residenza", "Indirizzo di lavoro", "Indirizzo di lavoro 2",
               "Città di lavoro", "Provincia di lavoro", "CAP di lavoro", "Nazione di lavoro", "Qualifica", "Reparto",
               "Organizzazione", "Pagina web 1", "Pagina web 2", "Anno di nascita", "Mese di nascita",
               "Giorno di nascita", "Personalizzato 1", "Personalizzato 2", "Personalizzato 3", "Personalizzato 4",
               "Note"],
        "nl": ["Voornaam", "Achternaam", "Weergavenaam", "Bijnaam", "Eerste e-mail", "Tweede e-mail", "Telefoon werk",
               "Telefoon thuis", "Faxnummer", "Piepernummer", "Mobiel nummer", "Adres", "Adres 2", "Woonplaats",
               "Provincie", "Postcode", "Land", "Werkadres", "Werkadres 2", "Werklocatie", "Werkprovincie",
               "Werkpostcode", "Werkland", "Werkfunctie", "Afdeling", "Organisatie", "Webpagina 1", "Webpagina 2",
               "Geboortejaar", "Geboortemaand", "Geboortedag", "Overig 1", "Overig 2", "Overig 3", "Overig 4",
               "Aantekeningen", "Schermnaam"],
        "pl": ["Imię", "Nazwisko", "Wyświetlana nazwa", "Pseudonim", "Podstawowy e-mail", "Dodatkowy e-mail",
               "Telefonu służbowy", "Telefon domowy", "Numer faksu", "Pager", "Numer telefonu komórkowego", "Adres domowy",
               "Adres domowy 2", "Miasto (dom)", "Województwo (dom)", "Kod pocztowy (dom)", "Państwo (dom)",
               "Adres służbowy", "Adres służbowy 2", "Miasto (praca)", "Województwo (praca)", "Kod pocztowy (praca)",
               "Państwo (praca)", "Stanowisko", "Departament", "Firma/Organizacja", "Strona WWW 1", "Strona WWW 2",
               "Urodziny - Rok", "Urodziny - Miesiąc", "Urodziny - Dzień", "Informacja 1", "Informacja 2",
               "Informacja 3", "Informacja 4", "Notatki", "Komunikator AIM"],
        "pt": ["Primeiro nome", "Sobrenome", "Apresentar como", "Apelido", "E-mail primário", "E-mail secundário",
               "Telefone comercial", "Telefone residencial", "Número do fax", "Número do pager", "Número celular",
               "Endereço", "Endereço 2", "Cidade", "Estado", "CEP", "País", "Endereço de trabalho",
               "Endereço de trabalho 2", "Cidade de trabalho", "Estado de trabalho", "CEP de trabalho",
               "País de trabalho", "Cargo", "Setor", "Empresa", "Página da web 1", "Página da web 2",
               "Ano de nascimento", "Mês de nascimento", "Nascimento", "Personalizado 1", "Personalizado 2",
               "Personalizado 3", "Personalizado 4", "Observações", "Nome de tela"],
        "sv": ["Förnamn", "Efternamn", "Visa", "Smeknamn", "E-post", "Ytterligare e-post", "Telefon arbete",
               "Telefon privat", "Faxnummer", "Personsökare", "Mobiltelefon", "Adress privat (rad 1)",
               "Adress privat (rad 2)", "Stad privat", "Landsdel (Stat) privat", "Postnummer privat", "Land privat",
               "Adress arbete (rad 1)", "Adress arbete (rad 2)", "Stad arbete", "Landsdel (Stat) arbete",
               "Postnummer arbete", "Land arbete", "Titel", "Avdelning", "Organisation", "Webbplats privat",
               "Webbplats arbete", "Född år", "Född månad", "Född dag", "Annan uppgift 1", "Annan uppgift 1",
               "Annan uppgift 1", "Annan uppgift 1", "Anteckningar"],
        "ru": ["Имя", "Фамилия", "Отображаемое имя", "Псевдоним", "Адрес электронной почты",
               "Альтернативный адрес электронной почты", "Рабочий телефон", "Домашний телефон", "Номер факса",
               "Номер пейджера", "Номер сотового телефона", "Адрес", "Адрес 2", "Город", "Штат", "Почтовый индекс",
               "Страна", "Адрес (раб.)", "Адрес 2 (раб.)", "Город (раб.)", "Штат (раб.)", "Почтовый индекс (раб.)",
               "Страна (раб.)", "Должность", "Отдел", "Организация", "Веб-страница 1", "Веб-страница 2", "Год рождения",
               "Месяц рождения", "День рождения", "Прочее 1", "Прочее 2", "Прочее 3", "Прочее 4", "Заметки",
               "Интернет-пейджер"],
        "ja": ["名", "姓", "表示名", "ニックネーム", "メールアドレス", "別のメールアドレス", "勤務先の電話番号", "自宅の電話番号",
               "FAX 番号", "ポケットベル番号", "携帯電話番号", "番地 (自宅)", "番地 (自宅) 2", "市区町村 (自宅)", "都道府県 (自宅)",
               "郵便番号 (自宅)", "国 (自宅)", "番地 (勤務先)", "番地 (勤務先) 2", "市区町村 (勤務先)", "都道府県 (勤務先)",
               "郵便番号 (勤務先)", "国 (勤務先)", "役職", "部門", "組織", "ウェブページ 1", "ウェブページ 2", "誕生年", "誕生月",
               "誕生日", "追加情報 1", "追加情報 2", "追加情報 3", "追加情報 4", "メモ", "スクリーンネーム"],
    ]

    /// Per language, each normalized header name and the fields it may be (two for a name a
    /// home and a work field share).
    private static let lookup: [String: [String: [Int]]] = languages.mapValues { names in
        var table: [String: [Int]] = [:]
        for (field, name) in names.enumerated() { table[CSVColumns.normalize(name), default: []].append(field) }
        return table
    }

    private static let birthYear = 28, birthMonth = 29
    private static let homeStreets: Set<Int> = [11, 12], workStreets: Set<Int> = [17, 18]

    /// The role of each column when the header is a Thunderbird export in one of its languages
    /// (its birth year or month column there and at least five of its names); nil otherwise.
    static func roles(_ headers: [String]) -> [ColumnRole?]? {
        let names = headers.map(CSVColumns.normalize)
        var best: (table: [String: [Int]], matches: Int)?
        for table in lookup.values {
            let fieldsFound = Set(names.compactMap { table[$0] }.joined())
            guard fieldsFound.contains(birthYear) || fieldsFound.contains(birthMonth) else { continue }
            let matches = names.filter { table[$0] != nil }.count
            if matches >= 5 && matches > (best?.matches ?? 0) { best = (table, matches) }
        }
        guard let table = best?.table else { return nil }
        var used: Set<Int> = []
        var inWorkAddress = false
        return names.enumerated().map { column, name in
            guard let candidates = table[name] else { return CSVColumns.role(of: headers[column], in: .thunderbird) }
            let unused = candidates.filter { !used.contains($0) }
            let field = (unused.count > 1 ? unused[inWorkAddress ? 1 : 0] : unused.first) ?? candidates[0]
            used.insert(field)
            if homeStreets.contains(field) { inWorkAddress = false }
            if workStreets.contains(field) { inWorkAddress = true }
            return fields[field]
        }
    }
}
