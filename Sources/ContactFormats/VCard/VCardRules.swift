import ContactsCore

/// The rules of vCard 2.1, 3.0 (RFC 2426) and 4.0 (RFC 6350) a card can break, checked by
/// `--check`: each finding names its line, the property and the rule. A MUST broken is an
/// error; a SHOULD (line length) a warning.
struct VCardRuleChecker {
    struct Finding {
        var line: Int
        var severity: Diagnostic.Severity
        var code: Diagnostic.Code
        var message: String
    }

    /// Today, against which a birth year is checked; nil: no check.
    let today: CalendarDate?
    private(set) var findings: [Finding] = []
    private var longLines: [(line: Int, octets: Int)] = []
    private var bareLineFeed: Int?

    init(today: CalendarDate? = nil) {
        self.today = today
    }

    /// Forgets the lines of a card that was not finished.
    mutating func startCard() {
        longLines.removeAll(keepingCapacity: true)
        bareLineFeed = nil
    }

    /// Notes the physical lines of one logical line: their lengths and line ends.
    mutating func physicalLines(_ raw: Span<UInt8>, firstLine: Int) {
        var start = 0
        var number = firstLine
        for i in 0..<raw.count where raw[i] == 0x0A {
            let crlf = i > start && raw[i - 1] == 0x0D
            if !crlf && bareLineFeed == nil { bareLineFeed = number }
            let octets = i - start - (crlf ? 1 : 0)
            if octets > 75 { longLines.append((number, octets)) }
            start = i + 1
            number += 1
        }
        if raw.count - start > 75 { longLines.append((number, raw.count - start)) }
    }

    /// Checks a whole card and says what it breaks, counting its warnings; the card counts as read.
    mutating func report(_ card: borrowing CardBuffer, path: String, to diagnostics: DiagnosticsHandler,
                         counting statistics: inout ReadStatistics) {
        for finding in check(card) {
            if finding.severity == .warning { statistics.warnings += 1 }
            diagnostics.report(Diagnostic(finding.severity, finding.code, path: path, line: finding.line, finding.message))
        }
        statistics.people += 1
    }

    /// Checks a whole card; the findings since the last call come out sorted by line.
    mutating func check(_ card: borrowing CardBuffer) -> [Finding] {
        findings.removeAll(keepingCapacity: true)
        var version: VCardVersion?
        var versionIndex: Int?
        for (index, p) in card.properties.enumerated() where card.equalsIgnoringCase(p.name, "VERSION") {
            let value = card.string(p.value).trimmingSpaces()
            switch value {
            case "2.1": version = .v21
            case "3.0": version = .v30
            case "4.0": version = .v40
            default: add(p.line, .error, .invalidVersion, "VERSION: '\(value)' is not 2.1, 3.0 or 4.0")
            }
            if versionIndex == nil { versionIndex = index }
        }
        let v = version ?? .v30
        let rfc = Self.rfc(v)
        if versionIndex == nil {
            add(card.beginLine, .error, .missingVersion, "VERSION is missing (\(v == .v40 ? "RFC 6350 §6.7.9" : rfc))")
        } else if v == .v40, versionIndex != 0 {
            add(card.properties[versionIndex!].line, .error, .versionNotFirst, "VERSION must come right after BEGIN:VCARD (RFC 6350 §6.7.9)")
        }
        var counts: [String: Int] = [:]
        var alternatives: Set<String> = []
        var kind: String?
        var firstMember: Int?
        for p in card.properties {
            let name = card.string(p.name).uppercased()
            // Instances sharing an ALTID are one property in several forms (RFC 6350 §5.4).
            if let altID = card.parameters[p.parameters].first(where: { card.equalsIgnoringCase($0.name, "ALTID") }),
               !alternatives.insert(name + ";" + card.withSlice(altID.value, ValueDecoding.parameterValue)).inserted {
                checkProperty(p, name: name, in: card, version: v)
                continue
            }
            counts[name, default: 0] += 1
            if counts[name] == 2, PropertyTable.atMostOnce(v).contains(name) {
                add(p.line, .error, .repeatedProperty, "\(name) appears more than once; at most one is allowed (\(rfc))")
            }
            if name == "KIND" { kind = card.string(p.value).trimmingSpaces().lowercased() }
            if name == "MEMBER" && firstMember == nil { firstMember = p.line }
            checkProperty(p, name: name, in: card, version: v)
        }
        if v == .v40, let line = firstMember, kind != "group" {
            add(line, .error, .memberOutsideGroup, "MEMBER in a card whose KIND is not group (RFC 6350 §6.6.5)")
        }
        if v != .v21 && counts["FN"] == nil {
            add(card.beginLine, .error, .missingFN, "FN is missing (\(v == .v40 ? "RFC 6350 §6.2.1" : "RFC 2426 §3.1.1"))")
        }
        if v != .v40 && counts["N"] == nil {
            add(card.beginLine, .error, .missingN, "N is missing (\(v == .v21 ? "vCard 2.1 §2.1.2" : "RFC 2426 §3.1.2"))")
        }
        if let line = bareLineFeed {
            add(line, .error, .bareLineFeed, "line ends in LF, not CRLF (\(v == .v40 ? "RFC 6350 §3.2" : rfc))")
        }
        let limit = v == .v21 ? 76 : 75
        for long in longLines where long.octets > limit {
            add(long.line, .warning, .longLine, "line is \(long.octets) octets; lines should be folded at \(limit) (\(v == .v40 ? "RFC 6350 §3.2" : rfc))")
        }
        startCard()
        findings.sort { $0.line < $1.line }
        return findings
    }

