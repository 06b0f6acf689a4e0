/// The result of one draw as the push announces it. Construction validates it against the
/// game's rules.
public struct Draw: Sendable, Hashable {
    /// The game's id (`powerball`).
    public let game: String
    /// The draw's date.
    public let date: DrawDate
    /// The main numbers drawn.
    public let numbers: [Int]
    /// The bonus numbers drawn (for same-pool games, the bonus ball drawn after the main ones).
    public let bonus: [Int]
    /// The multiplier drawn (Powerball Power Play), when the game has one and the push says it.
    public let multiplier: Int?
    /// Amounts for pari-mutuel tiers, keyed by tier id, label or alias (``PrizeTier``).
    public let prizes: [String: Money]

    /// A validated draw; throws a ``LotteryError`` naming what is wrong.
    public init(
        game: String, date: DrawDate, numbers: [Int], bonus: [Int], multiplier: Int? = nil,
        prizes: [String: Money] = [:]
    ) throws(LotteryError) {
        let rules = try GameRules.named(game)
        try rules.checkDate(date)
        try rules.checkMain(numbers)
        let bonusName = rules.bonus?.name ?? "bonus"
        try rules.checkNumbers(bonus, what: bonusName, count: rules.bonus?.count ?? 0, range: rules.bonus?.range ?? 0...0)
        if rules.bonus?.pool == .sameAsMain {
            for value in bonus where numbers.contains(value) {
                throw .bonusAmongMainNumbers(game: game, value: value)
            }
        }
        if let multiplier, !rules.multiplier.allowed.contains(multiplier) {
            throw .invalidMultiplier(game: game, value: multiplier, allowed: rules.multiplier.allowed)
        }
        for (tier, money) in prizes.sorted(by: { $0.key < $1.key }) {
            guard money.currency == rules.currency else {
                throw .prizeCurrencyMismatch(game: game, tier: tier, expected: rules.currency, actual: money.currency)
            }
            guard money.minorUnits >= 0 else { throw .negativePrize(game: game, tier: tier) }
        }
        self.game = game
        self.date = date
        self.numbers = numbers
        self.bonus = bonus
        self.multiplier = multiplier
        self.prizes = prizes
    }

    /// The push's amount for `tier`, looked up by id, then label, then the operator's aliases.
    public func prize(for tier: PrizeTier) -> Money? {
        if let money = prizes[tier.id] ?? prizes[tier.label] { return money }
        for alias in tier.aliases {
            if let money = prizes[alias] { return money }
        }
        return nil
    }
}
