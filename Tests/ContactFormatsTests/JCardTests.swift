import Testing
@testable import ContactsCore
@testable import ContactFormats
import ContactsTesting
import ContactFormatsTesting

/// jCard (RFC 7095) property by property: each row is a jCard property and the vCard 4.0 line
/// it stands for, after the examples of RFC 7095 §3 and §5 (the RFC's wording of them where it
/// gives both sides).
@Suite struct JCardTests {
    /// Rows that go both ways: read, the jCard gives the line; written, the line gives the jCard.
    static let symmetric: [(jcard: String, vcard: String)] = [
        // §3.3.1.1: a property of several values, a list.
        (#"["categories",{},"text","computers","cameras"]"#, "CATEGORIES:computers,cameras"),
        // §3.3.1.2: the group is a parameter.
        (#"["email",{"group":"home","type":"work"},"text","simon@example.com"]"#, "home.EMAIL;TYPE=work:simon@example.com"),
        // §3.3.1.3: structured values, a component of several items an array.
        (#"["n",{},"text",["Perreault","Simon","","",["ing. jr","M.Sc."]]]"#, "N:Perreault;Simon;;;ing. jr,M.Sc."),
        (#"["adr",{},"text",["","","123 Main Street","Any Town","CA","91921-1234","U.S.A."]]"#,
         "ADR:;;123 Main Street;Any Town;CA;91921-1234;U.S.A."),
        (#"["org",{"type":"work"},"text","Viagenie"]"#, "ORG;TYPE=work:Viagenie"),
        (#"["org",{},"text",["ABC, Inc.","North American Division","Marketing"]]"#, #"ORG:ABC\, Inc.;North American Division;Marketing"#),
        // §3.4: parameters; several values an array.
        (#"["tel",{"type":["work","voice"],"pref":"1"},"uri","tel:+1-418-656-9254;ext=102"]"#,
         "TEL;VALUE=uri;TYPE=work,voice;PREF=1:tel:+1-418-656-9254;ext=102"),
        (#"["n",{"sort-as":["Harten","Rene"]},"text",["van der Harten","Rene","J.","Sir","R.D.O.N."]]"#,
         "N;SORT-AS=Harten,Rene:van der Harten;Rene;J.;Sir;R.D.O.N."),
        // §3.5.1: text unescaped.
        (#"["note",{},"text","Mr. John Q. Public, Esq.; on call\nweekends"]"#, #"NOTE:Mr. John Q. Public\, Esq.\; on call\nweekends"#),
        (#"["kind",{},"text","individual"]"#, "KIND:individual"),
        // §3.5.2: a URI as it is.
        (#"["source",{},"uri","ldap://ldap.example.com/cn=babs%20jensen"]"#, "SOURCE:ldap://ldap.example.com/cn=babs%20jensen"),
        // §3.5.3: dates, the reduced and truncated forms.
        (#"["bday",{},"date","1985-04-12"]"#, "BDAY;VALUE=date:19850412"),
        (#"["bday",{},"date","1985-04"]"#, "BDAY;VALUE=date:1985-04"),
        (#"["bday",{},"date","1985"]"#, "BDAY;VALUE=date:1985"),
        (#"["bday",{},"date","--04-12"]"#, "BDAY;VALUE=date:--0412"),
        (#"["bday",{},"date","---12"]"#, "BDAY;VALUE=date:---12"),
        (#"["bday",{},"date-and-or-time","--02-03"]"#, "BDAY:--0203"),
        // §3.5.4: times, with a zone, reduced and truncated.
        (#"["x-time-local",{},"time","12:30:00"]"#, "X-TIME-LOCAL;VALUE=time:123000"),
        (#"["x-time-utc",{},"time","12:30:00Z"]"#, "X-TIME-UTC;VALUE=time:123000Z"),
        (#"["x-time-offset",{},"time","12:30:00-08:00"]"#, "X-TIME-OFFSET;VALUE=time:123000-0800"),
        (#"["x-time-reduced",{},"time","23"]"#, "X-TIME-REDUCED;VALUE=time:23"),
        (#"["x-time-truncated",{},"time","-30"]"#, "X-TIME-TRUNCATED;VALUE=time:-30"),
        // §3.5.5, §3.5.6: date and time.
        (#"["x-date-time",{},"date-time","2013-02-14T12:30:00"]"#, "X-DATE-TIME;VALUE=date-time:20130214T123000"),
        (#"["x-date-time-utc",{},"date-time","2013-02-14T12:30:00Z"]"#, "X-DATE-TIME-UTC;VALUE=date-time:20130214T123000Z"),
        (#"["x-date-time-truncated",{},"date-time","--02-14T12:30"]"#, "X-DATE-TIME-TRUNCATED;VALUE=date-time:--0214T1230"),
        (#"["anniversary",{},"date-and-or-time","2009-08-08T14:30:00-05:00"]"#, "ANNIVERSARY:20090808T143000-0500"),
        (#"["bday",{},"date-and-or-time","T10:22"]"#, "BDAY:T1022"),
        // §3.5.7: timestamps.
        (#"["rev",{},"timestamp","2013-02-14T12:30:00Z"]"#, "REV:20130214T123000Z"),
        (#"["rev",{},"timestamp","2013-02-14T12:30:00-05"]"#, "REV:20130214T123000-05"),
        // §3.5.8–§3.5.10: booleans and numbers are JSON's.
        (#"["x-non-smoking",{},"boolean",true]"#, "X-NON-SMOKING;VALUE=boolean:TRUE"),
        (#"["x-karma-points",{},"integer",42]"#, "X-KARMA-POINTS;VALUE=integer:42"),
        (#"["x-grade",{},"float",1.3]"#, "X-GRADE;VALUE=float:1.3"),
        (#"["tz",{},"utc-offset","-05:00"]"#, "TZ;VALUE=utc-offset:-0500"),
        (#"["lang",{"pref":"1"},"language-tag","fr"]"#, "LANG;PREF=1:fr"),
        // §5: a property of no known type keeps its value as vCard writes it.
        (#"["x-complex",{},"unknown","a\\,b;c"]"#, #"X-COMPLEX:a\,b;c"#),
        // A parameter value with the characters vCard quotes or escapes.
        (#"["adr",{"label":"Suite 1\n123 Main St, Town"},"text",["","","123 Main St","Town","","",""]]"#,
         #"ADR;LABEL="Suite 1^n123 Main St, Town":;;123 Main St;Town;;;"#),
    ]

    /// Rows read only: what other writers put that reads the same.
    static let readOnly: [(jcard: String, vcard: String)] = [
        // Upper-case names and types, a number where a string is meant.
        (#"["FN",{"PREF":1},"TEXT","Ada"]"#, "FN;PREF=1:Ada"),
        // `VALUE` in the parameters is the type's job: left out.
        (#"["url",{"value":"uri"},"uri","http://example.com/"]"#, "URL:http://example.com/"),
        // A text value given as an array outside a structured property: its components.
        (#"["note",{},"text",["a","b"]]"#, "NOTE:a;b"),
        // Several values of a list property.
        (#"["nickname",{},"text","Jim","Jimmie, J."]"#, #"NICKNAME:Jim,Jimmie\, J."#),
        // A structured value written as several strings instead of one array, as RDAP servers do:
        // its components (a list only where one is meant, as NICKNAME above).
        (#"["adr",{"cc":"US"},"text","","","","","Washington","",""]"#, "ADR;CC=US:;;;;Washington;;"),
        (#"["n",{},"text","Doe","Jane, Q.","","",""]"#, #"N:Doe;Jane\, Q.;;;"#),
        (#"["org",{},"text","ABC, Inc.","Marketing"]"#, #"ORG:ABC\, Inc.;Marketing"#),
        // A date already in vCard's basic form.
        (#"["bday",{},"date","19850412"]"#, "BDAY;VALUE=date:19850412"),
        // A line break in an unknown value is escaped, so that it stays one line.
        (#"["x-raw",{},"unknown","a\nb"]"#, #"X-RAW:a\nb"#),
    ]

    static func read(_ jcard: String) throws -> (property: VCardProperty?, warnings: [String]) {
        let json = try JSONValue.parse(Array(jcard.utf8), firstLine: 1)
        var warnings: [(line: Int, message: String)] = []
        let property = try? JCardProperty.property(json, warnings: &warnings).get()
        return (property, warnings.map(\.message))
    }

    /// The property of a vCard 4.0 line, as the reader keeps it (`DecodeScope.card`).
    static func property(_ line: String) throws -> VCardProperty? {
        let card = "BEGIN:VCARD\r\nVERSION:4.0\r\n\(line)\r\nEND:VCARD\r\n"
        return try parse(Array(card.utf8), scope: .card).people.first?.cardProperties.first
    }

    @Test(arguments: symmetric + readOnly)
    func readsAsTheLine(jcard: String, vcard: String) throws {
        let (property, warnings) = try Self.read(jcard)
        #expect(property.map(VCardLineWriter.line) == vcard)
        #expect(warnings.isEmpty)
    }

    @Test(arguments: symmetric)
    func writesTheLineAsTheJCard(jcard: String, vcard: String) throws {
        let property = try #require(try Self.property(vcard))
        var bytes: [UInt8] = []
        JCardProperty.append(property, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == jcard)
    }

    /// A value not of its type, or of a type jCard has no form for, is written as `unknown`
    /// with its vCard text, and reads back as that text.
    @Test(arguments: [("BDAY:circa 1800", #"["bday",{},"unknown","circa 1800"]"#),
                      ("X-FLAG;VALUE=boolean:maybe", #"["x-flag",{},"unknown","maybe"]"#),
                      ("X-COUNT;VALUE=integer:007", #"["x-count",{},"unknown","007"]"#),
                      ("X-ODD;VALUE=x-private:a\\,b", #"["x-odd",{},"unknown","a\\,b"]"#)])
    func valuesNotOfTheirTypeAreUnknown(vcard: String, jcard: String) throws {
        let property = try #require(try Self.property(vcard))
        var bytes: [UInt8] = []
        JCardProperty.append(property, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == jcard)
        let back = try #require(try Self.read(jcard).property)
        #expect(back.value == property.value)
    }

    /// What is no property is said, with what was wrong.
    @Test(arguments: [(#"{"fn":"Ada"}"#, "an array, not an object"),
                      (#"["fn",{},"text"]"#, "3 element(s) given"),
                      (#"["f n",{},"text","Ada"]"#, "letters, digits and '-'"),
                      (#"["begin",{},"text","vcard"]"#, "letters, digits and '-'"),
                      (#"["fn",[],"text","Ada"]"#, "parameters are an object"),
                      (#"["fn",{},42,"Ada"]"#, "its type is a string"),
                      (#"["fn",{},"text",{"a":1}]"#, "not an object")])
    func noPropertyIsSaid(jcard: String, says: String) throws {
        let json = try JSONValue.parse(Array(jcard.utf8), firstLine: 1)
        var warnings: [(line: Int, message: String)] = []
        switch JCardProperty.property(json, warnings: &warnings) {
        case .success(let p): Issue.record("read as \(p)")
        case .failure(let failure): #expect(failure.message.contains(says), "\(failure.message)")
        }
    }

    /// A parameter that is none is left out with a warning; the property stays.
    @Test func aBadParameterIsLeftOut() throws {
        let (property, warnings) = try Self.read(#"["fn",{"x y":"1","pref":{"a":1},"type":"home"},"text","Ada"]"#)
        #expect(property.map(VCardLineWriter.line) == "FN;TYPE=home:Ada")
        #expect(warnings.count == 2)
    }

    /// The date forms both ways, and what is no date.
    @Test(arguments: [("19850412", "date", "1985-04-12"), ("--0412", "date", "--04-12"), ("---12", "date", "---12"),
                      ("1985-04", "date", "1985-04"), ("1985", "date", "1985"), ("102200", "time", "10:22:00"),
                      ("1022", "time", "10:22"), ("-2200", "time", "-22:00"), ("--00", "time", "--00"),
                      ("102200,5Z", "time", "10:22:00,5Z"), ("102200+0530", "time", "10:22:00+05:30"),
                      ("19961022T140000", "date-time", "1996-10-22T14:00:00"), ("--1022T1400", "date-time", "--10-22T14:00"),
                      ("T102200Z", "date-and-or-time", "T10:22:00Z"), ("-0500", "utc-offset", "-05:00"), ("+01", "utc-offset", "+01")])
    func datesBothWays(basic: String, type: String, extended: String) {
        #expect(JCardDates.extended(basic, type: type) == extended)
        #expect(JCardDates.basic(extended, type: type) == basic)
    }

    @Test(arguments: ["circa 1800", "1985/04/12", "198504", "T", "T1", "12:3", "10:22:00+5", "", "---1", "1985-04-12T"])
    func noDateIsNone(value: String) {
        #expect(JCardDates.extended(value, type: "date-and-or-time") == nil)
    }
}

/// The JSON reader and the cutting of a stream into records.
@Suite struct JSONReadingTests {
    /// Records as `JSONRecords` hands them over, fed `chunk` bytes at a time.
    static func records(_ text: String, chunk: Int = .max, limit: Int = 1 << 20) -> (records: [String], ends: String) {
        var cutter = JSONRecords(maxRecordBytes: limit, restartTag: "vcard")
        var out: [String] = []
        let bytes = Array(text.utf8)
        var at = 0
        func take(_ event: JSONRecords.Event) {
            switch event {
            case .record(let bytes, let line): out.append("\(line):" + String(decoding: bytes, as: UTF8.self))
            case .oversized(let size, let line): out.append("\(line):oversized \(size)")
            case .unclosed(let bytes, let line, let next): out.append("\(line):unclosed before \(next):" + String(decoding: bytes, as: UTF8.self))
            }
        }
        while at < bytes.count {
            let end = min(bytes.count, at + chunk)
            cutter.feed(bytes.span.extracting(at..<end), take)
            at = end
        }
        cutter.finish(take)
        return (out, cutter.endsInRecord ? "in record" : cutter.endsInList ? "in list" : "")
    }

    static let streams: [(text: String, records: [String], ends: String)] = [
        // A single card: the array is the record.
        (#"["vcard",[["fn",{},"text","A"]]]"#, [#"1:["vcard",[["fn",{},"text","A"]]]"#], ""),
        // Its lines are counted from the `[`, the line breaks after it kept.
        ("[\n\"vcard\",\n[]]", ["1:[\n\"vcard\",\n[]]"], ""),
        // An array of cards: each element.
        ("[\n[\"vcard\",[]],\n[\"vcard\",[]]\n]\n", [#"2:["vcard",[]]"#, #"3:["vcard",[]]"#], ""),
        // Cards one after another, a card to a line, and objects.
        ("[\"vcard\",[]]\n[\"vcard\",[]]\n{\"a\":\"]\"}", [#"1:["vcard",[]]"#, #"2:["vcard",[]]"#, #"3:{"a":"]"}"#], ""),
        // Brackets and quotes inside strings do not count.
        (#"[["vcard",[["note",{},"text","a]\"}["]]]]"#, [#"1:["vcard",[["note",{},"text","a]\"}["]]]"#], ""),
        // An empty array; words between records, each a record of its own; commas between them skipped.
        ("[] hello 42, true", ["1:hello", "1:42", "1:true"], ""),
        // The end inside a card, inside the array of cards.
        (#"[["vcard",[]],["vcard",["#, [#"1:["vcard",[]]"#], "in record"),
        (#"[["vcard",[]]"#, [#"1:["vcard",[]]"#], "in list"),
        // A card that does not close, ended by the next one starting a line; in any case, a space after the bracket.
        ("[\n[\"vcard\",[[\"fn\",{},\"text\",\"A\"]],\n[ \"VCard\",[]],\n[\"vcard\",[]]]",
         ["2:unclosed before 3:[\"vcard\",[[\"fn\",{},\"text\",\"A\"]],\n", "3:[ \"VCard\",[]]", "4:[\"vcard\",[]]"], ""),
        // Not at the start of a line, or not the tag: part of the card.
        ("[[\"vcard\",[[\"x\",{},\"text\",[\"vcard\"]],\n[\"vcards\"]]]]", ["1:[\"vcard\",[[\"x\",{},\"text\",[\"vcard\"]],\n[\"vcards\"]]]"], ""),
    ]

    @Test(arguments: streams)
    func cutsIntoRecords(text: String, records: [String], ends: String) {
        let whole = Self.records(text)
        #expect(whole.records == records)
        #expect(whole.ends == ends)
        // Fed a byte at a time, the same.
        let bytewise = Self.records(text, chunk: 1)
        #expect(bytewise.records == records)
        #expect(bytewise.ends == ends)
    }

    /// A record past the limit is its size alone; the next one is read.
    @Test func aRecordPastTheLimitIsItsSize() {
        let text = "[[\"vcard\",[[\"note\",{},\"text\",\"\(String(repeating: "x", count: 100))\"]]],[\"vcard\",[]]]"
        #expect(Self.records(text, limit: 64).records == ["1:oversized 133", #"1:["vcard",[]]"#])
    }

    @Test(arguments: [("[1, 2", "the array is not closed"), ("[1 2]", "',' or ']' expected"), ("{\"a\" 1}", "':' expected"),
                      ("{1:2}", "a member's name"), ("\"a\nb\"", "not closed on its line"), ("\"\\x\"", "unknown escape"),
                      ("\"\\ud800\"", "lone surrogate"), ("01", "not a number"), ("-", "not a number"),
                      ("tru", "a value was expected"), ("[1] 2", "text after the value"), ("\"\u{1}\"", "control character")])
    func syntaxErrorsAreSaid(text: String, says: String) {
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(Array(text.utf8), firstLine: 1) }
        do {
            _ = try JSONValue.parse(Array(text.utf8), firstLine: 1)
        } catch {
            #expect(error.message.contains(says), "\(error.message)")
        }
    }

    /// Escapes, surrogate pairs, numbers and nesting.
    @Test func readsValues() throws {
        let value = try JSONValue.parse(Array(#" {"a": ["\u00e9\ud83d\ude00\n\/", -1.5e3, true, false, null, {}]} "#.utf8), firstLine: 7)
        guard case .object(let members) = value.kind, case .array(let items) = members.first?.value.kind else {
            Issue.record("\(value)")
            return
        }
        #expect(items.first?.string == "é😀\n/")
        if case .number(let n) = items[1].kind { #expect(n == "-1.5e3") } else { Issue.record("not a number") }
        #expect(value.line == 7)
    }

    /// Nesting deeper than the limit is refused, not recursed into.
    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(Array(deep.utf8), firstLine: 1) }
    }

    /// More values than the limit are refused, so that a record's tree stays bounded.
    @Test func tooManyValuesAreRefused() {
        let many = "[" + Array(repeating: "0", count: JSONValue.maxValues).joined(separator: ",") + "]"
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(Array(many.utf8), firstLine: 1) }
        let fewer = "[" + Array(repeating: "0", count: JSONValue.maxValues - 1).joined(separator: ",") + "]"
        #expect(throws: Never.self) { try JSONValue.parse(Array(fewer.utf8), firstLine: 1) }
    }

    /// Lines are counted inside a record.
    @Test func errorsHaveTheirLine() {
        do {
            _ = try JSONValue.parse(Array("[\n1,\n\n2 3]".utf8), firstLine: 10)
            Issue.record("read")
        } catch {
            #expect(error.line == 13)
        }
    }
}
