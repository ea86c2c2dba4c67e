import ContactsCore

/// Every vCard property the tool knows, each declared once (`PropertyDeclaration`), by family
/// in the files named for them; and the lookups the reader, the writers, `--check` and
/// `--merge` make in it, built once from the declarations.
package enum PropertyTable {
    /// Every declaration, family by family.
    package static let all: [PropertyDeclaration] =
        names + dates + communication + addresses + media + organisational + card + extensions

    /// The declaration of a property by its name as the standard writes it (upper case): 4.0's,
    /// or the only version's that has it.
    package static func declaration(named upper: String) -> PropertyDeclaration? { byName[upper] }

    /// The declaration of a property by the name a vCard 4.0 card gives it (upper case): its
    /// name, or the `X-` name standing in for a property 4.0 does not have (`X-SORT-STRING`).
    package static func declaration(in40 upper: String) -> PropertyDeclaration? { byName40[upper] }

    /// The name a version writes the property of a model field under (`.birthday`: `BDAY`).
    static func name(of field: PropertyName, in version: VCardTargetVersion) -> String {
        guard let declaration = byField[field] else { preconditionFailure("no property is read into \(field)") }
        return declaration.written(in: version).name
    }

    /// The properties each version registers (private ones aside).
    static func registered(_ version: VCardVersion) -> Set<String> {
        switch version {
        case .v21: registered21
        case .v30: registered30
        case .v40: registered40
        }
    }

    /// The properties each version allows at most once.
    static func atMostOnce(_ version: VCardVersion) -> [String] {
        switch version {
        case .v21: once21
        case .v30: once30
        case .v40: once40
        }
    }

    /// The value kind of a name as a version writes it: the property's name, its 3.0 name, or
    /// the `X-` name standing in for it; nil for any other name (a vendor's alias is kept as
    /// the vendor wrote it).
    static func kind(written upper: String) -> PropertyValueKind? { kinds[upper] }

    /// The model field each name is read into (`FieldIndex.field(of:)`); a reader keeps it at
    /// hand, as the table is asked for every property of every card.
    static let fields = FieldIndex(all)

    // MARK: Built from the declarations

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    private static let byName40 = Dictionary(uniqueKeysWithValues: all.map { ($0.written(in: .v4).name, $0) })
    private static let byField: [PropertyName: PropertyDeclaration] = {
        var byField: [PropertyName: PropertyDeclaration] = [:]
        for d in all { if let field = d.field, byField[field] == nil { byField[field] = d } }
        return byField
    }()
    private static let registered21 = registry(.v21), registered30 = registry(.v30), registered40 = registry(.v40)
    private static let once21 = once(.v21), once30 = once(.v30), once40 = once(.v40)

    private static func registry(_ version: VCardVersion) -> Set<String> {
        Set(all.filter { !$0.isPrivate && $0.versions.contains(VCardVersions(version)) }.map(\.name))
    }

    private static func once(_ version: VCardVersion) -> [String] {
        all.filter { $0.once.contains(VCardVersions(version)) }.map(\.name)
    }

    private static let kinds: [String: PropertyValueKind] = {
        var kinds: [String: PropertyValueKind] = [:]
        for d in all where d.kind != .raw {
            for version in [VCardTargetVersion.v3, .v4] { kinds[d.written(in: version).name] = d.kind }
        }
        return kinds
    }()
}

/// The model fields by property name, for reading: a name of at most 8 bytes (most lines' names)
/// packed upper case into a word and found with one hash probe; a longer one among the longer
/// names of its first letter and length, compared byte by byte without case. Each name is in
/// one of the two.
struct FieldIndex {
    /// The names longer than 8 bytes, upper case, one after another.
    private let bytes: [UInt8]
    private let entries: [(start: Int32, count: Int32, field: PropertyName)]
    /// Where the entries of each group (first letter A–Z × length modulo 32) begin; the last
    /// one ends the last group.
    private let starts: [Int32]
    /// The names of at most 8 bytes as words (`word(of:)`; 0: a free slot), open-addressed by
    /// `slot(of:)`, with their fields; at most a quarter full, so a name not there is told at
    /// the first free slot.
    private let shortWords: [UInt64]
    private let shortFields: [PropertyName?]

    private static func group(letter: Int, count: Int) -> Int { letter &* 32 &+ (count & 31) }

