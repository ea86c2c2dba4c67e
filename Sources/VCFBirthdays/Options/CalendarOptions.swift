import ArgumentParser
import ContactsOutput

extension RunOptions {
    /// What a calendar (`--to ics`) holds besides birthdays: the command line's Calendar
    /// options, each declared here once.
    public struct Calendar: ParsableArguments, Sendable {
        /// Also anniversaries and Apple's labelled dates (`--anniversaries`).
        @Flag(name: .customLong("anniversaries"), help: "Calendar (--to ics): also anniversaries and Apple's labelled dates.")
        public var includesOtherDates = false

        /// The alarms of each `--remind`, in order.
        @Option(name: .customLong("remind"), parsing: .unconditionalSingleValue,
                help: ArgumentHelp("Calendar (--to ics): an alarm this many days before each event (0 = on the day), at a time of day with @HH:MM (7@09:00); repeat it or separate with commas for several (7@09:00,0@08:00).",
                                   valueName: "days[@HH:MM]"),
                transform: OptionValue.reminders)
        public var reminderLists: [[Reminder]] = []

        /// Single events in each of the next this many years, titled with the age (`--years`);
        /// nil: one yearly event.
        @Option(help: ArgumentHelp("Calendar (--to ics): instead of one yearly event, single events in each of the next N years from --today (1 to 100), titled with the age reached; birthdays of other calendars (CALSCALE) get single events, 10 years without it (or one event with --rscale).",
                                   valueName: "n"))
        public var years: Int?

        /// A birthday of another calendar as one event recurring in that calendar
        /// (`RRULE;RSCALE=`, `--rscale`) instead of single events.
        @Flag(name: .customLong("rscale"), help: "Calendar (--to ics): a birthday of another calendar (CALSCALE) as one event recurring in that calendar (RRULE;RSCALE=, RFC 7529), for the clients that expand it, instead of single events.")
        public var recursInItsCalendar = false

        /// The events' title (`--title`), with `{name}`, `{age}`, `{age-years}`, `{year}`, `{date}`, `{kind}`;
        /// nil: the locale's default.
        @Option(name: .customLong("title"),
                help: ArgumentHelp("Calendar (--to ics): the events' title, with {name}, {age} (41), {age-years} (41 years, in the --locale's language), {year}, {date} and {kind}; {{ and }} are braces; an empty {age} takes the (…) around it (default: the --locale's language: \"{kind}: {name}\", with --years \"{kind}: {name} ({age-years})\").",
                                   valueName: "template"),
                transform: { text in
                    if let problem = EventTitles.problem(in: text) { throw OptionProblem(problem) }
                    return text
                })
        public var titleTemplate: String?

        /// The alarms of each event, in order, each once. Setting them sets `--remind`.
        public var reminders: [Reminder] {
            get { Reminder.distinct(reminderLists.joined()) }
            set { reminderLists = [newValue] }
        }

        public func validate() throws {
            if reminders.count > Reminder.maxCount {
                throw ValidationError("--remind takes at most \(Reminder.maxCount) reminders")
            }
            if let years, years < 1 || years > 100 {
                throw ValidationError("--years takes a number of years from 1 to 100")
            }
        }

        /// Birthdays only, without alarms (the parser's start: a run's options begin as
        /// `RunOptions()`'s).
        public init() {}
    }
}
