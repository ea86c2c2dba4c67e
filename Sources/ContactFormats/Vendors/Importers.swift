import ContactsCore

/// The application a file is written for (`--for`): the format it imports best, and what its
/// import does not take as the standard says, each rule with where that is shown. The rules
/// change only the cards written (vCard output); the other formats are the importer's own.
/// Each vendor's home holds its profile (`Abook.importer`, …); their goldens are
/// `Fixtures/golden/for-abook.apple-contacts.vcf` and its siblings.
public struct ImporterProfile: Sendable {
    /// The name `--for` takes.
    public let name: String
    /// The format written when `--to` does not say.
    public let format: ImporterFormat
    /// How the vCard output departs from the standard for this importer.
    public let cardRules: CardRules
    /// It reads only the first card of a file: vCard output is written a card to a file (`--vdir`).
    public let oneCardPerFile: Bool
    /// What it does not take, each with its source: the man page's list.
    public let notes: [(rule: String, source: String)]

    /// The importers `--for` knows, by name.
    public static let all: [ImporterProfile] = [Google.importer, Apple.importer, Outlook.importer, Android.importer,
                                                Nextcloud.importer, Thunderbird.importer, Abook.importer, Khard.importer]

    /// The profile `--for` names (case aside; `khal` is khard's), nil for another name.
    public init?(name: String) {
        let lower = name.lowercased()
        guard let profile = Self.all.first(where: { $0.name == lower || (lower == "khal" && $0.name == "khard") }) else { return nil }
        self = profile
    }

    init(_ name: String, format: ImporterFormat, cardRules: CardRules = [], oneCardPerFile: Bool = false,
         notes: [(rule: String, source: String)]) {
        self.name = name
        self.format = format
        self.cardRules = cardRules
        self.oneCardPerFile = oneCardPerFile
        self.notes = notes
    }
}

/// The formats an importer takes best (`RunOptions.Format` names them).
public enum ImporterFormat: String, Sendable {
    case vcard3, vcard4, googleCSV = "google-csv", outlookCSV = "outlook-csv", ldif
}

/// How a vCard is written for an importer that does not read the standard's form.
public struct CardRules: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// No groups: `item1.EMAIL` is `EMAIL` (Apple's `X-ABLabel` then stands alone).
    public static let noGroups = CardRules(rawValue: 1 << 0)
    /// Lines are not folded at 75 octets, whatever their length.
    public static let noFolding = CardRules(rawValue: 1 << 1)
    /// Text values without backslash escapes for `,` and `;` outside structured values.
    public static let noTextEscapes = CardRules(rawValue: 1 << 2)
    /// Year-less dates and the anniversary in Apple's forms (`--apple-compat`).
    public static let appleDates = CardRules(rawValue: 1 << 4)
    /// A year-less 29 February is written as 1 March, with a warning.
    public static let leapDayAsFirstOfMarch = CardRules(rawValue: 1 << 5)
}
