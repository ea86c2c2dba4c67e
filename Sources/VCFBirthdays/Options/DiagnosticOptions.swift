import ArgumentParser

extension RunOptions {
    /// How problems are said and what they stop: the command line's Diagnostics options, each
    /// declared here once.
    public struct Diagnostics: ParsableArguments, Sendable {
        /// How diagnostics are written (`--errors text|json`).
        public enum Form: String, CaseIterable, Sendable, ExpressibleByArgument {
            /// `PATH:LINE: severity: message` lines.
            case text
            /// One JSON object per line, with a stable `code`.
            case json
        }

        /// How diagnostics and the summary are written (`--errors`).
        @Option(name: .customLong("errors"),
                help: ArgumentHelp("How diagnostics are written on standard error: as PATH:LINE: severity: message lines, or one JSON object per line (with a stable \"code\", listed in the man page).",
                                   valueName: "format"))
        public var form: Form = .text

        /// Stop at the first record that cannot be converted (`--strict`).
        @Flag(help: "Stop at the first record that cannot be converted; with -o, write nothing.")
        public var strict = false

        /// Where the raw text of rejected records goes (`--rejects`).
        @Option(help: ArgumentHelp("Write the raw text of every record that could not be converted to this file.",
                                   valueName: "file"))
        public var rejects: String?

        /// Report every rule the input breaks, convert nothing (`--check`).
        @Flag(name: .customLong("check"), help: "Convert nothing: report every rule of vCard 2.1, 3.0 (RFC 2426) or 4.0 (RFC 6350) each card breaks, as PATH:LINE: error: PROPERTY: rule (RFC section); exit 65 if any. CSV input gets its usual diagnostics.")
        public var checksOnly = false

        /// How often `-q` was given: 1 is `quiet`, 2 `silent`.
        @Flag(name: [.customLong("quiet"), .customShort("q")], help: "No summary line (N people, W warnings, R rejected) on standard error at the end, nor progress; -qq: no warnings and no rejected record said either, only what fails the run (for a mail client's query_command).")
        public var quietness: Int

        /// `--progress` / `--no-progress`; nil: a progress line when standard error is a terminal.
        @Flag(inversion: .prefixedNo, help: "Show a progress line on standard error during runs longer than a second (default: only when standard error is a terminal, and not with -q).")
        public var progress: Bool?

        /// No summary line at the end, nor progress (`-q`).
        public var quiet: Bool {
            get { quietness > 0 }
            set { quietness = newValue ? max(quietness, 1) : 0 }
        }

        /// Neither warnings nor rejected records said either (`-qq`, for a mail client's query):
        /// only what fails the run (an input or output that cannot be read or written, a wrong
        /// option). Rejected records still go to `--rejects` and make the exit status 65.
        /// Setting it makes the run `quiet` too.
        public var silent: Bool {
            get { quietness > 1 }
            set { quietness = newValue ? 2 : min(quietness, 1) }
        }

        /// Diagnostics and the summary as JSON lines (`--errors json`).
        public var errorsAsJSON: Bool {
            get { form == .json }
            set { form = newValue ? .json : .text }
        }

        /// Diagnostics as text, every record that can be converted converted, a summary at the
        /// end (the parser's start: a run's options begin as `RunOptions()`'s).
        public init() {}
    }
}
