import ContactsCore
import ContactFormats
import ContactsOutput

/// Reads one input: finds its encoding (a UTF-16 byte-order mark, `--encoding`, or UTF-8 with a
/// Windows-1252 fallback for CSV) and its format (LDIF when it starts with `version:` or `dn:`,
/// vCard when a line near the start is `BEGIN:VCARD`, else CSV),
/// then feeds the right parser in chunks of up to 1 MiB, transcoding to UTF-8 on the way.
struct InputReader {
    /// What reading takes from the run's options, and the collation locale (whose usual date
    /// order reads ambiguous CSV dates). Its texts are copies of their own: readers of a
    /// directory's files on several threads share no reference-counted storage, whose counts
    /// both cores would write for every file.
    struct Options {
        var inputFormat: RunOptions.InputFormat?
        var encoding: String?
        var keepsRawText: Bool
        var scope: DecodeScope
        var maxRecordBytes: Int
        var partBytes: Int
        /// The character set of quoted-printable vCard bytes that name none: `--encoding` when
        /// it is a legacy one.
        var quotedPrintableCharset: String?
        var checksRules: Bool
        var delimiter: UInt8?
        var csvDialect: CSVDialect?
        var dateOrder: DateOrder?
        var locale: String
        /// Today, against which birth years are checked.
        var today: CalendarDate?

        /// `scope`: what the run's plan decodes (`RunPlan.scope`).
        init(_ options: RunOptions, scope: DecodeScope, locale: String) {
            inputFormat = options.input.format
            encoding = options.input.encoding?.ownCopy()
            keepsRawText = options.diagnostics.rejects != nil
            self.scope = scope
            maxRecordBytes = options.input.maxRecordBytes
            partBytes = max(1, options.partBytes)
            quotedPrintableCharset = encoding.flatMap { PersonDecoder.isUTF8Name($0) || $0.lowercased().hasPrefix("utf") ? nil : $0 }
            checksRules = options.diagnostics.checksOnly
            delimiter = options.input.delimiter
            csvDialect = options.input.csvDialect
            dateOrder = options.input.dateOrder
            self.locale = locale.ownCopy()
            today = options.selection.today
        }
    }

    let displayPath: String
    let options: Options
    let sink: PeopleSink
    let reporter: DiagnosticsHandler
    var progress: ProgressMeter? = nil
    /// Threads for parsing vCard parts at once (`--threads` above 1), shared by the inputs.
    var workers: WorkerThreads? = nil

    /// Reads to the end; a read error is reported and ends the input (the result says so).
    func read(_ source: ByteSource) throws -> (statistics: ReadStatistics, readFailed: Bool) {
        // 1 MiB, or what a smaller file needs (a vdir holds thousands of small files), unzeroed.
        // With threads, a part's worth: the parsers keep what they have not sent to a worker,
        // and a larger chunk would only make that buffer (and the peak memory) larger.
        let chunkSize = workers == nil ? 1 << 20 : options.partBytes
        let bufferSize = min(chunkSize, max(4096, (source.size ?? 1 << 20) + 1))
        var buffer = [UInt8](unzeroedCount: bufferSize)
        var head: [UInt8] = []
        var atEnd = false
        // Enough of the start to recognise the encoding and the format.
        while head.count < 1 << 16 {
            guard let count = readChunk(source, &buffer) else { return (ReadStatistics(), true) }
            if count == 0 { atEnd = true; break }
            head += buffer[0..<count]
        }
        if head.isEmpty && atEnd {
            reporter.report(Diagnostic(.warning, .emptyInput, path: displayPath, line: 0, "empty: no contacts"))
            return (ReadStatistics(), false)
        }
        var transcoder: Transcoder?
        do {
            transcoder = try transcoderFor(head)
        } catch {
            reporter.report(Diagnostic(.error, .unknownEncoding, path: displayPath, line: 0, "\(error)"))
            return (ReadStatistics(), true)
        }
        if transcoder == nil && options.encoding == nil && !Self.beginsAsContacts(head),
           let kind = Self.otherKind(head) ?? (head.prefix(1024).contains(0) ? "binary data (NUL bytes near the start)" : nil) {
            // A program, a PDF, an image: one error, not a rejection for every "row" of it.
            var statistics = ReadStatistics()
            statistics.rejected = 1
            try reporter.reject(Diagnostic(.error, .notContacts, path: displayPath, line: 0, "not a contacts file: \(kind); nothing read"),
                                rawText: [])
            return (statistics, false)
        }
        let format = options.inputFormat ?? Self.detectFormat(decodedHead(head, transcoder))
        var encodingNote: String?
        if format == .csv && transcoder == nil && options.encoding == nil && !Self.isUTF8(head) {
            transcoder = try? Transcoder(charset: "windows-1252")
            encodingNote = "not valid UTF-8; read as Windows-1252 (give --encoding to choose another)"
        }
        let parser = makeParser(format, encodingNote: encodingNote)
        func feed(_ bytes: Span<UInt8>, flush: Bool) throws {
            if let transcoder {
                try transcoder.convert(bytes, flush: flush) { try parser.feed($0) }
            } else {
                try parser.feed(bytes)
            }
        }
        try feed(head.span, flush: atEnd)
        let size = progress == nil ? nil : source.size
        var bytesRead = head.count
        head = []
        var readFailed = false
        while !atEnd {
            progress?.update(bytes: bytesRead, of: size, people: parser.statistics.people)
            guard let count = readChunk(source, &buffer) else { readFailed = true; break }
            if count == 0 {
                try feed([UInt8]().span, flush: true)
                break
            }
            bytesRead += count
            try feed(buffer.span.extracting(0..<count), flush: false)
        }
        try parser.finish()
        var statistics = parser.statistics
        progress?.finishInput(bytes: bytesRead, people: statistics.people)
        progress?.update(bytes: 0, of: nil, people: 0)
        if let transcoder, transcoder.substitutions > 0 {
            statistics.warnings += 1
            reporter.report(Diagnostic(.warning, .undecodableBytes, path: displayPath, line: 0,
                                       "\(transcoder.substitutions) byte(s) could not be decoded as \(transcoder.charset); replaced by U+FFFD"))
        }
        return (statistics, readFailed)
    }

