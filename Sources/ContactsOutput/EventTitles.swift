import ContactsCore
import ContactFormats

/// The titles (`SUMMARY`) of calendar events, from a template with the placeholders `{name}`,
/// `{age}` (the age reached that year, as "41 years" in the language), `{year}` (the year the
/// event falls in), `{date}` (its day, `YYYY-MM-DD`) and `{kind}` (Birthday, Anniversary, or an
/// Apple date's label).
///
/// A placeholder with no value (the age when the birth year is unknown, or in a recurring event)
/// takes with it the innermost `(…)` or `[…]` around it, else the text between it and the
/// filled placeholder before it, or the start (`{name} turns {age}` → `Anna Müller`); then runs
/// of spaces become one and spaces at the ends go.
///
/// The default template and words are in the language of the locale (en, de, fr, es, it, nl, sv,
/// pl, pt; English otherwise): `{kind}: {name}`, and with single events per year
/// `{kind}: {name} ({age})`.
public struct EventTitles: Sendable {
    private let template: String
    private let words: Words
    private let language: String
    /// "N years" for the ages a person reaches, in the language (ICU's plural rules choose the form).
    private let ages: [String]

    /// Titles from `template` (nil: the language's default, `withAge` for single events per year)
    /// in the language of `locale`.
    public init(template: String?, locale: String, withAge: Bool) {
        let language = String(locale.lowercased().prefix { $0.isLetter })
        let words = Self.languages[language] ?? Self.languages["en"]!
        self.language = Self.languages[language] == nil ? "en" : language
        self.words = words
        self.template = template ?? (withAge ? words.kindAndNameWithAge : "{kind}: {name}")
        let rulesLocale = self.language
        ages = (0...150).map { n in
            (words.years[pluralCategory(of: n, locale: rulesLocale)] ?? words.years["other"]!).replacingAll("#", with: "\(n)")
        }
    }

    /// The title of an event of `kind` (a label for an Apple date), for `name`, reaching `age` on `date`.
    public func title(kind: EventKind, name: String, age: Int?, year: Int?, date: CalendarDate?) -> String {
        let kindWord: String = switch kind {
        case .birthday: words.birthday
        case .anniversary: words.anniversary
        case .labelled(let label): label
        }
        if template == "{kind}: {name}" { return kindWord + ": " + name }  // the default, without the general fill
        let values: [String: String] = [
            "name": name, "kind": kindWord,
            "age": age.map { $0 >= 0 && $0 < ages.count ? ages[$0] : "\($0)" } ?? "",
            "year": year.map { PartialDate.pad($0, 4) } ?? "",
            "date": date.map { PartialDate.pad($0.year, 4) + "-" + PartialDate.pad($0.month, 2) + "-" + PartialDate.pad($0.day, 2) } ?? "",
        ]
        return Self.fill(template, values)
    }

    /// What an event is of.
    public enum EventKind: Sendable {
        case birthday, anniversary
        /// An Apple labelled date (`X-ABDATE` with `X-ABLabel`).
        case labelled(String)
    }

    /// The template with its placeholders filled, and what goes with an empty one gone (see the type).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var text = Array(template)
        var i = 0
        var afterFilled = 0  // where the text after the last filled placeholder starts
        while i < text.count {
            guard text[i] == "{", let close = text[i...].firstIndex(of: "}"),
                  let value = values[String(text[(i + 1)..<close])] else {
                i += 1
                continue
            }
            if !value.isEmpty {
                text.replaceSubrange(i...close, with: Array(value))
                i += value.count
                afterFilled = i
                continue
            }
            // Empty: the innermost bracket pair around it, else back to the placeholder or start before it.
            var start = i, end = close
            if let open = text[..<i].lastIndex(where: { $0 == "(" || $0 == "[" }),
               !text[(open + 1)..<i].contains(where: { $0 == ")" || $0 == "]" }),
               let shut = text[(close + 1)...].firstIndex(of: text[open] == "(" ? ")" : "]") {
                start = open
                end = shut
            } else {
                start = afterFilled
            }
            text.removeSubrange(start...end)
            i = start
        }
        return String(text).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    struct Words: Sendable {
        var birthday: String, anniversary: String
        /// `{kind}: {name} ({age})` in the language's punctuation.
        var kindAndNameWithAge: String
        /// "# years" by plural category (`#` is the number).
        var years: [String: String]
    }

    static let languages: [String: Words] = [
        "en": Words(birthday: "Birthday", anniversary: "Anniversary", kindAndNameWithAge: "{kind}: {name} ({age})",
                    years: ["one": "# year", "other": "# years"]),
        "de": Words(birthday: "Geburtstag", anniversary: "Jahrestag", kindAndNameWithAge: "{kind}: {name} ({age})",
                    years: ["one": "# Jahr", "other": "# Jahre"]),
        "fr": Words(birthday: "Anniversaire", anniversary: "Anniversaire de mariage",
                    kindAndNameWithAge: "{kind} : {name} ({age})", years: ["one": "# an", "many": "# ans", "other": "# ans"]),
        "es": Words(birthday: "Cumpleaños", anniversary: "Aniversario", kindAndNameWithAge: "{kind}: {name} ({age})",
                    years: ["one": "# año", "many": "# años", "other": "# años"]),
        "it": Words(birthday: "Compleanno", anniversary: "Anniversario", kindAndNameWithAge: "{kind}: {name} ({age})",
                    years: ["one": "# anno", "many": "# anni", "other": "# anni"]),
        "nl": Words(birthday: "Verjaardag", anniversary: "Jubileum", kindAndNameWithAge: "{kind}: {name} ({age})",
                    years: ["one": "# jaar", "other": "# jaar"]),
        "sv": Words(birthday: "Födelsedag", anniversary: "Bröllopsdag", kindAndNameWithAge: "{kind}: {name} ({age})",
                    years: ["one": "# år", "other": "# år"]),
        "pl": Words(birthday: "Urodziny", anniversary: "Rocznica", kindAndNameWithAge: "{kind}: {name} ({age})",
                    years: ["one": "# rok", "few": "# lata", "many": "# lat", "other": "# roku"]),
        "pt": Words(birthday: "Aniversário", anniversary: "Aniversário de casamento",
                    kindAndNameWithAge: "{kind}: {name} ({age})", years: ["one": "# ano", "many": "# anos", "other": "# anos"]),
    ]
}
