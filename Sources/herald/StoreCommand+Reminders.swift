import ArgumentParser
import Foundation
import HeraldStore

/// `herald store add-reminder`: stores (or replaces) a reminder by id.
struct StoreAddReminder: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-reminder", abstract: "Store a reminder (replacing the one with the same id).")

    @OptionGroup var options: StoreOptions

    @Option(help: "The reminder's UUID.")
    var id: String?

    @Option(help: "The title shown in the notification.")
    var title: String?

    @Option(help: "When it is due, ISO 8601 with a zone: 2026-11-21T18:30:00Z or 2026-11-21T19:30:00+01:00.")
    var due: String?

    @Option(help: "Notes.")
    var notes: String?

    func run() throws {
        guard let idText = id else { throw StoreCLI.usage("add-reminder needs --id UUID") }
        guard let uuid = UUID(uuidString: idText) else { throw StoreCLI.usage("--id: '\(idText)' is not a UUID") }
        guard let title, !title.isEmpty else { throw StoreCLI.usage("add-reminder needs a non-empty --title") }
        guard let dueText = due else { throw StoreCLI.usage("add-reminder needs --due ISO8601") }
        guard let dueDate = ISO8601.parse(dueText) else {
            throw StoreCLI.usage("--due: '\(dueText)' is not an ISO 8601 date-time with a zone (e.g. 2026-11-21T18:30:00Z)")
        }
        let reminder = Reminder(id: uuid, title: title, due: dueDate, notes: notes)
        let store = try options.openStore()
        try StoreCLI.run { () throws(StoreError) in try store.addReminder(reminder, deadline: options.deadline) }
        print("added reminder \(uuid.uuidString) due \(ISO8601.format(dueDate))")
    }
}

/// ISO 8601 instants as the CLI reads and writes them.
enum ISO8601 {
    /// Accepts `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`.
    static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// UTC with milliseconds when there are any: `2026-11-21T18:30:00Z`.
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        let hasMilliseconds = (date.timeIntervalSince1970 * 1000).rounded() .truncatingRemainder(dividingBy: 1000) != 0
        formatter.formatOptions = hasMilliseconds ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
