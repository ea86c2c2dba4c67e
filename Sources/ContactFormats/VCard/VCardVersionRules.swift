import ContactsCore

/// The vCard version a writer produces.
public enum VCardTargetVersion: String, Sendable {
    /// vCard 2.1 (the versit specification): 3.0's properties in 2.1's lines (`VCard21Lines`).
    case v21 = "2.1"
    /// vCard 3.0 (RFC 2426).
    case v3 = "3.0"
    /// vCard 4.0 (RFC 6350).
    case v4 = "4.0"

    /// The version whose properties and values this one writes: 2.1 has 3.0's.
    var properties: VCardTargetVersion { self == .v21 ? .v3 : self }
}

/// Turns one property, as read from any vCard version (or made from the model), into its form
/// in the target version. The rules, both ways:
///
/// - Names: 4.0 `ANNIVERSARY`, `KIND`, `MEMBER`, `GENDER` ↔ 3.0 `X-ANNIVERSARY`,
///   `X-ADDRESSBOOKSERVER-KIND`, `X-ADDRESSBOOKSERVER-MEMBER`, `X-GENDER` (`M` ↔ `Male` …).
///   A property with no counterpart in the target keeps its value under an `X-` name
///   (`RELATED` → `X-RELATED` in 3.0, `LABEL` → `X-LABEL` in 4.0), and back again.
/// - Parameters: 3.0 `TYPE=pref` ↔ 4.0 `PREF=1`; 2.1 bare types are already `TYPE=`;
///   `ENCODING=7BIT/8BIT` goes (values are UTF-8 text by now).
/// - Dates (`BDAY`, `ANNIVERSARY`, `DEATHDATE`): 4.0 `YYYYMMDD` / `--MMDD`; 3.0 `YYYY-MM-DD` /
///   `--MM-DD`, or Apple's `X-APPLE-OMIT-YEAR=1604:1604-MM-DD` with `appleCompat`. A date with a
///   time, or text, stays as written; a date that does not exist becomes `VALUE=text`.
/// - `PHOTO`, `LOGO`, `SOUND`, `KEY`: 3.0 `ENCODING=b;TYPE=JPEG:` base64 ↔ 4.0
///   `data:image/jpeg;base64,` URIs; the base64 text is moved, never re-encoded.
/// - Values are re-escaped for their type: text, text lists (`NICKNAME`, `CATEGORIES`),
///   structured (`N` padded to 5 components, `ADR` to 7, `ORG`), URIs unescaped; a value of a
///   type the tool does not know is kept as it is, with only its line breaks escaped.
struct VCardPropertyConverter {
    let target: VCardTargetVersion
    let appleCompat: Bool
    /// What the target does with each name the table knows (upper case): the name it writes
    /// instead, and the value's kind; looked up once per property.
    private let names: [String: (rename: Rename?, kind: PropertyValueKind)]

    init(target: VCardTargetVersion, appleCompat: Bool) {
        self.target = target
        self.appleCompat = appleCompat
        // From the property table, in the order of precedence, last: an `X-` name for a
        // property this version has, one this version does not have, the version's own name,
        // then a vendor's name for it.
        let other: VCardTargetVersion = target == .v3 ? .v4 : .v3
        var renames: [String: Rename] = [:]
        for d in PropertyTable.all where !d.isPrivate {
            let (mine, theirs) = (d.written(in: target), d.written(in: other))
            if theirs.keptAs && !mine.keptAs { renames[theirs.name] = .to(mine.name) }
        }
        for d in PropertyTable.all where !d.isPrivate {
            let mine = d.written(in: target)
            if mine.keptAs { renames[d.name] = .keptAs(mine.name) }
        }
        for d in PropertyTable.all where !d.isPrivate {
            let (mine, theirs) = (d.written(in: target), d.written(in: other))
            if !mine.keptAs && !theirs.keptAs && mine.name != theirs.name { renames[theirs.name] = .to(mine.name) }
        }
        for d in PropertyTable.all {
            let mine = d.written(in: target)
            // A 3.0 name has no '_' (the Windows Address Book's has): in 3.0 a vendor's name
            // stays unless it cannot.
            for alias in d.aliases where target == .v4 || alias.contains("_") { renames[alias] = .to(mine.name) }
        }
        var names: [String: (rename: Rename?, kind: PropertyValueKind)] = [:]
        for d in PropertyTable.all {
            for name in [d.name, d.written(in: .v3).name, d.written(in: .v4).name] + d.aliases {
                let written = switch renames[name] {
                case .to(let name)?, .keptAs(let name)?: name
                case nil: name
                }
                names[name] = (renames[name], PropertyTable.kind(written: written) ?? .raw)
            }
        }
        self.names = names
    }

