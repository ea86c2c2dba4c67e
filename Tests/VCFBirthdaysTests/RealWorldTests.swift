import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting
#if canImport(Glibc)
import Glibc
#endif

/// One small file per exporter quirk (`Fixtures/realworld/EXPORTER-QUIRK.EXT`, written by us
/// after how that exporter writes), read as NDJSON and as vCard 4.0 and compared with
/// `Fixtures/realworld/golden/EXPORTER-QUIRK.FORMAT`. Re-record after a deliberate change with
/// `VCF2BIRTHDAYS_RECORD=1 swift test` and review the diff.
@Suite struct RealWorldTests {
    static let fixtures = ["realworld/ios6-cr-cr-lf-folded-photo.vcf", "realworld/windows-utf16le-no-bom.vcf",
                           "realworld/excel-sep-line-semicolon.csv", "realworld/outlook-uk-day-first-birthdays.csv",
                           "realworld/nokia-qp-windows-1250-no-charset.vcf", "realworld/android-custom-events-and-nickname.vcf",
                           "realworld/windows-address-book-wedding-anniversary.vcf", "realworld/mail-client-photo-without-encoding.vcf",
                           "realworld/google-old-email-type-columns.csv",
                           "realworld/groupware-gender-twice-base64-x-property-offset-time.vcf",
                           "realworld/mail-client-bare-cr-in-note.vcf", "realworld/desktop-client-unfolded-address-lines.vcf",
                           "realworld/thunderbird-german-split-birthday.csv",
                           "realworld/thunderbird-french-repeated-address-headers.csv",
                           "realworld/apple-labelled-dates.vcf", "realworld/carddav-gender.vcf",
                           "realworld/directory-altid-alternatives.vcf", "realworld/vcf2birthdays-csv-name-less-rows.csv",
                           "realworld/pdf-renamed-contacts.vcf"]
    static let cases: [(String, RunOptions.Format)] = fixtures.flatMap { f in [(f, RunOptions.Format.json), (f, .vcard4)] }

    /// What a fixture must be read with: the exporter's character set, which the file does not say.
    static let encodings = ["realworld/nokia-qp-windows-1250-no-charset.vcf": "windows-1250"]

    /// The run on `bytes` as the file `name`, as one text: exit status, standard error, output.
    private static func converted(_ bytes: [UInt8], name: String, format: RunOptions.Format) -> String {
        let r = run(bytes, path: name, to: format) {
            $0.input.encoding = encodings[name]
            $0.diagnostics.quiet = false
        }
        return "exit \(r.status.rawValue)\n--- stderr\n\(r.stderr)--- stdout\n\(String(decoding: r.stdout, as: UTF8.self))"
    }

    /// Our vCard 4.0, vCard 3.0 and LDIF output of every quirk reads back as the same people
    /// (an Android nickname came back twice: beside it, the writers add a NICKNAME).
    @Test(arguments: fixtures.filter { !$0.hasPrefix("realworld/pdf") }, [RunOptions.Format.vcard4, .vcard3, .ldif])
    func ourOutputReadsBackAsTheSamePeople(fixture: String, format: RunOptions.Format) {
        let direct = run(fixtureBytes(fixture), path: fixture, to: .json) { $0.input.encoding = Self.encodings[fixture] }
        let written = run(fixtureBytes(fixture), path: fixture, to: format) { $0.input.encoding = Self.encodings[fixture] }
        let back = run(written.stdout, path: "out", to: .json) { $0.diagnostics.quiet = false }
        #expect(!direct.stdout.isEmpty)
        #expect(back.stdout == direct.stdout && back.stderr.hasSuffix(" 0 warnings, 0 rejected\n"), "\(fixture) → \(format): \(back.stderr)")
    }

    @Test(arguments: cases)
    func readsAsTheExporterMeantIt(fixture: String, format: RunOptions.Format) throws {
        let actual = Self.converted(fixtureBytes(fixture), name: fixture, format: format)
        let name = String(fixture.split(separator: "/").last!.split(separator: ".").first!)
        let golden = "realworld/golden/\(name).\(format.rawValue)"
        if getenv("VCF2BIRTHDAYS_RECORD") != nil {
            let file = try #require(fopen(fixturePath(golden), "wb"))
            fputs(actual, file)
            fclose(file)
            return
        }
        guard let file = fopen(fixturePath(golden), "rb") else {
            Issue.record("no golden file \(golden); record it with VCF2BIRTHDAYS_RECORD=1 swift test")
            return
        }
        fclose(file)
        #expect(actual == String(decoding: fixtureBytes(golden), as: UTF8.self), "differs from \(golden)")
    }