    private mutating func checkProperty(_ p: CardBuffer.Property, name: String, in card: borrowing CardBuffer, version v: VCardVersion) {
        let rfc = Self.rfc(v)
        let line = p.line
        if !p.group.isEmpty && !card.withSlice(p.group, { Self.isName($0, v) }) {
            add(line, .error, .invalidName, "\(name): group has \(Self.nameRule(v)) (\(rfc))")
        }
        if !card.withSlice(p.name, { Self.isName($0, v) }) {
            add(line, .error, .invalidName, "\(name): name has \(Self.nameRule(v)) (\(rfc))")
        } else if !name.hasPrefix("X-") && !PropertyTable.registered(v).contains(name) {
            add(line, .warning, .unregisteredProperty, "\(name) is not a vCard \(Self.versionText(v)) property; private ones start with X- (\(rfc))")
        }
        var isText = false
        var calendar: String?
        var valueType: String?
        var level: String?
        var parameterNames: [String] = []
        for k in p.parameters {
            let param = card.parameters[k]
            let value = card.withSlice(param.value, ValueDecoding.parameterValue)
            if param.name.isEmpty {
                if v != .v21 {
                    add(line, .error, .namelessParameter, "\(name): parameter '\(value)' has no name (a vCard 2.1 form; \(Self.namedForm(of: value, v))) (\(rfc))")
                }
                continue
            }
            let paramName = card.string(param.name).uppercased()
            if !card.withSlice(param.name, { Self.isName($0, v) }) {
                add(line, .error, .invalidName, "\(name): parameter name '\(paramName)' has \(Self.nameRule(v)) (\(rfc))")
            }
            switch (paramName, v) {
            case ("ENCODING", .v40):
                add(line, .error, .parameterNotAllowed, "\(name): ENCODING is not a vCard 4.0 parameter; embed data as a data: URI (RFC 6350 App. A.2)")
            case ("ENCODING", .v30) where value.lowercased() != "b":
                add(line, .error, .parameterNotAllowed, "\(name): ENCODING=\(value); vCard 3.0 allows only ENCODING=b (RFC 2426 §5)")
            case ("CHARSET", .v40):
                add(line, .error, .parameterNotAllowed, "\(name): CHARSET is not a vCard 4.0 parameter; vCard 4.0 is always UTF-8 (RFC 6350 §3.1)")
            case ("TYPE", .v40) where value.split(separator: ",").contains { $0.lowercased() == "pref" }:
                add(line, .error, .parameterNotAllowed, "\(name): TYPE=pref is vCard 3.0; vCard 4.0 says PREF=1 (RFC 6350 §5.3)")
            case ("PREF", .v40) where !(Int(value).map { (1...100).contains($0) } ?? false):
                add(line, .error, .invalidPref, "\(name): PREF=\(value); it takes a number from 1 to 100 (RFC 6350 §5.3)")
            case ("VALUE", _):
                valueType = value.lowercased()
                isText = valueType == "text"
            case ("CALSCALE", _) where value.lowercased() != "gregorian":
                calendar = value.lowercased()
            case ("LANGUAGE", _) where v != .v21:
                if let reason = VCardValueSyntax.languageTag(value) {
                    add(line, .error, .invalidLanguageTag, "\(name): LANGUAGE=\(reason)")
                }
            case ("INDEX", .v40) where !(Int(value).map { $0 >= 1 } ?? false):
                add(line, .error, .invalidParameterValue, "\(name): INDEX=\(Diagnostic.safeText(value, limit: 30)); it is a number from 1 (RFC 6715 §3.1)")
            case ("MEDIATYPE", .v40):
                if let reason = VCardValueSyntax.mediaType(value) { add(line, .error, .invalidParameterValue, "\(name): MEDIATYPE=\(reason)") }
            case ("GEO", .v40):
                if let reason = VCardValueSyntax.uri(value) ?? (value.lowercased().hasPrefix("geo:") ? nil : "'\(Diagnostic.safeText(value, limit: 40))' is no geo: URI") {
                    add(line, .error, .invalidGeo, "\(name): GEO=\(reason)")
                }
            case ("LEVEL", _):
                level = value.lowercased()
            default:
                break
            }
            parameterNames.append(paramName)
        }
        let value = card.withSlice(p.value) { Array(copying: $0) }  // --check alone: a copy costs little
        if v != .v21 && !card.parameters[p.parameters].contains(where: { card.equalsIgnoringCase($0.name, "CHARSET") })
            && !ValueDecoding.isValidUTF8(value) {
            add(line, .error, .notUTF8, "\(name): value is not valid UTF-8 (\(v == .v40 ? "RFC 6350 §3.1" : rfc))")
        }
        guard let declaration = PropertyTable.declaration(named: name) else { return }
        let text = ValueDecoding.makeString(value).trimmingSpaces()
        if v == .v40 && !declaration.values.isEmpty {
            checkTypeAndParameters(declaration, name: name, line: line, valueType: valueType, parameters: parameterNames, text: text)
        }
        if let calendar { checkCalendar(calendar, name: name, line: line, isText: isText, text: text) }
        guard let rule = declaration.rule else { return }
        switch rule {
        case .date:
            // A date of another calendar counts its own years and months (OtherCalendarDate).
            guard !isText && calendar == nil else { break }
            // A year, a year and month, a month, a day alone or a time: valid in 4.0 (no
            // birthday to us; RFC 6350 §4.3.4).
            if v == .v40 && VCardValueSyntax.dateAndOrTime(text) == .withoutDay { break }
            let parsed = DateParsing.parse(value.span)
            if case .invalid(let code, let reason) = parsed {
                add(line, .error, code, "\(name): \(reason) (\(v == .v40 ? "RFC 6350 §4.3.4" : "ISO 8601"))")
                break
            }
            let shown = ValueDecoding.makeString(value).trimmingSpaces()
            if v != .v40 && shown.hasPrefix("--") {
                add(line, .warning, .truncatedDate,
                    "\(name): '\(shown)' has no year, which the vCard \(Self.versionText(v)) date type does not allow (\(rfc)); many readers take it")
            }
            if v == .v40, let basic = Self.basicForm(value) {
                add(line, .warning, .extendedDateForm, "\(name): '\(shown)' is ISO 8601's extended form; vCard 4.0 writes \(basic) (RFC 6350 §4.3)")
            }
            if declaration.field == .birthday, case .date(let date) = parsed, let warning = date.implausibleBirthYearWarning(today: today) {
                add(line, .warning, .implausibleBirthYear, "\(name): \(warning)")
            }
        case .components(let needed):
            let count = ValueDecoding.split(value, on: UInt8(ascii: ";")).count
            if v == .v40 && count != needed {
                add(line, .error, .componentCount, "\(name) has \(count) components; it must have exactly \(needed) (\(declaration.definedIn))")
            } else if count > needed {
                add(line, .error, .componentCount, "\(name) has \(count) components; it may have at most \(needed) (\(rfc))")
            }
        case .sex where declaration.versions.contains(VCardVersions(v)):
            let sex = ValueDecoding.makeString(value.prefix { $0 != UInt8(ascii: ";") }).trimmingSpaces().uppercased()
            if !["", "M", "F", "O", "N", "U"].contains(sex) {
                add(line, .error, .invalidGender, "\(name): sex '\(sex)' is not M, F, O, N, U or empty (\(declaration.definedIn))")
            }
        case .kind where declaration.versions.contains(VCardVersions(v)):
            let kind = text.lowercased()
            if !["individual", "group", "org", "location", "application"].contains(kind) && !kind.hasPrefix("x-") {
                add(line, .warning, .unknownKind,
                    "\(name): '\(Diagnostic.safeText(kind, limit: 40))' is not individual, group, org, location (\(declaration.definedIn)) or application (RFC 6473)")
            }
        case .geo where v != .v40:
            if let reason = VCardValueSyntax.geoFloats(text, version: v) { add(line, .error, .invalidGeo, "\(name): \(reason)") }
        case .timeZone where v != .v40 && valueType == nil:
            if !VCardValueSyntax.utcOffset(text).valid {
                add(line, .error, .invalidUTCOffset,
                    "\(name): '\(Diagnostic.safeText(text, limit: 40))' is no UTC offset such as -05:00; a zone's name needs VALUE=text (\(rfc))")
            }
        case .revision where v != .v40:
            if !VCardValueSyntax.timestamp(text, dateAlone: true).valid {
                add(line, .error, .invalidTimestamp, "\(name): '\(Diagnostic.safeText(text, limit: 40))' is no date or date and time (\(rfc))")
            }
        case .levels(let words) where v == .v40:
            if let level, !words.contains(level) {
                add(line, .error, .invalidParameterValue, "\(name): LEVEL=\(Diagnostic.safeText(level, limit: 30)); it is \(words.dropLast().joined(separator: ", ")) or \(words.last!) (RFC 6715 §3.2)")
            }
        case .sex, .kind, .geo, .timeZone, .revision, .identifier, .levels:
            break
        }
    }

