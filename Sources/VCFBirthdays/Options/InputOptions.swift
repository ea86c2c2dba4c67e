import ArgumentParser
import ContactsCore
import ContactFormats

extension RunOptions {
    /// What is read, and how: the command line's Input options, each declared here once (its
    /// flag, help, value and check).
    public struct Input: ParsableArguments, Sendable {
        /// Files, directories (every `.vcf`, `.csv` and `.ldif` in them) or `-` for standard input; none = standard input.
        @Argument(help: ArgumentHelp("vCard, CSV or LDIF files, directories (every .vcf, .csv and .ldif in them), or - for standard input (the default).",
                                     valueName: "path"))
        public var paths: [String] = []

        /// nil: detected per input (vCard when a line near the start is `BEGIN:VCARD`, outside CSV quotes; else CSV).
        @Option(name: .customLong("from"), help: ArgumentHelp("Input format (default: detected per input).", valueName: "format"))
        public var format: InputFormat?

        /// The input encoding; nil: UTF-8, UTF-16 (by its byte-order mark or NUL bytes), Windows-1252 fallback for CSV.
        @Option(help: ArgumentHelp("Input encoding, such as windows-1252, iso-8859-1 or utf-16 (default: UTF-8; UTF-16 by its byte-order mark or NUL bytes; CSV that is not UTF-8 as windows-1252).",
                                   valueName: "name"))
        public var encoding: String?

        /// The CSV delimiter; nil: detected from the header line.
        @Option(help: ArgumentHelp("CSV delimiter: comma, semicolon, tab or one character (default: detected from the header).",
                                   valueName: "char"),
                transform: { try OptionValue.check(OptionValue.delimiterByte($0), "not comma, semicolon, tab or one ASCII character") })
        public var delimiter: UInt8?

        /// The CSV dialect (`--csv-dialect`); nil: told by the header.
        @Option(name: .customLong("csv-dialect"), help: ArgumentHelp("CSV dialect (default: detected from the header).", valueName: "dialect"))
        public var csvDialect: CSVDialect?

        /// How to read CSV dates like `03/04/1990` (`--date-order`); nil: the dialect's or locale's.
        @Option(name: .customLong("date-order"), help: ArgumentHelp("How to read CSV dates like 03/04/1990 (default: the dialect's, else the locale's).",
                                                                    valueName: "order"))
        public var dateOrder: DateOrder?

        /// A record (card or CSV row) larger than this is rejected; reading goes on after it.
        @Option(name: .customLong("max-record-bytes"),
                help: ArgumentHelp("A card or CSV row larger than this is rejected and reading goes on after it; K, M and G suffixes (default: 64M).",
                                   valueName: "size"),
                transform: { try OptionValue.check(OptionValue.byteCount($0), "not a size of at least 1K, such as 65536, 512K or 64M") })
        public var maxRecordBytes = 64 << 20

        /// The country whose national phone numbers the inputs hold (`--region`, ISO 3166: `DE`); nil: the locale's.
        @Option(help: ArgumentHelp("The country of national phone numbers (those without +), as its two-letter code, such as DE or US, for --dupes and --merge (default: the locale's).",
                                   valueName: "CC"),
                transform: { try OptionValue.check(OptionValue.region($0), "not a two-letter country code, such as DE or US") })
        public var region: String?

        /// Plain http to servers on other machines is allowed (`--allow-http`).
        @Flag(name: .customLong("allow-http"), help: "Read from servers over plain http on other machines too (the password crosses the network in clear; http to this machine is always allowed).")
        public var allowsPlainHTTP = false

        /// The CA certificates servers are verified with (`--ca-file`); nil: the system's.
        @Option(name: .customLong("ca-file"), help: ArgumentHelp("Verify servers with the CA certificates in this PEM file instead of the system's.",
                                                                 valueName: "file"))
        public var caFile: String?

        /// Prints the servers' password (`--password-command`); nil: the netrc file gives it.
        @Option(name: .customLong("password-command"), help: ArgumentHelp("Run this command (by /bin/sh) for the servers' password, the first line it prints, instead of ~/.netrc; the URL gives the user name.",
                                                                          valueName: "command"))
        public var passwordCommand: String?

        /// Threads that parse parts of an input and files at once (`--threads`); nil: the command
        /// line's default (the online CPUs, at most 8), a library's 1 (this thread only).
        @Option(help: ArgumentHelp("Threads that parse parts of a large vCard, CSV or LDIF input, and the files of a directory, at once; the output is the same with any number (default: the online CPUs, at most 8; 1 = no extra threads).",
                                   valueName: "n"),
                transform: { try OptionValue.check(Int($0).flatMap { (1...256).contains($0) ? $0 : nil }, "not a number from 1 to 256") })
        public var threads: Int?

        /// Standard input, each input's format detected.
        public init() {}
    }
}