    private func readChunk(_ source: ByteSource, _ buffer: inout [UInt8]) -> Int? {
        do {
            var span = buffer.mutableSpan
            return try source.read(into: &span)
        } catch {
            let reason = (error as? IOFailure)?.reason ?? "\(error)"
            reporter.report(Diagnostic(.error, .readError, path: displayPath, line: 0, "read error: \(reason)"))
            return nil
        }
    }

    /// `--encoding`, else UTF-16 when a byte-order mark says so, else none (UTF-8).
    private func transcoderFor(_ head: [UInt8]) throws -> Transcoder? {
        if let encoding = options.encoding {
            return PersonDecoder.isUTF8Name(encoding) ? nil : try Transcoder(charset: encoding)
        }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return try Transcoder(charset: "UTF-16")  // ICU reads and drops the byte-order mark
        }
        if let charset = Self.utf16WithoutMark(head) { return try Transcoder(charset: charset) }
        return nil
    }

    /// `UTF-16LE` or `UTF-16BE` when the first bytes have the NUL pattern of ASCII text in
    /// UTF-16 without a byte-order mark (as some Windows tools write it): nearly every second
    /// byte 0, the others not.
    static func utf16WithoutMark(_ head: [UInt8]) -> String? {
        let pairs = min(head.count, 512) / 2
        guard pairs >= 4 else { return nil }
        var zerosEven = 0, zerosOdd = 0
        for i in 0..<pairs {
            if head[2 * i] == 0 { zerosEven += 1 }
            if head[2 * i + 1] == 0 { zerosOdd += 1 }
        }
        if zerosOdd * 4 >= pairs * 3 && zerosEven * 8 < pairs { return "UTF-16LE" }
        if zerosEven * 4 >= pairs * 3 && zerosOdd * 8 < pairs { return "UTF-16BE" }
        return nil
    }

    private func decodedHead(_ head: [UInt8], _ transcoder: Transcoder?) -> [UInt8] {
        guard let transcoder else { return head }
        // A separate converter, so the real one starts fresh on the same bytes.
        guard let probe = try? Transcoder(charset: transcoder.charset) else { return [] }
        var out: [UInt8] = []
        probe.convert(head.span, flush: false) { out.append(span: $0) }
        return out
    }

    /// Whether the first line (after a byte-order mark and blank lines) is a vCard's `BEGIN:VCARD`
    /// or the file reads as LDIF: then it is no other kind of file, and binary junk further on
    /// (a half-overwritten export) is junk inside it, rejected while the good records are read.
    static func beginsAsContacts(_ head: [UInt8]) -> Bool {
        if LDIFParser.looksLikeLDIF(head) || JSONCardParser.looksLikeJCard(head) || JSONCardParser.looksLikeJSContact(head) { return true }
        var start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < head.count && [0x20, 0x09, 0x0D, 0x0A].contains(head[start]) { start += 1 }
        var end = start
        while end < head.count && head[end] != 0x0A && head[end] != 0x0D { end += 1 }
        return VCardParser.marker(head.span.extracting(start..<end)) == .begin
    }

    /// What a file that is no contacts file is, told by its first bytes (its "magic number").
    static func otherKind(_ head: [UInt8]) -> String? {
        let kinds: [(magic: [UInt8], kind: String)] = [
            (Array("%PDF-".utf8), "a PDF document"),
            ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive (an .xlsx workbook is one: save the sheet as CSV)"),
            ([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], "an Office document (an .xls workbook: save the sheet as CSV)"),
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"), (Array("GIF8".utf8), "a GIF image"),
            (Array("{\\rtf".utf8), "an RTF document"), ([0x7F, 0x45, 0x4C, 0x46], "a program"),
            (Array("BEGIN:VCALENDAR".utf8), "a calendar (iCalendar), not contacts"),
        ]
        return kinds.first { head.starts(with: $0.magic) }?.kind
    }

    private func makeParser(_ format: RunOptions.InputFormat, encodingNote: String?) -> ContactsParser {
        switch format {
        case .vcard:
            let vcardOptions = VCardParser.Options(scope: options.scope, keepsRawText: options.keepsRawText,
                                                   maxRecordBytes: options.maxRecordBytes, checksRules: options.checksRules,
                                                   fallbackCharset: options.quotedPrintableCharset, today: options.today)
            if let workers {  // none with --check (RunPlan.threads)
                return PartitionedReader(VCardFraming(path: displayPath, options: vcardOptions), sink: sink,
                                         diagnostics: reporter, threads: workers, partBytes: options.partBytes)
            }
            return VCardParser(path: displayPath, sink: sink, diagnostics: reporter, options: vcardOptions)
        case .csv:
            let csvOptions = CSVParser.Options(scope: options.scope, keepsRawText: options.keepsRawText,
                                               delimiter: options.delimiter, dialect: options.csvDialect,
                                               dateOrder: options.dateOrder, locale: options.locale,
                                               maxRecordBytes: options.maxRecordBytes, encodingNote: encodingNote,
                                               today: options.today)
            if let workers {
                return PartitionedReader(CSVFraming(path: displayPath, options: csvOptions), sink: sink,
                                         diagnostics: reporter, threads: workers, partBytes: options.partBytes)
            }
            return CSVParser(path: displayPath, sink: sink, diagnostics: reporter, options: csvOptions)
        case .ldif:
            let ldifOptions = LDIFParser.Options(scope: options.scope, keepsRawText: options.keepsRawText,
                                                 maxRecordBytes: options.maxRecordBytes, today: options.today)
            if let workers {
                return PartitionedReader(LDIFFraming(path: displayPath, options: ldifOptions), sink: sink,
                                         diagnostics: reporter, threads: workers, partBytes: options.partBytes)
            }
            return LDIFParser(path: displayPath, sink: sink, diagnostics: reporter, options: ldifOptions)
        case .jcard, .jscontact:  // read on one thread
            let cardOptions = VCardParser.Options(scope: options.scope, keepsRawText: options.keepsRawText,
                                                  maxRecordBytes: options.maxRecordBytes, checksRules: options.checksRules,
                                                  today: options.today)
            return JSONCardParser(format == .jcard ? .jCard : .jsContact, path: displayPath, sink: sink, diagnostics: reporter,
                                  options: cardOptions)
        }
    }

    /// LDIF when the first line that is no comment is `version:` or `dn:`; vCard when a line of
    /// the first bytes is `BEGIN:VCARD` (any case, white space around its
    /// parts) and is not inside a quoted CSV field, else CSV: a CSV note that mentions or holds
    /// `BEGIN:VCARD` does not make the file a vCard, a line of text before the first card does
    /// not make it CSV.
    static func detectFormat(_ bytes: [UInt8]) -> RunOptions.InputFormat {
        if LDIFParser.looksLikeLDIF(bytes) { return .ldif }
        if JSONCardParser.looksLikeJCard(bytes) { return .jcard }
        if JSONCardParser.looksLikeJSContact(bytes) { return .jscontact }
        // The first 64 KiB (the first read of a small file is all of it: a CSV file's every
        // byte was looked at, about 2,600 instructions a row).
        let head = bytes.prefix(1 << 16)
        var quoted = false
        var lineStart = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while lineStart < head.count {
            let startsInQuotes = quoted
            var end = lineStart
            while end < head.count && head[end] != 0x0A && head[end] != 0x0D {
                if head[end] == UInt8(ascii: "\"") { quoted.toggle() }
                end += 1
            }
            if !startsInQuotes && VCardParser.marker(head.span.extracting(lineStart..<end)) == .begin {
                return .vcard
            }
            lineStart = end + 1
        }
        return .csv
    }

    /// Valid UTF-8, allowing a character cut off at the end of the sample.
    static func isUTF8(_ head: [UInt8]) -> Bool {
        for cut in 0...min(3, head.count) where ValueDecoding.isValidUTF8(head[0..<(head.count - cut)]) {
            return true
        }
        return false
    }
}

extension InputReader {
    /// A reader with what it needs of the run's `options` (in an extension, so that the
    /// memberwise initializer stays).
    init(displayPath: String, options: RunOptions, locale: String, sink: PeopleSink, reporter: DiagnosticsHandler,
         progress: ProgressMeter? = nil, workers: WorkerThreads? = nil) {
        self.init(displayPath: displayPath, options: Options(options, scope: RunPlan.scope(options), locale: locale), sink: sink, reporter: reporter,
                  progress: progress, workers: workers)
    }
}
