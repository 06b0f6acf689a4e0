import HeraldLottery
import Testing

/// The lines `herald store list` and `herald store games` print, by hand from Docs/cli.md's
/// columns (game, draw, numbers, bonus, multiplier).
@Suite struct DescriptionTests {
    @Test func ticketColumnsAndSummary() throws {
        let date = try DrawDate("2026-11-18")
        let plain = try Ticket(game: "powerball", draw: date, numbers: [4, 11, 23, 45, 61], bonus: [9])
        #expect(plain.columns == ["powerball", "2026-11-18", "4,11,23,45,61", "9", "-"])
        #expect(plain.summary == "powerball 2026-11-18 4,11,23,45,61 + 9")
        let addOn = try Ticket(game: "powerball", draw: date, numbers: [4, 11, 23, 45, 61], bonus: [9], multiplierAddOn: true)
        #expect(addOn.columns.last == "PP")
        #expect(addOn.summary.hasSuffix(" (Power Play)"))
    }

    @Test func gameColumns() throws {
        let powerball = try GameRules.named("powerball")
        #expect(powerball.columns[0] == "powerball")
        #expect(powerball.columns[3] == "5 of 1-69 + 1 Powerball of 1-26")
    }
}