    /// vCard 4.0: the value type is one the property takes and the value is of it; the
    /// registered parameters are the property's.
    private mutating func checkTypeAndParameters(_ declaration: PropertyDeclaration, name: String, line: Int,
                                                 valueType: String?, parameters: [String], text: String) {
        for parameter in parameters where !parameter.hasPrefix("X-") && !ParameterSet.everywhere.contains(parameter)
            && parameter != "ENCODING" && parameter != "CHARSET" {
            if let member = ParameterSet.byName[parameter] {
                if !declaration.parameters.contains(member) {
                    add(line, .warning, .parameterNotApplicable, "\(name): \(parameter) is not a parameter of \(name) (\(declaration.definedIn))")
                }
            } else {
                add(line, .warning, .unregisteredParameter,
                    "\(name): \(Diagnostic.safeText(parameter, limit: 30)) is not a vCard 4.0 parameter; private ones start with X- (RFC 6350 §5)")
            }
        }
        let type: ValueType
        if let valueType {
            guard let named = ValueType(rawValue: valueType), declaration.values.contains(named) else {
                let allowed = declaration.values.map(\.rawValue).joined(separator: " or ")
                add(line, .error, .valueTypeNotAllowed,
                    "\(name): VALUE=\(Diagnostic.safeText(valueType, limit: 30)); \(name) takes \(allowed) (\(declaration.definedIn))")
                return
            }
            type = named
        } else {
            type = declaration.values[0]
        }
        let shown = Diagnostic.safeText(text, limit: 40)
        switch type {
        case .uri:
            guard let reason = VCardValueSyntax.uri(text) else { return }
            let scheme = text.prefix(4).lowercased()
            let isGeo: Bool = if case .geo = declaration.rule { true } else { scheme == "geo:" }
            let code: Diagnostic.Code = isGeo ? .invalidGeo : scheme == "tel:" ? .invalidTel : .invalidURI
            // A UID written as plain text without VALUE=text is what most clients write.
            if case .identifier = declaration.rule, valueType == nil { return }
            add(line, .error, code, "\(name): \(reason)")
        case .utcOffset:
            let offset = VCardValueSyntax.utcOffset(text)
            if !offset.valid {
                add(line, .error, .invalidUTCOffset, "\(name): '\(shown)' is no UTC offset such as -0500 (RFC 6350 §4.7)")
            } else if offset.extended {
                add(line, .warning, .extendedDateForm, "\(name): '\(shown)' is ISO 8601's extended form; vCard 4.0 writes \(text.filter { $0 != ":" }) (RFC 6350 §4.7)")
            }
        case .timestamp:
            let stamp = VCardValueSyntax.timestamp(text, dateAlone: false)
            if !stamp.valid {
                add(line, .error, .invalidTimestamp, "\(name): '\(shown)' is no date and time of day such as 19961022T140000Z (RFC 6350 §4.3.5)")
            } else if stamp.extended {
                add(line, .warning, .extendedDateForm, "\(name): '\(shown)' is ISO 8601's extended form; vCard 4.0 writes it without - and : (RFC 6350 §4.3.5)")
            }
        case .languageTag:
            if let reason = VCardValueSyntax.languageTag(text) { add(line, .error, .invalidLanguageTag, "\(name): \(reason)") }
        case .text, .date, .time, .dateTime, .dateAndOrTime, .boolean, .integer, .float:
            break
        }
    }

