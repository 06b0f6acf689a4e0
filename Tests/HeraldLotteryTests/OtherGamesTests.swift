import Testing
@testable import HeraldLottery

// Hand-worked examples for each game, from the operators' prize charts; amounts in minor units.
@Suite struct MegaMillionsTests {
    let date: DrawDate
    init() throws { date = try day("2026-11-17") }

    func line(_ numbers: [Int], _ mb: Int, _ multiplier: Int?) throws -> Ticket {
        try Ticket(game: "megamillions", draw: date, numbers: numbers, bonus: [mb], multiplier: multiplier)
    }

    @Test func builtInMultiplierPerLine() throws {
        let draw = try Draw(game: "megamillions", date: date, numbers: [1, 2, 3, 4, 5], bonus: [6])
        let tickets = [
            try line([1, 2, 3, 4, 10], 6, 3),       // 4+MB 3X: $30,000
            try line([1, 2, 3, 4, 5], 7, 10),       // 5 10X: $10,000,000
            try line([10, 11, 12, 13, 14], 6, 2),   // MB only 2X: $10
            try line([1, 20, 21, 22, 23], 6, 5),    // 1+MB 5X: $35
            try line([30, 31, 32, 33, 34], 7, 4),   // nothing
        ]
        let outcome = try check(tickets: tickets, against: draw)
        #expect(outcome.total == usd(3_000_000 + 1_000_000_000 + 1_000 + 3_500))
        #expect(outcome.winningTickets == 4)
        #expect(outcome.ticketsChecked == 5)
        #expect(outcome.bestTier?.label == "5")
        #expect(outcome.hasUnknownAmount == false)
    }

    @Test func lineWithoutItsMultiplierHasAnUnknownAmount() throws {
        let draw = try Draw(game: "megamillions", date: date, numbers: [1, 2, 3, 4, 5], bonus: [6])
        let outcome = try check(tickets: [try line([1, 2, 3, 40, 41], 6, nil)], against: draw)  // 3+MB
        #expect(outcome.results.first?.tier?.label == "3+1")
        #expect(outcome.results.first?.amount == .unknown)
        #expect(outcome.hasUnknownAmount)
    }

    @Test func oldGameDrawsAndRangesAreRejected() throws {
        #expect(throws: LotteryError.drawDateNotCovered(game: "megamillions", date: try day("2025-04-04"), validFrom: try day("2025-04-08"))) {
            try Ticket(game: "megamillions", draw: try day("2025-04-04"), numbers: [1, 2, 3, 4, 5], bonus: [6], multiplier: 2)
        }
        #expect(throws: LotteryError.outOfRange(game: "megamillions", what: "Mega Ball", value: 25, range: 1...24)) {
            try line([1, 2, 3, 4, 5], 25, 2)
        }
        #expect(throws: LotteryError.invalidMultiplier(game: "megamillions", value: 6, allowed: [2, 3, 4, 5, 10])) {
            try line([1, 2, 3, 4, 5], 1, 6)
        }
        #expect(throws: LotteryError.noMultiplierAddOn(game: "megamillions")) {
            try Ticket(game: "megamillions", draw: date, numbers: [1, 2, 3, 4, 5], bonus: [6], multiplierAddOn: true)
        }
    }
}

@Suite struct EuroMillionsTests {
    @Test func pariMutuelAmountsComeFromThePush() throws {
        let date = try day("2026-11-20")
        let draw = try Draw(
            game: "euromillions", date: date, numbers: [3, 14, 25, 36, 47], bonus: [2, 11],
            prizes: ["5+1": eur(41_683_400), "2+0": eur(433)])
        let tickets = [
            try Ticket(game: "euromillions", draw: date, numbers: [3, 14, 25, 36, 47], bonus: [2, 5]),  // 5+1: €416,834
            try Ticket(game: "euromillions", draw: date, numbers: [3, 14, 1, 2, 4], bonus: [6, 7]),     // 2+0: €4.33
            try Ticket(game: "euromillions", draw: date, numbers: [3, 14, 25, 1, 2], bonus: [2, 11]),   // 3+2: not in push
            try Ticket(game: "euromillions", draw: date, numbers: [3, 1, 2, 4, 5], bonus: [2, 7]),      // 1+1: no tier
        ]
        let outcome = try check(tickets: tickets, against: draw)
        #expect(outcome.total == eur(41_683_833))
        #expect(outcome.winningTickets == 3)
        #expect(outcome.ticketsChecked == 4)
        #expect(outcome.hasUnknownAmount)
        #expect(outcome.bestTier?.label == "5+1")
        #expect(outcome.results.map { $0.tier?.label } == ["5+1", "2+0", "3+2", nil])
        #expect(outcome.results[2].amount == .unknown)
    }

