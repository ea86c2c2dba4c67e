import Testing
import VCFBirthdaysTesting
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays

/// The run's plan, decided from the options and what the environment says before any file is
/// touched: what is decoded, where people go, in which order, and what stops the run at once.
@Suite struct RunPlanTests {
    private static func plan(_ change: (inout RunOptions) -> Void, preferences: Preferences = Preferences(),
                             standardInputIsTerminal: Bool = false) throws(RunFailure) -> RunPlan {
        var options = RunOptions()
        options.input.paths = ["c.vcf"]
        change(&options)
        return try RunPlan(options, today: day(2026, 11, 27), preferences: preferences, standardInputIsTerminal: standardInputIsTerminal)
    }

    /// One row: what the options ask for, and the plan's stages, final sink, scope and order.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var change: @Sendable (inout RunOptions) -> Void
        var stages: [RunPlan.Stage]
        var final: RunPlan.Final
        var scope: DecodeScope
        var order: SortOrder
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "the birthday list", change: { _ in }, stages: [], final: .formatted, scope: .namesAndDates, order: .last),
        Row(name: "the list of everyone scans groups", change: { $0.selection.includesEveryone = true },
            stages: [.groupCategories(keeping: [])], final: .formatted, scope: .namesAndDates, order: .last),
        Row(name: "a category filter needs the categories", change: { $0.selection.categories = ["x"] },
            stages: [.groupCategories(keeping: [])], final: .formatted, scope: .fields, order: .last),
        Row(name: "--within sorts by upcoming", change: { $0.selection.withinDays = 7 },
            stages: [], final: .formatted, scope: .namesAndDates, order: .upcoming),
        Row(name: "--sort wins", change: { $0.selection.withinDays = 7; $0.selection.sort = .first },
            stages: [], final: .formatted, scope: .namesAndDates, order: .first),
        Row(name: "JSON keeps input order", change: { $0.output.format = .json },
            stages: [.groupCategories(keeping: [])], final: .formatted, scope: .fields, order: .none),
        Row(name: "the calendar", change: { $0.output.format = .ics },
            stages: [], final: .formatted, scope: .namesAndDates, order: .none),
        Row(name: "the calendar with anniversaries", change: { $0.output.format = .ics; $0.calendar.includesOtherDates = true },
            stages: [], final: .formatted, scope: .full, order: .none),
        Row(name: "vCard output keeps the card and group cards", change: { $0.output.format = .vcard4 },
            stages: [.groupCategories(keeping: [.card, .ldifEntry])], final: .formatted, scope: .card, order: .none),
        Row(name: "LDIF keeps its own groups", change: { $0.output.format = .ldif },
            stages: [.groupCategories(keeping: [.ldifEntry])], final: .formatted, scope: .card, order: .none),
        Row(name: "a vdir", change: { $0.output.format = .ics; $0.output.vdir = "cal" },
            stages: [], final: .vdir("cal"), scope: .namesAndDates, order: .none),
        Row(name: "--dupes", change: { $0.output.reportsDuplicates = true },
            stages: [], final: .duplicateReport, scope: .fields, order: .last),
        Row(name: "--merge before the list", change: { $0.output.mergesDuplicates = true },
            stages: [.mergeDuplicates], final: .formatted, scope: .fields, order: .last),
        Row(name: "photos first, then groups, then the merge",
            change: { $0.output.format = .vcard3; $0.output.photoDirectory = "p"; $0.output.mergesDuplicates = true },
            stages: [.extractPhotos(into: "p"), .groupCategories(keeping: [.card, .ldifEntry]), .mergeDuplicates],
            final: .formatted, scope: .full, order: .none),
        Row(name: "--check writes nothing and scans no groups",
            change: { $0.diagnostics.checksOnly = true; $0.selection.categories = ["x"] },
            stages: [], final: .nothing, scope: .fields, order: .last),
    ]

    @Test(arguments: rows)
    func optionsMakeThePlan(row: Row) throws {
        let plan = try Self.plan(row.change)
        #expect(plan.stages == row.stages)
        #expect(plan.final == row.final)
        #expect(plan.scope == row.scope)
        #expect(plan.order == row.order)
        #expect(plan.comparesPhoneNumbers == (row.final == .duplicateReport || row.stages.contains(.mergeDuplicates)))
    }

    @Test func theDayTheLocaleAndTheThreads() throws {
        let plain = try Self.plan { _ in }
        #expect(plain.dates.today == day(2026, 11, 27) && plain.options.selection.today == day(2026, 11, 27))
        #expect(plain.locale == "root" && plain.threads == nil && !plain.writesTemporaryFile && plain.warnings.isEmpty)
        let given = try Self.plan({ $0.selection.today = day(2020, 2, 29); $0.threads = 4; $0.output.opensResult = true },
                                  preferences: Preferences(locale: "de_DE"))
        #expect(given.dates.today == day(2020, 2, 29) && given.options.selection.today == day(2020, 2, 29))
        #expect(given.locale == "de_DE" && given.region == "DE" && given.threads == 4 && given.writesTemporaryFile)
        #expect(try Self.plan { $0.threads = 4; $0.diagnostics.checksOnly = true }.threads == nil)
        #expect(try Self.plan { $0.output.opensResult = true; $0.output.file = "out.txt" }.writesTemporaryFile == false)
        #expect(try Self.plan({ $0.selection.locale = "sv"; $0.input.region = "FI" }, preferences: Preferences(locale: "de")).region == "FI")
    }

    /// `--vdir URL#Name` found on the server: the plan writes to the collection found, and a
    /// run whose end is no vdir (`--dupes`) stays what it was.
    @Test func aVDirFoundOnTheServer() throws {
        let found = "https://dav.example/cal/anna/Birthdays/"
        let vdir = try Self.plan { $0.output.format = .ics; $0.output.vdir = "https://dav.example/#Birthdays" }.writing(vdir: found)
        #expect(vdir.final == .vdir(found) && vdir.options.output.vdir == found)
        let dupes = try Self.plan { $0.output.format = .ics; $0.output.reportsDuplicates = true; $0.output.vdir = "https://dav.example/#Birthdays" }
            .writing(vdir: found)
        #expect(dupes.final == .duplicateReport && dupes.options.output.vdir == found)
    }

    @Test func whatThePlanWarnsOf() throws {
        let codes = try Self.plan({ $0.selection.locale = "xx" }, preferences: Preferences(sortOrder: "sideways")).warnings.map(\.code)
        #expect(codes == [.ignoredPreference, .noCollation])
        #expect(try Self.plan({ _ in }, preferences: Preferences(sortOrder: "FIRST")).order == .first)
    }

    /// Options that cannot be carried out stop the run before it touches a file: a usage error.
    @Test(arguments: [
        ("--vdir with the list", { @Sendable (o: inout RunOptions) in o.output.vdir = "d" }, false, Diagnostic.Code.usage),
        ("standard input a terminal", { @Sendable (o: inout RunOptions) in o.input.paths = [] }, true, .noInput),
        ("an unknown encoding", { @Sendable (o: inout RunOptions) in o.input.encoding = "nope" }, false, .unknownEncoding),
        ("a locale ICU cannot open", { @Sendable (o: inout RunOptions) in o.selection.locale = String(repeating: "x", count: 200) }, false, .unknownLocale),
    ] as [(String, @Sendable (inout RunOptions) -> Void, Bool, Diagnostic.Code)])
    func optionsThatCannotBeCarriedOut(name: String, change: @Sendable (inout RunOptions) -> Void, terminal: Bool, code: Diagnostic.Code) {
        #expect(throws: RunFailure.self, "\(name)") { try Self.plan(change, standardInputIsTerminal: terminal) }
        do {
            _ = try Self.plan(change, standardInputIsTerminal: terminal)
        } catch {
            #expect(error.kind == .usage && error.code == code, "\(name)")
            #expect(RunOutcome(stopped: error.kind, inputUnread: true).status == .usage)
        }
    }
}
