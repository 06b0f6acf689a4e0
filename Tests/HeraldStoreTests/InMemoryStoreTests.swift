import Foundation
import HeraldLottery
import Testing
@testable import HeraldStore

/// `Store.inMemory()`: the store's schema and API over a database that is never on disk, and
/// private to each store made.
@Test func anInMemoryStoreHoldsRowsAndIsPrivate() throws {
    let store = try Store.inMemory()
    let ticket = try Ticket(game: "powerball", draw: try DrawDate("2026-11-18"), numbers: [4, 11, 23, 50, 60], bonus: [9], multiplierAddOn: true)
    try store.addTicket(ticket)
    try store.setBadge(4)
    #expect(try store.incrementBadge(by: 1) == 5)
    #expect(try store.tickets().map(\.ticket) == [ticket])
    #expect(store.path == ":memory:")
    #expect(!FileManager.default.fileExists(atPath: ":memory:"), "nothing is written beside the process")
    let other = try Store.inMemory()
    #expect(try other.tickets().isEmpty)
    #expect(try other.badge() == 0)
}
