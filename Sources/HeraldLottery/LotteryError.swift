/// Everything that can be wrong with a game name, a ticket, a draw or a sum of money.
/// Each case carries what is needed for a one-line message (`description`).
public enum LotteryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The game id is not in ``GameRules/all``.
    case unknownGame(String)
    /// A date that is not `YYYY-MM-DD` or not a real calendar day.
    case invalidDate(String)
    /// `what` ("numbers", "bonus") has `actual` entries where the game needs `expected`.
    case wrongCount(game: String, what: String, expected: Int, actual: Int)
    /// Bonus numbers on a ticket for a game whose bonus ball is drawn from the main balls.
    case bonusNotPicked(game: String, name: String)
    /// A number outside the game's range for `what`.
    case outOfRange(game: String, what: String, value: Int, range: ClosedRange<Int>)
    /// The same number twice in `what`.
    case duplicate(game: String, what: String, value: Int)
    /// A draw's same-pool bonus number that is also one of its main numbers.
    case bonusAmongMainNumbers(game: String, value: Int)
    /// A multiplier the game does not have (or a multiplier on a game without one).
    case invalidMultiplier(game: String, value: Int, allowed: [Int])
    /// A multiplier add-on (Power Play) bought for a game that has none.
    case noMultiplierAddOn(game: String)
    /// A draw date outside the period the rules in this package describe.
    case drawDateNotCovered(game: String, date: DrawDate, validFrom: DrawDate)
    /// Adding amounts in two different currencies.
    case currencyMismatch(String, String)
    /// A sum of minor units that does not fit in 64 bits.
    case amountOverflow(currency: String)
    /// A prize amount from the push given in a currency that is not the game's.
    case prizeCurrencyMismatch(game: String, tier: String, expected: String, actual: String)
    /// A negative prize amount from the push.
    case negativePrize(game: String, tier: String)

    /// The problem in one line.
    public var description: String {
        switch self {
        case .unknownGame(let id):
            return "unknown game '\(id)' (known: \(GameRules.all.map(\.id).joined(separator: ", ")))"
        case .invalidDate(let text):
            return "invalid draw date '\(text)': expected a calendar day as YYYY-MM-DD"
        case .wrongCount(let game, let what, let expected, let actual):
            return "\(game): \(what) needs \(expected) number\(expected == 1 ? "" : "s"), got \(actual)"
        case .bonusNotPicked(let game, let name):
            return "\(game): the \(name) is drawn from the main balls and is not picked on a ticket; give no bonus numbers"
        case .outOfRange(let game, let what, let value, let range):
            return "\(game): \(what) number \(value) is outside \(range.lowerBound)–\(range.upperBound)"
        case .duplicate(let game, let what, let value):
            return "\(game): \(what) number \(value) appears more than once"
        case .bonusAmongMainNumbers(let game, let value):
            return "\(game): bonus number \(value) is drawn from the remaining balls and cannot also be a main number"
        case .invalidMultiplier(let game, let value, let allowed):
            if allowed.isEmpty { return "\(game): this game has no multiplier (got \(value))" }
            return "\(game): multiplier \(value) is not one of \(allowed.map(String.init).joined(separator: ", "))"
        case .noMultiplierAddOn(let game):
            return "\(game): this game has no multiplier add-on"
        case .drawDateNotCovered(let game, let date, let validFrom):
            return "\(game): draw \(date) is before \(validFrom), when the current rules began; older draws are not supported"
        case .currencyMismatch(let a, let b):
            return "cannot add amounts in \(a) and \(b)"
        case .amountOverflow(let currency):
            return "amount in \(currency) overflows 64-bit minor units"
        case .prizeCurrencyMismatch(let game, let tier, let expected, let actual):
            return "\(game): prize for tier '\(tier)' is in \(actual), the game pays in \(expected)"
        case .negativePrize(let game, let tier):
            return "\(game): prize for tier '\(tier)' is negative"
        }
    }
}