    /// iOS 5 and 6 end lines with `CR CR LF`: one line end, so the folded base64 of a photo
    /// stays one value (it kept 36 bytes and warned for every line after the first).
    @Test func iOSLineEndsKeepAFoldedPhotoWhole() throws {
        let (people, diagnostics) = try parse(fixtureBytes("realworld/ios6-cr-cr-lf-folded-photo.vcf"), chunkSize: 7)
        #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
        #expect(people.map(\.displayName) == ["Maja Lindqvist", "Chidi Okafor"])
        let photo = try #require(people.first?.extraProperties.first { $0.name == "PHOTO" })
        #expect(Base64.decode(Substring(photo.value))?.count == 606)
        #expect(people.map { $0.birthday?.description } == ["1984-03-09", "1979-11-30"])
    }

    /// UTF-16 without a byte-order mark, little- or big-endian, is told by its NUL bytes and
    /// read as the same contacts as UTF-8 (it was read as CSV and rejected).
    @Test(arguments: ["apple-contacts.vcf", "csv/google-contacts.csv"])
    func utf16WithoutAByteOrderMarkReadsAsUTF8Does(fixture: String) throws {
        let utf8 = fixtureBytes(fixture)
        let units = Array(String(decoding: utf8, as: UTF8.self).utf16)
        let little = units.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let big = units.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        let expected = Self.converted(utf8, name: "in", format: .json)
        #expect(Self.converted(little, name: "in", format: .json) == expected)
        #expect(Self.converted(big, name: "in", format: .json) == expected)
        #expect(InputReader.utf16WithoutMark(Array("BEGIN:VCARD\r\nFN:Ann".utf8)) == nil)
    }

