import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Reads a fixture through the input reader (encoding and format detection included).
private func read(_ fixture: String, chunkSize: Int = 1 << 16, configure: (inout RunOptions) -> Void = { _ in })
    throws -> (people: [PersonInfo], diagnostics: RecordingDiagnostics) {
    var options = RunOptions()
    options.output.format = .csv
    options.diagnostics.rejects = "rejects.txt"  // keep raw text
    configure(&options)
    let sink = SpySink()
    let diagnostics = RecordingDiagnostics()
    let reader = InputReader(displayPath: fixture, options: options, locale: "root", sink: sink, reporter: diagnostics)
    let (_, failed) = try reader.read(MemorySource(fixtureBytes(fixture), chunkSize: chunkSize))
    #expect(!failed)
    return (sink.people, diagnostics)
}

private let csvFixtures = ["csv/google-contacts.csv", "csv/google-contacts-old.csv", "csv/outlook-windows-1252.csv",
                           "csv/outlook-com.csv",
                           "csv/outlook-german.csv", "csv/thunderbird.csv", "csv/spreadsheet-semicolon.csv",
                           "csv/spreadsheet-utf16.txt"]

@Suite struct CSVReaderTests {
    @Test(arguments: csvFixtures)
    func feedingOneByteAtATimeGivesTheSameResult(fixture: String) throws {
        let whole = try read(fixture)
        let bytewise = try read(fixture, chunkSize: 1)
        #expect(bytewise.people == whole.people)
        #expect(bytewise.diagnostics.warnings == whole.diagnostics.warnings)
        #expect(bytewise.diagnostics.rejections.map(\.rawText) == whole.diagnostics.rejections.map(\.rawText))
        #expect(!whole.people.isEmpty)
    }

    /// A department without an organization reads as an unnamed organization with that unit,
    /// as the vCard `ORG:;Sales;Nordic` does.
    @Test func departmentWithoutOrganization() throws {
        let csv = Array("Name,Organization,Department\r\nAnn Lee,,Sales ::: Nordic\r\nBo Ek,Acme,\r\nCy Ng,,\r\n".utf8)
        let people = try readContacts(csv, csv: true).people
        #expect(people.map(\.organization) == ["", "Acme", nil])
        #expect(people.map(\.organizationUnits) == [["Sales", "Nordic"], [], []])
        let vcard = try readContacts(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Lee\r\nORG:;Sales;Nordic\r\nEND:VCARD\r\n".utf8),
                                     csv: false).people
        #expect(vcard.map(\.organization) == [""] && vcard.map(\.organizationUnits) == [["Sales", "Nordic"]])
    }

