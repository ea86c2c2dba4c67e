import ContactsCore

/// The vCard properties of a person that was not read from a vCard (CSV input, or built in
/// code): every model field in its property, each written in its family's file
/// (`Properties/`), then `extraProperties` (CSV columns with no field travel as
/// `X-CSV;COLUMN="…"`). Values are escaped; the version rules apply afterwards.
package enum PersonProperties {
    package static func make(_ person: PersonInfo) -> [VCardProperty] {
        var out = PropertyWriter(line: person.source.line)
        writeFormattedName(person, to: &out)
        writeName(person, to: &out)
        writeNickname(person, to: &out)
        writePhoneticNames(person, to: &out)
        writeBirthday(person, to: &out)
        writeAnniversary(person, to: &out)
        writeOrganization(person, to: &out)
        writeTitle(person, to: &out)
        writeNote(person, to: &out)
        writeEmails(person, to: &out)
        writePhones(person, to: &out)
        writeAddresses(person, to: &out)
        writeURLs(person, to: &out)
        writeCategories(person, to: &out)
        writeUID(person, to: &out)
        return out.properties + person.extraProperties
    }

    /// `TYPE=` with the types, and `PREF=1` for a preferred item.
    static func typeParameters(_ types: [String], preferred: Bool) -> [VCardParameter] {
        var parameters: [VCardParameter] = []
        if !types.isEmpty { parameters.append(VCardParameter(name: "TYPE", values: types)) }
        if preferred { parameters.append(VCardParameter(name: "PREF", values: ["1"])) }
        return parameters
    }
}

/// The properties written from the model so far, each at the person's line.
struct PropertyWriter {
    let line: Int
    private(set) var properties: [VCardProperty] = []

    init(line: Int) {
        self.line = line
    }

    mutating func add(_ name: String, _ value: String, _ parameters: [VCardParameter] = []) {
        properties.append(VCardProperty(name: name, parameters: parameters, value: value, line: line))
    }

    /// A text property, escaped, when there is a value.
    mutating func text(_ name: String, _ value: String?) {
        if let value { add(name, VCardText.escape(value)) }
    }
}
