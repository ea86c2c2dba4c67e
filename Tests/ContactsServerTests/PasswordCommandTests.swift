import ContactsServer
import Foundation
import Testing

/// `--password-command`: the first line a command prints, asked once a run, never shown.
@Suite struct PasswordCommandTests {
    @Test func theFirstLineOnce() throws {
        let counter = NSTemporaryDirectory() + "/password-command-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: counter) }
        let command = PasswordCommand("echo run >> '\(counter)'; printf 'pa ss\\nsecond line\\n'")
        #expect(try command.password() == "pa ss")
        #expect(try command.password() == "pa ss")
        #expect(try String(contentsOfFile: counter, encoding: .utf8) == "run\n", "run once")
    }

    @Test(arguments: [("printf leaked; exit 3", "failed (exit status 3)"), ("true", "printed no password"), ("kill -9 $$", "was killed")])
    func failures(command: String, reason: String) {
        do {
            _ = try PasswordCommand(command).password()
            Issue.record("\(command) gave a password")
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
            #expect(!error.reason.contains("leaked"))
        }
    }
}
