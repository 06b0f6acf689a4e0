/// One line played for one draw. Construction validates it against the game's rules, so a
/// `Ticket` value is always a legal line.
public struct Ticket: Sendable, Hashable {
    /// The game's id (``GameRules/id``).
    public let game: String
    /// The draw the ticket is for.
    public let draw: DrawDate
    /// The main numbers, in the order played.
    public let numbers: [Int]
    /// The bonus numbers picked (none for games whose bonus is drawn from the main pool).
    public let bonus: [Int]
    /// For games with a multiplier printed per line (Mega Millions): that multiplier.
    public let multiplier: Int?
    /// For games with a drawn add-on multiplier (Powerball Power Play): whether it was bought.
    public let multiplierAddOn: Bool

    /// A validated line; throws a ``LotteryError`` naming what is wrong.
    public init(
        game: String, draw: DrawDate, numbers: [Int], bonus: [Int], multiplier: Int? = nil,
        multiplierAddOn: Bool = false
    ) throws(LotteryError) {
        let rules = try GameRules.named(game)
        try rules.checkDate(draw)
        try rules.checkMain(numbers)
        if let bonusRule = rules.bonus, bonusRule.pool == .sameAsMain, !bonus.isEmpty {
            throw .bonusNotPicked(game: game, name: bonusRule.name)
        }
        try rules.checkNumbers(
            bonus, what: rules.bonus?.name ?? "bonus", count: rules.ticketBonusCount,
            range: rules.bonus?.range ?? 0...0)
        if let multiplier {
            guard case .perTicket(let allowed) = rules.multiplier, allowed.contains(multiplier) else {
                throw .invalidMultiplier(game: game, value: multiplier, allowed: Self.perTicketAllowed(rules))
            }
        }
        if multiplierAddOn {
            guard case .drawnAddOn = rules.multiplier else { throw .noMultiplierAddOn(game: game) }
        }
        self.game = game
        self.draw = draw
        self.numbers = numbers
        self.bonus = bonus
        self.multiplier = multiplier
        self.multiplierAddOn = multiplierAddOn
    }

    private static func perTicketAllowed(_ rules: GameRules) -> [Int] {
        if case .perTicket(let allowed) = rules.multiplier { return allowed }
        return []
    }
}

extension GameRules {
    func checkDate(_ date: DrawDate) throws(LotteryError) {
        if let validFrom, date < validFrom {
            throw .drawDateNotCovered(game: id, date: date, validFrom: validFrom)
        }
    }

    func checkMain(_ numbers: [Int]) throws(LotteryError) {
        try checkNumbers(numbers, what: "main", count: mainCount, range: mainRange)
    }

    func checkNumbers(_ numbers: [Int], what: String, count: Int, range: ClosedRange<Int>) throws(LotteryError) {
        guard numbers.count == count else {
            throw .wrongCount(game: id, what: what, expected: count, actual: numbers.count)
        }
        var seen = Set<Int>()
        for number in numbers {
            guard range.contains(number) else { throw .outOfRange(game: id, what: what, value: number, range: range) }
            guard seen.insert(number).inserted else { throw .duplicate(game: id, what: what, value: number) }
        }
    }
}
