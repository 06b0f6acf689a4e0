import Foundation
import ArgumentParser
import HeraldCommandLine
import HeraldStore

/// `herald store add-reminder`: stores (or replaces) a reminder by id.
struct StoreAddReminder: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-reminder", abstract: "Store a reminder (replacing the one with the same id).")

    @OptionGroup var options: StoreOptions

    @Option(help: "The reminder's UUID.") var id: String?
    @Option(help: "The title shown in the notification.") var title: String?
    @Option(help: "When it is due, ISO 8601 with a zone: 2026-11-21T18:30:00Z or 2026-11-21T19:30:00+01:00.") var due: String?
    @Option(help: "Notes.") var notes: String?

    func run() throws {
        guard let idText = id else { throw CommandFailure.usage("add-reminder needs --id UUID") }
        guard let uuid = UUID(uuidString: idText) else { throw CommandFailure.usage("--id: '\(idText)' is not a UUID") }
        guard let title, !title.isEmpty else { throw CommandFailure.usage("add-reminder needs a non-empty --title") }
        guard let dueText = due else { throw CommandFailure.usage("add-reminder needs --due ISO8601") }
        guard let dueDate = ISO8601.parse(dueText) else {
            throw CommandFailure.usage("--due: '\(dueText)' is not an ISO 8601 date-time with a zone (e.g. 2026-11-21T18:30:00Z)")
        }
        let reminder = Reminder(id: uuid, title: title, due: dueDate, notes: notes)
        let store = try options.openStore()
        try CommandFailure.catching(.failure) { try store.addReminder(reminder, deadline: options.deadline) }
        print("added reminder \(uuid.uuidString) due \(ISO8601.format(dueDate))")
    }
}
