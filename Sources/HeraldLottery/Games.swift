// The games of Docs/push-format.md as data. Amounts are minor units of the game's
// currency, copied from the operators' prize tables quoted there; pari-mutuel tiers carry no
// amount (it comes with each draw's push).

extension GameRules {
    /// Every game this package knows, in the order `herald store games` lists them.
    public static let all: [GameRules] = [
        .powerball, .megaMillions, .euroMillions, .ukLotto, .lotto6aus49, .frLoto, .loto6,
    ]

    /// Cents for a whole number of dollars, euros, pounds.
    private static func hundredths(_ units: Int64) -> Int64 { units * 100 }

    /// A multiplier table where every multiplier pays `base × m` (the operators' tables for
    /// these tiers are exactly that; the Powerball and Mega Millions prize charts).
    private static func times(_ base: Int64, _ multipliers: [Int]) -> Prize {
        var table: [Int: Int64] = [:]
        for m in multipliers { table[m] = base * Int64(m) }
        return .multiplied(base: base, byMultiplier: table)
    }

    private static func tier(
        _ label: String, _ main: Int, _ bonus: Int?, _ prize: Prize, aliases: [String] = [], jackpot: Bool = false
    ) -> PrizeTier {
        PrizeTier(
            id: jackpot ? "jackpot" : label, label: label, aliases: aliases,
            conditions: [MatchCondition(main: main, bonus: bonus)], prize: prize, isJackpot: jackpot)
    }

    /// Powerball (US): 5 of 1–69 + Powerball 1–26; Power Play 2X–10X (Powerball's prize chart).
    public static let powerball: GameRules = {
        let pp = [2, 3, 4, 5, 10]
        let match5 = Prize.multiplied(
            base: hundredths(1_000_000), byMultiplier: Dictionary(uniqueKeysWithValues: pp.map { ($0, hundredths(2_000_000)) }))
        return GameRules(
            id: "powerball", displayName: "Powerball", currency: "USD", currencyMinorDigits: 2,
            mainCount: 5, mainRange: 1...69,
            bonus: BonusRule(name: "Powerball", count: 1, range: 1...26, pool: .separate),
            multiplier: .drawnAddOn(name: "Power Play", allowed: pp),
            tiers: [
                tier("5+1", 5, 1, .pariMutuel, jackpot: true),
                tier("5", 5, 0, match5),
                tier("4+1", 4, 1, times(hundredths(50_000), pp)),
                tier("4", 4, 0, times(hundredths(100), pp)),
                tier("3+1", 3, 1, times(hundredths(100), pp)),
                tier("3", 3, 0, times(hundredths(7), pp)),
                tier("2+1", 2, 1, times(hundredths(7), pp)),
                tier("1+1", 1, 1, times(hundredths(4), pp)),
                tier("0+1", 0, 1, times(hundredths(4), pp)),
            ])
    }()

    /// Mega Millions (US), the $5 game since the draw of 2025-04-08: 5 of 1–70 + Mega Ball
    /// 1–24, a multiplier printed on every line (Mega Millions' rules since April 2025).
    public static let megaMillions: GameRules = {
        let m = [2, 3, 4, 5, 10]
        return GameRules(
            id: "megamillions", displayName: "Mega Millions", currency: "USD", currencyMinorDigits: 2,
            mainCount: 5, mainRange: 1...70,
            bonus: BonusRule(name: "Mega Ball", count: 1, range: 1...24, pool: .separate),
            multiplier: .perTicket(allowed: m),
            tiers: [
                tier("5+1", 5, 1, .pariMutuel, aliases: ["tier1"], jackpot: true),
                tier("5", 5, 0, times(hundredths(1_000_000), m), aliases: ["tier2"]),
                tier("4+1", 4, 1, times(hundredths(10_000), m), aliases: ["tier3"]),
                tier("4", 4, 0, times(hundredths(500), m), aliases: ["tier4"]),
                tier("3+1", 3, 1, times(hundredths(200), m), aliases: ["tier5"]),
                tier("3", 3, 0, times(hundredths(10), m), aliases: ["tier6"]),
                tier("2+1", 2, 1, times(hundredths(10), m), aliases: ["tier7"]),
                tier("1+1", 1, 1, times(hundredths(7), m), aliases: ["tier8"]),
                tier("0+1", 0, 1, times(hundredths(5), m), aliases: ["tier9"]),
            ],
            validFrom: try? DrawDate(year: 2025, month: 4, day: 8))
    }()

    /// EuroMillions: 5 of 1–50 + 2 Lucky Stars of 1–12; all 13 tiers pari-mutuel (§3).
    public static let euroMillions = GameRules(
        id: "euromillions", displayName: "EuroMillions", currency: "EUR", currencyMinorDigits: 2,
        mainCount: 5, mainRange: 1...50,
        bonus: BonusRule(name: "Lucky Stars", count: 2, range: 1...12, pool: .separate),
        tiers: [
            tier("5+2", 5, 2, .pariMutuel, jackpot: true),
            tier("5+1", 5, 1, .pariMutuel),
            tier("5+0", 5, 0, .pariMutuel),
            tier("4+2", 4, 2, .pariMutuel),
            tier("4+1", 4, 1, .pariMutuel),
            tier("3+2", 3, 2, .pariMutuel),
            tier("4+0", 4, 0, .pariMutuel),
            tier("2+2", 2, 2, .pariMutuel),
            tier("3+1", 3, 1, .pariMutuel),
            tier("3+0", 3, 0, .pariMutuel),
            tier("1+2", 1, 2, .pariMutuel),
            tier("2+1", 2, 1, .pariMutuel),
            tier("2+0", 2, 0, .pariMutuel),
        ])

