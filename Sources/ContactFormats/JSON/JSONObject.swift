import ContactsCore

/// Builds one JSON object: a key and its value at a time, keys without a value left out.
/// Written into a buffer of its own, which costs no reference counting or uniqueness check per
/// byte, and given to an array once (`finish(into:)`).
package struct JSONObject: ~Copyable {
    private var buffer = ByteBuffer(capacity: 1024)
    private var empty = true
    /// Where an escaped string is made before it is copied in.
    private var scratch: [UInt8] = []

    /// An empty object.
    package init() {
        buffer.append(UInt8(ascii: "{"))
    }

    /// Closes the object and appends it to `bytes`.
    package consuming func finish(into bytes: inout [UInt8]) {
        buffer.append(UInt8(ascii: "}"))
        buffer.withSpan { bytes.append(span: $0) }
    }

    /// `,"name":` (no comma before the first key), with room made for it at once.
    @inline(__always)
    private mutating func key(_ name: StaticString) {
        let first = empty
        empty = false
        name.withUTF8Span { name in
            buffer.reserve(name.count + 4)
            if !first { buffer.appendReserved(UInt8(ascii: ",")) }
            buffer.appendReserved(UInt8(ascii: "\""))
            buffer.appendReserved(span: name)
            buffer.appendReserved(UInt8(ascii: "\""))
            buffer.appendReserved(UInt8(ascii: ":"))
        }
    }

    /// A string, left out when nil or empty.
    package mutating func string(_ name: StaticString, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        key(name)
        append(value)
    }

    /// Texts joined by `separator` as one string, left out when that is empty: written part by
    /// part when none needs an escape, without the joined string made first.
    package mutating func joined(_ name: StaticString, _ parts: [String], separator: StaticString) {
        guard parts.count > 1 else { return string(name, parts.first) }  // one part: itself
        var plain = true
        for part in parts where !JSONText.isPlain(part.utf8.span) {
            plain = false
            break
        }
        guard plain else { return string(name, parts.joined(separator: separator.description)) }
        key(name)
        buffer.append(UInt8(ascii: "\""))
        for (i, part) in parts.enumerated() {
            if i > 0 { separator.withUTF8Span { buffer.append(span: $0) } }
            buffer.append(span: part.utf8.span)
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// A date as `YYYY-MM-DD` or `--MM-DD`.
    package mutating func date(_ name: StaticString, _ value: PartialDate?) {
        guard let value else { return }
        key(name)
        buffer.append(UInt8(ascii: "\""))
        // Its digits straight into the object, as `PartialDate.appendISO` writes them (a year
        // is 1–9999: four digits).
        if let year = value.year { appendDigits(year, 1000) } else { buffer.append(UInt8(ascii: "-")) }
        buffer.append(UInt8(ascii: "-"))
        appendDigits(value.month, 10)
        buffer.append(UInt8(ascii: "-"))
        appendDigits(value.day, 10)
        buffer.append(UInt8(ascii: "\""))
    }

    /// The digits of `value` from the place of `divisor` down, with leading zeros.
    private mutating func appendDigits(_ value: Int, _ divisor: Int) {
        var divisor = divisor
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / divisor % 10))
            divisor /= 10
        }
    }

    /// An array of strings, left out when empty.
    package mutating func strings(_ name: StaticString, _ values: [String]) {
        guard !values.isEmpty else { return }
        key(name)
        appendArray(values)
    }

    private mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        (value ? "true" : "false" as StaticString).withUTF8Span { buffer.append(span: $0) }
    }

    /// A JSON string literal (`JSONText.appendString`): its bytes copied at once when nothing in
    /// it needs an escape, as in most values.
    private mutating func append(_ value: String) {
        let utf8 = value.utf8.span
        if JSONText.isPlain(utf8) {
            buffer.reserve(utf8.count + 2)
            buffer.appendReserved(UInt8(ascii: "\""))
            buffer.appendReserved(span: utf8)
            buffer.appendReserved(UInt8(ascii: "\""))
            return
        }
        scratch.removeAll(keepingCapacity: true)
        JSONText.appendString(value, to: &scratch)
        buffer.append(contentsOf: scratch)
    }

    private mutating func appendArray(_ values: [String]) {
        buffer.append(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { buffer.append(UInt8(ascii: ",")) }
            append(v)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    /// E-mail addresses or phone numbers: value, types and whether preferred.
    package mutating func contactPoints(_ name: StaticString, _ points: [ContactPoint]) {
        objects(name, points) { item, point in
            item.key("value")
            item.append(point.value)
            item.key("types")
            item.appendArray(point.types)
            item.bool("preferred", point.preferred)
        }
    }

    /// Postal addresses: their parts, types and whether preferred.
    package mutating func addresses(_ addresses: [PostalAddress]) {
        objects("addresses", addresses) { item, a in
            item.string("poBox", a.poBox)
            item.string("extended", a.extended)
            item.string("street", a.street)
            item.string("locality", a.locality)
            item.string("region", a.region)
            item.string("postalCode", a.postalCode)
            item.string("country", a.country)
            item.key("types")
            item.appendArray(a.types)
            item.bool("preferred", a.preferred)
        }
    }

    /// An array of objects, each written by `fill` (into this object's buffer); left out when
    /// `values` is empty.
    private mutating func objects<T>(_ name: StaticString, _ values: [T], _ fill: (inout JSONObject, T) -> Void) {
        guard !values.isEmpty else { return }
        key(name)
        buffer.append(UInt8(ascii: "["))
        for i in values.indices {  // each value borrowed from the array, not copied
            if i > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(UInt8(ascii: "{"))
            empty = true
            fill(&self, values[i])
            buffer.append(UInt8(ascii: "}"))
        }
        buffer.append(UInt8(ascii: "]"))
        empty = false
    }
}
