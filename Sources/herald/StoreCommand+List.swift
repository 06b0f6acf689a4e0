import ArgumentParser
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

    @Argument(help: "What to list: tickets or reminders (default: both, each under a heading).")
    var kind: String?

    @Option(help: "Only tickets of this game.")
    var game: String?

    @Option(help: "Only tickets of this draw date (YYYY-MM-DD).")
    var draw: String?

    func run() throws {
        var kinds = Kind.allCases
        if let kind {
            guard let chosen = Kind(rawValue: kind) else {
                throw StoreCLI.usage("list: '\(kind)' is not one of tickets, reminders")
            }
            kinds = [chosen]
        }
        var drawDate: DrawDate?
        do throws(LotteryError) {
            if let game { _ = try GameRules.named(game) }
            if let draw { drawDate = try DrawDate(draw) }
        } catch {
            throw StoreCLI.usage(error.description)
        }
        let opened = try options.openStoreForReading()
        for kind in kinds {
            if kinds.count > 1 { print("\(kind.rawValue):") }
            guard let store = opened else { continue }
            switch kind {
            case .tickets:
                let tickets = try StoreCLI.run { () throws(StoreError) in
                    try store.tickets(game: game, draw: drawDate, deadline: options.deadline)
                }
                for stored in tickets {
                    let ticket = stored.ticket
                    let numbers = ticket.numbers.map(String.init).joined(separator: ",")
                    let bonus = ticket.bonus.isEmpty ? "-" : ticket.bonus.map(String.init).joined(separator: ",")
                    print("\(stored.id)\t\(ticket.game)\t\(ticket.draw)\t\(numbers)\t\(bonus)\t\(Self.multiplier(ticket))")
                }
            case .reminders:
                let reminders = try StoreCLI.run { () throws(StoreError) in try store.reminders(deadline: options.deadline) }
                for reminder in reminders {
                    let title = Self.oneLine(reminder.title)
                    let notes = reminder.notes.map(Self.oneLine) ?? ""
                    print("\(reminder.id.uuidString)\t\(ISO8601.format(reminder.due))\t\(title)\t\(notes)")
                }
            }
        }
    }

    static func multiplier(_ ticket: Ticket) -> String {
        if let multiplier = ticket.multiplier { return "x\(multiplier)" }
        return ticket.multiplierAddOn ? "PP" : "-"
    }

    /// Tabs and line breaks would break the one-row-per-line shape; other control characters
    /// are shown escaped.
    static func oneLine(_ text: String) -> String {
        OutsideText.escaped(String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 }))
    }

    /// `powerball 2026-11-18 4,11,23,45,61 + 9`.
    static func describe(_ ticket: Ticket) -> String {
        var text = "\(ticket.game) \(ticket.draw) \(ticket.numbers.map(String.init).joined(separator: ","))"
        if !ticket.bonus.isEmpty { text += " + " + ticket.bonus.map(String.init).joined(separator: ",") }
        if let multiplier = ticket.multiplier { text += " x\(multiplier)" }
        if ticket.multiplierAddOn { text += " (Power Play)" }
        return text
    }
}