    @Test func pushPrizesInAnotherCurrencyAreRejected() throws {
        #expect(throws: LotteryError.prizeCurrencyMismatch(game: "euromillions", tier: "5+1", expected: "EUR", actual: "GBP")) {
            try Draw(game: "euromillions", date: try day("2026-11-20"), numbers: [3, 14, 25, 36, 47], bonus: [2, 11], prizes: ["5+1": gbp(1)])
        }
        #expect(throws: LotteryError.negativePrize(game: "euromillions", tier: "2+0")) {
            try Draw(game: "euromillions", date: try day("2026-11-20"), numbers: [3, 14, 25, 36, 47], bonus: [2, 11], prizes: ["2+0": eur(-1)])
        }
    }
}

@Suite struct Lotto6aus49Tests {
    @Test func classNineIsAFixedSixEuros() throws {
        let date = try day("2026-11-21")
        let draw = try Draw(
            game: "lotto6aus49", date: date, numbers: [5, 12, 19, 26, 33, 40], bonus: [7], prizes: ["GK8": eur(1_090)])
        let tickets = [
            try Ticket(game: "lotto6aus49", draw: date, numbers: [5, 12, 1, 2, 3, 4], bonus: [7]),    // 2+SZ: €6
            try Ticket(game: "lotto6aus49", draw: date, numbers: [40, 33, 1, 2, 3, 4], bonus: [7]),   // 2+SZ: €6
            try Ticket(game: "lotto6aus49", draw: date, numbers: [5, 12, 1, 2, 3, 4], bonus: [3]),    // 2 without SZ: nothing
            try Ticket(game: "lotto6aus49", draw: date, numbers: [5, 12, 19, 2, 3, 4], bonus: [0]),   // 3 (GK8): €10.90 from push
        ]
        let outcome = try check(tickets: tickets, against: draw)
        #expect(outcome.total == eur(600 + 600 + 1_090))
        #expect(outcome.winningTickets == 3)
        #expect(outcome.bestTier?.label == "3")
        #expect(outcome.results[2].tier == nil)
        #expect(outcome.hasUnknownAmount == false)
    }

    @Test func superzahlRunsFromZeroToNine() throws {
        let date = try day("2026-11-21")
        #expect(throws: LotteryError.outOfRange(game: "lotto6aus49", what: "Superzahl", value: 10, range: 0...9)) {
            try Ticket(game: "lotto6aus49", draw: date, numbers: [1, 2, 3, 4, 5, 6], bonus: [10])
        }
        _ = try Ticket(game: "lotto6aus49", draw: date, numbers: [1, 2, 3, 4, 5, 6], bonus: [0])
    }
}

@Suite struct UKLottoTests {
    let date: DrawDate
    let draw: Draw
    init() throws {
        date = try day("2026-11-21")
        draw = try Draw(game: "uk-lotto", date: date, numbers: [3, 9, 17, 28, 41, 55], bonus: [20])
    }

    func line(_ numbers: [Int]) throws -> Ticket { try Ticket(game: "uk-lotto", draw: date, numbers: numbers, bonus: []) }

