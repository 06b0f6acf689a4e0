/// What one line won.
public enum PrizeAmount: Sendable, Hashable {
    /// A known cash amount.
    case money(Money)
    /// A tier was won whose amount is not known: a pari-mutuel tier the push gave no amount
    /// for, or a multiplied prize whose multiplier is unknown. Never guessed.
    case unknown
    /// A free play (UK Lotto match 2), no cash.
    case freePlay
}

/// The result of checking one ticket.
public struct TicketResult: Sendable, Hashable {
    /// The ticket checked.
    public let ticket: Ticket
    /// How many main numbers matched.
    public let mainMatched: Int
    /// How many bonus numbers matched (for same-pool games: whether the drawn bonus is among
    /// the ticket's numbers).
    public let bonusMatched: Int
    /// The tier won, or nil.
    public let tier: PrizeTier?
    /// What the tier pays (nil when nothing was won).
    public let amount: PrizeAmount?
}

/// Everything a notification says about a draw for the tickets the user holds.
public struct DrawOutcome: Sendable, Hashable {
    /// The rules of the game drawn.
    public let rules: GameRules
    /// The draw.
    public let draw: Draw
    /// One result per ticket checked, in the order given.
    public let results: [TicketResult]
    /// The sum of the known cash amounts, exact, in the game's currency.
    public let total: Money
    /// Tickets that won a tier (cash, unknown amount or free play).
    public let winningTickets: Int
    /// Tickets checked (those for this game and draw date).
    public let ticketsChecked: Int
    /// Tickets given that were for another game or draw date and were not checked.
    public let ticketsSkipped: Int
    /// The best tier won, or nil.
    public let bestTier: PrizeTier?
    /// Whether a ticket won the top prize.
    public let jackpotHit: Bool
    /// Whether some tier was won whose amount is unknown (so `total` is a lower bound).
    public let hasUnknownAmount: Bool
    /// How many free plays were won.
    public let freePlays: Int
}

/// Checks `tickets` against `draw`. Tickets for another game or draw date are skipped (and
/// counted in ``DrawOutcome/ticketsSkipped``). Throws only when the total would overflow.
public func check(tickets: [Ticket], against draw: Draw) throws(LotteryError) -> DrawOutcome {
    let rules = try GameRules.named(draw.game)
    var results: [TicketResult] = []
    var total = Money.zero(rules.currency)
    var winning = 0
    var skipped = 0
    var bestIndex: Int?
    var jackpot = false
    var unknown = false
    var freePlays = 0
    let drawnMain = Set(draw.numbers)
    let drawnBonus = Set(draw.bonus)
    for ticket in tickets {
        guard ticket.game == draw.game, ticket.draw == draw.date else {
            skipped += 1
            continue
        }
        let mainMatched = ticket.numbers.reduce(0) { $0 + (drawnMain.contains($1) ? 1 : 0) }
        let bonusMatched: Int
        switch rules.bonus?.pool {
        case .separate?: bonusMatched = ticket.bonus.reduce(0) { $0 + (drawnBonus.contains($1) ? 1 : 0) }
        case .sameAsMain?: bonusMatched = ticket.numbers.reduce(0) { $0 + (drawnBonus.contains($1) ? 1 : 0) }
        case nil: bonusMatched = 0
        }
        let index = rules.tiers.firstIndex { tier in
            tier.conditions.contains { $0.isMet(main: mainMatched, bonus: bonusMatched) }
        }
        guard let index else {
            results.append(TicketResult(ticket: ticket, mainMatched: mainMatched, bonusMatched: bonusMatched, tier: nil, amount: nil))
            continue
        }
        let tier = rules.tiers[index]
        let amount = prizeAmount(tier, rules: rules, ticket: ticket, draw: draw)
        switch amount {
        case .money(let money): total = try total.adding(money)
        case .unknown: unknown = true
        case .freePlay: freePlays += 1
        }
        winning += 1
        if tier.isJackpot { jackpot = true }
        if bestIndex.map({ index < $0 }) ?? true { bestIndex = index }
        results.append(TicketResult(ticket: ticket, mainMatched: mainMatched, bonusMatched: bonusMatched, tier: tier, amount: amount))
    }
    return DrawOutcome(
        rules: rules, draw: draw, results: results, total: total, winningTickets: winning,
        ticketsChecked: results.count, ticketsSkipped: skipped, bestTier: bestIndex.map { rules.tiers[$0] },
        jackpotHit: jackpot, hasUnknownAmount: unknown, freePlays: freePlays)
}

private func prizeAmount(_ tier: PrizeTier, rules: GameRules, ticket: Ticket, draw: Draw) -> PrizeAmount {
    let currency = rules.currency
    switch tier.prize {
    case .fixed(let minor):
        return .money(Money(minorUnits: minor, currency: currency))
    case .pariMutuel:
        return draw.prize(for: tier).map(PrizeAmount.money) ?? .unknown
    case .freePlay:
        return draw.prize(for: tier).map(PrizeAmount.money) ?? .freePlay
    case .multiplied(let base, let table):
        let multiplier: Int?
        switch rules.multiplier {
        case .none:
            multiplier = nil
        case .drawnAddOn:
            // Without the add-on the set prize is paid as is; with it, the draw's multiplier
            // applies, and an add-on whose multiplier the push does not give is unknown.
            guard ticket.multiplierAddOn else { return .money(Money(minorUnits: base, currency: currency)) }
            guard let drawn = draw.multiplier else { return .unknown }
            multiplier = drawn
        case .perTicket:
            // The multiplier printed on the line; the base prize is never paid un-multiplied,
            // so a line whose multiplier is unknown has an unknown amount.
            guard let printed = ticket.multiplier ?? draw.multiplier else { return .unknown }
            multiplier = printed
        }
        guard let multiplier else { return .money(Money(minorUnits: base, currency: currency)) }
        guard let amount = table[multiplier] else { return .unknown }
        return .money(Money(minorUnits: amount, currency: currency))
    }
}
