import ContactsCore

/// What the model keeps among a person's extra properties and a writer has a place for.
extension PersonInfo {
    /// The dates other than the birthday and anniversary, with their labels: Apple's
    /// `itemN.X-ABDATE` with its `X-ABLabel` (`_$!<Other>!$_` as `Other`), and Android's
    /// `X-ANDROID-CUSTOM` events of the custom (0, its label) and other (2) types.
    package var otherDates: [(label: String, date: PartialDate)] {
        var labels: [String: String] = [:]
        for p in extraProperties where p.name.uppercased() == "X-ABLABEL" {
            if let group = p.group { labels[group.lowercased()] = ValueDecoding.unescape(Array(p.value.utf8)) }
        }
        return extraProperties.compactMap { p in
            switch p.name.uppercased() {
            case "X-ABDATE":
                guard case .date(let date) = DateParsing.parse(Array(p.value.utf8)) else { return nil }
                let label = Apple.plainLabel(p.group.flatMap { labels[$0.lowercased()] } ?? "Date")
                return label.lowercased() == "anniversary" ? nil : (label, date)
            case "X-ANDROID-CUSTOM":
                let fields = ValueDecoding.structured(Array(p.value.utf8), lists: false).map { $0[0] }
                guard case .event(let text, let type, let label) = Android.row(fields), type == .custom || type == .other,
                      case .date(let date) = DateParsing.parse(Array(text.utf8)) else { return nil }
                return (type == .other || label.isEmpty ? "Other" : label, date)
            default:
                return nil
            }
        }
    }

    /// vCard 4.0's sex letters and 3.0's words for them.
    package static let genderWords = ["M": "Male", "F": "Female", "O": "Other", "N": "None", "U": "Unknown"]

    /// The sex of a vCard `GENDER` (4.0) or `X-GENDER` (3.0): `M`, `F`, `O`, `N` or `U`; nil
    /// when neither says one.
    package var sex: String? {
        for p in extraProperties where ["GENDER", "X-GENDER"].contains(p.name.uppercased()) {
            let word = String(p.value.prefix { $0 != ";" }).trimmingSpaces().uppercased()
            if Self.genderWords[word] != nil { return word }
            if let letter = Self.genderWords.first(where: { $0.value.uppercased() == word })?.key { return letter }
        }
        return nil
    }
}