    @Test func bonusBallFromTheSamePoolCountsOnlyForFivePlusBonus() throws {
        let tickets = [
            try line([3, 9, 17, 1, 2, 4]),       // 3: £30
            try line([3, 9, 17, 28, 41, 20]),    // 5 + bonus ball among the ticket's numbers: £1,000,000
            try line([3, 9, 17, 28, 41, 22]),    // 5: pari-mutuel, not in push
            try line([3, 9, 5, 6, 7, 8]),        // 2: free Lucky Dip
            try line([20, 1, 2, 4, 5, 6]),       // bonus ball only: nothing
            try line([3, 9, 17, 20, 1, 2]),      // 3 + bonus: still just 3 → £30
        ]
        let outcome = try check(tickets: tickets, against: draw)
        #expect(outcome.results.map { $0.tier?.label } == ["3", "5+1", "5", "2", nil, "3"])
        #expect(outcome.total == gbp(3_000 + 100_000_000 + 3_000))
        #expect(outcome.freePlays == 1)
        #expect(outcome.results[3].amount == .freePlay)
        #expect(outcome.hasUnknownAmount)
        #expect(outcome.winningTickets == 5)
        #expect(outcome.bestTier?.label == "5+1")
        #expect(outcome.jackpotHit == false)
    }

    @Test func sameDrumRulesAreEnforced() throws {
        #expect(throws: LotteryError.bonusAmongMainNumbers(game: "uk-lotto", value: 9)) {
            try Draw(game: "uk-lotto", date: date, numbers: [3, 9, 17, 28, 41, 55], bonus: [9])
        }
        #expect(throws: LotteryError.bonusNotPicked(game: "uk-lotto", name: "Bonus Ball")) {
            try Ticket(game: "uk-lotto", draw: date, numbers: [1, 2, 3, 4, 5, 6], bonus: [7])
        }
        #expect(throws: LotteryError.wrongCount(game: "uk-lotto", what: "Bonus Ball", expected: 1, actual: 0)) {
            try Draw(game: "uk-lotto", date: date, numbers: [3, 9, 17, 28, 41, 55], bonus: [])
        }
    }
}

@Suite struct FrenchLotoTests {
    @Test func chanceAloneRefundsTheStake() throws {
        let date = try day("2026-11-21")
        let draw = try Draw(game: "fr-loto", date: date, numbers: [7, 14, 21, 28, 35], bonus: [4], prizes: ["rang8": eur(500)])
        let tickets = [
            try Ticket(game: "fr-loto", draw: date, numbers: [7, 1, 2, 3, 4], bonus: [4]),     // 1+C: €2.20
            try Ticket(game: "fr-loto", draw: date, numbers: [1, 2, 3, 4, 5], bonus: [4]),     // 0+C: €2.20
            try Ticket(game: "fr-loto", draw: date, numbers: [7, 14, 3, 4, 5], bonus: [9]),    // 2 (rang 8): €5 from push
            try Ticket(game: "fr-loto", draw: date, numbers: [7, 1, 2, 3, 4], bonus: [9]),     // 1: nothing
        ]
        let outcome = try check(tickets: tickets, against: draw)
        #expect(outcome.total == eur(220 + 220 + 500))
        #expect(outcome.winningTickets == 3)
        #expect(outcome.bestTier?.label == "2")
    }
}

@Suite struct Loto6Tests {
    @Test func fifthPrizeIsAFixedThousandYen() throws {
        let date = try day("2026-11-19")
        let draw = try Draw(
            game: "loto6", date: date, numbers: [1, 8, 15, 22, 29, 36], bonus: [43], prizes: ["2nd": jpy(10_512_300)])
        let tickets = [
            try Ticket(game: "loto6", draw: date, numbers: [1, 8, 15, 2, 3, 4], bonus: []),     // 3: ¥1,000
            try Ticket(game: "loto6", draw: date, numbers: [36, 29, 22, 2, 3, 43], bonus: []),  // 3 + bonus: still 5th, ¥1,000
            try Ticket(game: "loto6", draw: date, numbers: [1, 8, 15, 22, 29, 43], bonus: []),  // 5 + bonus: 2nd, from push
        ]
        let outcome = try check(tickets: tickets, against: draw)
        #expect(outcome.total == jpy(1_000 + 1_000 + 10_512_300))
        #expect(outcome.results.map { $0.tier?.label } == ["3", "3", "5+1"])
        #expect(outcome.bestTier?.label == "5+1")
        #expect(GameRules.loto6.currencyMinorDigits == 0)
    }
}
