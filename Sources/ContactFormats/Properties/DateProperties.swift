import ContactsCore

/// The dates of a person's life.
extension PropertyTable {
    static let dates: [PropertyDeclaration] = [
        PropertyDeclaration("BDAY", .all, once: .all, kind: .date, rule: .date, merge: .single, field: .birthday,
                            definedIn: "RFC 6350 §6.2.5",
                            values: [.dateAndOrTime, .text], parameters: [.altID, .calScale, .language],
                            jsContact: .anniversary("birth")),
        // Vendors' anniversaries: Outlook, Evolution, KAddressBook, the Windows Address Book.
        PropertyDeclaration("ANNIVERSARY", .v40, once: .v40, in30: "X-ANNIVERSARY",
                            aliases: ["X-MS-ANNIVERSARY", "X-EVOLUTION-ANNIVERSARY", "X-KADDRESSBOOK-X-ANNIVERSARY",
                                      "X-WAB-WEDDING_ANNIVERSARY"],
                            kind: .date, rule: .date, merge: .single, field: .anniversary, definedIn: "RFC 6350 §6.2.6",
                            values: [.dateAndOrTime, .text], parameters: [.altID, .calScale, .language],
                            jsContact: .anniversary("wedding")),
        PropertyDeclaration("DEATHDATE", .v40, in30: "X-DEATHDATE", kind: .date, rule: .date, merge: .single,
                            field: .deathDate, definedIn: "RFC 6474 §2.3",
                            values: [.dateAndOrTime, .text], parameters: [.altID, .calScale, .language],
                            jsContact: .anniversary("death")),
    ]
}

extension PersonDecoder {
    /// The first `BDAY` that is a date (not text, not a day that does not exist); one of another
    /// calendar (`CALSCALE`) is the calendar birthday.
    func readBirthday(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        if calendarScale(card, p) != nil { return readCalendarBirthday(card, p, to: &person) }
        guard person.birthday == nil, let date = date(card, p, what: "birthday") else { return false }
        person.birthday = birthday(date, line: p.line)
        return true
    }

    /// An anniversary of another calendar is the calendar anniversary, kept as an extra
    /// property too (written again as it was).
    func readAnniversary(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        if calendarScale(card, p) != nil {
            if person.calendarAnniversary == nil { person.calendarAnniversary = calendarDate(card, p, what: "anniversary") }
            return false
        }
        guard person.anniversary == nil, let date = date(card, p, what: "anniversary") else { return false }
        person.anniversary = date
        return true
    }

    /// A birthday of another calendar (`BDAY;CALSCALE=chinese:--0815`, Apple's
    /// `X-ALTBDAY;CALSCALE=chinese:007800021101`) as that calendar counts, when ICU has the
    /// calendar; else a warning. Kept as an extra property too (false): written again as it was.
    func readCalendarBirthday(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        if person.calendarBirthday == nil { person.calendarBirthday = calendarDate(card, p, what: "birthday") }
        return false
    }

    /// The date of another calendar a property holds, when ICU has the calendar and the value
    /// is a date of it; else a warning.
    private func calendarDate(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, what: String) -> OtherCalendarDate? {
        let scale = calendarScale(card, p) ?? "gregorian"
        let shown = Diagnostic.safeText(scale, limit: 30)
        guard CalendarSystem(rawValue: scale) != nil else {
            warn(p.line, .otherCalendar, "\(what) in the \(shown) calendar, which ICU does not know: kept as it is, not shown")
            return nil
        }
        let text = withValue(card, p) { String(utf8: $0) }.trimmingSpaces()
        guard let date = OtherCalendarDate(calendar: scale, text: text) else {
            warn(p.line, .otherCalendar, "\(what) '\(Diagnostic.safeText(text, limit: 30))' is no date of the \(shown) calendar: "
                 + "kept as it is, not shown")
            return nil
        }
        return date
    }

    /// Kept as an extra property too (false): no output has a field of its own for it. A death
    /// date of another calendar with a year is the Gregorian day it was.
    func readDeathDate(_ card: borrowing CardBuffer, _ p: CardBuffer.Property, to person: inout PersonInfo) -> Bool {
        guard person.deathDate == nil else { return false }
        if let scale = calendarScale(card, p) {
            let text = withValue(card, p) { String(utf8: $0) }.trimmingSpaces()
            person.deathDate = OtherCalendarDate.day(calendar: scale, text: text)
            if person.deathDate == nil {
                warn(p.line, .otherCalendar, "death date '\(Diagnostic.safeText(text, limit: 30))' of the "
                     + "\(Diagnostic.safeText(scale, limit: 30)) calendar has no Gregorian day (no year, or a calendar ICU does not know): kept as it is")
            }
        } else if let date = date(card, p, what: "death date") {
            person.deathDate = date
        }
        return false
    }
}

extension OtherCalendarDate {
    /// The Gregorian day a date of another calendar with a year was (a day that happened once,
    /// as a death); nil for one without a year, or of a calendar ICU does not know.
    package static func day(calendar: String, text: String) -> PartialDate? {
        guard let date = OtherCalendarDate(calendar: calendar, text: text), date.year != nil,
              let day = OtherCalendars.gregorian(date) else { return nil }
        return PartialDate(year: day.year, month: day.month, day: day.day)
    }

    /// The first birthday of another calendar among written properties (`BDAY;CALSCALE=…`,
    /// `X-ALTBDAY`), as the vCard reader takes it (the CSV `vCard` column's).
    package static func birthday(in properties: [VCardProperty]) -> OtherCalendarDate? {
        first(in: properties, named: ["BDAY", "X-ALTBDAY"])
    }

    /// The first anniversary of another calendar among written properties.
    package static func anniversary(in properties: [VCardProperty]) -> OtherCalendarDate? {
        first(in: properties, named: ["ANNIVERSARY", "X-ANNIVERSARY"])
    }

    private static func first(in properties: [VCardProperty], named names: [String]) -> OtherCalendarDate? {
        for p in properties where names.contains(p.name.uppercased()) {
            guard let scale = p.parameters.first(where: { $0.name.uppercased() == "CALSCALE" })?.values.first?.lowercased(),
                  let date = OtherCalendarDate(calendar: scale, text: ValueDecoding.unescape(Array(p.value.utf8)).trimmingSpaces())
            else { continue }
            return date
        }
        return nil
    }
}

extension PersonProperties {
    static func writeBirthday(_ person: PersonInfo, to out: inout PropertyWriter) {
        if let birthday = person.birthday { out.add("BDAY", birthday.description) }
    }

    static func writeAnniversary(_ person: PersonInfo, to out: inout PropertyWriter) {
        if let anniversary = person.anniversary { out.add("ANNIVERSARY", anniversary.description) }
    }
}
