/// RFC 9555 §3.3.1's `JSCOMPS` parameter: the order of an ordered name's or address's
/// components (`isOrdered`) and its separators, as positions in N's or ADR's value
/// (`N;JSCOMPS=";1;0":Doe;Jane;;;`: the given name, then the surname).
enum JSComps {
    /// A position in a structured value: the component, and the item in it.
    typealias Position = (component: Int, item: Int)

    enum Entry: Equatable {
        case position(component: Int, item: Int)
        case separator(String)
    }

    /// The default separator (nil: none) and the entries of a parameter value; nil when it is
    /// none (an entry neither `i`, `i,j` nor `s,text`, or a first entry that is no separator).
    static func parse(_ value: String) -> (defaultSeparator: String?, entries: [Entry])? {
        var fields: [String] = [], field = "", escaped = false
        for c in value {
            if escaped { field.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == ";" {
                fields.append(field)
                field = ""
            } else { field.append(c) }
        }
        fields.append(field)
        guard fields.count >= 2 else { return nil }
        // The first entry is the default separator, or empty for none.
        let defaultSeparator: String?
        if fields[0].isEmpty { defaultSeparator = nil } else if fields[0].hasPrefix("s,") { defaultSeparator = String(fields[0].dropFirst(2)) } else {
            return nil
        }
        var entries: [Entry] = []
        for field in fields.dropFirst() {
            if field.hasPrefix("s,") {
                entries.append(.separator(String(field.dropFirst(2))))
                continue
            }
            let numbers = field.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...2).contains(numbers.count), let i = Int(numbers[0]), i >= 0,
                  numbers.count == 1 || Int(numbers[1]).map({ $0 > 0 }) == true, numbers.allSatisfy({ $0.allSatisfy(\.isASCII) })
            else { return nil }
            entries.append(.position(component: i, item: numbers.count == 2 ? Int(numbers[1])! : 0))
        }
        return (defaultSeparator, entries)
    }

    /// The ordered components of a structured value (`parts`, its components' items) that the
    /// entries give, each of the kind of its component, with its position (nil for a separator); nil when an entry points at no value, or
    /// the entries do not give `count` values (the values the value holds once each).
    static func components(_ entries: [Entry], parts: [[String]], kinds: [String], count: Int)
        -> (components: [JSONValue], positions: [Position?])? {
        var components: [JSONValue] = []
        var positions: [Position?] = []
        var seen = Set<Int>()
        var values = 0
        for entry in entries {
            switch entry {
            case .separator(let s):
                components.append(.object([("kind", .string("separator")), ("value", .string(s))]))
                positions.append(nil)
            case .position(let i, let j):
                guard i < parts.count, i < kinds.count, j < parts[i].count, !parts[i][j].isEmpty,
                      seen.insert(i << 16 | j).inserted else { return nil }
                components.append(.object([("kind", .string(kinds[i])), ("value", .string(parts[i][j]))]))
                positions.append((i, j))
                values += 1
            }
        }
        return values == count ? (components, positions) : nil
    }

    /// The parameter value that says an ordered Name's or Address's components: each component
    /// at its position (`positions`, in the order of the non-separator components), each separator as it is.
    static func parameter(_ components: [JSONValue], positions: [Position], defaultSeparator: String?) -> String {
        func escaped(_ s: String) -> String {
            var out = ""
            for c in s { if c == "\\" || c == "," || c == ";" { out.append("\\") }; out.append(c) }
            return out
        }
        var fields = [defaultSeparator.map { "s," + escaped($0) } ?? ""]
        var k = 0
        for component in components {
            if component["kind"]?.string == "separator" {
                fields.append("s," + escaped(component["value"]?.string ?? ""))
            } else if k < positions.count {
                let (i, j) = positions[k]
                fields.append(j == 0 ? String(i) : "\(i),\(j)")
                k += 1
            }
        }
        return fields.joined(separator: ";")
    }
}
