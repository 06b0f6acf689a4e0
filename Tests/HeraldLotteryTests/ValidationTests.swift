import Testing
@testable import HeraldLottery

@Suite struct ValidationTests {
    @Test func unknownGame() throws {
        #expect(throws: LotteryError.unknownGame("lotto-max")) {
            try Ticket(game: "lotto-max", draw: try day("2026-11-21"), numbers: [1], bonus: [])
        }
        #expect(LotteryError.unknownGame("x").description.contains("powerball"))
    }

    @Test func drawDatesAreRealCalendarDays() throws {
        #expect(try day("2028-02-29").description == "2028-02-29")
        for bad in ["2026-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "26-11-21", "2026/11/21", "2026-11-2x", " 2026-11-21", ""] {
            #expect(throws: LotteryError.invalidDate(bad)) { try DrawDate(bad) }
        }
        #expect(try day("2000-02-29") < day("2000-03-01"))
    }

    @Test func moneyAddsExactlyAndRefusesOverflowAndMixedCurrencies() throws {
        #expect(try usd(10).adding(usd(5)) == usd(15))
        #expect(throws: LotteryError.amountOverflow(currency: "USD")) { try usd(Int64.max).adding(usd(1)) }
        #expect(throws: LotteryError.currencyMismatch("USD", "EUR")) { try usd(1).adding(eur(1)) }
    }

    @Test func overflowingTotalIsAnErrorNotAWrap() throws {
        let date = try day("2026-11-20")
        let draw = try Draw(
            game: "euromillions", date: date, numbers: [1, 2, 3, 4, 5], bonus: [1, 2], prizes: ["jackpot": eur(Int64.max / 2 + 1)])
        let line = try Ticket(game: "euromillions", draw: date, numbers: [1, 2, 3, 4, 5], bonus: [1, 2])
        #expect(throws: LotteryError.amountOverflow(currency: "EUR")) { try check(tickets: [line, line], against: draw) }
    }

    @Test func ticketsForAnotherDrawAreSkippedNotChecked() throws {
        let draw = try Draw(game: "uk-lotto", date: try day("2026-11-21"), numbers: [1, 2, 3, 4, 5, 6], bonus: [7])
        let other = try Ticket(game: "uk-lotto", draw: try day("2026-11-18"), numbers: [1, 2, 3, 4, 5, 6], bonus: [])
        let otherGame = try Ticket(game: "loto6", draw: try day("2026-11-21"), numbers: [1, 2, 3, 4, 5, 6], bonus: [])
        let outcome = try check(tickets: [other, otherGame], against: draw)
        #expect(outcome.ticketsChecked == 0)
        #expect(outcome.ticketsSkipped == 2)
        #expect(outcome.winningTickets == 0)
        #expect(outcome.total == gbp(0))
        #expect(outcome.bestTier == nil)
    }

    @Test func everyGameIsConsistentData() {
        #expect(GameRules.all.map(\.id) == ["powerball", "megamillions", "euromillions", "uk-lotto", "lotto6aus49", "fr-loto", "loto6"])
        for rules in GameRules.all {
            #expect(rules.tiers.first?.isJackpot == true, "\(rules.id)")
            #expect(rules.tiers.filter(\.isJackpot).count == 1, "\(rules.id)")
            #expect(Set(rules.tiers.map(\.id)).count == rules.tiers.count, "\(rules.id) tier ids are unique")
            for tier in rules.tiers {
                for condition in tier.conditions {
                    #expect((0...rules.mainCount).contains(condition.main), "\(rules.id) \(tier.label)")
                }
            }
        }
    }
}
