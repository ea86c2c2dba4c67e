import FuzzSupport
import VCFBirthdays
import VCFBirthdaysTesting

/// `--merge` on any cards: people with no duplicates come back as they went in, also through
/// the scratch file (a budget of nothing); everyone given one UID (so that all whose birthdays
/// fit are one group) keeps every e-mail address, category and note.
@_cdecl("fuzz_merge_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.run(argc, argv, fuzzMerge)
}

public func fuzzMerge(_ pointer: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let pointer else { return 0 }
    let people = Fuzz.read(Array(UnsafeBufferPointer(start: pointer, count: size)), csv: false, scope: .card).people
    guard !people.isEmpty else { return 0 }
    func merged(_ people: [PersonInfo]) -> [PersonInfo] {
        let spy = SpySink()
        let scratch = MemoryScratchFile()
        let merger = DuplicateMerger(next: spy, region: "DE", scope: .card,
                                     budget: MemoryBudget(bytes: 0, makeScratch: { scratch }), summary: nil)
        do {
            for person in people { try merger.consume(person) }
            try merger.finish()
        } catch {
            Fuzz.fail("the merge threw \(error)")
        }
        return spy.people
    }
    var finder = DuplicateFinder(region: "DE")
    people.forEach { finder.add($0) }
    if finder.groups().allSatisfy({ $0[0].reason == .conflict }), merged(people) != people {
        Fuzz.fail("people without duplicates changed:\n\(Fuzz.json(people))\n---\n\(Fuzz.json(merged(people)))")
    }
    let one = people.map { person in
        var person = person
        person.uid = "fuzz"
        person.cardProperties.removeAll { $0.name.uppercased() == "UID" }
        return person
    }
    let after = merged(one)
    func values(_ people: [PersonInfo], _ field: (PersonInfo) -> [String]) -> Set<String> {
        Set(people.flatMap(field).map { folded(String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())) }
            .filter { !$0.isEmpty })
    }
    let emails: (PersonInfo) -> [String] = { $0.emails.map(\.value) }
    let categories: (PersonInfo) -> [String] = { $0.categories }
    for (name, field) in [("e-mail", emails), ("category", categories)] {
        let lost = values(one, field).subtracting(values(after, field))
        if !lost.isEmpty { Fuzz.fail("the merge lost \(name) \(lost):\n\(Fuzz.json(one))\n---\n\(Fuzz.json(after))") }
    }
    let notes = after.compactMap(\.note)
    // (An empty note, like an empty e-mail address, holds nothing to lose.)
    if let lost = one.compactMap(\.note).first(where: { note in !note.allSatisfy(\.isWhitespace) && !notes.contains { $0.contains(note) } }) {
        Fuzz.fail("the merge lost the note \(lost.debugDescription):\n\(Fuzz.json(one))\n---\n\(Fuzz.json(after))")
    }
    return 0
}
