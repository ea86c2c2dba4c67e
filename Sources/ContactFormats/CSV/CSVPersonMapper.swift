import ContactsCore

/// Turns one CSV row into a `PersonInfo` following a `CSVSchema`, collecting warnings.
/// Columns without a role travel along as `X-CSV;COLUMN="Header":value` extra properties.
final class CSVPersonMapper {

    private struct Item {
        var kind: ItemKind
        var slot: String
        var values: [String] = []
        var label = ""
        var types: [String] = []
        var address = PostalAddress()
        var streets: [String] = []
        var formatted = ""
        var columns: [(header: String, value: String)] = []
    }

    private let schema: CSVSchema
    private let scope: DecodeScope
    private let dateOrder: DateOrder
    private let dateOrderGiven: Bool
    private var cp1252: Transcoder?
    private(set) var warnings: [(line: Int, code: Diagnostic.Code, message: String)] = []
    /// The last row mapped had a contact field (`ColumnRole.identifies`).
    private(set) var identifies = false
    private var warnedAmbiguousDate = false
    private var warnedSwappedDate = false

    init(schema: CSVSchema, scope: DecodeScope, dateOrder: DateOrder, dateOrderGiven: Bool) {
        self.schema = schema
        self.scope = scope
        self.dateOrder = dateOrder
        self.dateOrderGiven = dateOrderGiven
    }

    /// What a mapper is made from: the same for every part of an input.
    struct Settings: Sendable {
        let schema: CSVSchema
        let scope: DecodeScope
        let dateOrder: DateOrder
        let dateOrderGiven: Bool
    }

    var settings: Settings { Settings(schema: schema, scope: scope, dateOrder: dateOrder, dateOrderGiven: dateOrderGiven) }

    /// A mapper with `settings` that has warned of nothing yet (for another part of the input).
    convenience init(_ settings: Settings) {
        self.init(schema: settings.schema, scope: settings.scope, dateOrder: settings.dateOrder,
                  dateOrderGiven: settings.dateOrderGiven)
    }

    /// The end of the warning about a date whose day and month could be swapped, given once per input.
    static let ambiguousDateNote = " (give --date-order to choose)"
    /// Ends the warning, said once per file, that a date was read in the other order.
    static let swappedDateNote = ": the other order gives no date"

