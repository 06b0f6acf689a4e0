import ArgumentParser
import HeraldCommandLine
import HeraldLottery
import HeraldStore

/// `herald store add-ticket`: stores one line for a draw.
struct StoreAddTicket: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-ticket", abstract: "Store a lottery ticket (one line) for a draw.")

    @OptionGroup var options: StoreOptions

    @Option(help: "The game (see `herald store games`).") var game: String?
    @Option(help: "The main numbers, comma-separated: 1,2,3,4,5.") var numbers: String?
    @Option(help: "The bonus number(s) picked, comma-separated (none for games whose bonus comes from the main drum).") var bonus: String?
    @Option(help: "The draw date, YYYY-MM-DD (default: today, UTC).") var draw: String?
    @Option(help: "The multiplier printed on the line (Mega Millions).") var multiplier: Int?
    @Flag(name: .customLong("power-play"), help: "The line bought the drawn multiplier add-on (Powerball Power Play).")
    var powerPlay = false

    func run() throws {
        guard let game else { throw CommandFailure.usage("add-ticket needs --game (one of: \(GameRules.all.map(\.id).joined(separator: ", ")))") }
        guard let numbersText = numbers else { throw CommandFailure.usage("add-ticket needs --numbers, e.g. --numbers 1,2,3,4,5") }
        let mainNumbers: [Int]
        let bonusNumbers: [Int]
        do { mainNumbers = try Ticket.numbers(numbersText) } catch { throw CommandFailure.usage("--numbers: \(error)") }
        do { bonusNumbers = try Ticket.numbers(bonus ?? "") } catch { throw CommandFailure.usage("--bonus: \(error)") }
        let ticket: Ticket
        do throws(LotteryError) {
            let date: DrawDate
            if let draw { date = try DrawDate(draw) } else { date = try DrawDate.todayUTC() }
            ticket = try Ticket(
                game: game, draw: date, numbers: mainNumbers, bonus: bonusNumbers, multiplier: multiplier,
                multiplierAddOn: powerPlay)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        let store = try options.openStore()
        let id = try CommandFailure.catching(.failure) { try store.addTicket(ticket, deadline: options.deadline) }
        print("added ticket \(id): \(ticket.summary)")
    }
}

/// `herald store games`: the games the package knows.
struct StoreGames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "games", abstract: "List the lottery games (id, name, currency, what a line holds).")

    func run() throws {
        for rules in GameRules.all { print(rules.columns.joined(separator: "\t")) }
    }
}