    /// UK National Lottery Lotto: 6 of 1–59, a bonus ball from the remaining 53 that only
    /// counts for 5 + Bonus (§4). Match 3 is a fixed £30, match 2 a free Lucky Dip.
    public static let ukLotto = GameRules(
        id: "uk-lotto", displayName: "Lotto", currency: "GBP", currencyMinorDigits: 2,
        mainCount: 6, mainRange: 1...59,
        bonus: BonusRule(name: "Bonus Ball", count: 1, range: 1...59, pool: .sameAsMain),
        tiers: [
            tier("6", 6, nil, .pariMutuel, jackpot: true),
            tier("5+1", 5, 1, .fixed(hundredths(1_000_000))),
            tier("5", 5, nil, .pariMutuel),
            tier("4", 4, nil, .pariMutuel),
            tier("3", 3, nil, .fixed(hundredths(30))),
            tier("2", 2, nil, .freePlay),
        ])

    /// LOTTO 6aus49 (Germany): 6 of 1–49 + Superzahl 0–9; classes 1–8 pari-mutuel, class 9
    /// (2 + SZ) a fixed €6 (§5).
    public static let lotto6aus49 = GameRules(
        id: "lotto6aus49", displayName: "LOTTO 6aus49", currency: "EUR", currencyMinorDigits: 2,
        mainCount: 6, mainRange: 1...49,
        bonus: BonusRule(name: "Superzahl", count: 1, range: 0...9, pool: .separate),
        tiers: [
            tier("6+1", 6, 1, .pariMutuel, aliases: ["GK1"], jackpot: true),
            tier("6", 6, 0, .pariMutuel, aliases: ["GK2"]),
            tier("5+1", 5, 1, .pariMutuel, aliases: ["GK3"]),
            tier("5", 5, 0, .pariMutuel, aliases: ["GK4"]),
            tier("4+1", 4, 1, .pariMutuel, aliases: ["GK5"]),
            tier("4", 4, 0, .pariMutuel, aliases: ["GK6"]),
            tier("3+1", 3, 1, .pariMutuel, aliases: ["GK7"]),
            tier("3", 3, 0, .pariMutuel, aliases: ["GK8"]),
            tier("2+1", 2, 1, .fixed(hundredths(6)), aliases: ["GK9"]),
        ])

    /// Loto (France, FDJ): 5 of 1–49 + numéro Chance 1–10. Ranks 1–8 are treated as
    /// pari-mutuel (their amounts come with the draw; sources conflict on fixed amounts), rank 9
    /// (1 + C or 0 + C) refunds the €2.20 stake (§6).
    public static let frLoto = GameRules(
        id: "fr-loto", displayName: "Loto", currency: "EUR", currencyMinorDigits: 2,
        mainCount: 5, mainRange: 1...49,
        bonus: BonusRule(name: "Chance", count: 1, range: 1...10, pool: .separate),
        tiers: [
            tier("5+1", 5, 1, .pariMutuel, aliases: ["rang1"], jackpot: true),
            tier("5", 5, 0, .pariMutuel, aliases: ["rang2"]),
            tier("4+1", 4, 1, .pariMutuel, aliases: ["rang3"]),
            tier("4", 4, 0, .pariMutuel, aliases: ["rang4"]),
            tier("3+1", 3, 1, .pariMutuel, aliases: ["rang5"]),
            tier("3", 3, 0, .pariMutuel, aliases: ["rang6"]),
            tier("2+1", 2, 1, .pariMutuel, aliases: ["rang7"]),
            tier("2", 2, 0, .pariMutuel, aliases: ["rang8"]),
            PrizeTier(
                id: "0/1+1", label: "0/1+1", aliases: ["rang9"],
                conditions: [MatchCondition(main: 1, bonus: 1), MatchCondition(main: 0, bonus: 1)],
                prize: .fixed(220), isJackpot: false),
        ])

    /// Loto 6 (Japan): 6 of 1–43 plus one bonus number from the same drum; prizes 1–4
    /// pari-mutuel, 5th (match 3) a fixed ¥1,000 (§7).
    public static let loto6 = GameRules(
        id: "loto6", displayName: "Loto 6", currency: "JPY", currencyMinorDigits: 0,
        mainCount: 6, mainRange: 1...43,
        bonus: BonusRule(name: "Bonus", count: 1, range: 1...43, pool: .sameAsMain),
        tiers: [
            tier("6", 6, nil, .pariMutuel, aliases: ["1st"], jackpot: true),
            tier("5+1", 5, 1, .pariMutuel, aliases: ["2nd"]),
            tier("5", 5, nil, .pariMutuel, aliases: ["3rd"]),
            tier("4", 4, nil, .pariMutuel, aliases: ["4th"]),
            tier("3", 3, nil, .fixed(1000), aliases: ["5th"]),
        ])
}
