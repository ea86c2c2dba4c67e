import FuzzSupport
import VCFBirthdays
import VCFBirthdaysTesting

/// Each writer round trip: parse → write vCard 4.0 → parse, → vCard 3.0 → parse, → jCard → parse, → vCard 2.1
/// → parse (the people as 2.1 holds them), → LDIF → parse, and → csv → parse must give the same
/// people (their JSON), whatever the input bytes.
/// (The CSV trip covers the people a CSV row can hold: `csvRepresentable`.)
@_cdecl("fuzz_roundtrip_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzRoundTrip)
}

public func fuzzRoundTrip(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data = pointer else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let people = Fuzz.read(bytes, csv: false, scope: .card).people
    guard !people.isEmpty else { return 0 }
    let expected = Fuzz.json(people)
    let diagnostics = RecordingDiagnostics()
    for version in [VCardTargetVersion.v4, .v3] {
        let text = Fuzz.write(people) {
            FormattedOutput(format: VCardEncoder(version: version, appleCompat: version == .v3), output: $0,
                            diagnostics: diagnostics)
        }
        let again = Fuzz.read(Array(text.utf8), csv: false, scope: .card)
        guard again.rejected == 0, Fuzz.json(again.people) == expected else {
            Fuzz.fail("vCard \(version.rawValue) round trip changed the people:\n\(expected)\n---\n\(Fuzz.json(again.people))")
        }
    }
    // jCard holds what vCard 4.0 does.
    let jcard = Fuzz.write(people) { FormattedOutput(format: JCardEncoder(), output: $0, diagnostics: diagnostics) }
    do {
        let (fromJCard, said) = try readContacts(Array(jcard.utf8), format: .jcard, scope: .card)
        guard said.rejections.isEmpty, Fuzz.json(fromJCard) == expected else {
            Fuzz.fail("jCard round trip changed the people:\n\(expected)\n---\n\(Fuzz.json(fromJCard))\n\(jcard)")
        }
    } catch {
        Fuzz.fail("the jCard reader threw \(error)")
    }
    // JSContact holds what vCard 4.0 does (RFC 9555, vCardProps, JSPROP), but a made-up UID and the order of types.
    let cards = Fuzz.write(people) { FormattedOutput(format: JSContactEncoder(), output: $0, diagnostics: diagnostics) }
    do {
        let (fromCards, said) = try readContacts(Array(cards.utf8), format: .jscontact, scope: .card)
        guard said.rejections.isEmpty,
              Fuzz.jsonAsJSContactKeeps(fromCards, uidsOf: people) == Fuzz.jsonAsJSContactKeeps(people, uidsOf: people) else {
            Fuzz.fail("JSContact round trip changed the people:\n\(expected)\n---\n\(Fuzz.json(fromCards))\n\(cards)")
        }
    } catch {
        Fuzz.fail("the JSContact reader threw \(error)")
    }
    // vCard 2.1 holds the people as `vCard21Representable` says (no lists in a name's parts).
    let v21 = Fuzz.write(people) {
        FormattedOutput(format: VCardEncoder(version: .v21, appleCompat: false), output: $0, diagnostics: diagnostics)
    }
    let from21 = Fuzz.read(Array(v21.utf8), csv: false, scope: .card)
    guard from21.rejected == 0, Fuzz.json(from21.people) == Fuzz.json(vCard21Representable(people)) else {
        Fuzz.fail("vCard 2.1 round trip changed the people:\n\(Fuzz.json(vCard21Representable(people)))\n---\n\(Fuzz.json(from21.people))")
    }
    let ldif = Fuzz.write(people) { FormattedOutput(format: LDIFEncoder(), output: $0) }
    do {
        let (fromLDIF, diagnostics) = try readContacts(Array(ldif.utf8), format: .ldif, scope: .card)
        guard diagnostics.rejections.isEmpty, diagnostics.warnings.isEmpty, Fuzz.json(fromLDIF) == expected else {
            Fuzz.fail("LDIF round trip changed the people:\n\(expected)\n---\n\(Fuzz.json(fromLDIF))\n\(diagnostics.warnings)")
        }
    } catch {
        Fuzz.fail("the LDIF reader threw \(error)")
    }
    let contacts = csvRepresentable(people)
    let csv = Fuzz.write(contacts) { FormattedOutput(format: CSVEncoder(layout: GenericCSVLayout(), guardsFormulas: false), output: $0) }
    let fromCSV = Fuzz.read(Array(csv.utf8), csv: true)
    guard Fuzz.json(fromCSV.people) == Fuzz.json(contacts) else {
        Fuzz.fail("csv round trip changed the people:\n\(Fuzz.json(contacts))\n---\n\(Fuzz.json(fromCSV.people))")
    }
    return 0
}
