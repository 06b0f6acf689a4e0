/// The rules of one lottery game as data: what a line holds, what is drawn, and what each
/// prize tier pays. ``GameRules/all`` is the table of games this package knows (Docs/push-format.md);
/// tickets and draws name a game by id, so rules are only made here (their initializers are internal).
public struct GameRules: Sendable, Hashable {
    /// Stable id used in payloads, the store and the CLI (`powerball`, `uk-lotto` …).
    public let id: String
    /// The operator's name for the game, untranslated (a proper noun).
    public let displayName: String
    /// ISO 4217 code of the currency prizes are paid in.
    public let currency: String
    /// Digits of the currency's minor unit (2 for cents, 0 for yen).
    public let currencyMinorDigits: Int
    /// How many main numbers a line holds and the draw draws.
    public let mainCount: Int
    /// The range the main numbers come from.
    public let mainRange: ClosedRange<Int>
    /// The bonus ball(s), if the game has any.
    public let bonus: BonusRule?
    /// Whether and how prizes are multiplied.
    public let multiplier: MultiplierRule
    /// The prize tiers, best first. A line wins the first tier whose condition it meets.
    public let tiers: [PrizeTier]
    /// The first draw these rules describe (Mega Millions changed on 2025-04-08), if any.
    public let validFrom: DrawDate?

    /// Makes the rules of a game; the tiers are checked best first.
    init(
        id: String, displayName: String, currency: String, currencyMinorDigits: Int,
        mainCount: Int, mainRange: ClosedRange<Int>, bonus: BonusRule?,
        multiplier: MultiplierRule = .none, tiers: [PrizeTier], validFrom: DrawDate? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.currency = currency
        self.currencyMinorDigits = currencyMinorDigits
        self.mainCount = mainCount
        self.mainRange = mainRange
        self.bonus = bonus
        self.multiplier = multiplier
        self.tiers = tiers
        self.validFrom = validFrom
    }

    /// How many bonus numbers a ticket carries: the count for a separate pool, none when the
    /// bonus is drawn from the main pool (it is matched against the ticket's main numbers).
    public var ticketBonusCount: Int {
        guard let bonus else { return 0 }
        switch bonus.pool {
        case .separate: return bonus.count
        case .sameAsMain: return 0
        }
    }

    /// The rules for `id`, or ``LotteryError/unknownGame(_:)``.
    public static func named(_ id: String) throws(LotteryError) -> GameRules {
        guard let rules = all.first(where: { $0.id == id }) else { throw .unknownGame(id) }
        return rules
    }
}

/// The bonus ball(s) of a game.
public struct BonusRule: Sendable, Hashable {
    /// Where the bonus comes from.
    public enum Pool: Sendable, Hashable {
        /// A separate drum with its own range (Powerball, Lucky Stars, Superzahl, Chance);
        /// the player picks the bonus on the ticket.
        case separate
        /// Drawn from the balls left in the main drum after the main numbers (UK Lotto bonus
        /// ball, Loto 6 bonus number); the player does not pick it: it matches when it is one
        /// of the ticket's main numbers.
        case sameAsMain
    }

    /// The operator's name for the ball, untranslated ("Powerball", "Lucky Stars" …).
    public let name: String
    /// How many bonus numbers the draw draws.
    public let count: Int
    /// Their range (for `.sameAsMain`, the main range).
    public let range: ClosedRange<Int>
    /// Whether the bonus numbers come from a pool of their own or the main one.
    public let pool: Pool
}

/// Whether a game multiplies its set prizes.
public enum MultiplierRule: Sendable, Hashable {
    /// No multiplier.
    case none
    /// A multiplier drawn with each draw that applies to lines which bought the add-on
    /// (Powerball Power Play). `allowed` lists the values a draw can have.
    case drawnAddOn(name: String, allowed: [Int])
    /// A multiplier printed on each line at purchase (Mega Millions since April 2025).
    case perTicket(allowed: [Int])

    /// The values a multiplier can take (empty for `.none`).
    public var allowed: [Int] {
        switch self {
        case .none: return []
        case .drawnAddOn(_, let allowed), .perTicket(let allowed): return allowed
        }
    }
}

/// What a line must match to win a tier: `main` main numbers and, when `bonus` is not nil,
/// exactly `bonus` bonus numbers (nil: the bonus does not matter).
public struct MatchCondition: Sendable, Hashable {
    /// Main numbers to match.
    public let main: Int
    /// Bonus numbers to match exactly; nil when the bonus does not matter.
    public let bonus: Int?

    func isMet(main matchedMain: Int, bonus matchedBonus: Int) -> Bool {
        matchedMain == main && (bonus == nil || bonus == matchedBonus)
    }
}

/// How a tier's prize is set.
public enum Prize: Sendable, Hashable {
    /// A set cash amount in the game currency's minor units.
    case fixed(Int64)
    /// A set amount (`base`, minor units) multiplied: `byMultiplier[m]` is the amount paid
    /// under multiplier `m` (the operator's table, which is not always `base × m`: Powerball's
    /// match 5 with Power Play is $2M at every multiplier).
    case multiplied(base: Int64, byMultiplier: [Int: Int64])
    /// A share of a pool that changes every draw: the amount comes from the push's `prizes`
    /// object by tier id (or label or alias); when the push does not carry it the tier is
    /// reported as won with an unknown amount — amounts are never invented.
    case pariMutuel
    /// A free play instead of cash (UK Lotto match 2: a free Lucky Dip). A push may still give
    /// an amount for the tier (Must Be Won draws add £5); it is then used.
    case freePlay
}

/// One prize tier of a game.
public struct PrizeTier: Sendable, Hashable {
    /// Stable id, the key of the push's `prizes` object: `jackpot` for the top tier, the
    /// label for the others (`5+1`, `4`).
    public let id: String
    /// Short language-neutral label of what was matched: `5+1` (5 main + 1 bonus), `3`.
    public let label: String
    /// The operator's own names, also accepted as `prizes` keys (`GK9`, `rang9`, `tier2`).
    public let aliases: [String]
    /// The match conditions, any of which wins the tier.
    public let conditions: [MatchCondition]
    /// What the tier pays.
    public let prize: Prize
    /// The top prize.
    public let isJackpot: Bool
}
