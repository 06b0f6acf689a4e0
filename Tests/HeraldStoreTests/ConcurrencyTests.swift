import Foundation
import HeraldLottery
import HeraldSync
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// Separate `Store` values are separate SQLite connections, which lock each other exactly as
/// separate processes do. (The process-level version is in HeraldCLITests/StoreCLITests.)
@Suite struct ConcurrencyTests {
    final class Results: Sendable {
        private let state = Locked((values: [Int](), errors: [String]()))

        func add(_ value: Int) { state.withLock { $0.values.append(value) } }
        func fail(_ error: any Error) {
            let text = String(describing: error)
            state.withLock { $0.errors.append(text) }
        }
        var snapshot: ([Int], [String]) { state.withLock { ($0.values, $0.errors) } }
    }

    @Test func eightConnectionsOpeningAFreshStoreAndIncrementingEndExact() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let directory = temp.path + "/fresh"
        let results = Results()
        let perConnection = 50
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                // Every connection races to create and migrate the same new store.
                let store = try Store.open(directory: directory, deadline: .now + .seconds(30))
                for _ in 0..<perConnection {
                    results.add(try store.incrementBadge(deadline: .now + .seconds(30)))
                }
            } catch {
                results.fail(error)
            }
        }
        let (values, errors) = results.snapshot
        #expect(errors.isEmpty, "\(errors)")
        // Each increment saw a distinct count: 1 … 400, nothing lost, nothing doubled.
        #expect(values.sorted() == Array(1...(8 * perConnection)))
        #expect(try Store.open(directory: directory).badge() == 8 * perConnection)
    }

    @Test func ticketsWrittenConcurrentlyAreAllKept() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let date = try DrawDate("2026-11-21")
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            do {
                let store = try Store.open(directory: temp.path, deadline: .now + .seconds(30))
                for line in 0..<10 {
                    let first = worker * 5 + 1
                    let ticket = try Ticket(
                        game: "lotto6aus49", draw: date, numbers: [first, first + 1, first + 2, first + 3, first + 4, 49],
                        bonus: [line])
                    results.add(Int(try store.addTicket(ticket, deadline: .now + .seconds(30))))
                }
            } catch {
                results.fail(error)
            }
        }
        let (ids, errors) = results.snapshot
        #expect(errors.isEmpty, "\(errors)")
        #expect(Set(ids).count == 80)
        let stored = try Store.open(directory: temp.path).tickets(game: "lotto6aus49", draw: date)
        #expect(stored.count == 80)
    }
}
