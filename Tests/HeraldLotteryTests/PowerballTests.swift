import Testing
@testable import HeraldLottery

// Draw of 2026-11-18: 4 11 23 45 61, Powerball 9. Amounts from Powerball's prize chart, by hand.
@Suite struct PowerballTests {
    let date: DrawDate
    init() throws { date = try day("2026-11-18") }

    func draw(multiplier: Int?, prizes: [String: Money] = [:]) throws -> Draw {
        try Draw(game: "powerball", date: date, numbers: [4, 11, 23, 45, 61], bonus: [9], multiplier: multiplier, prizes: prizes)
    }

    func line(_ numbers: [Int], _ pb: Int, powerPlay: Bool = false) throws -> Ticket {
        try Ticket(game: "powerball", draw: date, numbers: numbers, bonus: [pb], multiplierAddOn: powerPlay)
    }

    @Test func powerPlay2XAcrossTiersSumsExactly() throws {
        let tickets = [
            try line([61, 45, 23, 11, 4], 10, powerPlay: true),  // 5: $2,000,000 with Power Play
            try line([4, 11, 23, 45, 61], 10),                    // 5 without PP: $1,000,000
            try line([4, 11, 23, 1, 2], 9, powerPlay: true),      // 3+PB: $100 × 2 = $200
            try line([1, 2, 3, 5, 6], 9, powerPlay: true),        // 0+PB: $4 × 2 = $8
            try line([1, 2, 3, 5, 6], 8, powerPlay: true),        // nothing
        ]
        let outcome = try check(tickets: tickets, against: try draw(multiplier: 2))
        #expect(outcome.total == usd(200_000_000 + 100_000_000 + 20_000 + 800))
        #expect(outcome.winningTickets == 4)
        #expect(outcome.ticketsChecked == 5)
        #expect(outcome.bestTier?.label == "5")
        #expect(outcome.jackpotHit == false)
        #expect(outcome.hasUnknownAmount == false)
        #expect(outcome.results.map { $0.tier?.label } == ["5", "5", "3+1", "0+1", nil])
        #expect(outcome.results[4].amount == nil)
    }

    @Test func powerPlay3XAnd10X() throws {
        let fourPlusPB = try line([4, 11, 23, 45, 1], 9, powerPlay: true)
        #expect(try check(tickets: [fourPlusPB], against: try draw(multiplier: 3)).total == usd(15_000_000))  // $150,000
        let three = try line([4, 11, 23, 1, 2], 1, powerPlay: true)
        #expect(try check(tickets: [three], against: try draw(multiplier: 10)).total == usd(7_000))  // $70
        let four = try line([4, 11, 23, 45, 1], 2, powerPlay: true)
        #expect(try check(tickets: [four], against: try draw(multiplier: 10)).total == usd(100_000))  // $1,000
    }

    @Test(arguments: [2, 3, 4, 5, 10])
    func matchFiveWithPowerPlayIsAlwaysTwoMillion(multiplier: Int) throws {
        let five = try line([4, 11, 23, 45, 61], 1, powerPlay: true)
        #expect(try check(tickets: [five], against: try draw(multiplier: multiplier)).total == usd(200_000_000))
    }

    @Test func withoutPowerPlayTheSetPrizeIsPaidWhateverTheMultiplier() throws {
        let fourPlusPB = try line([4, 11, 23, 45, 1], 9)
        #expect(try check(tickets: [fourPlusPB], against: try draw(multiplier: 10)).total == usd(5_000_000))  // $50,000
    }

    @Test func powerPlayWithoutADrawnMultiplierIsUnknownNotGuessed() throws {
        let outcome = try check(tickets: [try line([1, 2, 3, 5, 6], 9, powerPlay: true)], against: try draw(multiplier: nil))
        #expect(outcome.results.first?.amount == .unknown)
        #expect(outcome.hasUnknownAmount)
        #expect(outcome.total == usd(0))
        #expect(outcome.winningTickets == 1)
    }

    @Test func jackpotAmountComesFromThePush() throws {
        let jackpot = try line([4, 11, 23, 45, 61], 9, powerPlay: true)
        let paid = try check(tickets: [jackpot], against: try draw(multiplier: 2, prizes: ["jackpot": usd(12_500_000_000)]))
        #expect(paid.jackpotHit)
        #expect(paid.total == usd(12_500_000_000))
        #expect(paid.bestTier?.id == "jackpot")
        #expect(paid.bestTier?.label == "5+1")
        let unpaid = try check(tickets: [jackpot], against: try draw(multiplier: 2))
        #expect(unpaid.jackpotHit)
        #expect(unpaid.hasUnknownAmount)
        #expect(unpaid.total == usd(0))
    }

    @Test func invalidPowerballLinesAreRejected() throws {
        #expect(throws: LotteryError.outOfRange(game: "powerball", what: "main", value: 70, range: 1...69)) {
            try line([1, 2, 3, 4, 70], 1)
        }
        #expect(throws: LotteryError.outOfRange(game: "powerball", what: "Powerball", value: 27, range: 1...26)) {
            try line([1, 2, 3, 4, 5], 27)
        }
        #expect(throws: LotteryError.duplicate(game: "powerball", what: "main", value: 3)) {
            try line([1, 2, 3, 3, 5], 1)
        }
        #expect(throws: LotteryError.wrongCount(game: "powerball", what: "main", expected: 5, actual: 4)) {
            try line([1, 2, 3, 4], 1)
        }
        #expect(throws: LotteryError.wrongCount(game: "powerball", what: "Powerball", expected: 1, actual: 2)) {
            try Ticket(game: "powerball", draw: date, numbers: [1, 2, 3, 4, 5], bonus: [1, 2])
        }
        #expect(throws: LotteryError.invalidMultiplier(game: "powerball", value: 3, allowed: [])) {
            try Ticket(game: "powerball", draw: date, numbers: [1, 2, 3, 4, 5], bonus: [1], multiplier: 3)
        }
        #expect(throws: LotteryError.invalidMultiplier(game: "powerball", value: 6, allowed: [2, 3, 4, 5, 10])) {
            try draw(multiplier: 6)
        }
    }
}
