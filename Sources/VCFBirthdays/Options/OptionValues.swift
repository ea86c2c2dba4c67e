import ArgumentParser
import ContactsCore
import ContactFormats
import ContactsOutput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an option's value is wrong by, said after the command line's
/// "The value 'X' is invalid for '--option <name>': ".
struct OptionProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The values options take that no type of the model reads by itself.
enum OptionValue {
    /// `value`, or the problem that its text is not one.
    static func check<Value>(_ value: Value?, _ problem: @autoclosure () -> String) throws -> Value {
        guard let value else { throw OptionProblem(problem()) }
        return value
    }

    /// The most bytes a size says (1 TiB).
    static let maxByteCount = 1 << 40

    /// `65536`, `512K`, `64M`, `1G` (powers of 1024); at least 1 KiB; more than 1 TiB counts as
    /// 1 TiB (no record is that large, and sizes are added to it).
    static func byteCount(_ text: String) -> Int? {
        let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text.uppercased())
        var multiplier = 1
        if let last = digits.last, let m = multipliers[last] {
            multiplier = m
            digits = digits.dropLast()
        }
        guard let n = Int(digits), n > 0 else { return nil }
        guard n <= Int.max / multiplier else { return maxByteCount }
        guard n * multiplier >= 1024 else { return nil }
        return min(n * multiplier, maxByteCount)
    }

    /// A size as `sort -S` takes it: a number with `b` (bytes), `K` (KiB, also without a
    /// suffix), `M`, `G`, `T`, or `%` of the physical memory; at least 1 byte, at most 1 TiB.
    static func bufferBytes(_ text: String) -> Int? {
        let multipliers: [Character: Int] = ["B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = Substring(text.uppercased())
        var multiplier = 1 << 10
        var percent = false
        if let last = digits.last, let m = multipliers[last] {
            multiplier = m
            digits = digits.dropLast()
        } else if digits.last == "%" {
            percent = true
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let n = Int(digits), n > 0 else { return nil }
        if percent {
            guard n <= 100 else { return nil }
            let memory = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
            return max(1, memory / 100 * n)
        }
        guard n <= maxByteCount / multiplier else { return maxByteCount }
        return n * multiplier
    }

    /// `comma`, `semicolon`, `tab`, `\t` or one printable ASCII character other than a quote.
    static func delimiterByte(_ text: String) -> UInt8? {
        switch text.lowercased() {
        case "comma": return UInt8(ascii: ",")
        case "semicolon": return UInt8(ascii: ";")
        case "tab", "\\t", "\t": return 0x09
        default:
            guard text.utf8.count == 1, let b = text.utf8.first, b >= 0x20, b < 0x7F, b != UInt8(ascii: "\"") else { return nil }
            return b
        }
    }

    /// A country's two-letter code, in upper case (`de` → `DE`); nil for any other text.
    static func region(_ text: String) -> String? {
        guard text.utf8.count == 2, text.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }), isRegion(text.uppercased()) else { return nil }
        return text.uppercased()
    }

    /// A day as `YYYY-MM-DD`.
    static func day(_ text: String) throws -> CalendarDate {
        if let day = CalendarDate(iso: text) { return day }
        let shaped = text.count == 10 && text.enumerated().allSatisfy { i, c in i == 4 || i == 7 ? c == "-" : c.isNumber }
        throw OptionProblem(shaped ? "no such date" : "not a date as YYYY-MM-DD")
    }

    /// A locale as `--locale` and `$LANG` spell it (`sv`, `de_DE`, `sv_SE.UTF-8`, `C`), as ICU's id.
    static func locale(_ text: String) throws -> String {
        guard !text.isEmpty, !text.contains(where: { !($0.isLetter || $0.isNumber || "_-@=.;".contains($0)) }) else {
            throw OptionProblem("not a locale such as sv, de_DE, sv_SE.UTF-8 or root")
        }
        return Preferences.icuLocale(text)
    }

    /// The reminders of one `--remind` (a comma-separated list).
    static func reminders(_ text: String) throws -> [Reminder] {
        switch Reminder.parse([text]) {
        case .success(let reminders): return reminders
        case .failure(let problem): throw OptionProblem(problem.description)
        }
    }
}

extension CSVDialect: ExpressibleByArgument {}
extension Feb29Policy: ExpressibleByArgument {}
extension DateOrder: ExpressibleByArgument {}
extension RunOptions.InputFormat: ExpressibleByArgument {}
extension SortOrder: ExpressibleByArgument {}
extension RemovalLimit: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