    @Test func googleCurrentHeader() throws {
        let (people, diagnostics) = try read("csv/google-contacts.csv")
        #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
        let priya = people[0]
        #expect(priya.givenNames == ["Priya"] && priya.familyNames == ["Sharma"])
        #expect(priya.birthday == date(1992, 1, 5) && priya.anniversary == date(2019, 12, 8))
        #expect(priya.emails == [ContactPoint(value: "priya.sharma@gmail.example", types: ["home"], preferred: true),
                                 ContactPoint(value: "priya@home.example", types: ["home"], preferred: true),
                                 ContactPoint(value: "p.sharma@work.example", types: ["work"])])
        #expect(priya.phones == [ContactPoint(value: "+91 98765 43210", types: ["cell"])])
        #expect(priya.categories == ["friends", "myContacts"])
        #expect(priya.note == "Met at the conference, 2018.\nLikes \"masala chai\"; hates coffee.")
        #expect(priya.source.line == 2)
        // Unmapped columns travel along.
        #expect(priya.extraProperties.map(\.value) == ["Spouse", "Arjun"])
        #expect(priya.extraProperties.first?.parameters == [VCardParameter(name: "COLUMN", values: ["Relation 1 - Label"])])
        let mateo = people[1]
        #expect(mateo.birthday == date(nil, 3, 17))
        #expect(mateo.addresses.first?.street == "Calle Mayor 5, 2º" && mateo.addresses.first?.postalCode == "28013")
        #expect(mateo.urls == ["https://mateo.example/blog"])
        #expect(people[1].source.line == 4)  // Priya's notes take lines 2 and 3
        #expect(people[2].phoneticFamilyName == "サトウ" && people[2].organization == "さくら商事")
        #expect(people[3].anniversary == nil)  // a Graduation event is not an anniversary
        #expect(people[3].extraProperties.map(\.value) == ["Graduation", "2015-06-20"])
    }

    @Test func googleOlderHeader() throws {
        let (people, _) = try read("csv/google-contacts-old.csv")
        #expect(people.map(\.formattedName) == ["Hannah Schmidt", "Kenji Watanabe"])
        #expect(people[0].organization == "Stadtwerke" && people[0].title == "Ingenieurin")
        #expect(people[0].emails == [ContactPoint(value: "hannah.schmidt@web.example", types: ["home"], preferred: true)])
        #expect(people[0].categories == ["My Contacts", "Familie"])
        #expect(people[1].phoneticFamilyName == "ワタナベ" && people[1].birthday == date(nil, 11, 3))
    }

    @Test func outlookInWindows1252() throws {
        let (people, diagnostics) = try read("csv/outlook-windows-1252.csv")
        #expect(diagnostics.warnings.map(\.description) == [
            "csv/outlook-windows-1252.csv: warning: not valid UTF-8; read as Windows-1252 (give --encoding to choose another)",
        ])
        let renee = people[0]
        #expect(renee.givenNames == ["Renée"] && renee.honorificPrefixes == ["Mrs."])
        #expect(renee.organization == "Café Lumière" && renee.title == "Gérante")
        #expect(renee.birthday == date(1985, 4, 15) && renee.anniversary == date(2010, 6, 1))
        #expect(renee.phones.map(\.types) == [["work"], ["cell"]])
        #expect(renee.addresses.first?.types == ["work"] && renee.addresses.first?.locality == "Paris")
        #expect(renee.categories == ["Clients", "VIP"])
        #expect(renee.emails.map(\.value) == ["renee.dubois@cafe.example"])
        // Outlook's defaults and derived columns are not carried; its other columns are.
        let carried = renee.extraProperties.map { $0.parameters[0].values[0] }
        #expect(carried.contains("Spouse") && carried.contains("Initials") && !carried.contains("E-mail Display Name"))
        #expect(people[1].birthday == date(nil, 12, 3))  // 1604: no year
        #expect(people[2].birthday == date(1996, 2, 29))
    }

    @Test func outlookInGerman() throws {
        let (people, _) = try read("csv/outlook-german.csv")
        let g = people[0]
        #expect(g.givenNames == ["Günther"] && g.familyNames == ["Müller-Lüdenscheidt"] && g.honorificPrefixes == ["Herr"])
        #expect(g.birthday == date(1961, 12, 24) && g.anniversary == date(1990, 5, 1))
        #expect(g.phones == [ContactPoint(value: "+49 170 1234567", types: ["cell"])])
        #expect(g.addresses.first?.locality == "Köln" && g.addresses.first?.types == ["home"])
        #expect(g.emails.map(\.value) == ["guenther@mueller.example"])
        #expect(people[1].birthday == date(1990, 4, 3))
    }

    @Test func outlookComHeader() throws {
        let (people, diagnostics) = try read("csv/outlook-com.csv")
        #expect(diagnostics.warnings.isEmpty)
        #expect(people[0].phoneticGivenName == "アイコ" && people[0].phoneticFamilyName == "タナカ")
        #expect(people[0].nicknames == ["Ai"] && people[0].birthday == date(1993, 3, 9))
        #expect(people[0].emails.map(\.value) == ["aiko@outlook.example", "aiko.t@work.example"])
        #expect(people[0].urls == ["https://aiko.example"])
        #expect(people[1].honorificPrefixes == ["Dr."] && people[1].anniversary == date(2004, 8, 8))
        #expect(people[1].birthday == date(1975, 11, 30))
    }

    @Test func thunderbirdSplitBirthday() throws {
        let (people, _) = try read("csv/thunderbird.csv")
        #expect(people[0].birthday == date(1991, 7, 14) && people[0].formattedName == "Sanne van der Meer")
        #expect(people[1].birthday == date(nil, 2, 29))
        #expect(people[1].addresses.first?.locality == "Göteborg")
    }

    @Test func spreadsheetWithSemicolonsAndProblems() throws {
        let (people, diagnostics) = try read("csv/spreadsheet-semicolon.csv")
        // The last row has only a note: a contact all the same (any person --to csv writes reads back).
        #expect(people.map(\.displayName) == ["Anna Schneider", "Bernd Vogel", "Carla Rossi", "Dieter \"Didi\" Hallervorden", ""])
        #expect(people.last?.note == "nur eine Notiz")
        #expect(people[0].birthday == date(1985, 4, 15) && people[0].note == "Nachbarin; hat einen \"Hund\"")
        #expect(people[1].birthday == date(nil, 11, 3))
        #expect(people[2].birthday == date(1979, 7, 8))  // month first: root locale, with a warning
        #expect(diagnostics.warnings.map(\.description) == [
            "csv/spreadsheet-semicolon.csv:4: warning: date '07/08/1979' could be day/month or month/day; read as month/day/year (give --date-order to choose)",
            "csv/spreadsheet-semicolon.csv:5:8: warning: bare quote in an unquoted field, kept as text",
            "csv/spreadsheet-semicolon.csv:5: warning: row has 6 fields, the header has 5",
        ])
        #expect(diagnostics.rejections.isEmpty)
        #expect(people[3].extraProperties.map(\.value) == ["Felder"])  // the extra field is kept
    }

    /// A row with nothing a contact has (a prefix, a label or columns that are not read) is
    /// rejected, its raw text kept.
    @Test func rowWithoutAContactFieldIsRejected() throws {
        let csv = "Name,Name Prefix,E-mail 1 - Label,Hobby\r\n,Dr.,* Home,chess\r\nAnn,,,\r\n"
        let (people, diagnostics) = try readContacts(Array(csv.utf8), csv: true)
        #expect(people.map(\.displayName) == ["Ann"])
        #expect(diagnostics.rejections.map { $0.diagnostic?.description } == [
            "in.csv:2: error: row has no contact field: no name, e-mail, phone, address, date, note or other column that is read",
        ])
        #expect(diagnostics.rejections.map(\.rawText) == [",Dr.,* Home,chess\r\n"])
    }

    /// Everyone --to csv writes reads back, with no name but a URL, an IM or a note.
    @Test func nameLessPeopleReadBack() throws {
        let vcf = "BEGIN:VCARD\r\nVERSION:3.0\r\nURL:https://example.org\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nIMPP:xmpp:a@example.org\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:only a note\r\nEND:VCARD\r\n"
        for format in [RunOptions.Format.csv, .googleCSV, .outlookCSV] {
            let written = run(Array(vcf.utf8), path: "in.vcf", to: format).stdout
            let back = run(written, path: "out.csv", to: .json) { $0.diagnostics.quiet = false }
            #expect(back.status == .success, "\(format): \(back.stderr)")
            #expect(back.stderr.hasPrefix("3 people, 0 warnings, 0 rejected"), "\(format): \(back.stderr)")
        }
    }

    @Test func invalidUTF8PastTheStartIsReadAsWindows1252AndSaidOnce() throws {
        // Valid UTF-8 for the first 64 KiB, so the file as a whole is read as UTF-8.
        let padding = (0..<2000).map { "Person \($0),--01-01\n" }.joined()
        let bytes = Array(("Name,Birthday\n" + padding).utf8) + Array("Ren".utf8) + [0xE9] + Array("e,--02-02\nJos".utf8)
            + [0xE9] + Array(",--03-03\n".utf8)
        let sink = SpySink()
        let diagnostics = RecordingDiagnostics()
        let parser = CSVParser(path: "x.csv", sink: sink, diagnostics: diagnostics)
        try feed(parser, bytes, chunkSize: 1 << 16)
        #expect(sink.people.suffix(2).map(\.displayName) == ["Renée", "José"])
        #expect(diagnostics.warnings.map(\.description) == ["x.csv:2002: warning: field is not valid UTF-8; read as Windows-1252 (said once per file)"])
    }

    /// A bare "Name" is the whole name, but next to a given name and no family name the family
    /// name (German `Name;Vorname`) (#41 item 13).
    @Test(arguments: [("Name;Vorname;Geburtstag\nBerg;Anna;15.04.1985\n", "Anna Berg", "Berg", "Anna"),
                      ("Vorname,Name\nAnna,Berg\n", "Anna Berg", "Berg", "Anna"),
                      ("Name,Birthday\nAnna Berg,1985-04-15\n", "Anna Berg", "", ""),
                      ("Name,First Name,Last Name\nDr. Anna Berg,Anna,Berg\n", "Dr. Anna Berg", "Berg", "Anna")])
    func aBareNameBesideAGivenNameIsTheFamilyName(_ text: String, _ shown: String, _ family: String, _ given: String) throws {
        let sink = SpySink()
        let parser = CSVParser(path: "x.csv", sink: sink, diagnostics: RecordingDiagnostics())
        try feed(parser, Array(text.utf8), chunkSize: 1 << 16)
        let person = try #require(sink.people.first)
        #expect(person.displayName == shown && person.familyName == family && person.givenName == given, "\(text)")
    }

    /// E-mail and phone columns named by a kind and a type, in either order, in the table's
    /// languages (German Mac exports), and Gmail's sections before 2011 (#41 item 13).
    @Test(arguments: [
        ("E-Mail (privat)", ColumnRole.item(.email, slot: "emailprivat", .typed(["home"]))),
        ("E-Mail (Arbeit)", .item(.email, slot: "emailarbeit", .typed(["work"]))),
        ("E-Mail beruflich", .item(.email, slot: "emailberuflich", .typed(["work"]))),
        ("Privat E-Mail", .item(.email, slot: "privatemail", .typed(["home"]))),
        ("Work Email", .item(.email, slot: "work", .typed(["work"]))),  // in the table
        ("E-mail (Work)", .item(.email, slot: "emailwork", .typed(["work"]))),
        ("Email (Other)", .item(.email, slot: "emailother", .typed([]))),
        ("Telefon (mobil)", .item(.phone, slot: "telefonmobil", .typed(["cell"]))),
        ("Telefon (iPhone)", .item(.phone, slot: "telefoniphone", .typed(["cell"]))),
        ("Telefonnummer (privat)", .item(.phone, slot: "telefonnummerprivat", .typed(["home"]))),
        ("Phone (Home)", .item(.phone, slot: "phonehome", .typed(["home"]))),
        ("Section 2 - Email", .item(.email, slot: "section2", .typed([]))),
        ("Section 1 - Mobile", .item(.phone, slot: "section1mobile", .typed(["cell"]))),
        ("Section 1 - Address", .item(.address, slot: "section1", .formatted)),
        ("Section 1 - Company", .organization),
        ("Org", .organization), ("Employer", .organization), ("PLZ (privat)", .item(.address, slot: "home", .postalCode)),
    ])
    func describedColumns(header: String, role: ColumnRole) {
        #expect(CSVColumns.role(of: header, in: .generic) == role)
    }

    @Test(arguments: ["E-Mail (mobil)", "Telefon (Hobby)", "Section 1 - IM", "Section 1 - Description", "Email", "Mailbox"])
    func columnsThatAreNoDescribedItem(header: String) {
        #expect(CSVColumns.described(CSVColumns.normalize(header)) == nil && CSVColumns.gmailSection(CSVColumns.normalize(header)) == nil)
    }

    @Test func germanMacExportKeepsItsAddresses() throws {
        let (people, diagnostics) = try read("csv/mac-contacts-german.txt")
        #expect(diagnostics.warnings.isEmpty)
        #expect(people[0].emails.map(\.value) == ["jonas.krueger@privat.example", "j.krueger@musterbau.example"])
        #expect(people[0].emails.map(\.types) == [["home"], ["work"]])
        #expect(people[0].phones.map(\.types) == [["cell"], ["home"]] && people[1].phones.map(\.types) == [["cell"]])
        #expect(people[0].addresses.first?.postalCode == "20095" && people[0].extraProperties.isEmpty)
    }

    @Test func oldGmailSectionsKeepEveryAddress() throws {
        let (people, diagnostics) = try read("csv/gmail-2010.csv")
        #expect(diagnostics.warnings.isEmpty)
        #expect(people[0].emails.map(\.value) == ["priya.raman@mail.example", "priya.r@home.example", "p.raman@studio.example"])
        #expect(people[0].phones.count == 3 && people[0].addresses.count == 2 && people[0].organization == "Studio Nine")
        // The sections' descriptions travel along.
        #expect(people[0].extraProperties.map(\.value) == ["Personal", "Work"])
    }

    /// Two columns of one field (`Organization` and `Company`): the first value is the field's,
    /// the other is kept as a column with no field, not dropped.
    @Test func aSecondColumnOfAFieldIsKept() throws {
        let sink = SpySink()
        let parser = CSVParser(path: "x.csv", sink: sink, diagnostics: RecordingDiagnostics())
        try feed(parser, Array("Name,Organization,Company,Note,Notes\nAnna Berg,Acme,Beta,one,two\nBo Ek,,Gamma,same,same\n".utf8),
                 chunkSize: 1 << 16)
        #expect(sink.people.map(\.organization) == ["Acme", "Gamma"] && sink.people.map(\.note) == ["one", "same"])
        #expect(sink.people[0].extraProperties.map { "\($0.parameters[0].values[0])=\($0.value)" } == ["Company=Beta", "Notes=two"])
        #expect(sink.people[1].extraProperties.isEmpty)
    }

    @Test func dateOrderOptionDecidesWithoutWarning() throws {
        let (people, diagnostics) = try read("csv/spreadsheet-semicolon.csv") { $0.input.dateOrder = .dmy }
        #expect(people[2].birthday == date(1979, 8, 7))
        #expect(!diagnostics.warnings.contains { $0.message.contains("could be day/month") })
    }

    @Test func utf16TabSeparatedUnicodeText() throws {
        let (people, diagnostics) = try read("csv/spreadsheet-utf16.txt")
        #expect(diagnostics.warnings.isEmpty)
        #expect(people.map(\.givenNames) == [["Ólöf"], ["Wei"]])
        #expect(people[0].familyNames == ["Jónsdóttir"] && people[0].birthday == date(1995, 8, 21))
    }

    @Test func aHeaderWithoutANameColumnIsRejectedWhole() throws {
        let sink = SpySink()
        let diagnostics = RecordingDiagnostics()
        let parser = CSVParser(path: "x.csv", sink: sink, diagnostics: diagnostics, options: .init(keepsRawText: true))
        try parser.feed(Array("Product,Price\nApple,1\nPear,2\n".utf8))
        try parser.finish()
        #expect(sink.people.isEmpty)
        #expect(diagnostics.rejections.count == 3)
        #expect(diagnostics.rejections[0].diagnostic?.message.hasPrefix("not a contacts file: no name column") == true)
        #expect(diagnostics.rejections.dropFirst().allSatisfy { $0.diagnostic == nil })
        #expect(diagnostics.rejections.map(\.rawText).joined() == "Product,Price\nApple,1\nPear,2\n")
    }

    @Test func unterminatedQuoteRejectsTheRecordWithItsPosition() throws {
        let sink = SpySink()
        let diagnostics = RecordingDiagnostics()
        let parser = CSVParser(path: "x.csv", sink: sink, diagnostics: diagnostics, options: .init(keepsRawText: true))
        try parser.feed(Array("Name,Note\nAnn,ok\nBob,\"oops\nCid,x\n".utf8))
        try parser.finish()
        #expect(sink.people.map(\.displayName) == ["Ann"])
        #expect(diagnostics.rejections.map { $0.diagnostic?.description } == ["x.csv:3:5: error: quoted field opened here is never closed"])
        #expect(diagnostics.rejections.map(\.rawText) == ["Bob,\"oops\nCid,x\n"])
    }

    @Test func dialectsAreDetectedFromTheHeader() {
        func dialect(_ header: String) -> CSVDialect {
            CSVDialect.detect(header.split(separator: ",").map { CSVColumns.normalize(String($0)) })
        }
        #expect(dialect("First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Labels") == .google)
        #expect(dialect("Name,Given Name,Family Name,E-mail 1 - Type,E-mail 1 - Value,Group Membership") == .google)
        #expect(dialect("Title,First Name,Last Name,E-mail Address,Business Phone") == .outlook)
        #expect(dialect("Anrede,Vorname,Nachname,E-Mail-Adresse") == .outlook)
        #expect(dialect("Titre,Prénom,Nom,Adresse de messagerie") == .outlook)
        #expect(dialect("Nombre,Apellidos,Dirección de correo electrónico,Cumpleaños") == .outlook)
        #expect(dialect("First Name,Last Name,Display Name,Primary Email,Birth Year") == .thunderbird)
        #expect(dialect("name,dob,email") == .generic)
    }

    @Test func columnRolesAcrossLanguages() {
        #expect(CSVColumns.role(of: "E-Mail 2: Adresse", in: .outlook) == .item(.email, slot: "2", .typed([])))
        #expect(CSVColumns.role(of: "Geburtstag", in: .outlook) == .birthday)
        #expect(CSVColumns.role(of: "Anniversaire", in: .outlook) == .birthday)  // French: birthday
        #expect(CSVColumns.role(of: "Anniversaire de mariage", in: .outlook) == .anniversary)
        #expect(CSVColumns.role(of: "Cumpleaños", in: .outlook) == .birthday)
        #expect(CSVColumns.role(of: "Title", in: .outlook) == .prefix)
        #expect(CSVColumns.role(of: "Title", in: .generic) == .jobTitle)
        #expect(CSVColumns.role(of: "  DATE OF BIRTH ", in: .generic) == .birthday)
        #expect(CSVColumns.role(of: "Address 2 - Postal Code", in: .google) == .item(.address, slot: "2", .postalCode))
        #expect(CSVColumns.role(of: "Birth Day", in: .thunderbird) == .birthDay)
        #expect(CSVColumns.role(of: "Favourite colour", in: .generic) == nil)
    }
}