    /// The converted property, and the original name when it had to become an `X-` property.
    func convert(_ property: VCardProperty) -> (property: VCardProperty, keptAs: String?) {
        var p = property
        // Most names are upper case already (the writers' and most exporters'): not made again.
        let upper = ByteScan.holdsLowerCase(p.name) ? p.name.uppercased() : p.name
        var keptAs: String?
        let (rename, kind) = names[upper] ?? (nil, .raw)
        switch rename {
        case .to(let name)?: p.name = name
        case .keptAs(let name)?:
            keptAs = upper
            p.name = name
        case nil: p.name = ByteScan.isPrivateName(upper) ? p.name : upper
        }
        if p.parameters.contains(where: { $0.name == "ENCODING" }) {
            p.parameters = p.parameters.filter { !($0.name == "ENCODING" && Self.isTransferEncoding($0.values)) }
        }
        switch kind {
        case .binary(let media):
            convertBinary(&p, media: media)
        case .date:
            convertDate(&p)
        case .gender:
            p.value = gender(p.value)
        case .geo:
            convertGeo(&p)
        case .timeZone:
            convertTimeZone(&p)
        case .timestamp:
            convertTimestamp(&p)
        default:
            p.value = Self.value(p.value, kind: kind)
        }
        if case .binary = kind {} else { convertEncoding(&p, kind: kind) }
        if kind == .phone && target == .v3 { plainPhone(&p) }
        convertPreference(&p)
        return (p, keptAs)
    }

    // MARK: Names

    /// What becomes of a name in the target version.
    private enum Rename {
        /// Written under this name.
        case to(String)
        /// No counterpart: written under this `X-` name, with a warning.
        case keptAs(String)
    }

    // MARK: Values

    /// An escaped value re-escaped for its type, exactly as the reader will decode it.
    static func value(_ value: String, kind: PropertyValueKind) -> String {
        // A `tel:` URI (4.0's VALUE=uri) is no text: its `;ext=` stays as it is (RFC 6350 §6.4.1's example).
        let kind = kind == .phone && isTelURI(value) ? .uri : kind
        if let same = unchanged(value, kind: kind) { return same }
        let bytes = Array(value.utf8)
        switch kind {
        case .text, .phone:
            return VCardText.escape(ValueDecoding.unescape(bytes))
        case .textList:
            return VCardText.list(ValueDecoding.split(bytes, on: UInt8(ascii: ",")).map { ValueDecoding.unescape(bytes[$0]) })
        case .uri:
            return VCardText.escapingURI(ValueDecoding.unescape(bytes))
        case .name:
            return VCardText.structured(padded(ValueDecoding.structured(bytes, lists: true), to: 5))
        case .address:
            return VCardText.structured(padded(ValueDecoding.structured(bytes, lists: false), to: 7))
        case .organization:
            return VCardText.structured(ValueDecoding.structured(bytes, lists: false))
        case .date, .binary, .gender, .geo, .timeZone, .timestamp, .raw:
            return VCardText.escapingLineBreaks(value)
        }
    }

    /// The value itself when rewriting would give it back: no escape, separator or line break
    /// to handle (most values), and, for names and addresses, all their components there. A
    /// value of a kind that is written as it is but for its line breaks (a photo's base64) is
    /// looked at only for those (`ByteScan`: 8 bytes at a time).
    private static func unchanged(_ value: String, kind: PropertyValueKind) -> String? {
        switch kind {
        case .date, .binary, .gender, .geo, .timeZone, .timestamp, .raw:
            return ByteScan.holdsLineEnd(value) ? nil : value
        case .text, .phone, .textList, .uri, .name, .address, .organization:
            guard !ByteScan.holds(0x5C, 0x2C, orLineEnd: value) else { return nil }
            switch kind {
            case .name: return ByteScan.count(0x3B, in: value, upTo: 4) >= 4 ? value : nil
            case .address: return ByteScan.count(0x3B, in: value, upTo: 6) >= 6 ? value : nil
            case .organization: return value
            default: return ByteScan.count(0x3B, in: value, upTo: 1) == 0 ? value : nil
            }
        }
    }

