import ArgumentParser
import HeraldCommandLine
import HeraldLottery
import HeraldStore
import HeraldDiagnostics

/// `herald store list [tickets|reminders]`: one tab-separated line per row.
struct StoreList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List stored tickets and/or reminders, one tab-separated line each.",
        discussion: """
            tickets:   id, game, draw, numbers, bonus, multiplier (xN, PP for Power Play, - for none)
            reminders: id, due (ISO 8601 UTC), title, notes
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case tickets, reminders
    }

    @OptionGroup var options: StoreOptions

    @Argument(help: "What to list: tickets or reminders (default: both, each under a heading).") var kind: String?
    @Option(help: "Only tickets of this game.") var game: String?
    @Option(help: "Only tickets of this draw date (YYYY-MM-DD).") var draw: String?

    func run() throws {
        var kinds = Kind.allCases
        if let kind {
            guard let chosen = Kind(rawValue: kind) else {
                throw CommandFailure.usage("list: '\(kind)' is not one of tickets, reminders")
            }
            kinds = [chosen]
        }
        var drawDate: DrawDate?
        do throws(LotteryError) {
            if let game { _ = try GameRules.named(game) }
            if let draw { drawDate = try DrawDate(draw) }
        } catch {
            throw CommandFailure.usage(error.description)
        }
        let opened = try options.openStoreForReading()
        for kind in kinds {
            if kinds.count > 1 { print("\(kind.rawValue):") }
            guard let store = opened else { continue }
            switch kind {
            case .tickets:
                let tickets = try CommandFailure.catching(.failure) {
                    try store.tickets(game: game, draw: drawDate, deadline: options.deadline)
                }
                for stored in tickets { print((["\(stored.id)"] + stored.ticket.columns).joined(separator: "\t")) }
            case .reminders:
                let reminders = try CommandFailure.catching(.failure) { try store.reminders(deadline: options.deadline) }
                for reminder in reminders { print(reminder.columns.map(Self.oneLine).joined(separator: "\t")) }
            }
        }
    }

    /// Tabs and line breaks would break the one-row-per-line shape; other control characters
    /// are shown escaped.
    static func oneLine(_ text: String) -> String {
        OutsideText.escaped(String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 }))
    }
}