    /// A bare CR inside a note and a 2.1 street's second line written unescaped on a line of its
    /// own continue the value before them (they were dropped: the note and street cut short).
    @Test func unescapedLineBreaksContinueTheValue() throws {
        for chunk in [1, 3, 1 << 16] {
            let (mail, warnings) = try parse(fixtureBytes("realworld/mail-client-bare-cr-in-note.vcf"), chunkSize: chunk)
            #expect(mail.map(\.note) == ["Met at the conference in Lagos.\nPrefers calls after 6 pm.\nGift idea: a book on architecture",
                                         "One line only"])
            #expect(warnings.warnings.map(\.line) == [8, 9])
            let desktop = try parse(fixtureBytes("realworld/desktop-client-unfolded-address-lines.vcf"), chunkSize: chunk).people
            let address = try #require(desktop.first?.addresses.first)
            #expect([address.street, address.locality, address.postalCode, address.country] == ["ul. Długa 5\nm. 12", "Kraków", "30-001", "Polska"])
        }
    }

    /// Thunderbird's export in each of its interface languages: the birthday from its year,
    /// month and day columns (`Geburtstag`, `誕生日`, `День рождения` are the day, never a whole
    /// date), e-mail, phones and both addresses, even where home and work columns share a name.
    @Test(arguments: ThunderbirdColumns.languages.keys.sorted())
    func thunderbirdInEveryLanguage(language: String) throws {
        let header = try #require(ThunderbirdColumns.languages[language])
        var row = Array(repeating: "", count: header.count)
        for (field, value) in [0: "Ann", 1: "Berg", 4: "ann@example.org", 7: "+1 555 0100", 13: "Hometown", 19: "Worktown",
                               28: "1984", 29: "7", 30: "31"] { row[field] = value }
        let csv = [header, row].map { $0.map { "\"\($0)\"" }.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        let (people, diagnostics) = try readContacts(Array(csv.utf8), csv: true)
        let person = try #require(people.first)
        #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
        #expect(person.givenNames == ["Ann"] && person.familyNames == ["Berg"] && person.birthday?.description == "1984-07-31")
        #expect(person.emails.map(\.value) == ["ann@example.org"] && person.phones.map(\.types) == [["home"]])
        #expect(person.addresses.map { "\($0.types) \($0.locality)" } == ["[\"home\"] Hometown", "[\"work\"] Worktown"])
    }

    /// Next to a birth month, a column named "birthday" is the day of the month (it was read
    /// as a whole date: "invalid date '31'").
    @Test func aBirthdayColumnNextToABirthMonthIsTheDay() throws {
        let csv = "Name,Birth Year,Birth Month,Birthday\nAnn Berg,1984,7,31\n"
        let people = try readContacts(Array(csv.utf8), csv: true).people
        #expect(people.first?.birthday?.description == "1984-07-31")
    }

    /// Conversions that lost data: Apple's labelled dates become Google events after the
    /// anniversary (what does not fit ends the notes); a vCard GENDER becomes Outlook's Gender.
    @Test func datesAndGenderFindTheirColumns() throws {
        func table(_ fixture: String, _ format: RunOptions.Format) -> [[String: String]] {
            let text = String(decoding: run(fixtureBytes(fixture), path: fixture, to: format).stdout, as: UTF8.self)
            let rows = text.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            return rows.dropFirst().map { Dictionary(zip(rows[0], $0), uniquingKeysWith: { a, _ in a }) }
        }
        let google = try #require(table("realworld/apple-labelled-dates.vcf", .googleCSV).first)
        #expect([google["Event 1 - Label"], google["Event 1 - Value"], google["Event 2 - Label"], google["Event 2 - Value"]]
            == ["Anniversary", "2009-08-22", "Other", "2016-01-10"])
        #expect(google["Notes"] == "\"Cousin\nGraduation: 2004-06-19\"")
        let outlook = table("realworld/carddav-gender.vcf", .outlookCSV)
        #expect(outlook.map { $0["Gender"] } == ["Male", "Female"])
    }

    /// Outlook's import and Excel read a CSV without a byte-order mark in the Windows code
    /// page: `outlook-csv` starts with one unless told not to; the others only when told to.
    @Test func outlookCSVStartsWithAByteOrderMark() {
        let input = fixtureBytes("realworld/carddav-gender.vcf")
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(Array(run(input, path: "in.vcf", to: .outlookCSV).stdout.prefix(3)) == bom)
        #expect(Array(run(input, path: "in.vcf", to: .outlookCSV) { $0.output.byteOrderMark = false }.stdout.prefix(3)) == Array("Tit".utf8))
        #expect(Array(run(input, path: "in.vcf", to: .googleCSV).stdout.prefix(3)) == Array("Fir".utf8))
        #expect(Array(run(input, path: "in.vcf", to: .csv) { $0.output.byteOrderMark = true }.stdout.prefix(3)) == bom)
        // It reads back as the same people.
        let back = run(run(input, path: "in.vcf", to: .outlookCSV).stdout, path: "out.csv", to: .json).stdout
        #expect(String(decoding: back, as: UTF8.self).hasPrefix(#"{"formattedName":"Tomás Ferreira""#))
    }

    /// `--check` finds no false errors in valid files: FN, N and BDAY alternatives sharing an
    /// ALTID are one property each (RFC 6350 §5.4); `X-WAB-WEDDING_ANNIVERSARY` is a valid 2.1 name.
    @Test(arguments: ["realworld/directory-altid-alternatives.vcf", "realworld/windows-address-book-wedding-anniversary.vcf"])
    func checkFindsNoFalseErrors(fixture: String) {
        let r = run(fixtureBytes(fixture), path: fixture, to: .json) { $0.diagnostics.checksOnly = true; $0.diagnostics.quiet = false }
        #expect(r.status == .success)
        #expect(r.stderr == "1 record checked, 0 errors, 0 warnings, 0 rejected\n")
    }

    /// Excel's `sep=;` first line names the delimiter and is not the header (the whole file was
    /// rejected), whether or not a byte-order mark comes first and however the input is cut.
    @Test func excelsSeparatorLineIsSkipped() throws {
        for text in ["sep=;\nName;Birthday\nAnn Berg;1990-01-05\n", "\u{FEFF}SEP=,\r\nName,Birthday\r\nAnn Berg,1990-01-05\r\n"] {
            for chunk in [1, 4, 1 << 16] {
                let sink = SpySink()
                let diagnostics = RecordingDiagnostics()
                let parser = CSVParser(path: "x.csv", sink: sink, diagnostics: diagnostics)
                try feed(parser, Array(text.utf8), chunkSize: chunk)
                #expect(sink.people.map(\.displayName) == ["Ann Berg"] && sink.people.first?.source.line == 3)
                #expect(diagnostics.warnings.isEmpty && diagnostics.rejections.isEmpty)
                #expect(RecordCount.csv(Array(text.utf8)) == 2)
            }
        }
    }

    /// A date valid only day-first is read so in a month-first file, whatever order was asked
    /// for (it was an impossible date); one valid both ways follows the order.
    @Test func aDateValidOnlyOneWayIsReadThatWay() {
        #expect(CSVDates.parse("20/01/1991", order: .mdy) == .init(result: .date(PartialDate(year: 1991, month: 1, day: 20)!), swapped: true))
        #expect(CSVDates.parse("1/20/1991", order: .dmy) == .init(result: .date(PartialDate(year: 1991, month: 1, day: 20)!), swapped: true))
        #expect(CSVDates.parse("03/04/1990", order: .mdy) == .init(result: .date(PartialDate(year: 1990, month: 3, day: 4)!), ambiguous: true))
        #expect(CSVDates.parse("13/13/1990", order: .mdy).result == .invalid(.impossibleDate, "impossible date '13/13/1990'"))
        #expect(CSVDates.parse("31.02.1990", order: .mdy).result == .invalid(.impossibleDate, "impossible date '31.02.1990'"))
    }

    /// Quoted-printable bytes of a file that names no CHARSET are in the file's code page, which
    /// `--encoding` gives ("Iksi=F1ski" is Iksiński in Windows-1250, not Iksiñski).
    @Test func quotedPrintableTakesTheGivenEncoding() {
        let text = Self.converted(fixtureBytes("realworld/nokia-qp-windows-1250-no-charset.vcf"),
                                  name: "realworld/nokia-qp-windows-1250-no-charset.vcf", format: .json)
        #expect(text.contains(#""familyName":"Iksiński""#) && text.contains("Spotkanie w Łodzi żółw"))
        #expect(text.contains("0 warnings"))
    }

    /// Vendors' own spellings of dates: Android's custom events (birthday type 3, anniversary
    /// type 1; a custom one stays an extra property) and nickname, the Windows Address Book's
    /// wedding anniversary; and a mail client's base64 photo without an ENCODING parameter.
    @Test func vendorDatesAndPhotosAreRead() throws {
        let android = try parse(fixtureBytes("realworld/android-custom-events-and-nickname.vcf")).people
        #expect(android.map { [$0.birthday?.description, $0.anniversary?.description] } == [["1987-07-04", "2012-09-15"]])
        #expect(android.first?.nicknames == ["Lin"])
        #expect(android.first?.extraProperties.map(\.value) == ["vnd.android.cursor.item/contact_event;2015-03-01;0;Graduation;;;;;;;;;;;;"])
        let wab = try parse(fixtureBytes("realworld/windows-address-book-wedding-anniversary.vcf")).people
        #expect(wab.first?.anniversary?.description == "1992-10-24")
        let mail = try parse(fixtureBytes("realworld/mail-client-photo-without-encoding.vcf")).people
        let photo = try #require(mail.first?.extraProperties.first { $0.name == "PHOTO" })
        #expect(PhotoExtractor.embeddedImage(photo)?.0.count == 206)
    }

    /// vCard 4.0 output is valid 4.0: one GENDER (`X-GENDER:male` is the same fact), base64 of
    /// an X- property as a data: URI (4.0 has no ENCODING), a date-time in the basic form and
    /// without 3.0's `VALUE=date-time` (4.0's BDAY takes date-and-or-time), the
    /// vendors' anniversaries as one ANNIVERSARY, no '_' in names; and the dates and nickname
    /// of Android's own properties in BDAY, ANNIVERSARY and NICKNAME, which other readers know.
    @Test func vCard4OutputIsValid4() throws {
        let fixture = "realworld/groupware-gender-twice-base64-x-property-offset-time.vcf"
        let out = String(decoding: run(fixtureBytes(fixture), path: fixture, to: .vcard4).stdout, as: UTF8.self)
        let lines = out.split(separator: "\r\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("GENDER") } == ["GENDER:M"])
        #expect(lines.contains("BDAY:19960415T201243+0400"))
        #expect(lines.filter { $0.contains("ANNIVERSARY") } == ["ANNIVERSARY:20190601"])
        #expect(lines.contains { $0.hasPrefix("X-MS-CARDPICTURE;VALUE=uri:data:image/jpeg;base64,/9j/") })
        #expect(!out.contains("ENCODING") && lines.contains("X-CUSTOM-FIELD:kept"))
        let android = "realworld/android-custom-events-and-nickname.vcf"
        let converted = String(decoding: run(fixtureBytes(android), path: android, to: .vcard4).stdout, as: UTF8.self)
        for line in ["BDAY:19870704", "ANNIVERSARY:20120915", "NICKNAME:Lin"] { #expect(converted.contains(line + "\r\n")) }
        #expect(DateParsing.dateTime("--04-15T20:12:43.250-05:30", basic: true) == "--0415T201243-0530")
        #expect(DateParsing.dateTime("19960415t2012z", basic: false) == "1996-04-15T20:12Z")
        #expect(DateParsing.dateTime("1996-04-15T20:12:43+04:00", basic: false) == "1996-04-15T20:12:43+04:00")
        for wrong in ["1996-04-15T8 o'clock", "1996-04-15T201", "1996-04-15T20Z04", "1996-02-30T20", "1996-04-15T"] {
            #expect(DateParsing.dateTime(wrong, basic: true) == nil, "\(wrong)")
        }
    }

    /// Google's old `E-mail 2 - Type` column is the address's label (`* Home`: home and
    /// preferred); it was taken for Outlook's `E-mail 2 Type` and dropped.
    @Test func googlesOldEmailTypeColumnsAreLabels() throws {
        let people = try readContacts(fixtureBytes("realworld/google-old-email-type-columns.csv"), csv: true).people
        #expect(people.map { $0.emails.map { "\($0.types) \($0.preferred)" } } == [
            ["[\"work\"] true", "[\"home\"] false", "[\"other\"] false"], ["[\"home\"] false", "[\"work\"] true"],
        ])
    }
}
