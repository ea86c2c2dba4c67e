import ContactsCore

/// How much a reader decodes; less is faster. Pick the least the output needs.
public enum DecodeScope: Sendable {
    /// Every model field, and every other property kept in `extraProperties`.
    case full
    /// As `full`, and the whole card kept in `cardProperties` in input order (for vCard output).
    case card
    /// Every model field; other properties are skipped.
    case fields
    /// Only what the birthday formats show: names, dates, organization, UID, and for someone
    /// with no name the first e-mail address and phone number, which then name them.
    case namesAndDates

    /// Whether properties with no model field are kept in `extraProperties`.
    package var keepsExtras: Bool { self == .full || self == .card }
}

/// Builds a `PersonInfo` from the properties of one card and collects warnings with positions.
package final class PersonDecoder {
    private let scope: DecodeScope
    // Changed for every card: in cells without run-time exclusivity checks (see VCardParser).
    private let converters = UncheckedCell<[String: Transcoder?]>([:])
    private let found = UncheckedCell<[(line: Int, code: Diagnostic.Code, message: String)]>([])
    /// The warnings of the last card decoded, with their lines.
    package var warnings: [(line: Int, code: Diagnostic.Code, message: String)] { found.value }

    /// Read bytes that name no character set and are not UTF-8 in, without a warning; nil:
    /// Windows-1252, with one.
    private let fallbackCharset: String?
    /// Today, against which a birth year is checked (`implausibleBirthYearWarning`); nil: no check.
    private let today: CalendarDate?

    package init(scope: DecodeScope, fallbackCharset: String? = nil, today: CalendarDate? = nil) {
        self.scope = scope
        self.fallbackCharset = fallbackCharset
        self.today = today
    }

    /// `card` is taken `inout` only so that a card held by a class is not copied; it is not changed.
    package func decode(_ card: inout CardBuffer, path: String) -> PersonInfo {
        decode(borrowing: card, path: path)
    }

    private func decode(borrowing card: borrowing CardBuffer, path: String) -> PersonInfo {
        found.value.removeAll(keepingCapacity: true)
        // A card's bytes valid UTF-8 as a whole (the usual card) make each of its values so: a
        // value starts and ends at ASCII bytes, which no multi-byte character holds.
        cardIsValidUTF8.value = card.bytes.withSpan { ValueDecoding.isValidUTF8($0) }
        defer { cardIsValidUTF8.value = false }
        var person = PersonInfo(source: SourcePosition(path: path, line: card.beginLine))
        var version: VCardVersion?
        var hasLabels = false, hasLabelledDate = false
        for property in card.properties {
            let name = property.field
            if name == .version {
                let parsed: VCardVersion = card.withSlice(property.value) { v in
                    Self.starts(v, with: "2.1") ? .v21 : Self.starts(v, with: "4.0") ? .v40 : .v30
                }
                if let version, version != parsed {
                    warn(property.line, .conflictingVersion, "conflicting VERSION; the first one counts")
                } else {
                    version = parsed
                }
            } else if !property.group.isEmpty {
                if name == .appleLabel { hasLabels = true } else if name == .appleDate { hasLabelledDate = true }
            }
        }
        // The birthday formats read a label for a labelled date only.
        let labels = hasLabels && (scope != .namesAndDates || hasLabelledDate) ? appleLabels(card) : []
        let v = version ?? .v30
        if scope == .card { person.cardProperties.reserveCapacity(card.properties.count) }
        var meaningful = card.skippedProperties
        var keptContacts = false  // for the birthday formats, an e-mail address or phone kept to name a card that has no name
        for (index, property) in card.properties.enumerated() {
            let name = property.field
            if name != .version { meaningful += 1 }
            if scope == .namesAndDates && !(name?.isNameOrDate ?? false) {
                if name == .email || name == .phone { keptContacts = true }
                continue
            }
            let label = property.group.isEmpty || labels.isEmpty ? nil : Self.label(of: property.group, in: card, labels)
            let modelled = apply(name, property, index: index, in: card, version: v, label: label, to: &person)
            guard scope.keepsExtras && !(modelled && scope != .card) else { continue }
            var kept = extra(property, index: index, in: card)
            if !modelled { person.extraProperties.append(kept) }
            if scope == .card && name != .version {
                // 2.1 has no value lists: a comma in a name part is a comma.
                if v == .v21 && name == .name { kept.value = VCardText.escapingBareCommas(kept.value) }
                person.cardProperties.append(kept)
            }
        }
        if keptContacts { nameByContacts(&person, card, version: v) }
        if meaningful == 0 { warn(card.beginLine, .emptyCard, "empty vCard") }
        return person
    }

    /// Whether the bytes of the card being decoded are valid UTF-8 as a whole; false outside `decode`.
    private let cardIsValidUTF8 = UncheckedCell(false)

    /// Apple's labels of the card's item groups (`X-ABLabel`): each group's range in the card
    /// with its label. A card has a few, so a list asked from its end (the last label of a
    /// group counts) costs less than a dictionary's hashing and copies.
    private func appleLabels(_ card: borrowing CardBuffer) -> [(group: Range<Int>, label: String)] {
        var labels: [(group: Range<Int>, label: String)] = []
        for property in card.properties where property.field == .appleLabel && !property.group.isEmpty {
            labels.append((property.group, withValue(card, property) { Apple.plainLabel(ValueDecoding.unescape($0)) }))
        }
        return labels
    }

    /// The label of an item group: the last one `appleLabels` found for it.
    private static func label(of group: Range<Int>, in card: borrowing CardBuffer,
                              _ labels: [(group: Range<Int>, label: String)]) -> String? {
        for entry in labels.reversed() where card.bytesEqual(entry.group, group) { return entry.label }
        return nil
    }

    /// Whether the bytes start with the ASCII text.
    private static func starts(_ bytes: Span<UInt8>, with text: StaticString) -> Bool {
        text.withUTF8Span { bytes.count >= $0.count && bytes.extracting(0..<$0.count).compareBytes($0) == 0 }
    }

    /// For the birthday formats: a person with no name of their own takes the e-mail address and
    /// phone number kept to show them by (`NamesAndDatesLines`), as the other outputs do.
    @inline(never)
    private func nameByContacts(_ person: inout PersonInfo, _ card: borrowing CardBuffer, version: VCardVersion) {
        guard !person.isNamedByItself else { return }
        for (index, property) in card.properties.enumerated() where property.field == .email || property.field == .phone {
            _ = apply(property.field, property, index: index, in: card, version: version, label: nil, to: &person)
        }
    }

    /// Stores a known property in the model; false when it goes to `extraProperties` instead
    /// (unknown, repeated, or not representable, such as a birthday given as text).
    private func apply(_ name: PropertyName?, _ p: CardBuffer.Property, index: Int, in card: borrowing CardBuffer,
                       version: VCardVersion, label: String?, to person: inout PersonInfo) -> Bool {
        guard let name else { return false }
        // Each property is read in its family's file (`Properties/`).
        switch name {
        case .version: return true
        case .formattedName: return readFormattedName(card, p, to: &person)
        case .name: return readName(card, p, version: version, to: &person)
        case .nickname: return readNickname(card, p, to: &person)
        case .birthday: return readBirthday(card, p, to: &person)
        case .anniversary: return readAnniversary(card, p, to: &person)
        case .deathDate: return readDeathDate(card, p, to: &person)
        case .organization: return readOrganization(card, p, to: &person)
        case .title: return readTitle(card, p, to: &person)
        case .note: return readNote(card, p, to: &person)
        case .email: return readEmail(card, p, label: label, to: &person)
        case .phone: return readPhone(card, p, label: label, to: &person)
        case .address: return readAddress(card, p, label: label, to: &person)
        case .url: return readURL(card, p, to: &person)
        case .categories: return readCategories(card, p, to: &person)
        case .uid: return readUID(card, p, to: &person)
        case .phoneticFirst, .phoneticMiddle, .phoneticLast: return readPhoneticName(name, card, p, to: &person)
        case .appleDate: return readAppleDate(card, p, label: label, to: &person)
        case .androidCustom: return readAndroidCustom(card, p, to: &person)
        case .excludedFromBirthdays: return readExclusion(card, p, to: &person)
        case .alternativeBirthday: return readCalendarBirthday(card, p, to: &person)
        case .appleLabel, .agent: return false
        }
    }

    // MARK: Values

    /// Calls `body` with the value's bytes after transfer decoding: quoted-printable decoded and
    /// converted from its `CHARSET` to UTF-8; bytes that are not valid UTF-8 are read in the
    /// fallback character set, else as Windows-1252, with a warning.
    func withValue<R>(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, _ body: (Span<UInt8>) -> R) -> R {
        var quotedPrintable = false
        var charset: String?
        for k in p.parameters {
            let param = card.parameters[k]
            if param.name.isEmpty || card.equalsIgnoringCase(param.name, "ENCODING") {
                if card.equalsIgnoringCase(param.value, "QUOTED-PRINTABLE") { quotedPrintable = true }
            } else if card.equalsIgnoringCase(param.name, "CHARSET") {
                charset = card.withSlice(param.value) { ValueDecoding.parameterValue($0) }
            }
        }
        if quotedPrintable {
            let decoded = card.withSlice(p.value) { ValueDecoding.decodeQuotedPrintable($0) }
            return asUTF8(decoded.span, charset: charset, p, body)
        }
        let knownValid = cardIsValidUTF8.value
        // The usual value, of a valid UTF-8 card and with no CHARSET, is handed on as it is.
        if knownValid && charset == nil { return card.withSlice(p.value, body) }
        return card.withSlice(p.value) { asUTF8($0, charset: charset, p, knownValid: knownValid, body) }
    }

    /// Calls `body` with `bytes` converted from `charset` to UTF-8, or read as Windows-1252
    /// when they are not valid UTF-8 (see `withValue`).
    /// `knownValid`: the bytes are valid UTF-8 (a value of a card that is).
    private func asUTF8<R>(_ bytes: Span<UInt8>, charset: String?, _ p: CardBuffer.Property,
                           knownValid: Bool = false, _ body: (Span<UInt8>) -> R) -> R {
        if let charset, !Self.isUTF8Name(charset) {
            if let converter = converter(charset) {
                let (utf8, substitutions) = converter.utf8(from: bytes)
                if substitutions > 0 {
                    warn(p.line, .undecodableBytes, "\(substitutions) byte(s) not valid in \(charset) replaced by U+FFFD")
                }
                return body(utf8.span)
            }
            warn(p.line, .unknownCharset, "unknown CHARSET '\(charset)'; values read as UTF-8" + Self.oncePerFile)
        }
        if !knownValid && !ValueDecoding.isValidUTF8(bytes) {
            // The input's own character set (`--encoding`) for quoted-printable bytes, which the
            // conversion of the input leaves as they are.
            if let fallbackCharset, let converter = converter(fallbackCharset) {
                let utf8 = converter.utf8(from: bytes).bytes
                return body(utf8.span)
            }
            if let cp1252 = converter("windows-1252") {
                warn(p.line, .readAsWindows1252, "value is not valid UTF-8; read as Windows-1252" + Self.oncePerFile)
                let utf8 = cp1252.utf8(from: bytes).bytes
                return body(utf8.span)
            }
        }
        return body(bytes)
    }

    func text(_ card: borrowing CardBuffer, _ p: CardBuffer.Property) -> String {
        withValue(card, p) { ValueDecoding.unescape($0) }
    }

    /// `text` without the spaces and tabs at its ends (`trimmingSpaces`), trimmed as bytes.
    func trimmedText(_ card: borrowing CardBuffer, _ p: CardBuffer.Property) -> String {
        withValue(card, p) { ValueDecoding.unescape($0.extracting(ValueDecoding.trimmedSpaces($0, 0..<$0.count))) }
    }

    private func converter(_ charset: String) -> Transcoder? {
        let key = charset.lowercased()
        if let cached = converters.value[key] { return cached }
        let made = try? Transcoder(charset: charset)
        converters.value[key] = made
        return made
    }

    package static func isUTF8Name(_ charset: String) -> Bool {
        let folded = charset.lowercased().filter { $0 != "-" && $0 != "_" }
        return folded == "utf8"
    }

    /// A Gregorian date property (its callers take one of another calendar, `CALSCALE`, first);
    /// nil (with a warning where due) when it is empty, text, or invalid.
    func date(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, what: String) -> PartialDate? {
        var omitYear: Int?
        for k in p.parameters {
            let param = card.parameters[k]
            if card.equalsIgnoringCase(param.name, "VALUE") {
                if card.withSlice(param.value, ValueDecoding.parameterList).contains(where: { $0.lowercased() == "text" }) { return nil }
            } else if card.equalsIgnoringCase(param.name, "X-APPLE-OMIT-YEAR") {
                omitYear = card.withSlice(param.value, ValueDecoding.parameterList).first.flatMap { Int($0) }
            }
        }
        switch withValue(card, p, { DateParsing.parse($0, omitYear: omitYear) }) {
        case .date(let date):
            return date
        case .empty:
            return nil
        case .invalid(let code, let reason):
            warn(p.line, code, "\(reason): no \(what) taken")
            return nil
        }
    }

    /// The property's `CALSCALE`, lower-case, when it names a calendar other than the Gregorian.
    func calendarScale(_ card: borrowing CardBuffer, _ p: CardBuffer.Property) -> String? {
        for k in p.parameters where card.equalsIgnoringCase(card.parameters[k].name, "CALSCALE") {
            let scale = (card.withSlice(card.parameters[k].value, ValueDecoding.parameterList).first ?? "").lowercased()
            return scale == "gregorian" ? nil : scale
        }
        return nil
    }

    // MARK: Parameters

    /// The values of every parameter named `upper`, unquoted and split at commas (`parameterList`).
    func parameterValues(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, _ upper: StaticString) -> [String] {
        var values: [String] = []
        for k in p.parameters {
            let param = card.parameters[k]
            guard card.equalsIgnoringCase(param.name, upper) else { continue }
            values += card.withSlice(param.value, ValueDecoding.parameterList)
        }
        return values
    }

    /// Lower-case types from `TYPE=` and bare 2.1 parameters plus an Apple label, and whether
    /// the item is preferred (`TYPE=pref`, bare `PREF`, `PREF=1`).
    func typesAndPreference(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, label: String?,
                                    dropping: String?) -> ([String], Bool) {
        // A value, not local functions over local variables: a function passed on as a value
        // boxes what it changes, with a run-time exclusivity check at every use.
        var list = TypeList(dropping: dropping)
        for k in p.parameters {
            let param = card.parameters[k]
            if param.name.isEmpty || card.equalsIgnoringCase(param.name, "TYPE") {  // a bare 2.1 type is a TYPE
                if param.name.isEmpty && Self.isEncodingName(card, param.value) { continue }
                if card.withSlice(param.value, { ValueDecoding.forEachASCIIListItem($0) { list.add(ascii: $0) } }) {
                    continue
                }
                for raw in card.withSlice(param.value, ValueDecoding.parameterList) { list.add(raw) }
            } else if card.equalsIgnoringCase(param.name, "PREF") {
                if card.withSlice(param.value, ValueDecoding.parameterValue).trimmingSpaces() == "1" { list.preferred = true }
            }
        }
        if let label { for raw in Apple.types(ofLabel: label) { list.add(raw) } }
        return (list.types, list.preferred)
    }

    /// Types as `typesAndPreference` collects them: each once, `pref` as the preference.
    private struct TypeList {
        let dropping: String?
        var types: [String] = []
        var preferred = false

        init(dropping: String?) { self.dropping = dropping }

        mutating func add(lowercased type: String) {  // trimmed and lower-case already
            if type == "pref" { preferred = true; return }
            if type.isEmpty || type == dropping || types.contains(type) { return }
            if types.isEmpty, let shared = Self.usual.first(where: { $0.shared[0] == type })?.shared {
                types = shared  // no array of its own: most addresses and numbers have one type
            } else {
                types.append(type)
            }
        }

        /// A type as ASCII bytes, trimmed: a usual one (`pref` too) told without a string made.
        mutating func add(ascii bytes: Span<UInt8>) {
            if matchesIgnoringCase(bytes, "PREF") { preferred = true; return }
            for entry in Self.usual where matchesIgnoringCase(bytes, entry.upper) {
                let type = entry.shared[0]
                if type == dropping || types.contains(type) { return }
                if types.isEmpty { types = entry.shared } else { types.append(type) }
                return
            }
            add(lowercased: PersonDecoder.lowercased(bytes))
        }

        /// The usual types, upper-case to be matched, each an array made once and shared.
        private static let usual: [(upper: StaticString, shared: [String])] =
            [("HOME", ["home"]), ("WORK", ["work"]), ("CELL", ["cell"]), ("VOICE", ["voice"]), ("OTHER", ["other"]),
             ("INTERNET", ["internet"]), ("FAX", ["fax"]), ("MOBILE", ["mobile"])]

        mutating func add(_ raw: String) { add(lowercased: raw.trimmingSpaces().asciiLowercased()) }
    }

    /// ASCII bytes as a lower-case string (short ones need no allocation).
    fileprivate static func lowercased(_ bytes: Span<UInt8>) -> String { ascii(bytes, upper: false) }

    /// ASCII bytes as a string, upper- or lower-case (short ones need no allocation).
    private static func ascii(_ bytes: Span<UInt8>, upper: Bool) -> String {
        String(utf8Capacity: bytes.count) { out in
            for i in 0..<bytes.count { out.append(upper ? asciiUpper(bytes[i]) : asciiLower(bytes[i])) }
        }
    }

    private static func isEncodingName(_ card: borrowing CardBuffer, _ range: Range<Int>) -> Bool {
        card.equalsIgnoringCase(range, "QUOTED-PRINTABLE") || card.equalsIgnoringCase(range, "BASE64")
            || card.equalsIgnoringCase(range, "8BIT") || card.equalsIgnoringCase(range, "7BIT")
    }

    // MARK: Extra properties

    /// Every property of the card as an extra property.
    package func extras(of card: borrowing CardBuffer) -> [VCardProperty] {
        var extras: [VCardProperty] = []
        for index in card.properties.indices { extras.append(extra(card.properties[index], index: index, in: card)) }
        return extras
    }

    /// The property as read, with transfer encodings undone: a quoted-printable value becomes
    /// UTF-8 text and loses its `ENCODING`/`CHARSET` parameters; escapes stay as they were.
    private func extra(_ p: CardBuffer.Property, index: Int, in card: borrowing CardBuffer) -> VCardProperty {
        var parameters: [VCardParameter] = []
        for k in p.parameters {
            let param = card.parameters[k]
            var name = param.name.isEmpty ? "TYPE" : card.withSlice(param.name) { Self.ascii($0, upper: true) }
            let value = card.withSlice(param.value, ValueDecoding.parameterValue)
            if param.name.isEmpty && Self.isEncodingName(card, param.value) { name = "ENCODING" }
            if name == "ENCODING" && value.uppercased() == "QUOTED-PRINTABLE" { continue }
            if name == "CHARSET" { continue }
            let values = name == "TYPE" ? card.withSlice(param.value, ValueDecoding.parameterList) : [value]
            if let last = parameters.last, last.name == name, name == "TYPE" {
                parameters[parameters.count - 1].values += values
            } else {
                parameters.append(VCardParameter(name: name, values: values))
            }
        }
        let value: String
        if let agent = card.agentValues[index] {
            value = ValueDecoding.makeString(agent)
        } else {
            value = withValue(card, p) { String(utf8: $0) }
        }
        let group = p.group.isEmpty ? nil : card.string(p.group)
        return VCardProperty(group: group, name: card.string(p.name),
                             parameters: parameters, value: value, line: p.line)
    }

    /// A birthday as the model takes it: without its year when the year cannot be one, with a warning.
    func birthday(_ date: PartialDate, line: Int) -> PartialDate {
        guard let warning = date.implausibleBirthYearWarning(today: today) else { return date }
        warn(line, .implausibleBirthYear, warning)
        return date.withoutYear
    }

    func warn(_ line: Int, _ code: Diagnostic.Code, _ message: String) {
        found.value.append((line, code, message))
    }

    /// The end of a warning said once per input (the parser leaves out the repeats).
    static let oncePerFile = " (said once per file)"
}
