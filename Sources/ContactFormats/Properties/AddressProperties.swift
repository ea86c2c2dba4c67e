import ContactsCore

/// Where a person is.
extension PropertyTable {
    static let addresses: [PropertyDeclaration] = [
        PropertyDeclaration("ADR", .all, kind: .address, rule: .components(7), merge: .caseless, field: .address,
                            definedIn: "RFC 6350 §6.3.1", values: [.text],
                            parameters: .listed.union([.label, .language, .geo, .tz, .cc, .phonetic, .script, .jsComps]),
                            jsContact: .address),
        PropertyDeclaration("LABEL", [.v21, .v30], kind: .text, definedIn: "RFC 2426 §3.2.2"),
        PropertyDeclaration("TZ", .all, kind: .timeZone, rule: .timeZone, definedIn: "RFC 6350 §6.5.1",
                            values: [.text, .uri, .utcOffset], parameters: .listed.union(.mediaType),
                            jsContact: .entry(JSContactEntry("addresses", value: "timeZone", key: "ADDR", .timeZone))),
        PropertyDeclaration("GEO", .all, kind: .geo, rule: .geo, definedIn: "RFC 6350 §6.5.2",
                            values: [.uri], parameters: .listed.union(.mediaType),
                            jsContact: .entry(JSContactEntry("addresses", value: "coordinates", key: "ADDR", .geo))),
        PropertyDeclaration("BIRTHPLACE", .v40, definedIn: "RFC 6474 §2.1",
                            values: [.text, .uri], parameters: [.altID, .language],
                            jsContact: .place("birth")),
        PropertyDeclaration("DEATHPLACE", .v40, definedIn: "RFC 6474 §2.2",
                            values: [.text, .uri], parameters: [.altID, .language],
                            jsContact: .place("death")),
    ]
}

extension PersonDecoder {
    /// `ADR`'s seven components, with its types and Apple's label.
    func readAddress(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, label: String?, to person: inout PersonInfo) -> Bool {
        var address = PostalAddress()
        withValue(card, p) { value in
            ValueDecoding.forEachItem(value, lists: false) { component, part in
                switch component {
                case 0: address.poBox = part
                case 1: address.extended = part
                case 2: address.street = part
                case 3: address.locality = part
                case 4: address.region = part
                case 5: address.postalCode = part
                case 6: address.country = part
                default: break
                }
            }
        }
        (address.types, address.preferred) = typesAndPreference(card, p, label: label, dropping: nil)
        person.addresses.append(address)
        return true
    }
}

extension PersonProperties {
    static func writeAddresses(_ person: PersonInfo, to out: inout PropertyWriter) {
        for address in person.addresses {
            let parts = [address.poBox, address.extended, address.street, address.locality, address.region,
                         address.postalCode, address.country]
            out.add("ADR", VCardText.structured(parts.map { [$0] }), typeParameters(address.types, preferred: address.preferred))
        }
    }
}
