import ContactsCore
import ContactFormats

/// The titles (`SUMMARY`) of calendar events, from a template with the placeholders `{name}`,
/// `{age}` (the age reached that year: `41`), `{age-years}` (the same in the language's words:
/// "41 years", "41 Jahre"), `{year}` (the year the event falls in), `{date}` (its day,
/// `YYYY-MM-DD`) and `{kind}` (Birthday, Anniversary, or an Apple date's label); `{{` and `}}`
/// are braces. Any other placeholder is no template (`problem(in:)`).
///
/// A placeholder with no value (the age when the birth year is unknown, or in a recurring event)
/// takes with it the innermost `(…)` or `[…]` around it when nothing else in it has a value, else
/// the text between it and the filled placeholder before it (in the brackets: or after it), or
/// the start (`{name} turns {age}` → `Anna Müller`, `({name}, {age})` → `(Anna Müller)`); then
/// runs of spaces become one and spaces at the ends go.
///
/// The default template and words are in the language of the locale (en, de, fr, es, it, nl, sv,
/// pl, pt; English otherwise): `{kind}: {name}`, and with single events per year
/// `{kind}: {name} ({age-years})`.
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
            "age": age.map { "\($0)" } ?? "",
            "age-years": age.map { $0 >= 0 && $0 < ages.count ? ages[$0] : "\($0)" } ?? "",
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

    /// The placeholders a template may have.
    public static let placeholders = ["name", "age", "age-years", "year", "date", "kind"]

    /// What is wrong with a template, said for `--title`; nil when nothing is.
    public static func problem(in template: String) -> String? {
        var rest = Substring(template)
        var named = false
        while let brace = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            let after = rest.index(after: brace)
            if after < rest.endIndex && rest[after] == rest[brace] {  // {{ or }}
                rest = rest[rest.index(after: after)...]
                continue
            }
            guard rest[brace] == "{", let close = rest[after...].firstIndex(where: { $0 == "}" || $0 == "{" }),
                  rest[close] == "}" else {
                return "'\(rest[brace])' with no placeholder; write \(rest[brace])\(rest[brace]) for a brace"
            }
            let name = String(rest[after..<close])
            guard placeholders.contains(name) else {
                return "unknown placeholder {\(name)}; the placeholders are "
                    + placeholders.map { "{\($0)}" }.joined(separator: ", ") + " ({{ and }} are braces)"
            }
            named = named || name == "name"
            rest = rest[rest.index(after: close)...]
        }
        return named ? nil : "it needs {name} in it, so that each event says whose it is"
    }

    /// The template with its placeholders filled, and what goes with an empty one gone (see the type).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var text = Array(template)
        var i = 0
        var afterFilled = 0  // where the text after the last filled placeholder starts
        /// The placeholder starting at `start` (`{name}`): its end and its value.
        func placeholder(at start: Int) -> (close: Int, value: String)? {
            guard text[start] == "{", start + 1 < text.count, text[start + 1] != "{",
                  let close = text[start...].firstIndex(of: "}"), let value = values[String(text[(start + 1)..<close])]
            else { return nil }
            return (close, value)
        }
        /// Whether a placeholder with a value starts in `range`.
        func anyFilled(_ range: Range<Int>) -> Int? {
            var k = range.lowerBound
            while k < range.upperBound {
                if text[k] == "{" && k + 1 < text.count && text[k + 1] == "{" { k += 2; continue }
                if let (close, value) = placeholder(at: k) {
                    if !value.isEmpty { return k }
                    k = close
                }
                k += 1
            }
            return nil
        }
        while i < text.count {
            if (text[i] == "{" || text[i] == "}") && i + 1 < text.count && text[i + 1] == text[i] {
                text.remove(at: i)  // {{ or }}: a brace
                i += 1
                continue
            }
            guard let (close, value) = placeholder(at: i) else {
                i += 1
                continue
            }
            if !value.isEmpty {
                text.replaceSubrange(i...close, with: Array(value))
                i += value.count
                afterFilled = i
                continue
            }
            // Empty: the innermost bracket pair around it when nothing else in it has a value,
            // else back to the filled placeholder before it (or the start), in the brackets up to
            // the filled placeholder after it.
            var start = i, end = close
            if let open = text[..<i].lastIndex(where: { $0 == "(" || $0 == "[" }),
               !text[(open + 1)..<i].contains(where: { $0 == ")" || $0 == "]" }),
               let shut = text[(close + 1)...].firstIndex(of: text[open] == "(" ? ")" : "]") {
                if open >= afterFilled, anyFilled((close + 1)..<shut) == nil {
                    (start, end) = (open, shut)
                } else if open >= afterFilled, let next = anyFilled((close + 1)..<shut) {
                    end = next - 1
                } else {
                    start = afterFilled
                }
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
        /// `{kind}: {name} ({age-years})` in the language's punctuation.
        var kindAndNameWithAge: String
        /// "# years" by plural category (`#` is the number).
        var years: [String: String]
    }

    static let languages: [String: Words] = [
        "en": Words(birthday: "Birthday", anniversary: "Anniversary", kindAndNameWithAge: "{kind}: {name} ({age-years})",
                    years: ["one": "# year", "other": "# years"]),
        "de": Words(birthday: "Geburtstag", anniversary: "Jahrestag", kindAndNameWithAge: "{kind}: {name} ({age-years})",
                    years: ["one": "# Jahr", "other": "# Jahre"]),
        "fr": Words(birthday: "Anniversaire", anniversary: "Anniversaire de mariage",
                    kindAndNameWithAge: "{kind} : {name} ({age-years})", years: ["one": "# an", "many": "# ans", "other": "# ans"]),
        "es": Words(birthday: "Cumpleaños", anniversary: "Aniversario", kindAndNameWithAge: "{kind}: {name} ({age-years})",
                    years: ["one": "# año", "many": "# años", "other": "# años"]),
        "it": Words(birthday: "Compleanno", anniversary: "Anniversario", kindAndNameWithAge: "{kind}: {name} ({age-years})",
                    years: ["one": "# anno", "many": "# anni", "other": "# anni"]),
        "nl": Words(birthday: "Verjaardag", anniversary: "Jubileum", kindAndNameWithAge: "{kind}: {name} ({age-years})",
                    years: ["one": "# jaar", "other": "# jaar"]),
        "sv": Words(birthday: "Födelsedag", anniversary: "Bröllopsdag", kindAndNameWithAge: "{kind}: {name} ({age-years})",
                    years: ["one": "# år", "other": "# år"]),
        "pl": Words(birthday: "Urodziny", anniversary: "Rocznica", kindAndNameWithAge: "{kind}: {name} ({age-years})",
                    years: ["one": "# rok", "few": "# lata", "many": "# lat", "other": "# roku"]),
        "pt": Words(birthday: "Aniversário", anniversary: "Aniversário de casamento",
                    kindAndNameWithAge: "{kind}: {name} ({age-years})", years: ["one": "# ano", "many": "# anos", "other": "# anos"]),
    ]
}
