internal import VCICU

/// The system ICU (through VCICU's C front) as safe calls: the only Swift file that hands ICU a
/// pointer. Text goes in as spans of UTF-8 and comes out as strings; each ICU object is a class
/// that closes it when it goes. The types that use them (`Collator`, `Transcoder`, `folded`, …)
/// hold no unsafe code.
enum ICU {
    /// A collator (`vc_collator`); one thread at a time uses one.
    @safe final class Collation {
        private let handle: OpaquePointer

        /// The collation of `locale` ("" for the root collation); nil with ICU's error code set
        /// when ICU cannot open it.
        init?(locale: String, error: inout Int32) {
            guard let handle = unsafe vc_coll_open(locale, &error) else { return nil }
            unsafe self.handle = handle
        }

        private init(handle: OpaquePointer) { unsafe self.handle = handle }

        deinit { unsafe vc_coll_close(handle) }

        /// The locale whose collation data it uses (`root` when ICU has none for the one asked for).
        var validLocale: String { unsafe String(cString: vc_coll_valid_locale(handle)) }

        /// A copy for another thread; nil with ICU's error code set when it cannot be made.
        func copy(error: inout Int32) -> Collation? {
            unsafe vc_coll_clone(handle, &error).map { unsafe Collation(handle: $0) }
        }

        /// Empties the text of the key being made.
        func begin() { unsafe vc_coll_begin(handle) }

        /// Appends UTF-8 to the text of the key being made; false when out of memory.
        func add(_ utf8: Span<UInt8>) -> Bool {
            unsafe utf8.withUnsafeBufferPointer { unsafe vc_coll_add(handle, $0.baseAddress, Int32($0.count)) != 0 }
        }

        /// Appends one ASCII byte to the text of the key being made; false when out of memory.
        func add(ascii: UInt8) -> Bool { unsafe vc_coll_add_ascii(handle, ascii) != 0 }

        /// Appends the sort key of the text made since `begin` to `key`; false when out of memory.
        func appendKey(to key: inout [UInt8]) -> Bool {
            var length: Int32 = 0
            guard let sortKey = unsafe vc_coll_text_key(handle, &length) else { return false }
            unsafe key.append(contentsOf: UnsafeBufferPointer(start: sortKey, count: Int(length)))
            return true
        }

        /// -1, 0 or 1 as `a` sorts before, with or after `b` (both UTF-8).
        func compare(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Int {
            unsafe a.withUnsafeBufferPointer { ua in
                unsafe b.withUnsafeBufferPointer { ub in
                    unsafe Int(vc_coll_compare(handle, ua.baseAddress, Int32(ua.count), ub.baseAddress, Int32(ub.count)))
                }
            }
        }
    }

    /// A streaming converter of a character set to UTF-8 (`vc_transcoder`).
    @safe final class Converter {
        private let handle: OpaquePointer

        /// A converter from `charset`; nil with ICU's error code set when ICU does not know it.
        init?(charset: String, error: inout Int32) {
            guard let handle = unsafe vc_trans_open(charset, &error) else { return nil }
            unsafe self.handle = handle
        }

        deinit { unsafe vc_trans_close(handle) }

        /// Converts `input` from `offset` into all of `output`: the input bytes used, the UTF-8
        /// bytes written (from `output`'s start) and the input that became U+FFFD. With `flush`
        /// the input is complete.
        func convert(_ input: Span<UInt8>, from offset: Int, into output: inout [UInt8], flush: Bool)
            -> (consumed: Int, written: Int, substituted: Int) {
            var consumed: Int32 = 0, substituted: Int32 = 0
            var none: UInt8 = 0  // ICU wants a real pointer, even for no bytes
            let written = unsafe input.withUnsafeBufferPointer { source in
                unsafe output.withUnsafeMutableBufferPointer { out in
                    unsafe withUnsafePointer(to: &none) { empty in
                        unsafe Int(vc_trans_convert(handle, source.baseAddress.map { unsafe $0 + offset } ?? empty,
                                                    Int32(source.count - offset), &consumed,
                                                    out.baseAddress, Int32(out.count), flush ? 1 : 0, &substituted))
                    }
                }
            }
            return (Int(consumed), written, Int(substituted))
        }
    }

    /// A transliterator of any script into plain Latin letters; one thread at a time uses one.
    @safe final class Transliterator {
        private let handle: UnsafeMutableRawPointer

        /// Nil when ICU cannot make it.
        init?() {
            guard let handle = unsafe vc_latin_open() else { return nil }
            unsafe self.handle = handle
        }

        deinit { unsafe vc_latin_close(handle) }

        /// The UTF-8 text in Latin letters; nil on an ICU failure.
        func latin(_ utf8: Span<UInt8>) -> String? {
            unsafe ICU.written(initialCapacity: 4 * utf8.count + 16) { out, capacity in
                unsafe utf8.withUnsafeBufferPointer { unsafe vc_latin(handle, $0.baseAddress, Int32(clamping: $0.count), out, capacity) }
            }
        }
    }

