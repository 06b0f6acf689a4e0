import HeraldICU
import HeraldJSON
import HeraldLottery
import HeraldPayload
import HeraldRender
import HeraldDiagnostics

/// A `lottery.draw` push: the draw it announces, read and validated.
struct LotteryRequest: Sendable {
    let draw: Draw
    let rules: GameRules

    /// Reads `game`, `draw`, `numbers`, `bonus`, `multiplier`, `prizes` (Docs/push-format.md).
    init(_ herald: JSONObject) throws(StageWorkError) {
        guard let game = herald["game"]?.stringValue else { throw .invalid("lottery.draw needs a \"game\" string") }
        let rules: GameRules
        do { rules = try GameRules.named(game) } catch { throw .invalid(Self.quoted(error), field: "game") }
        guard let dateText = herald["draw"]?.stringValue else { throw .invalid("lottery.draw needs a \"draw\" date (YYYY-MM-DD)") }
        let numbers = try Self.integers(herald["numbers"], field: "numbers")
        let bonus = herald["bonus"] == nil ? [] : try Self.integers(herald["bonus"], field: "bonus")
        var multiplier: Int?
        if let m = herald["multiplier"] {
            guard let v = m.intValue, let i = Int(exactly: v) else { throw .invalid("\"multiplier\" must be a whole number") }
            multiplier = i
        }
        var prizes: [String: Money] = [:]
        if let p = herald["prizes"] {
            guard let object = p.objectValue else { throw .invalid("\"prizes\" must be an object") }
            for (tier, value) in object {
                guard let amount = value["amount"]?.intValue else {
                    throw .invalid(
                        "prizes.\(OutsideText.escaped(tier, limit: 40)).amount must be a whole number of minor units",
                        field: "prizes")
                }
                let currency = value["currency"]?.stringValue ?? rules.currency
                prizes[tier] = Money(minorUnits: amount, currency: currency)
            }
        }
        do {
            let date = try DrawDate(dateText)
            draw = try Draw(game: rules.id, date: date, numbers: numbers, bonus: bonus, multiplier: multiplier, prizes: prizes)
        } catch {
            throw .invalid(Self.quoted(error), field: Self.field(of: error))
        }
        self.rules = rules
    }

    /// A lottery error's message, its quoted values escaped.
    static func quoted(_ error: LotteryError) -> String { OutsideText.escaped(error.description, limit: 200) }

    /// The field of the `herald` object a draw error is about.
    static func field(of error: LotteryError) -> String {
        switch error {
        case .unknownGame: return "game"
        case .invalidDate, .drawDateNotCovered: return "draw"
        case .wrongCount(_, let what, _, _), .outOfRange(_, let what, _, _), .duplicate(_, let what, _):
            return what == "main" ? "numbers" : "bonus"
        case .bonusNotPicked, .bonusAmongMainNumbers: return "bonus"
        case .invalidMultiplier, .noMultiplierAddOn: return "multiplier"
        case .currencyMismatch, .amountOverflow, .prizeCurrencyMismatch, .negativePrize: return "prizes"
        }
    }

    static func integers(_ value: JSONValue?, field: String) throws(StageWorkError) -> [Int] {
        guard let array = value?.arrayValue else { throw .invalid("\"\(field)\" must be an array of whole numbers") }
        var out: [Int] = []
        for v in array {
            guard let i = v.intValue, let n = Int(exactly: i) else { throw .invalid("\"\(field)\" must hold whole numbers only") }
            out.append(n)
        }
        return out
    }

    /// The numbers as the ticket prints them, in the locale's digits: "4 11 23 45 61 + 9",
    /// ar "٤ ١١ ٢٣ ٤٥ ٦١ + ٩" (a sentence does not mix Latin digits with native ones).
    func numbersText(locale: LocaleID) -> String {
        let format = try? NumberFormat.plainInteger(for: locale)
        let text = { (n: Int) in format?.format(Int64(n)) ?? String(n) }
        var s = draw.numbers.map(text).joined(separator: " ")
        if !draw.bonus.isEmpty { s += " + " + draw.bonus.map(text).joined(separator: " ") }
        return s
    }