    /// A date of another calendar (`CALSCALE`, RFC 6350 §5.8): a calendar ICU knows, a date
    /// that calendar has, and no text.
    private mutating func checkCalendar(_ calendar: String, name: String, line: Int, isText: Bool, text: String) {
        let shown = Diagnostic.safeText(calendar, limit: 30)
        if isText {
            add(line, .error, .parameterNotAllowed, "\(name): CALSCALE=\(shown) on a text value; it goes only with a date (RFC 6350 §6.2.5)")
        } else if CalendarSystem(rawValue: calendar) == nil {
            add(line, .warning, .otherCalendar, "\(name): the \(shown) calendar is not one ICU knows; the date is not checked (RFC 6350 §5.8)")
        } else if OtherCalendarDate(calendar: calendar, text: text) == nil {
            add(line, .error, .invalidDate, "\(name): '\(Diagnostic.safeText(text, limit: 30))' is no date of the \(shown) calendar (RFC 6350 §5.8)")
        }
    }

    /// The basic form of an extended-form date or date-time (`1990-01-02` → `19900102`); nil
    /// when it is in the basic form already.
    private static func basicForm(_ value: [UInt8]) -> String? {
        let text = ValueDecoding.makeString(value).trimmingSpaces()
        let datePart = text.prefix { $0 != "T" && $0 != "t" }
        let extended = datePart.dropFirst(datePart.hasPrefix("--") ? 2 : 0).contains("-") || text.contains(":")
        guard extended else { return nil }
        if text.count == datePart.count {
            return datePart.hasPrefix("--") ? "--" + datePart.dropFirst(2).filter { $0 != "-" } : datePart.filter { $0 != "-" }
        }
        return DateParsing.dateTime(text, basic: true)
    }

