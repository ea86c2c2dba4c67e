import ContactsCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Phone numbers read into E.164, the last `remembered` once per number as written
/// (libphonenumber is slow: its patterns, 5–25 µs a number), for all that compares them in a
/// run, on any thread: a number comes again and again in duplicates and in a company's cards.
final class PhoneNumbers: @unchecked Sendable {
    /// The country of national numbers.
    let region: String?
    private let lock = ThreadLock()
    private var read: [String: String?] = [:]
    private static let remembered = 1 << 16

    init(region: String?) {
        self.region = region
    }

    /// `number` in E.164 (`+4930123456`), as libphonenumber reads it: a national number
    /// (`030 123456`) as one of `region` (ISO 3166, `DE`); nil when it is no possible number,
    /// national without a region, or libphonenumber could not be loaded.
    func e164(_ number: String) -> String? {
        if let known = lock.locked({ read[number] }) { return known }
        var found: String?
        if let convert = PhoneLibrary.e164 {
            var text = number
            var out = [CChar](repeating: 0, count: 64)
            let n = text.withUTF8 { bytes in
                region.map { r in r.withCString { convert(bytes.baseAddress, Int32(clamping: bytes.count), $0, &out, 64) } }
                    ?? convert(bytes.baseAddress, Int32(clamping: bytes.count), nil, &out, 64)
            }
            if n > 0 { found = String(decoding: out[..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        lock.locked {
            if read.count >= Self.remembered { read.removeAll(keepingCapacity: true) }
            read[number] = found
        }
        return found
    }
}

/// `libVCPhone.so`, the small front to libphonenumber (`Sources/VCPhone`), loaded at the first
/// phone number compared: beside the program (the build's folder), else in
/// `../lib/vcf2birthdays/` from it (where `make install` puts it).
public enum PhoneLibrary {
    typealias Convert = @convention(c) (UnsafePointer<UInt8>?, Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32) -> Int32

    /// `vc_phone_e164`, nil when the library cannot be loaded.
    static let e164: Convert? = {
        for path in candidates {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, "vc_phone_e164") else { continue }
            return unsafeBitCast(symbol, to: Convert.self)
        }
        return nil
    }()

    /// Whether phone numbers can be compared (the library loads).
    public static var isAvailable: Bool { e164 != nil }

    /// Where the library may be.
    public static var candidates: [String] {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return [] }
        let program = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder = program.contains("/") ? String(program[..<program.lastIndex(of: "/")!]) : "."
        return [folder + "/libVCPhone.so", folder + "/../lib/vcf2birthdays/libVCPhone.so"]
    }
}
