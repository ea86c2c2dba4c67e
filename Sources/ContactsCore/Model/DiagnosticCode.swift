extension Diagnostic {
    /// What a diagnostic is about, stable across releases (the message may be reworded): written
    /// as `"code"` by `--errors json` and listed in the man page, so that scripts can rely on it.
    public enum Code: String, Sendable, CaseIterable {
        // The run (its path is the program's name).
        /// The command line is wrong (an unknown option, a value an option does not take).
        case usage = "usage"
        /// No input given, and standard input is a terminal.
        case noInput = "no-input"
        /// `--locale` or the environment names a locale ICU cannot open.
        case unknownLocale = "unknown-locale"
        /// The locale has no collation of its own: the root collation sorts.
        case noCollation = "no-collation"
        /// An option given does nothing in this run (`--remind` without `--to ics`): ignored.
        case optionIgnored = "option-ignored"
        /// `-o`'s file is named for another format than the one written (`--to csv -o x.ics`).
        case formatMismatch = "format-mismatch"
        /// A setting of the environment (`VCF2BIRTHDAYS_SORT`) that means nothing: ignored.
        case ignoredPreference = "ignored-preference"
        /// `--dupes`, `--merge`: libphonenumber's front is not installed; phone numbers are not compared.
        case noPhoneLibrary = "no-phone-library"
        /// An output (`-o`, `--rejects`, a folder) cannot be created.
        case cannotCreate = "cannot-create"
        /// An output would land on an input, another output or a vdir item: refused.
        case outputRefused = "output-refused"
        /// Writing an output failed (a full disk, a file size limit).
        case writeError = "write-error"
        /// `--open`: the result could not be opened.
        case cannotOpenResult = "cannot-open-result"
        /// The birthday list, TSV, a calendar or LDIF: a UID or an e-mail address of someone
        /// written came again (said once, with how often).
        case likelyDuplicates = "likely-duplicates"

        // The inputs.
        /// A path given does not exist.
        case noSuchFile = "no-such-file"
        /// An input could not be opened.
        case cannotOpen = "cannot-open"
        /// A directory given could not be listed.
        case cannotReadDirectory = "cannot-read-directory"
        /// Reading an input failed part way.
        case readError = "read-error"
        /// A directory holds no contacts file.
        case noContactsFiles = "no-contacts-files"
        /// A directory entry is no regular file.
        case notRegularFile = "not-regular-file"
        /// An input holds nothing.
        case emptyInput = "empty-input"
        /// `--encoding` names a character set this system does not know.
        case unknownEncoding = "unknown-encoding"
        /// An input is no contacts file (a PDF, an image, a CSV file without a name column).
        case notContacts = "not-contacts"
        /// A CSV input is not UTF-8 and is read as Windows-1252.
        case encodingGuessed = "encoding-guessed"
        /// Bytes that are no character of the input's encoding, replaced by U+FFFD.
        case undecodableBytes = "undecodable-bytes"
        /// A `CHARSET` parameter names a character set this system does not know (said once per file and name).
        case unknownCharset = "unknown-charset"
        /// A value or field that is not UTF-8 is read as Windows-1252 (said once per file).
        case readAsWindows1252 = "read-as-windows-1252"

        // The records.
        /// A record larger than `--max-record-bytes`.
        case recordTooLarge = "record-too-large"
        /// A vCard with more properties than any real card has.
        case tooManyProperties = "too-many-properties"
        /// A vCard with no `END:VCARD`.
        case unclosedCard = "unclosed-card"
        /// Text outside of any vCard.
        case outsideCard = "outside-card"
        /// A jCard or JSContact record that is no JSON (the line where that shows).
        case invalidJSON = "invalid-json"
        /// A JSON value that is no jCard (`["vcard", [properties]]`).
        case notJCard = "not-a-jcard"
        /// A property of a jCard that is none (not `["name", {parameters}, "type", value]`), or
        /// a parameter of one that is none: left out.
        case invalidJCardProperty = "invalid-jcard-property"
        /// A JSON value that is no JSContact Card (an object whose `@type` is `Card`).
        case notJSContact = "not-a-jscontact"
        /// A member of a JSContact Card that has no place in vCard (a name component of an
        /// unknown kind, a `vCardProps` entry that is no jCard property): left out.
        case invalidJSContactMember = "invalid-jscontact-member"
        /// A line inside a card that is no property and continues nothing.
        case notAProperty = "not-a-property"
        /// A line inside a card that is no property, read as a new line of the value before it.
        case continuationLine = "continuation-line"
        /// A second `VERSION` that says another version.
        case conflictingVersion = "conflicting-version"
        /// A vCard with no property that is read.
        case emptyCard = "empty-card"
        /// A CSV field whose opening quote is never closed.
        case unclosedQuote = "unclosed-quote"
        /// A quote inside an unquoted CSV field.
        case bareQuote = "bare-quote"
        /// Text after a CSV field's closing quote.
        case textAfterQuote = "text-after-quote"
        /// A CSV row with another number of fields than the header.
        case fieldCount = "field-count"
        /// A CSV row with nothing a contact is made of.
        case noContactField = "no-contact-field"
        /// An LDIF change record (`changetype: modify`, `delete`, `modrdn`), which holds no entry.
        case changeRecord = "change-record"
        /// An LDIF entry of no person's object class (an organizational unit, a domain): skipped.
        case notAPerson = "not-a-person"
        /// An LDIF line that is no `attribute: value`, or a base64 value (`attribute:: `) that is no base64.
        case notAnAttribute = "not-an-attribute"
        /// An LDIF entry this tool wrote whose attributes were changed since: read from its
        /// attributes, its `x-vcard` lines left out.
        case editedEntry = "edited-entry"

        // The values.
        /// A date that is not one (no month, a time alone, a two-digit year).
        case invalidDate = "invalid-date"
        /// A date that cannot be (February 30th, month 13).
        case impossibleDate = "impossible-date"
        /// A date that reads both day/month and month/day (said once per file).
        case ambiguousDate = "ambiguous-date"
        /// A date read in the other order than the file's, which gives no date (said once per file).
        case swappedDate = "swapped-date"
        /// A CSV number column (a birth year) that holds no number.
        case notANumber = "not-a-number"
        /// A birthday after today, or more than 150 years before it: read without its year.
        case implausibleBirthYear = "implausible-birth-year"
        /// A date in a calendar other than the Gregorian (`CALSCALE=chinese`): kept, not read as a Gregorian date.
        case otherCalendar = "other-calendar"

        // The rules `--check` checks.
        /// `VERSION` is not 2.1, 3.0 or 4.0.
        case invalidVersion = "invalid-version"
        /// `VERSION` is missing.
        case missingVersion = "missing-version"
        /// vCard 4.0: `VERSION` is not the first property.
        case versionNotFirst = "version-not-first"
        /// A property the version allows once comes again.
        case repeatedProperty = "repeated-property"
        /// `FN` is missing (3.0, 4.0).
        case missingFN = "missing-fn"
        /// `N` is missing (2.1, 3.0).
        case missingN = "missing-n"
        /// A line ends in LF alone.
        case bareLineFeed = "bare-line-feed"
        /// A line longer than the version's folding limit.
        case longLine = "long-line"
        /// A group, property or parameter name with characters names may not have.
        case invalidName = "invalid-name"
        /// A property the version does not define, without `X-`.
        case unregisteredProperty = "unregistered-property"
        /// A vCard 2.1 parameter without a name, in 3.0 or 4.0.
        case namelessParameter = "nameless-parameter"
        /// A parameter the version does not allow (`ENCODING`, `CHARSET` in 4.0, `TYPE=pref` in 4.0).
        case parameterNotAllowed = "parameter-not-allowed"
        /// vCard 4.0: `PREF` is not a number from 1 to 100.
        case invalidPref = "invalid-pref"
        /// A value that is not UTF-8 where the version requires it.
        case notUTF8 = "not-utf8"
        /// vCard 4.0: a date, timestamp or UTC offset in ISO 8601's extended form.
        case extendedDateForm = "extended-date-form"
        /// vCard 2.1 and 3.0: a date without a year (`--1203`), which their date type does not
        /// have (vendors write it).
        case truncatedDate = "truncated-date"
        /// `N` or `ADR` with the wrong number of components.
        case componentCount = "component-count"
        /// vCard 4.0: the sex in `GENDER` is not M, F, O, N, U or empty.
        case invalidGender = "invalid-gender"
        /// vCard 4.0: `KIND` is none of the kinds RFC 6350 and RFC 6473 define.
        case unknownKind = "unknown-kind"
        /// A URI without a scheme, or with characters a URI writes percent-encoded.
        case invalidURI = "invalid-uri"
        /// A `tel:` URI that is no phone number (RFC 3966).
        case invalidTel = "invalid-tel"
        /// `GEO` that is no `geo:` URI (4.0) or latitude and longitude (3.0), or out of range.
        case invalidGeo = "invalid-geo"
        /// A language tag (`LANG`, `LANGUAGE=`) that is not well-formed (RFC 5646).
        case invalidLanguageTag = "invalid-language-tag"
        /// `TZ` that should be a UTC offset and is not one.
        case invalidUTCOffset = "invalid-utc-offset"
        /// `REV` that is no timestamp (4.0) or date and time (3.0).
        case invalidTimestamp = "invalid-timestamp"
        /// vCard 4.0: `VALUE=` names a type the property does not take.
        case valueTypeNotAllowed = "value-type-not-allowed"
        /// vCard 4.0: a registered parameter on a property that does not take it.
        case parameterNotApplicable = "parameter-not-applicable"
        /// vCard 4.0: a parameter no RFC registers and not an `X-` one.
        case unregisteredParameter = "unregistered-parameter"
        /// vCard 4.0: `INDEX`, `LEVEL` or `MEDIATYPE` with a value it cannot have.
        case invalidParameterValue = "invalid-parameter-value"
        /// vCard 4.0: `MEMBER` in a card whose `KIND` is not `group`.
        case memberOutsideGroup = "member-outside-group"

        // The outputs.
        /// A property whose name no vCard may have is left out.
        case unwritableName = "unwritable-name"
        /// A property named `BEGIN` or `END` inside a card is left out.
        case frameProperty = "frame-property"
        /// A property's group that no vCard may have is left out.
        case unwritableGroup = "unwritable-group"
        /// A property the target version has no counterpart of is written as an `X-` property (said once per run and property).
        case noCounterpart = "no-counterpart"
        /// A year-less 29 February written as 1 March for an importer that drops it (`--for khard`).
        case leapDayMoved = "leap-day-moved"
        /// A name with `_` is written with `-` (said once per run and name).
        case nameRewritten = "name-rewritten"
        /// A second instance of a property the target version allows once is written as `X-` (said once per run and name).
        case secondInstanceRenamed = "second-instance-renamed"
        /// A photo that is a link or not base64 is not extracted.
        case photoNotExtracted = "photo-not-extracted"
        /// A photo file could not be written.
        case cannotWritePhoto = "cannot-write-photo"
        /// `--vdir`: a card's UID was another card's before; it is written with a suffix.
        case duplicateUID = "duplicate-uid"
        /// `--vdir`: an item's file could not be written, or a stale one removed.
        case cannotWriteItem = "cannot-write-item"
        /// `--vdir`: a file with an item's name is not this tool's; it is left as it is and the item not written.
        case foreignItem = "foreign-item"
        /// `--vdir`: stale items are kept because the read was not clean (an input missing,
        /// unreadable, empty or cut off, a record rejected).
        case staleItemsKept = "stale-items-kept"
        /// `--vdir`: stale items are kept because removing them would pass `--max-remove`.
        case removalLimit = "removal-limit"
        /// `-o`: nothing could be read, and the file is left as it was.
        case outputLeft = "output-left"

        /// How often a diagnostic with this code is said.
        public var scope: Scope {
            switch self {
            case .unknownCharset, .readAsWindows1252, .ambiguousDate, .swappedDate: return .file
            case .noCounterpart, .nameRewritten, .secondInstanceRenamed: return .run
            default: return .record
            }
        }

        /// Whether two diagnostics of a code said once differ when their messages do (an
        /// unknown charset is said once for each name); the date warnings are said once
        /// whatever their dates.
        var oncePerMessage: Bool {
            self != .ambiguousDate && self != .swappedDate
        }
    }

    /// How often a diagnostic is said.
    public enum Scope: Sendable {
        /// Every time (for every record it concerns).
        case record
        /// Once per input file.
        case file
        /// Once per run.
        case run
    }
}

/// The diagnostics said so far of those said once per file or run (`Diagnostic.Code.scope`):
/// the one place that decides whether such a diagnostic is said again.
package struct SaidOnce {
    private var said = Set<String>()

    package init() {}

    /// True the first time for a diagnostic said once, and always for every other.
    package mutating func admits(_ diagnostic: Diagnostic) -> Bool {
        let code = diagnostic.code
        let subject = code.oncePerMessage ? diagnostic.message : ""
        switch code.scope {
        case .record: return true
        case .file: return said.insert(code.rawValue + "\0" + diagnostic.path + "\0" + subject).inserted
        case .run: return said.insert(code.rawValue + "\0" + subject).inserted
        }
    }
}