    /// A formatter of Gregorian dates in a locale for a CLDR skeleton; one thread at a time uses one.
    @safe final class DateFormat {
        private let handle: OpaquePointer

        /// The formatter of `skeleton` (`yMMMd`) in `locale`; nil with ICU's error code set on failure.
        init?(locale: String, skeleton: String, error: inout Int32) {
            guard let handle = unsafe vc_datefmt_open(locale, skeleton, &error) else { return nil }
            unsafe self.handle = handle
        }

        deinit { unsafe vc_datefmt_close(handle) }

        /// Whether ICU has the locale's language (false: it fell back to the root locale's data).
        var hasLanguage: Bool { unsafe vc_datefmt_has_language(handle) != 0 }

        /// The day in words; nil on a failure.
        func format(daysSinceEpoch: Int32) -> String? {
            unsafe ICU.fixed(capacity: 256) { unsafe vc_datefmt_format(handle, daysSinceEpoch, $0, $1) }
        }
    }

    /// The UTF-8 text case folded, decomposed and without marks; nil on an ICU failure.
    static func fold(_ utf8: Span<UInt8>) -> String? {
        unsafe written(initialCapacity: utf8.count + 16) { out, capacity in
            unsafe utf8.withUnsafeBufferPointer { unsafe vc_fold($0.baseAddress, Int32($0.count), out, capacity) }
        }
    }

    /// Terminal columns of the UTF-8 text.
    static func displayWidth(_ utf8: Span<UInt8>) -> Int {
        unsafe utf8.withUnsafeBufferPointer { unsafe Int(vc_display_width($0.baseAddress, Int32($0.count))) }
    }

    /// A day `days` from today in the locale's words; nil on a failure.
    static func relativeDays(_ days: Int32, locale: String) -> String? {
        unsafe fixed(capacity: 256) { unsafe vc_relative_days(locale, days, $0, $1) }
    }

    /// A number of years in the locale's words; nil on a failure.
    static func years(_ years: Int32, locale: String) -> String? {
        unsafe fixed(capacity: 256) { unsafe vc_years(locale, years, $0, $1) }
    }

    /// The CLDR plural category of `number` in `locale`; nil on a failure.
    static func pluralCategory(of number: Int32, locale: String) -> String? {
        unsafe fixed(capacity: 32) { out, capacity in
            unsafe out.withMemoryRebound(to: CChar.self, capacity: Int(capacity)) {
                unsafe vc_plural_category(locale, number, $0, capacity)
            }
        }
    }

    /// The country of a locale, else the likeliest one for its language; nil for none.
    static func likelyRegion(of locale: String) -> String? {
        unsafe fixed(capacity: 16) { out, capacity in
            unsafe out.withMemoryRebound(to: CChar.self, capacity: Int(capacity)) { unsafe vc_likely_region(locale, $0, capacity) }
        }
    }

    /// Whether `code` is an ISO 3166 country code ICU knows.
    static func isRegion(_ code: String) -> Bool { unsafe vc_is_region(code) == 1 }

    /// The Gregorian day (days after 1970-01-01) of a date in ICU's calendar `calendar`; nil
    /// when ICU has no such calendar or the date cannot be made.
    static func days(calendar: String, year: Int32, month: Int32, leap: Bool, day: Int32) -> Int? {
        var ok: Int32 = 0
        let days = unsafe vc_cal_to_days(calendar, year, month, leap ? 1 : 0, day, &ok)
        return ok != 0 ? Int(days) : nil
    }

    /// The year, in calendar `calendar`, of the Gregorian day `days`; nil as `days(calendar:…)`.
    static func year(calendar: String, days: Int32) -> Int? {
        var ok: Int32 = 0
        let year = unsafe vc_cal_year_of(calendar, days, &ok)
        return ok != 0 ? Int(year) : nil
    }

    /// What a call writes into a buffer of `capacity` and counts in its result; nil when the
    /// count is not positive or more than `capacity`.
    private static func fixed(capacity: Int32, _ write: (UnsafeMutablePointer<UInt8>, Int32) -> Int32) -> String? {
        var out = [UInt8](repeating: 0, count: Int(capacity))
        let n = unsafe out.withUnsafeMutableBufferPointer { unsafe write($0.baseAddress!, capacity) }
        guard n > 0 && n <= capacity else { return nil }
        return String(decoding: out[..<Int(n)], as: UTF8.self)
    }

    /// What a call writes and counts in its result, asked again with room for all of it when
    /// the first buffer was too small; nil when the count is negative (a failure).
    private static func written(initialCapacity: Int, _ write: (UnsafeMutablePointer<UInt8>, Int32) -> Int32) -> String? {
        var capacity = initialCapacity
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            let n = unsafe out.withUnsafeMutableBufferPointer { unsafe Int(write($0.baseAddress!, Int32(clamping: capacity))) }
            if n < 0 { return nil }
            if n <= capacity { return String(decoding: out[..<n], as: UTF8.self) }
            capacity = n
        }
    }
}
