import ContactsCore

/// One property in jCard (RFC 7095) and in vCard 4.0, each made from the other:
/// `["name", {parameters}, "type", value, …]` against `group.NAME;PARAM=…:value`.
///
/// - The name is lower case in jCard; the group is the `group` parameter (§3.3.1.2).
/// - The value type is the third element; vCard says it with `VALUE` only when it is not the
///   property's default (`PropertyDeclaration.values`); a property with no known default has
///   the type `unknown` and its value as vCard writes it (§5).
/// - Text is unescaped; a structured value is an array of components, a component of several
///   items an array of them (§3.3.1.3); the items of a list (`CATEGORIES`) are values of their own.
/// - Dates, times and UTC offsets are in ISO 8601's extended form (`1985-04-12`, `10:22:00`,
///   `-05:00`), vCard's in the basic one (§3.5).
package enum JCardProperty {
    // MARK: vCard 4.0 → jCard

    /// Appends `["name", {…}, "type", value…]` for a vCard 4.0 property.
    package static func append(_ property: VCardProperty, to bytes: inout [UInt8]) {
        let upper = property.name.uppercased()
        let declaration = PropertyTable.declaration(in40: upper)
        var type = declaration?.values.first?.rawValue ?? "unknown"
        var parameters: [(name: String, values: [String])] = []
        if let group = property.group, !group.isEmpty { parameters.append(("group", [group])) }
        for parameter in property.parameters {
            let name = parameter.name.lowercased()
            if name == "value" {
                if let given = parameter.values.first, !given.isEmpty { type = given.lowercased() }
                continue
            }
            // RFC 6350's lists whatever the quotes: RFC 6350 quotes `SORT-AS="Harten,Rene"`, RFC 7095 gives its two.
            let values = Self.listParameters.contains(parameter.name.uppercased())
                ? parameter.values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } : parameter.values
            if let k = parameters.firstIndex(where: { $0.name == name }) {
                parameters[k].values += values
            } else {
                parameters.append((name, values))
            }
        }
        var values: [Value] = []
        let raw = Array(property.value.utf8)
        switch type {
        case "text":
            values = textValues(raw, kind: declaration?.kind ?? .text)
        case "uri", "language-tag":
            values = [.string(ValueDecoding.unescape(raw))]
        case _ where JCardDates.types.contains(type):
            if let extended = JCardDates.extended(property.value, type: type) {
                values = [.string(extended)]
            }
        case "boolean":
            switch property.value.lowercased() {
            case "true": values = [.literal("true")]
            case "false": values = [.literal("false")]
            default: break
            }
        case "integer", "float":
            if JCardDates.isNumber(raw, integer: type == "integer") { values = [.literal(property.value)] }
        default:
            break
        }
        if values.isEmpty {  // a type of no known form, or a value not of its type: as vCard has it
            type = "unknown"
            values = [.string(property.value)]
        }
        bytes.append(UInt8(ascii: "["))
        JSONText.appendString(property.name.lowercased(), to: &bytes)
        bytes.append(contentsOf: Array(",{".utf8))
        for (k, parameter) in parameters.enumerated() {
            if k > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONText.appendString(parameter.name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            if parameter.values.count == 1 {
                JSONText.appendString(parameter.values[0], to: &bytes)
            } else {
                appendArray(parameter.values.map(Value.string), to: &bytes)
            }
        }
        bytes.append(contentsOf: Array("},".utf8))
        JSONText.appendString(type, to: &bytes)
        for value in values {
            bytes.append(UInt8(ascii: ","))
            value.append(to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A value of a jCard property, as written.
    private indirect enum Value {
        case string(String)
        case literal(String)
        case array([Value])

        func append(to bytes: inout [UInt8]) {
            switch self {
            case .string(let s): JSONText.appendString(s, to: &bytes)
            case .literal(let l): bytes.append(contentsOf: Array(l.utf8))
            case .array(let a): appendArray(a, to: &bytes)
            }
        }
    }

    private static func appendArray(_ values: [Value], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (k, value) in values.enumerated() {
            if k > 0 { bytes.append(UInt8(ascii: ",")) }
            value.append(to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The values of a text property: a structured value as one array (a component of several
    /// items an array inside it), a list as a value per item, anything else as one string.
    private static func textValues(_ raw: [UInt8], kind: PropertyValueKind) -> [Value] {
        switch kind {
        case .name, .address, .organization, .gender:
            let lists = kind == .name || kind == .address
            let components = ValueDecoding.structured(raw, lists: lists)
            if components.count == 1 && components[0].count == 1 { return [.string(components[0][0])] }
            return [.array(components.map { $0.count == 1 ? .string($0[0]) : .array($0.map(Value.string)) })]
        case .textList:
            return ValueDecoding.split(raw, on: UInt8(ascii: ",")).map { .string(ValueDecoding.unescape(raw[$0])) }
        default:
            return [.string(ValueDecoding.unescape(raw))]
        }
    }

    // MARK: jCard → vCard 4.0

    /// The vCard 4.0 property of a jCard property, with `warnings` for what of it is left out;
    /// nil with the reason when it is no property.
    package static func property(_ json: JSONValue, warnings: inout [(line: Int, message: String)]) -> Result<VCardProperty, Failure> {
        guard let elements = json.array else { return .failure(Failure("a property is an array, not \(json.described)")) }
        guard elements.count >= 4 else {
            return .failure(Failure("a property has a name, parameters, a type and a value: \(elements.count) element(s) given"))
        }
        guard let name = elements[0].string, VCardEncoder.isWritableName(name), !VCardEncoder.isFrameName(name) else {
            return .failure(Failure("a property's name is a string of letters, digits and '-', not \(shown(elements[0]))"))
        }
        guard case .object(let members) = elements[1].kind else {
            return .failure(Failure("\(name): its parameters are an object, not \(elements[1].described)"))
        }
        guard let type = elements[2].string?.lowercased(), !type.isEmpty else {
            return .failure(Failure("\(name): its type is a string, not \(shown(elements[2]))"))
        }
        let upper = name.uppercased()
        var property = VCardProperty(name: upper, value: "", line: json.line)
        let defaultType = PropertyTable.declaration(in40: upper)?.values.first?.rawValue ?? "unknown"
        if type != defaultType && type != "unknown" { property.parameters.append(VCardParameter(name: "VALUE", values: [type])) }
        for (key, value) in members {
            let values: [String]? = switch value.kind {
            case .array(let items): items.allSatisfy({ scalarText($0) != nil }) ? items.compactMap(scalarText) : nil
            default: scalarText(value).map { [$0] }
            }
            guard let values, VCardEncoder.isWritableName(key) else {
                warnings.append((value.line, "\(name): parameter \(shown(JSONValue(kind: .string(key), line: 0))) is left out "
                                    + "(a parameter's name is letters, digits and '-', its value a string or an array of strings)"))
                continue
            }
            let upperKey = key.uppercased()
            if upperKey == "GROUP" {
                property.group = values.first
            } else if upperKey == "VALUE" {
                continue
            } else if values.count > 1 && !Self.listParameters.contains(upperKey) {
                // A parameter vCard does not list, repeated (`PREF=1x;PREF=1`): as many as there are values.
                property.parameters += values.map { VCardParameter(name: upperKey, values: [$0]) }
            } else {
                property.parameters.append(VCardParameter(name: upperKey, values: values))
            }
        }
        var texts: [String] = []
        for value in elements[3...] {
            guard let text = vCardText(value, type: type) else {
                return .failure(Failure("\(name): a value of type \(type) is a string, a number, a boolean or an array of them, "
                                            + "not \(value.described)"))
            }
            texts.append(text)
        }
        // A structured value given as several strings instead of one array (RDAP servers write
        // `["adr", {}, "text", "", "", "", "", "Washington", "", ""]`): its components, not a list.
        let kind = PropertyTable.declaration(in40: upper)?.kind
        let isStructured = [.name, .address, .organization, .gender].contains(kind) && type == "text"
            && elements.count > 4 && !elements[3...].contains { $0.array != nil }
        property.value = texts.joined(separator: isStructured ? ";" : ",")
        return .success(property)
    }

    /// The parameters whose value is a list in vCard 4.0 (RFC 6350 §5.5, §5.6, §5.9).
    static let listParameters: Set<String> = ["TYPE", "PID", "SORT-AS"]

    /// Why a jCard property is none.
    package struct Failure: Error {
        package let message: String
        init(_ message: String) { self.message = message }
    }

    /// A value in vCard's form: text escaped (a structured value's components joined by `;`, a
    /// component's items by `,`), dates in the basic form, a URI as it is.
    private static func vCardText(_ value: JSONValue, type: String) -> String? {
        switch value.kind {
        case .string(let s):
            switch type {
            case "text": return VCardText.escape(s)
            case _ where JCardDates.types.contains(type): return JCardDates.basic(s, type: type)
            case "unknown": return VCardText.escapingLineBreaks(s)
            default: return VCardText.escapingURI(s)
            }
        case .number(let n): return n
        case .bool(let b): return b ? "TRUE" : "FALSE"
        case .null: return ""
        case .array(let components):
            var parts: [String] = []
            for component in components {
                if case .array(let items) = component.kind {
                    var texts: [String] = []
                    for item in items {
                        guard let text = scalarText(item) else { return nil }
                        texts.append(VCardText.escape(text))
                    }
                    parts.append(texts.joined(separator: ","))
                } else {
                    guard let text = scalarText(component) else { return nil }
                    parts.append(VCardText.escape(text))
                }
            }
            return parts.joined(separator: ";")
        case .object: return nil
        }
    }

    /// A string, number or boolean as text; nil for anything else.
    private static func scalarText(_ value: JSONValue) -> String? {
        switch value.kind {
        case .string(let s): return s
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    /// A value for a message: a string in quotes (cut short), else its kind.
    private static func shown(_ value: JSONValue) -> String {
        if let s = value.string { return "'" + String(s.prefix(40)) + "'" }
        return value.described
    }
}