    /// Where a word's probe starts (the table has 2^shortBits slots).
    @inline(__always)
    private static func slot(of word: UInt64) -> Int { Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> (64 - shortBits)) }
    private static let shortBits: UInt64 = 9

    /// A name of 1 to 8 bytes as a word, upper case, its first byte lowest; nil for no name, or
    /// one with a 0 byte (which a word could not tell from a shorter name): no property's name.
    @inline(__always)
    private static func word(of name: Span<UInt8>) -> UInt64? {
        guard !name.isEmpty else { return nil }
        var word: UInt64 = 0
        var hasZero = false
        for i in 0..<name.count {
            let b = name[i]
            hasZero = hasZero || b == 0
            word |= UInt64(b) &<< (UInt64(i) &* 8)
        }
        guard !hasZero else { return nil }
        return asciiUpper(word: word)
    }

    /// The field of a short name's word: one probe, or a few past taken slots.
    @inline(__always)
    private func shortField(_ word: UInt64) -> PropertyName? {
        let mask = shortWords.count &- 1
        var k = Self.slot(of: word)
        while true {
            let here = shortWords[k]
            if here == word { return shortFields[k] }
            if here == 0 { return nil }
            k = (k &+ 1) & mask
        }
    }

    init(_ declarations: [PropertyDeclaration]) {
        var named: [(group: Int, name: String, field: PropertyName)] = []
        for d in declarations {
            guard let field = d.field else { continue }
            for name in [d.name] + (d.in30.map { [$0] } ?? []) + d.aliases {
                let letter = Int(name.utf8.first!) - 0x41
                precondition((0..<26).contains(letter), "a property name starts with a letter: \(name)")
                named.append((Self.group(letter: letter, count: name.utf8.count), name, field))
            }
        }
        named.sort { ($0.group, $0.name) < ($1.group, $1.name) }
        var bytes: [UInt8] = [], entries: [(start: Int32, count: Int32, field: PropertyName)] = []
        var starts = [Int32](repeating: 0, count: 26 * 32 + 1)
        for (group, name, field) in named where name.utf8.count > 8 {
            starts[group + 1] += 1
            entries.append((Int32(bytes.count), Int32(name.utf8.count), field))
            bytes += name.utf8
        }
        for group in 1..<starts.count { starts[group] += starts[group - 1] }
        self.bytes = bytes
        self.entries = entries
        self.starts = starts
        var shortWords = [UInt64](repeating: 0, count: 1 << Self.shortBits)
        var shortFields = [PropertyName?](repeating: nil, count: 1 << Self.shortBits)
        for (_, name, field) in named where name.utf8.count <= 8 {
            let word = Self.word(of: Array(name.utf8).span)!
            var k = Self.slot(of: word)
            while shortWords[k] != 0 && shortWords[k] != word { k = (k + 1) & (shortWords.count - 1) }
            shortWords[k] = word
            shortFields[k] = field
        }
        precondition(named.count * 4 <= shortWords.count, "the table of short names is at most a quarter full")
        self.shortWords = shortWords
        self.shortFields = shortFields
    }

    /// The model field of the name at `name` in a line: as `field(of:)`, the usual name's word
    /// loaded as the line's 8 bytes from its start when the line has them.
    @inline(__always)
    func field(in line: Span<UInt8>, name: Range<Int>) -> PropertyName? {
        let count = name.count
        guard count >= 1 && count <= 8 && name.lowerBound &+ 8 <= line.count else {
            return field(ofNameIn: line, at: name)
        }
        let loaded = line.littleEndianWord(at: name.lowerBound)
        // The name's bytes only, the rest 0; a name with a 0 byte of its own is none.
        let kept = count == 8 ? loaded : loaded & ((1 &<< (UInt64(count) &* 8)) &- 1)
        let ones: UInt64 = count == 8 ? 0x8080_8080_8080_8080 : 0x8080_8080_8080_8080 & ((1 &<< (UInt64(count) &* 8)) &- 1)
        guard ~((kept & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | kept) & ones == 0 else { return nil }
        return shortField(asciiUpper(word: kept))
    }

    /// `field(of:)` for a line's name that `field(in:name:)` does not take the word of itself.
    @inline(never)
    private func field(ofNameIn line: Span<UInt8>, at name: Range<Int>) -> PropertyName? {
        field(of: line.extracting(name))
    }

    /// The model field a name is read into, the name given as bytes in any case: the
    /// property's name, its 3.0 name or a vendor's alias.
    @inline(__always)
    func field(of name: Span<UInt8>) -> PropertyName? {
        if name.count <= 8 {
            guard let word = Self.word(of: name) else { return nil }
            return shortField(word)
        }
        return longField(name)
    }

    /// The field of a name longer than 8 bytes: looked for among the names of its first letter
    /// and length.
    private func longField(_ name: Span<UInt8>) -> PropertyName? {
        let count = name.count
        let letter = Int(asciiUpper(name[0])) &- 0x41
        guard letter >= 0 && letter < 26 else { return nil }
        let group = Self.group(letter: letter, count: count)
        var k = Int(starts[group])
        let end = Int(starts[group + 1])
        while k < end {
            let entry = entries[k]
            if Int(entry.count) == count {
                let at = Int(entry.start)
                var i = 1  // the first letter is the group's
                while i < count && asciiUpper(name[i]) == bytes[at &+ i] { i &+= 1 }
                if i == count { return entry.field }
            }
            k += 1
        }
        return nil
    }
}