    private static func padded(_ components: [[String]], to count: Int) -> [[String]] {
        components.count >= count ? components : components + Array(repeating: [""], count: count - components.count)
    }

    /// Whether a phone number's value is a `tel:` URI.
    private static func isTelURI(_ value: String) -> Bool {
        value.utf8.count > 4 && value.utf8.prefix(4).lazy.map(asciiLower).elementsEqual("tel:".utf8)
    }

    /// 4.0 `tel:` URIs become plain numbers in 3.0, which has no URI phone numbers: text, whose
    /// `;` is escaped.
    private func plainPhone(_ p: inout VCardProperty) {
        guard p.value.trimmingSpaces().lowercased().hasPrefix("tel:") else { return }
        p.value = VCardText.escape(ValueDecoding.unescape(Array(ValueDecoding.phoneNumber(p.value).utf8)))
        p.parameters.removeAll { $0.name == "VALUE" }
    }

    private func convertDate(_ p: inout VCardProperty) {
        let value = p.value
        // 4.0's forms with no day of a month (`1985`, `--04`, `T1022`) are 4.0 dates, and the
        // text 3.0 keeps them as (which has no form for them) is one again in 4.0.
        let withoutDay = target == .v4 && VCardValueSyntax.dateAndOrTime(value) == .withoutDay
        if p.parameters.contains(where: { $0.name == "VALUE" && $0.values.first?.lowercased() == "text" }) {
            if withoutDay { p.parameters.removeAll { $0.name == "VALUE" } }
            return
        }
        if withoutDay && p.parameters.allSatisfy({ $0.name != "CALSCALE" }) {
            p.parameters.removeAll { $0.name == "VALUE" }  // 3.0's date or date-time: 4.0's default type
            return
        }
        if let scale = p.parameters.first(where: { $0.name == "CALSCALE" })?.values.first, scale.lowercased() != "gregorian" {
            // Another calendar's date counts its own months and days: no Gregorian check, no
            // Apple year; only the version's form (a calendar we do not know: as written).
            if let date = OtherCalendarDate(calendar: scale, text: value) { p.value = date.written(basic: target == .v4) }
            return
        }
        // A date with a time in the target's form, or as written when it is not ISO 8601's;
        // its type as the target names it (4.0: date-and-or-time, the default; 3.0: date-time).
        if value.utf8.contains(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: ":") }) {
            guard let written = DateParsing.dateTime(value, basic: target == .v4) else {
                // A time alone, or a day with no month: 4.0's forms, which 3.0 has not. A day
                // with a time readers cannot read stays as written: they read its day.
                if case .date = DateParsing.parse(Array(value.utf8)) { return }
                if target == .v3 || VCardValueSyntax.dateAndOrTime(value) == .invalid { asText(&p) }
                return
            }
            p.value = written
            if target == .v3 && appleCompat && written.hasPrefix("--") {
                p.value = "\(DateParsing.appleNoYear)-" + written.dropFirst(2)
                p.parameters.append(VCardParameter(name: "X-APPLE-OMIT-YEAR", values: ["\(DateParsing.appleNoYear)"]))
            }
            let k = p.parameters.firstIndex { $0.name == "VALUE" }
            switch (target, k) {
            case (.v4, let k?): p.parameters.remove(at: k)
            case (.v4, nil): break
            case (_, let k?): p.parameters[k].values = ["date-time"]
            case (_, nil): p.parameters.append(VCardParameter(name: "VALUE", values: ["date-time"]))
            }
            return
        }
        let omitYear = p.parameters.first { $0.name == "X-APPLE-OMIT-YEAR" }?.values.first.flatMap { Int($0) }
        let parsed = DateParsing.parse(Array(value.utf8), omitYear: omitYear)
        if case .invalid = parsed {
            // Not a day that exists: kept, as the text it is.
            asText(&p)
            return
        }
        guard case .date(let date) = parsed else { return }
        p.parameters.removeAll { $0.name == "X-APPLE-OMIT-YEAR" || $0.name == "VALUE" }
        let month = PartialDate.pad(date.month, 2), day = PartialDate.pad(date.day, 2)
        switch (target, date.year) {
        case (.v4, let year?): p.value = PartialDate.pad(year, 4) + month + day
        case (.v4, nil): p.value = "--" + month + day
        case (_, let year?): p.value = PartialDate.pad(year, 4) + "-" + month + "-" + day
        case (_, nil) where appleCompat:
            p.value = "\(DateParsing.appleNoYear)-\(month)-\(day)"
            p.parameters.append(VCardParameter(name: "X-APPLE-OMIT-YEAR", values: ["\(DateParsing.appleNoYear)"]))
        case (_, nil): p.value = "--" + month + "-" + day
        }
    }


    /// A date value the target has no form for, kept as the text it is.
    private func asText(_ p: inout VCardProperty) {
        p.parameters.removeAll { $0.name == "VALUE" }
        p.parameters.append(VCardParameter(name: "VALUE", values: ["text"]))
        p.value = VCardText.escape(p.value)
    }

    /// 4.0 `geo:52.52,13.40` ↔ 3.0 `52.52;13.40`; a URI with an altitude or parameters, which
    /// 3.0 cannot say, stays as written.
    private func convertGeo(_ p: inout VCardProperty) {
        let value = p.value.trimmingSpaces()
        switch target {
        case .v4:
            guard !value.lowercased().hasPrefix("geo:"), VCardValueSyntax.geoFloats(value, version: .v21) == nil else { return }
            let parts = value.split(omittingEmptySubsequences: false) { $0 == ";" || $0 == "," }
            p.value = "geo:" + parts.map { String($0).trimmingSpaces() }.joined(separator: ",")
        case .v3, .v21:
            guard value.lowercased().hasPrefix("geo:") else { return }
            let body = String(value.dropFirst(4)).replacingAll("\\,", with: ",")
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, VCardValueSyntax.geo(body) == nil else { return }
            p.value = parts.joined(separator: ";")
            p.parameters.removeAll { $0.name == "VALUE" }
        }
    }

    /// A UTC offset is 4.0 `TZ;VALUE=utc-offset:-0500` and 3.0 `TZ:-05:00` (its default); other
    /// text is 4.0's default and needs `VALUE=text` in 3.0.
    private func convertTimeZone(_ p: inout VCardProperty) {
        let value = p.value.trimmingSpaces()
        let declared = p.parameters.first { $0.name == "VALUE" }?.values.first?.lowercased()
        p.parameters.removeAll { $0.name == "VALUE" }
        if declared != "text" && declared != "uri" && VCardValueSyntax.utcOffset(value).valid {
            let digits = value.filter { $0 != ":" }
            switch target {
            case .v4:
                p.value = digits
                p.parameters.append(VCardParameter(name: "VALUE", values: ["utc-offset"]))
            case .v3, .v21:
                p.value = digits.count == 5 ? digits.prefix(3) + ":" + digits.suffix(2) : digits
            }
        } else if target == .v3 || declared == "uri" {
            p.parameters.append(VCardParameter(name: "VALUE", values: [target == .v3 ? "text" : "uri"]))
        }
    }

    /// `REV` in the target's ISO 8601 form; a 3.0 date alone is midnight UTC of that day in 4.0,
    /// whose timestamp has a time of day.
    private func convertTimestamp(_ p: inout VCardProperty) {
        let value = p.value.trimmingSpaces()
        guard VCardValueSyntax.timestamp(value, dateAlone: true).valid else { return }
        if let written = DateParsing.dateTime(value, basic: target == .v4) {
            p.value = written
        } else if target == .v4 {
            p.value = value.filter { $0 != "-" } + "T000000Z"
        }
    }

    /// 4.0 `GENDER:F;identity` ↔ 3.0 `X-GENDER:Female;identity`.
    private func gender(_ value: String) -> String {
        let sex = value.prefix { $0 != ";" }
        let rest = value[sex.endIndex...]
        switch target {
        case .v3, .v21:
            return (PersonInfo.genderWords[sex.uppercased()] ?? String(sex)) + rest
        case .v4:
            let letter = PersonInfo.genderWords.first { $0.value.lowercased() == sex.lowercased() }?.key
            return (letter ?? String(sex)) + rest
        }
    }

    // MARK: Parameters

    /// `ENCODING` on a property that is not one of the binary ones (an `X-` property, say):
    /// base64 becomes a `data:` URI in 4.0, which has no `ENCODING`, and `ENCODING=b` in 3.0. A
    /// property of a known text kind (an `ADR` saying base64) keeps its value as the text the
    /// reader took it for.
    private func convertEncoding(_ p: inout VCardProperty, kind: PropertyValueKind) {
        guard let k = p.parameters.firstIndex(where: { $0.name == "ENCODING" }) else { return }
        let isBase64 = p.parameters[k].values.first.map { ["B", "BASE64"].contains($0.uppercased()) } ?? false
        switch target {
        case .v3, .v21:
            if isBase64 { p.parameters[k].values = ["b"] }
        case .v4:
            p.parameters.remove(at: k)
            guard isBase64 && kind == .raw else { return }
            let base64 = Self.removingWhitespace(p.value)
            let format = p.parameters.first { $0.name == "TYPE" }?.values.first
            p.parameters.removeAll { $0.name == "TYPE" || $0.name == "VALUE" }
            let mediaType = format.map { MediaTypes.mediaType(format: $0, media: .image) } ?? MediaTypes.sniff(base64)
            p.parameters.append(VCardParameter(name: "VALUE", values: ["uri"]))
            p.value = "data:" + mediaType + ";base64," + base64
        }
    }

    private static func isTransferEncoding(_ values: [String]) -> Bool {
        values.allSatisfy { ["7BIT", "8BIT"].contains($0.uppercased()) }
    }

    /// 3.0 `TYPE=pref` ↔ 4.0 `PREF=1`, in one place: `pref` last in the first `TYPE` (3.0),
    /// `PREF` last among the parameters (4.0). Other `PREF` values stay in both, every one of
    /// them (a reader takes the item as preferred when any says 1).
    private func convertPreference(_ p: inout VCardProperty) {
        // Most properties have neither `TYPE=pref` nor `PREF` (nor an empty `TYPE`): nothing to change.
        guard p.parameters.contains(where: {
            $0.name == "PREF" || ($0.name == "TYPE" && ($0.values.isEmpty || $0.values.contains(where: Self.isPref)))
        }) else { return }
        var preferred = false
        for k in p.parameters.indices where p.parameters[k].name == "TYPE" {
            let before = p.parameters[k].values.count
            p.parameters[k].values.removeAll(where: Self.isPref)
            preferred = preferred || p.parameters[k].values.count < before
        }
        var preferences = p.parameters.filter { $0.name == "PREF" }
        p.parameters.removeAll { ($0.name == "TYPE" && $0.values.isEmpty) || $0.name == "PREF" }
        let saysOne = preferences.contains { $0.values == ["1"] }
        if target == .v3 && saysOne {
            preferred = true
            preferences.removeAll { $0.values == ["1"] }
        }
        p.parameters += preferences
        switch target {
        case .v4:
            if preferred && !saysOne { p.parameters.append(VCardParameter(name: "PREF", values: ["1"])) }
        case .v3, .v21:
            guard preferred else { return }
            if let t = p.parameters.firstIndex(where: { $0.name == "TYPE" }) {
                p.parameters[t].values.append("pref")
            } else {
                p.parameters.append(VCardParameter(name: "TYPE", values: ["pref"]))
            }
        }
    }

    /// `pref`, in any case.
    private static func isPref(_ type: String) -> Bool {
        type.utf8.count == 4 && type.lowercased() == "pref"
    }

    // MARK: Binary values

    /// Inline binary: 3.0 `ENCODING=b;TYPE=JPEG` ↔ 4.0 `data:image/jpeg;base64,`; links stay links
    /// (with the `VALUE=uri` that 3.0 needs).
    private func convertBinary(_ p: inout VCardProperty, media: MediaFamily) {
        if let k = p.parameters.firstIndex(where: { $0.name == "ENCODING" }),
           let encoding = p.parameters[k].values.first?.lowercased(), encoding == "b" || encoding == "base64" {
            let base64 = Self.removingWhitespace(p.value)
            let format = p.parameters.first { $0.name == "TYPE" }?.values.first
            switch target {
            case .v3, .v21:
                p.parameters[k].values = ["b"]
                p.value = base64
            case .v4:
                p.parameters.remove(at: k)
                p.parameters.removeAll { $0.name == "TYPE" }
                let mediaType = format.map { MediaTypes.mediaType(format: $0, media: media) } ?? MediaTypes.sniff(base64)
                p.value = "data:" + mediaType + ";base64," + base64
            }
            return
        }
        guard target == .v3 else {
            // An image a mail client wrote inline without ENCODING: a 4.0 value is a URI.
            let base64 = Self.removingWhitespace(p.value)
            let sniffed = MediaTypes.sniff(base64)
            if !Self.looksLikeURI(p.value), sniffed.hasPrefix("image/"), Base64.decode(Substring(base64)) != nil {
                p.parameters.removeAll { $0.name == "TYPE" || $0.name == "VALUE" }
                p.value = "data:" + sniffed + ";base64," + base64
            }
            return
        }
        if let uri = Base64.dataURI(p.value) {
            p.parameters.removeAll { $0.name == "VALUE" || $0.name == "MEDIATYPE" }
            p.parameters.append(VCardParameter(name: "ENCODING", values: ["b"]))
            if !uri.mediaType.isEmpty {
                p.parameters.append(VCardParameter(name: "TYPE", values: [MediaTypes.format(mediaType: String(uri.mediaType))]))
            }
            p.value = String(uri.data)
            return
        }
        if Self.looksLikeURI(p.value) && !p.parameters.contains(where: { $0.name == "VALUE" }) {
            p.parameters.append(VCardParameter(name: "VALUE", values: ["uri"]))
        }
    }

    /// The text without its white space (base64 may be written with line breaks and spaces);
    /// ASCII text, as base64 is, is filtered on its bytes (a photo's value is megabytes long).
    static func removingWhitespace(_ text: String) -> String {
        let bytes = text.utf8.span
        let isSpace = { (b: UInt8) in b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        var spaces = 0, ascii = true
        for i in bytes.indices {
            if bytes[i] >= 0x80 { ascii = false; break }
            if isSpace(bytes[i]) { spaces += 1 }
        }
        if ascii {
            guard spaces > 0 else { return text }
            return String(utf8Capacity: bytes.count - spaces) { out in
                for i in bytes.indices where !isSpace(bytes[i]) { out.append(bytes[i]) }
            }
        }
        return String(text.unicodeScalars.filter { !$0.properties.isWhitespace })
    }

    /// `scheme:` at the start (RFC 3986).
    static func looksLikeURI(_ value: String) -> Bool {
        guard let colon = value.utf8.firstIndex(of: UInt8(ascii: ":")), colon != value.utf8.startIndex else { return false }
        let scheme = value.utf8[..<colon]
        return scheme.first.map(isLetter) == true
            && scheme.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    private static func isLetter(_ b: UInt8) -> Bool { asciiUpper(b) >= 0x41 && asciiUpper(b) <= 0x5A }
}

/// 3.0 binary `TYPE` formats ↔ media types.
enum MediaTypes {
    private static let known: [(format: String, mediaType: String)] = [
        ("JPEG", "image/jpeg"), ("PNG", "image/png"), ("GIF", "image/gif"), ("BMP", "image/bmp"),
        ("TIFF", "image/tiff"), ("WAVE", "audio/wav"), ("MP3", "audio/mpeg"), ("OGG", "audio/ogg"),
        ("AIFF", "audio/aiff"), ("PGP", "application/pgp-keys"), ("X509", "application/pkix-cert"),
    ]

    /// The media type of a 3.0 format (`JPEG`), of the top-level type `media` when it is none we know.
    static func mediaType(format: String, media: MediaFamily) -> String {
        let upper = format.uppercased()
        if upper.contains("/") { return format.lowercased() }
        if upper == "JPG" { return "image/jpeg" }
        if let match = known.first(where: { $0.format == upper }) { return match.mediaType }
        return media.rawValue + "/" + format.lowercased()
    }

    static func format(mediaType: String) -> String {
        let lower = mediaType.lowercased()
        if let match = known.first(where: { $0.mediaType == lower }) { return match.format }
        return String(lower.split(separator: "/").last ?? Substring(lower)).uppercased()
    }

    /// The media type of base64 data from its first bytes: JPEG, PNG, GIF, else octet-stream.
    static func sniff(_ base64: String) -> String {
        if base64.hasPrefix("/9j/") { return "image/jpeg" }
        if base64.hasPrefix("iVBORw0KGgo") { return "image/png" }
        if base64.hasPrefix("R0lGOD") { return "image/gif" }
        return "application/octet-stream"
    }
}
