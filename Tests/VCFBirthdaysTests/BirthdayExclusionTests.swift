import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
@testable import VCFBirthdays
import VCFBirthdaysTesting

/// Nextcloud's `X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR` leaves a contact out of every output that
/// shows birthdays, unless `--include-excluded`; the contact formats keep the contact and the
/// property (#41 item 7).
@Suite struct BirthdayExclusionTests {
    /// A card born on 1 May 1990 with the property holding `value` (nil: without it).
    static func card(_ name: String, _ value: String?) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nN:\(name);;;;\r\nBDAY:1990-05-01\r\n"
            + (value.map { "X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR;TYPE=boolean:\($0)\r\n" } ?? "") + "END:VCARD\r\n"
    }

    /// (the property's value, whether it excludes).
    static let values: [(String?, Bool)] = [(nil, false), ("true", true), ("TRUE", true), ("1", true), ("false", false),
                                            ("0", false), ("No", false)]

    @Test(arguments: [RunOptions.Format.list, .tsv, .ics, .json, .vcard4, .csv], values.indices)
    func theFormatsThatShowBirthdaysLeaveTheContactOut(_ format: RunOptions.Format, _ row: Int) {
        let (value, excludes) = Self.values[row]
        let text = Self.card("Ann", value) + Self.card("Bo", nil)
        for threads in [1, 2] {
            for including in [false, true] {
                let result = run(Array(text.utf8), path: "a.vcf", to: format) {
                    $0.selection.includesExcluded = including
                    $0.threads = threads
                    $0.diagnostics.quiet = false
                }
                let output = String(decoding: result.stdout, as: UTF8.self)
                let leftOut = excludes && !including && format.described.showsBirthdays
                #expect(output.contains("Ann") == !leftOut, "\(format) \(value ?? "-") including: \(including)")
                #expect(output.contains("Bo"))
                let summary = result.stderr.split(separator: "\n").last ?? ""
                #expect(summary.contains("1 left out by their card (--include-excluded lists them)") == leftOut, "\(summary)")
                if format == .vcard4, let value {
                    #expect(output.contains("X-NC-EXCLUDE-FROM-BIRTHDAY-CALENDAR;TYPE=boolean:\(value)\r\n"))
                }
            }
        }
    }

    /// The people the summary counts without a birthday are not those left out by their card.
    @Test func theSummaryCountsEachReasonOnce() {
        let text = Self.card("Ann", "true") + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cy\r\nEND:VCARD\r\n" + Self.card("Bo", nil)
        let result = run(Array(text.utf8), path: "a.vcf", to: .list) { $0.diagnostics.quiet = false; $0.selection.includesEveryone = false }
        #expect(result.stderr.hasSuffix(
            "3 people, 1 left out by their card (--include-excluded lists them), 1 without a birthday (--all lists them), 0 warnings, 0 rejected\n"))
        let json = run(Array(text.utf8), path: "a.vcf", to: .list) {
            $0.diagnostics.quiet = false; $0.selection.includesEveryone = false; $0.diagnostics.errorsAsJSON = true
        }
        #expect(json.stderr.contains("\"excludedByCard\":1"))
    }
}
