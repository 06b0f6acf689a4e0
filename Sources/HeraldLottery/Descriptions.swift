import Glibc

/// How tickets and games are written for a person: `herald store` prints these, and an
/// app's own tool can show the same lines.
extension Ticket {
    /// `powerball 2026-11-18 4,11,23,45,61 + 9 (Power Play)`.
    public var summary: String {
        var text = "\(game) \(draw) \(numbers.map(String.init).joined(separator: ","))"
        if !bonus.isEmpty { text += " + " + bonus.map(String.init).joined(separator: ",") }
        if let multiplier { text += " x\(multiplier)" }
        if multiplierAddOn { text += " (Power Play)" }
        return text
    }

    /// The fields of one row: id-less `game, draw, numbers, bonus, multiplier` (`-` for
    /// no bonus, `xN`, `PP` for Power Play, `-` for no multiplier).
    public var columns: [String] {
        let bonusText = bonus.isEmpty ? "-" : bonus.map(String.init).joined(separator: ",")
        let multiplierText = multiplier.map { "x\($0)" } ?? (multiplierAddOn ? "PP" : "-")
        return [game, "\(draw)", numbers.map(String.init).joined(separator: ","), bonusText, multiplierText]
    }
}

extension GameRules {
    /// `id, name, currency, what a line holds` (`5 of 1-69 + 1 Powerball of 1-26`).
    public var columns: [String] {
        var line = "\(mainCount) of \(mainRange.lowerBound)-\(mainRange.upperBound)"
        if let bonus {
            switch bonus.pool {
            case .separate:
                line += " + \(bonus.count) \(bonus.name) of \(bonus.range.lowerBound)-\(bonus.range.upperBound)"
            case .sameAsMain:
                line += " (+ \(bonus.name) drawn from the same balls)"
            }
        }
        return [id, displayName, currency, line]
    }
}

extension Ticket {
    /// The numbers of a line as a person writes them: `1,2,3` (spaces allowed around the
    /// commas; empty text is no numbers). Throws the first item that is not a whole number.
    public static func numbers(_ text: String) throws(NumberListError) -> [Int] {
        let trimmed = text.trimmedOfSpaces
        if trimmed.isEmpty { return [] }
        var result: [Int] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let item = String(part).trimmedOfSpaces
            guard let value = Int(item) else { throw NumberListError(item: item) }
            result.append(value)
        }
        return result
    }
}

/// An item of a number list that is not a whole number.
public struct NumberListError: Error, CustomStringConvertible, Sendable {
    public var item: String
    public var description: String { "'\(item)' is not a whole number (expected a comma-separated list like 1,2,3)" }
}

extension DrawDate {
    /// Today's date in UTC (a ticket's default draw).
    public static func todayUTC() throws(LotteryError) -> DrawDate {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        return try DrawDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }
}

extension String {
    fileprivate var trimmedOfSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
