import Testing
@testable import ContactsCore
@testable import ContactFormats
@testable import ContactsOutput
import ContactsTesting
import ContactFormatsTesting

/// `--remind DAYS[@HH:MM]`: what is read, what is refused, and the trigger an all-day event gets.
struct ReminderTests {
    /// Text, its trigger relative to the event's day (midnight where the user is), and how it is said back.
    @Test(arguments: [
        ("0", "PT0S", "0"),
        ("3", "-P3D", "3"),
        ("7@09:00", "-P6DT15H", "7@09:00"),
        ("0@08:00", "PT8H", "0@08:00"),
        ("0@8:30", "PT8H30M", "0@08:30"),
        ("1@23:59", "-PT1M", "1@23:59"),
        ("2@00:00", "-P2D", "2"),
        ("1@00:05", "-PT23H55M", "1@00:05"),
        ("366@12:00", "-P365DT12H", "366@12:00"),
    ])
    func triggers(text: String, trigger: String, said: String) throws {
        let reminder = try #require(Reminder(text))
        #expect(reminder.trigger == trigger)
        #expect(reminder.description == said)
        #expect(Reminder(reminder.description) == reminder)
    }

    @Test(arguments: ["", "-1", "367", "1000", "7@", "7@9", "7@24:00", "7@09:60", "7@09:5", "7@x9:00", "@09:00",
                      "7@09:00:00", "+7", " 7", "7d", "٣"])
    func refused(text: String) {
        #expect(Reminder(text) == nil)
        #expect(Reminder.parse([text]) == .failure(.invalid(text)))
    }

    /// Lists, repeated options and repeats: in order, each once; more than ten is refused.
    @Test func lists() throws {
        #expect(try Reminder.parse(["7@09:00,0@08:00", "7@09:00", "3"]).get().map(\.description) == ["7@09:00", "0@08:00", "3"])
        #expect(try Reminder.parse([]).get().isEmpty)
        #expect(Reminder.parse(["1,"]) == .failure(.invalid("")))
        #expect(Reminder.parse([(0...10).map(String.init).joined(separator: ",")]) == .failure(.tooMany))
        #expect(try Reminder.parse([(0...9).map(String.init).joined(separator: ",")]).get().count == 10)
    }
}
