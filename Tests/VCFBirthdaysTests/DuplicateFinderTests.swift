import Testing
@testable import ContactsCore
@testable import ContactsOutput

@Suite struct DuplicateFinderTests {
    private func person(_ given: String, _ family: String, uid: String? = nil, emails: [String] = [],
                        birthday: PartialDate? = nil) -> PersonInfo {
        var p = PersonInfo(source: SourcePosition(path: "t", line: 1))
        p.givenNames = [given]
        p.familyNames = [family]
        p.uid = uid
        p.emails = emails.map { ContactPoint(value: $0) }
        p.birthday = birthday
        return p
    }

    private func groups(_ people: [PersonInfo]) -> [[String]] {
        var finder = DuplicateFinder()
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

    @Test func roleAddressesAndNamesAloneLinkNobody() {
        let people = [person("Anna", "Berg", emails: ["info@berg.example"]), person("Erik", "Berg", emails: ["INFO@berg.example"]),
                      person("Anna", "Berg"), person("Anna", "Berg", birthday: PartialDate(year: nil, month: 5, day: 1)),
                      person("Anna", "Berg", birthday: PartialDate(year: 1990, month: 5, day: 1))]
        #expect(groups(people).isEmpty)
    }

    @Test func differentBirthdaysAreAConflictNotAGroup() {
        let people = [person("Anna", "Berg", emails: ["anna@example.org"], birthday: PartialDate(year: 1990, month: 5, day: 1)),
                      person("Anna", "Berg", emails: ["anna@example.org"], birthday: PartialDate(year: 1991, month: 5, day: 1)),
                      person("Anna", "Berg", emails: ["anna@example.org"], birthday: PartialDate(year: nil, month: 5, day: 1))]
        // The third joins the first (a birthday without a year fits); the second stays apart.
        #expect(groups(people) == [["0:email", "2:email"], ["0:conflict", "1:conflict"]])
    }
}