    private mutating func add(_ line: Int, _ severity: Diagnostic.Severity, _ code: Diagnostic.Code, _ message: String) {
        findings.append(Finding(line: line, severity: severity, code: code, message: message))
    }

    // MARK: The registries

    private static func rfc(_ v: VCardVersion) -> String {
        switch v {
        case .v21: return "vCard 2.1"
        case .v30: return "RFC 2426"
        case .v40: return "RFC 6350"
        }
    }

    private static func versionText(_ v: VCardVersion) -> String {
        switch v {
        case .v21: return "2.1"
        case .v30: return "3.0"
        case .v40: return "4.0"
        }
    }

    /// A name, group or parameter name: in 3.0 and 4.0 `1*(ALPHA / DIGIT / "-")`; in 2.1 a
    /// "word", any printable 7-bit character but `[]=:.,;` (so `X-WAB-WEDDING_ANNIVERSARY`).
    private static func isName(_ bytes: Span<UInt8>, _ v: VCardVersion) -> Bool {
        guard !bytes.isEmpty else { return false }
        for i in 0..<bytes.count {
            let b = bytes[i]
            if v == .v21 {
                if !(b > 0x20 && b < 0x7F && !"[]=:.,;".utf8.contains(b)) { return false }
                continue
            }
            let u = asciiUpper(b)
            if !((u >= 0x41 && u <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D) { return false }
        }
        return true
    }

    private static func nameRule(_ v: VCardVersion) -> String {
        v == .v21 ? "characters other than printable ASCII but []=:.,;" : "characters other than letters, digits and '-'"
    }

    /// What a nameless 2.1 parameter is written as in 3.0 or 4.0.
    private static func namedForm(of value: String, _ v: VCardVersion) -> String {
        switch value.uppercased() {
        case "BASE64", "B":
            return v == .v40 ? "embed the data as a data: URI" : "write ENCODING=b"
        case "QUOTED-PRINTABLE":
            return "vCard \(versionText(v)) has no quoted-printable; write the text unencoded"
        case "7BIT", "8BIT":
            return "leave it out"
        case "INLINE":
            return "leave it out; the value is inline"
        case "URL", "CONTENT-ID", "CID":
            return "write VALUE=uri"
        default:
            return "write TYPE=\(value)"
        }
    }
}
