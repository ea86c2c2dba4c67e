import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
import ContactsTesting
import ContactFormatsTesting

@Suite struct DuplicateFinderTests {
    private func person(_ given: String, _ family: String, uid: String? = nil, emails: [String] = [],
                        phones: [String] = [], birthday: PartialDate? = nil) -> PersonInfo {
        var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
        p.givenNames = given.isEmpty ? [] : [given]
        p.familyNames = family.isEmpty ? [] : [family]
        p.phones = phones.map { ContactPoint(value: $0) }
        p.uid = uid
        p.emails = emails.map { ContactPoint(value: $0) }
        p.birthday = birthday
        return p
    }

    private func groups(_ people: [PersonInfo], region: String? = "DE") -> [[String]] {
        var finder = DuplicateFinder(region: region)
        people.forEach { finder.add($0) }
        return finder.groups().map { $0.map { "\($0.index):\($0.reason.rawValue)" } }
    }

    @Test func reasonsStrongestFirst() {
        let day = PartialDate(year: 1990, month: 5, day: 1)
        #expect(groups([
            person("Anna", "Berg", uid: "u1"), person("Erik", "Berg"), person("A.", "Berg", uid: "u1", emails: ["Anna@Example.org"]),
            person("Anna", "Berg", emails: ["anna@example.ORG"]), person("Zoë", "Ek", birthday: day), person("ZOE", "ek", birthday: day),
        ]) == [["0:uid", "2:uid", "3:email"], ["4:name-birthday", "5:name-birthday"]])
    }

    /// Names in other scripts are compared in Latin letters.
    @Test func namesInOtherScripts() {
        let day = PartialDate(year: 1990, month: 5, day: 1)
        #expect(groups([
            person("Анна", "Берг", phones: ["+46 8 123 456"]), person("Erik", "Berg", phones: ["+46 8 123 456"]),
            person("Anna", "Berg", phones: ["+46 8 123 456"]),
            person("はなこ", "やまだ", birthday: day), person("Hanako", "Yamada", birthday: day), person("Ζωή", "Έκ", birthday: day),
            person("Zoe", "Ek", birthday: day),
        ]) == [["0:phone", "2:phone"], ["3:name-birthday", "4:name-birthday"], ["5:name-birthday", "6:name-birthday"]])
    }

    @Test func namesAloneAndRoleAddressesOfOtherNamesLinkNobody() {
        let people = [person("Anna", "Berg", emails: ["info@berg.example"]), person("Erik", "Berg", emails: ["INFO@berg.example"]),
                      person("", "", emails: ["info@berg.example"]), person("Cy", "Lund", emails: ["info@berg.example"]),
                      person("Anna", "Berg"), person("Anna", "Berg", birthday: PartialDate(year: nil, month: 5, day: 1)),
                      person("Anna", "Berg", birthday: PartialDate(year: 1990, month: 5, day: 1))]
        #expect(groups(people).isEmpty)
    }

    /// #45: a shared role address links people whose names fit, as a shared phone does:
    /// transliterated, an initial, a missing given name; colleagues with other names stay apart.
    @Test func aRoleAddressJoinsNamesThatFit() {
        #expect(groups([
            person("Борис", "Орлов", emails: ["office@orlov-design.example"]), person("Boris", "Orlov", emails: ["Office@Orlov-Design.example"]),
            person("K.", "Lindqvist", emails: ["info@lindqvist.example"]), person("Karin", "Lindqvist", emails: ["info@lindqvist.example"]),
            person("Lars", "Lindqvist", emails: ["info@lindqvist.example"]), person("", "Ek", emails: ["sales@ek.example"]),
            person("Zoë", "Ek", emails: ["sales@ek.example"]), person("Eva", "Ström", emails: ["support@strom.example"]),
            person("Ivo", "Ström", emails: ["support@strom.example"]),
        ]) == [["0:role-email", "1:role-email"], ["2:role-email", "3:role-email"], ["5:role-email", "6:role-email"]])
        // Another birthday makes a conflict, as a phone's does.
        #expect(groups([person("Karin", "Lindqvist", emails: ["info@lindqvist.example"], birthday: PartialDate(year: 1980, month: 1, day: 2)),
                        person("K.", "Lindqvist", emails: ["info@lindqvist.example"], birthday: PartialDate(year: 1981, month: 1, day: 2))])
            == [["0:conflict", "1:conflict"]])
    }

    @Test func differentBirthdaysAreAConflictNotAGroup() {
        let people = [person("Anna", "Berg", emails: ["anna@example.org"], birthday: PartialDate(year: 1990, month: 5, day: 1)),
                      person("Anna", "Berg", emails: ["anna@example.org"], birthday: PartialDate(year: 1991, month: 5, day: 1)),
                      person("Anna", "Berg", emails: ["anna@example.org"], birthday: PartialDate(year: nil, month: 5, day: 1))]
        // The third joins the first (a birthday without a year fits); the second stays apart.
        #expect(groups(people) == [["0:email", "2:email"], ["0:conflict", "1:conflict"]])
    }

    /// A family shares its landline: Anna and Erik Berg are two people; Anna, A. Berg and a
    /// nameless card with the number, written three ways, are one.
    @Test func aPhoneJoinsNamesThatFit() {
        let people = [person("Anna", "Berg", phones: ["030 1234567"]), person("Erik", "Berg", phones: ["+49 30 1234567"]),
                      person("A.", "Berg", phones: ["+49 (30) 123-4567"]), person("", "", phones: ["0049 30 1234567"]),
                      person("Anna", "Lund", phones: ["+49 30 1234567"])]
        #expect(groups(people) == [["0:phone", "2:phone", "3:phone"]])
        // A national number (and 0049) needs a region: without one, only the +49 numbers are
        // read, and Erik, A. Berg and Anna Lund fit no one of them.
        #expect(groups(people, region: nil).isEmpty)
        #expect(groups([people[2], people[0], people[4]], region: nil).isEmpty)
        #expect(groups([people[2], person("Anna", "Berg", phones: ["+49 30 1234567"])], region: nil) == [["0:phone", "1:phone"]])
    }

    @Test func aPhoneWithAnotherBirthdayIsAConflict() {
        let people = [person("Anna", "Berg", phones: ["+46 8 123 456 78"], birthday: PartialDate(year: 1990, month: 5, day: 1)),
                      person("Anna", "Berg", phones: ["+46812345678"], birthday: PartialDate(year: 1990, month: 6, day: 1))]
        #expect(groups(people) == [["0:conflict", "1:conflict"]])
    }
}