    /// Fills `person` (new, at the record's place) from `record`; false when the row holds
    /// nothing at all. (Filled in place: returned, the person was copied whole.)
    func map(_ record: borrowing CSVTokenizer.Record, into person: inout PersonInfo) -> Bool {
        warnings.removeAll(keepingCapacity: true)
        identifies = false
        var items: [Item] = []
        var birthYear: Int?, birthMonth: Int?, birthDay: Int?
        var anyValue = false
        var skippedContacts = false  // for the birthday formats, e-mail and phone columns, to name a row that has no name
        for column in 0..<record.count {
            if record.isEmpty(field: column) { continue }
            anyValue = true
            let traits = column < schema.traits.count ? schema.traits[column] : []
            if traits.contains(.identifies) { identifies = true }
            if scope == .namesAndDates && !traits.contains(.nameOrDate) {
                if traits.contains(.contactPoint) { skippedContacts = true }
                continue
            }
            let role = column < schema.roles.count ? schema.roles[column] : nil
            let value = record.withField(column) { string($0, line: record.line) }
            let trimmed = value.trimmingSpaces()
            if trimmed.isEmpty { continue }
            guard let role else {
                if scope.keepsExtras { person.extraProperties.append(unmapped(column, value, line: record.line)) }
                continue
            }
            // A field that one column filled already (a second `Company` beside `Organization`)
            // keeps the first value; the other column's travels unmapped, as a column with no field.
            var taken = true
            switch role {
            case .formattedName: taken = Self.fill(&person.formattedName, trimmed)
            case .givenName: taken = Self.fill(&person.givenNames, [trimmed])
            case .additionalName: taken = Self.fill(&person.additionalNames, split(trimmed))
            case .familyName: taken = Self.fill(&person.familyNames, [trimmed])
            case .prefix: taken = Self.fill(&person.honorificPrefixes, split(trimmed))
            case .suffix: taken = Self.fill(&person.honorificSuffixes, split(trimmed))
            case .nickname: taken = Self.fill(&person.nicknames, split(trimmed))
            case .phoneticGiven: taken = Self.fill(&person.phoneticGivenName, trimmed)
            case .phoneticAdditional: taken = Self.fill(&person.phoneticAdditionalName, trimmed)
            case .phoneticFamily: taken = Self.fill(&person.phoneticFamilyName, trimmed)
            case .sortAs:
                taken = Self.fill(&person.sortAs, trimmed.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() })
            case .birthday:
                if person.birthday == nil { person.birthday = date(trimmed, what: "birthday", line: record.line) } else { taken = false }
            case .anniversary:
                if person.anniversary == nil { person.anniversary = date(trimmed, what: "anniversary", line: record.line) } else { taken = false }
            case .birthYear: birthYear = number(trimmed, "birth year", line: record.line)
            case .birthMonth: birthMonth = number(trimmed, "birth month", line: record.line)
            case .birthDay: birthDay = number(trimmed, "birth day", line: record.line)
            case .organization: taken = Self.fill(&person.organization, trimmed)
            case .department: taken = Self.fill(&person.organizationUnits, split(trimmed))
            case .jobTitle: taken = Self.fill(&person.title, trimmed)
            case .note: taken = Self.fill(&person.note, value)
            case .categories: person.categories += categories(trimmed)
            case .uid: taken = Self.fill(&person.uid, trimmed)
            case .url: person.urls += split(trimmed)
            case .item(let kind, let slot, let part): add(kind, slot, part, trimmed, column: column, to: &items)
            case .itemList(let kind): addList(kind, trimmed, to: &person)
            case .vcardLines:
                let properties = vcardProperties(value, line: record.line)
                person.extraProperties += properties
                if person.deathDate == nil { person.deathDate = Self.deathDate(in: properties) }
                if person.calendarBirthday == nil { person.calendarBirthday = OtherCalendarDate.birthday(in: properties) }
                if person.calendarAnniversary == nil { person.calendarAnniversary = OtherCalendarDate.anniversary(in: properties) }
            case .derived: break
            }
            if !taken && scope.keepsExtras { person.extraProperties.append(unmapped(column, value, line: record.line)) }
        }
        guard anyValue else { return false }
        // A department without an organization: the organization is there, unnamed, as a vCard
        // `ORG:;Sales` reads (and as our CSV writes it).
        if person.organization == nil && !person.organizationUnits.isEmpty { person.organization = "" }
        if let month = birthMonth, let day = birthDay, person.birthday == nil {
            if let date = PartialDate(year: birthYear.flatMap { $0 == 0 || $0 == DateParsing.appleNoYear ? nil : $0 },
                                      month: month, day: day) {
                person.birthday = date
            } else {
                warnings.append((record.line, .impossibleDate, "impossible birthday \(birthYear.map { "\($0)-" } ?? "")\(month)-\(day): no birthday taken"))
            }
        }
        if skippedContacts && !person.isNamedByItself {
            for column in 0..<min(record.count, schema.roles.count) where schema.roles[column]?.isContactPoint ?? false {
                let value = record.withField(column) { string($0, line: record.line) }.trimmingSpaces()
                if value.isEmpty { continue }
                switch schema.roles[column] {
                case .item(let kind, let slot, let part): add(kind, slot, part, value, column: column, to: &items)
                case .itemList(let kind): addList(kind, value, to: &person)
                default: break
                }
            }
        }
        for item in items { finish(item, into: &person) }
        return true
    }

    /// Adds a column's value to its item (an e-mail, a phone, an address: one or more columns each).
    private func add(_ kind: ItemKind, _ slot: String, _ part: ItemPart, _ value: String, column: Int, to items: inout [Item]) {
        var index = items.firstIndex { $0.kind == kind && $0.slot == slot }
        if index == nil {
            items.append(Item(kind: kind, slot: slot))
            index = items.count - 1
        }
        add(part, value, to: &items[index!], header: schema.headers[column])
    }

    // MARK: Items

    private func add(_ part: ItemPart, _ value: String, to item: inout Item, header: String) {
        item.columns.append((header, value))
        switch part {
        case .value: item.values += split(value)
        case .typed(let types):
            item.values += split(value)
            item.types = types
        case .label: item.label = value
        case .poBox: item.address.poBox = value
        case .extended: item.address.extended = value
        case .street: item.streets.append(value)
        case .locality: item.address.locality = value
        case .region: item.address.region = value
        case .postalCode: item.address.postalCode = value
        case .country: item.address.country = value
        case .formatted: item.formatted = value
        }
    }

    private func finish(_ item: Item, into person: inout PersonInfo) {
        let (labelTypes, preferred) = Google.labelTypes(item.label)
        var types = item.types
        for t in labelTypes where !types.contains(t) { types.append(t) }
        switch item.kind {
        case .email, .phone:
            for value in item.values {
                let point = ContactPoint(value: value, types: types, preferred: preferred)
                if item.kind == .email { person.emails.append(point) } else { person.phones.append(point) }
            }
        case .address:
            var address = item.address
            address.street = item.streets.joined(separator: "\n")
            if address.street.isEmpty && address.locality.isEmpty && address.postalCode.isEmpty && address.country.isEmpty {
                address.street = item.formatted  // only a formatted address: keep it whole
            }
            if let slotTypes = CSVColumns.addressSlotTypes[item.slot] {
                for t in slotTypes where !types.contains(t) { types.append(t) }
            }
            address.types = types
            address.preferred = preferred
            person.addresses.append(address)
        case .website:
            person.urls += item.values
        case .event:
            if Google.isAnniversaryLabel(item.label), let value = item.values.first, person.anniversary == nil,
               let date = date(value, what: "anniversary", line: person.source.line) {
                person.anniversary = date
            } else if scope.keepsExtras {
                for (header, value) in item.columns {
                    person.extraProperties.append(Self.unmappedProperty(header: header, value: value, line: person.source.line))
                }
            }
        case .custom:
            // A column of its own, named by the label (as Google's CSV writes unmapped columns).
            let label = item.label.trimmingSpaces()
            guard scope.keepsExtras, !item.values.isEmpty else { return }
            let line = person.source.line
            if label.isEmpty {  // no name to give it: the columns as they are
                for (header, value) in item.columns {
                    person.extraProperties.append(Self.unmappedProperty(header: header, value: value, line: line))
                }
            } else {
                let value = item.values.joined(separator: Google.valueSeparator)
                person.extraProperties.append(Self.unmappedProperty(header: label, value: value, line: line))
            }
        }
    }

    /// Our generic header's lists: items separated by ` ::: ` or line breaks, each
    /// `[*][type,type:]value`; addresses as `poBox;extended;street;locality;region;postalCode;country`.
    private func addList(_ kind: ItemKind, _ text: String, to person: inout PersonInfo) {
        for entry in Self.splitValues(text).flatMap({ $0.split(separator: "\n").map(String.init) }) {
            var item = Substring(entry.trimmingSpaces())
            let preferred = item.hasPrefix("*")
            if preferred { item = item.dropFirst() }
            var types: [String] = []
            if let colon = item.firstIndex(of: ":"), !item[..<colon].contains(where: { $0 == "@" || $0 == "/" }) {
                types = item[..<colon].split(separator: ",").map { String($0).asciiLowercased() }  // as vCard types are
                item = item[item.index(after: colon)...]
            }
            let value = String(item).trimmingSpaces()
            guard !value.isEmpty else { continue }
            switch kind {
            case .email: person.emails.append(ContactPoint(value: value, types: types, preferred: preferred))
            case .phone: person.phones.append(ContactPoint(value: value, types: types, preferred: preferred))
            case .address:
                let parts = ValueDecoding.structured(Array(value.utf8), lists: false).map { $0[0].trimmingSpaces() }
                func part(_ i: Int) -> String { i < parts.count ? parts[i] : "" }
                var address = PostalAddress()
                (address.poBox, address.extended, address.street) = (part(0), part(1), part(2))
                (address.locality, address.region, address.postalCode, address.country) = (part(3), part(4), part(5), part(6))
                address.types = types
                address.preferred = preferred
                person.addresses.append(address)
            case .website, .event, .custom: break
            }
        }
    }

    // MARK: Values

    /// Several values in one cell, Google style (` ::: `).
    private func split(_ value: String) -> [String] {
        guard Self.hasValueSeparator(value) else { return [value] }
        return Self.splitValues(value).map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// Labels and categories: ` ::: ` (Google, and ours), else `;` (Outlook, spreadsheets; never
    /// in a Google label); in Google's CSV, the `* ` that marks its system groups
    /// (`* myContacts`, `* friends`) is dropped, the group kept.
    private func categories(_ value: String) -> [String] {
        let parts = (Self.hasValueSeparator(value) ? Self.splitValues(value)
                     : schema.dialect == .google ? [Substring(value)] : value.split(separator: ";")).map(String.init)
        return parts.map { part -> String in
            var p = part.trimmingSpaces()
            if schema.dialect == .google && p.hasPrefix(Google.mark) { p = String(p.dropFirst(2)) }
            return p
        }.filter { !$0.isEmpty }
    }

    /// The pieces between `:::` separators, found by a byte scan.
    static func splitValues(_ value: String) -> [Substring] {
        var pieces: [Substring] = []
        let utf8 = value.utf8
        var start = utf8.startIndex
        var run = 0
        var i = utf8.startIndex
        while i != utf8.endIndex {
            run = utf8[i] == UInt8(ascii: ":") ? run + 1 : 0
            utf8.formIndex(after: &i)
            if run == 3 {
                pieces.append(value[start..<utf8.index(i, offsetBy: -3)])
                start = i
                run = 0
            }
        }
        pieces.append(value[start...])
        return pieces
    }

    /// Whether `:::` occurs: a byte scan, far cheaper than a generic substring search.
    static func hasValueSeparator(_ value: String) -> Bool {
        var run = 0
        for b in value.utf8 {
            run = b == UInt8(ascii: ":") ? run + 1 : 0
            if run == 3 { return true }
        }
        return false
    }

    private func date(_ text: String, what: String, line: Int) -> PartialDate? {
        let parsed = CSVDates.parse(text, order: dateOrder)
        switch parsed.result {
        case .date(let date):
            if parsed.ambiguous && !dateOrderGiven && !warnedAmbiguousDate {
                warnedAmbiguousDate = true
                let form = dateOrder == .mdy ? "month/day/year" : "day/month/year"
                warnings.append((line, .ambiguousDate, "date '\(text)' could be day/month or month/day; read as \(form)" + Self.ambiguousDateNote))
            }
            if parsed.swapped && !warnedSwappedDate {
                warnedSwappedDate = true
                let form = dateOrder == .mdy ? "day/month/year" : "month/day/year"
                warnings.append((line, .swappedDate, "date '\(text)' read as \(form)" + Self.swappedDateNote))
            }
            return date
        case .empty:
            return nil
        case .invalid(let code, let reason):
            warnings.append((line, code, "\(reason): no \(what) taken"))
            return nil
        }
    }

    private func number(_ text: String, _ what: String, line: Int) -> Int? {
        guard let n = Int(text) else {
            warnings.append((line, .notANumber, "\(what) '\(text)' is not a number"))
            return nil
        }
        return n
    }

    /// A field's text: UTF-8, or Windows-1252 (with a warning) when it is not valid UTF-8. Line
    /// breaks become LF, as in vCard values.
    private func string(_ bytes: Span<UInt8>, line: Int) -> String {
        for i in bytes.indices where bytes[i] == 0x0D { return decode(bytes, line: line).normalizingLineBreaks() }
        return decode(bytes, line: line)
    }

    private func decode(_ bytes: Span<UInt8>, line: Int) -> String {
        if ValueDecoding.isValidUTF8(bytes) { return String(utf8: bytes) }
        if cp1252 == nil {
            cp1252 = try? Transcoder(charset: "windows-1252")
            warnings.append((line, .readAsWindows1252, "field is not valid UTF-8; read as Windows-1252 (said once per file)"))
        }
        guard let cp1252 else { return String(utf8: bytes) }
        return String(decoding: cp1252.utf8(from: bytes).bytes, as: UTF8.self)
    }

    /// Sets the field unless another column set it to something else: false then.
    private static func fill<T: Equatable>(_ field: inout T?, _ value: T) -> Bool {
        if let current = field, current != value { return false }
        field = value
        return true
    }

    private static func fill(_ field: inout [String], _ value: [String]) -> Bool {
        if !field.isEmpty && field != value { return false }
        field = value
        return true
    }

    private func unmapped(_ column: Int, _ value: String, line: Int) -> VCardProperty {
        let header = column < schema.headers.count && !schema.headers[column].isEmpty ? schema.headers[column] : "Column \(column + 1)"
        return Self.unmappedProperty(header: header, value: value, line: line)
    }

    /// `X-CSV;COLUMN="Header":value`, the value escaped as vCard text.
    static func unmappedProperty(header: String, value: String, line: Int) -> VCardProperty {
        VCardProperty(name: VCardProperty.csvColumn, parameters: [VCardParameter(name: "COLUMN", values: [header])],
                      value: VCardText.escape(value), line: line)
    }

    /// The first valid date of a `DEATHDATE` (`X-DEATHDATE`) among the vCard column's properties,
    /// which the vCard reader takes too.
    static func deathDate(in properties: [VCardProperty]) -> PartialDate? {
        for property in properties where ["DEATHDATE", "X-DEATHDATE"].contains(property.name.uppercased()) {
            func values(_ name: String) -> [String] {
                property.parameters.filter { $0.name.uppercased() == name }.flatMap(\.values)
            }
            if values("VALUE").contains(where: { $0.lowercased() == "text" }) { continue }
            if let scale = values("CALSCALE").first?.lowercased(), scale != "gregorian" {
                if let day = OtherCalendarDate.day(calendar: scale, text: ValueDecoding.unescape(Array(property.value.utf8)).trimmingSpaces()) {
                    return day
                }
                continue
            }
            let omitYear = values("X-APPLE-OMIT-YEAR").first.flatMap { Int($0) }
            if case .date(let date) = DateParsing.parse(Array(property.value.utf8), omitYear: omitYear) { return date }
        }
        return nil
    }

    /// Content lines from our generic header's `vCard` column, as extra properties.
    private func vcardProperties(_ text: String, line: Int) -> [VCardProperty] {
        var card = CardBuffer()
        card.reset(beginLine: line)
        for contentLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            card.append(line: Array(contentLine.utf8), number: line)
        }
        return PersonDecoder(scope: .full).extras(of: card)
    }
}

extension ColumnRole {
    /// A value here makes a row a contact: any field a contact has (a name, an e-mail, an IM
    /// or URL, a date, a note…), so that every person `--to csv` writes reads back; not a name
    /// prefix or suffix, a sort name or an item's label alone, nor a column that repeats others.
    var identifies: Bool {
        switch self {
        case .prefix, .suffix, .sortAs, .derived, .item(_, _, .label):
            return false
        default:
            return true
        }
    }

    /// An e-mail address's or phone number's column, which names a row that has no name.
    var isContactPoint: Bool {
        switch self {
        case .item(.email, _, _), .item(.phone, _, _), .itemList(.email), .itemList(.phone): return true
        default: return false
        }
    }

    /// Needed by the birthday formats.
    var isNameOrDate: Bool {
        switch self {
        case .formattedName, .givenName, .additionalName, .familyName, .prefix, .suffix, .nickname,
             .phoneticGiven, .phoneticAdditional, .phoneticFamily, .sortAs, .birthday, .anniversary,
             .birthYear, .birthMonth, .birthDay, .organization, .uid:
            return true
        case .item(.event, _, _):
            return true
        case .department, .jobTitle, .note, .categories, .url, .item, .itemList, .vcardLines, .derived:
            return false
        }
    }
}