    /// The draw date in the locale's medium form ("Nov 18, 2026", "18.11.2026").
    func dateText(locale: LocaleID) -> String {
        let d = draw.date
        let days = CivilDays.from(year: d.year, month: d.month, day: d.day)
        let noon = (Double(days) * 86_400 + 43_200) * 1000
        if let f = try? DateFormat.for(skeleton: "yMMMd", locale: locale, zone: "UTC"),
            let text = try? f.format(epochMilliseconds: noon)
        {
            return text
        }
        return d.description
    }
}

/// The lottery texts (lottery.* keys).
enum LotteryContent {
    /// What can be said without the store: the draw's numbers.
    static func numbersDraft(_ request: LotteryRequest, texts: Texts) -> Draft {
        var d = Draft(alert: RenderedAlert())
        let title = texts.text("lottery.title", [.string(request.rules.displayName)], into: &d)
        let body = texts.text(
            "lottery.noTickets.body", [.string(request.dateText(locale: texts.locale)), .string(request.numbersText(locale: texts.locale))],
            into: &d, serves: true)
        d.alert = RenderedAlert(title: title, body: body)
        return d
    }

    /// The result for the tickets the user holds.
    static func draft(_ request: LotteryRequest, outcome: DrawOutcome, texts: Texts) throws(StageWorkError) -> Draft {
        if outcome.ticketsChecked == 0 { return numbersDraft(request, texts: texts) }
        var d = Draft(alert: RenderedAlert())
        let title = texts.text("lottery.title", [.string(request.rules.displayName)], into: &d)
        let count = { (n: Int) in RenderArgument.number(.int(Int64(n))) }
        var subtitle: String?
        var body: String?
        if outcome.winningTickets == 0 {
            body = texts.text("lottery.loss.body", [count(outcome.ticketsChecked)], into: &d, serves: true)
        } else {
            if let best = outcome.bestTier {
                subtitle = texts.text("lottery.win.best", [.string(label(best, locale: texts.locale))], into: &d)
            }
            let amount: String
            do {
                amount = try Currency.format(
                    minorUnits: outcome.total.minorUnits, currency: outcome.total.currency, locale: texts.locale)
            } catch {
                throw .failed(.lottery, "cannot format the amount won: \(error)")
            }
            // The sentence naming the cash won, or nil when nothing but free plays was won.
            var moneyBody: String?
            if outcome.hasUnknownAmount && outcome.total.minorUnits == 0 {
                body = texts.text("lottery.win.unknownAmount.body", [count(outcome.winningTickets)], into: &d, serves: true)
            } else if outcome.jackpotHit {
                moneyBody = texts.text("lottery.jackpot.body", [.string(amount)], into: &d, serves: true)
                body = moneyBody
            } else if outcome.total.minorUnits == 0 && outcome.freePlays > 0 {
                // Only free plays (UK Lotto match 2): "You won a free play.", never "You won £0.00".
                body = texts.text("lottery.win.freePlay.body", [count(outcome.freePlays)], into: &d, serves: true)
            } else {
                moneyBody = texts.text(
                    "lottery.win.body", [.string(amount), count(outcome.winningTickets), count(outcome.ticketsChecked)],
                    into: &d, serves: true)
                body = moneyBody
            }
            if let moneyBody, outcome.freePlays > 0,
                let extra = texts.text("lottery.win.freePlay.extra", [count(outcome.freePlays)], into: &d)
            {
                body = moneyBody + sentenceGap(after: moneyBody) + extra
            }
            if outcome.hasUnknownAmount && outcome.total.minorUnits > 0 {
                d.diagnostics.append(
                    .stage(.lottery, "some tiers won have no announced amount; the total shown counts the known ones", severity: .note))
            }
        }
        d.alert = RenderedAlert(title: title, subtitle: subtitle, body: body)
        return d
    }

    /// What goes between two sentences: nothing after a full-width stop (Chinese, Japanese
    /// "。", "！", "？" carry their own spacing), one space otherwise.
    static func sentenceGap(after sentence: String) -> String {
        switch sentence.last {
        case "\u{3002}", "\u{FF01}", "\u{FF1F}": ""
        default: " "
        }
    }

    /// "5+1" → "5 + 1", in the locale's digits (ar "٥ + ١").
    static func label(_ tier: PrizeTier, locale: LocaleID) -> String {
        let spaced = tier.label.split(separator: "+", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: " ") }.joined(separator: " + ")
        return NumberFormat.localizingDigits(in: spaced, locale: locale)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
