import Foundation
import HeraldLottery
import HeraldTestSupport
import Testing
@testable import HeraldStore

@Suite struct StoreTests {
    @Test func openCreatesAPrivateDirectoryAndTheDatabaseInWALMode() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let directory = temp.path + "/nested/store"
        let store = try Store.open(directory: directory)
        #expect(store.path == directory + "/herald.sqlite")
        let attributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(FileManager.default.fileExists(atPath: store.path))
        // The first bytes of a SQLite 3 file, and the WAL mode flags (bytes 18/19 = 2).
        let header = try Data(contentsOf: URL(fileURLWithPath: store.path)).prefix(20)
        #expect(String(decoding: header.prefix(15), as: UTF8.self) == "SQLite format 3")
        #expect(Array(header.suffix(2)) == [2, 2])
        // Commits do not wait for the disk (synchronous = NORMAL), here and on a reopen.
        #expect(try store.synchronousLevel() == 1)
        #expect(try Store.open(directory: directory).synchronousLevel() == 1)
    }

    @Test func ticketsRoundTripAndFilterByGameAndDraw() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let wednesday = try DrawDate("2026-11-18")
        let saturday = try DrawDate("2026-11-21")
        let a = try Ticket(game: "powerball", draw: wednesday, numbers: [61, 4, 11, 23, 45], bonus: [9], multiplierAddOn: true)
        let b = try Ticket(game: "powerball", draw: saturday, numbers: [1, 2, 3, 4, 5], bonus: [26])
        let c = try Ticket(game: "megamillions", draw: wednesday, numbers: [1, 2, 3, 4, 5], bonus: [24], multiplier: 10)
        let d = try Ticket(game: "uk-lotto", draw: saturday, numbers: [1, 2, 3, 4, 5, 59], bonus: [])
        let created = Date(timeIntervalSince1970: 1_795_000_000.123)
        let idA = try store.addTicket(a, created: created)
        let idB = try store.addTicket(b)
        try store.addTicket(c)
        try store.addTicket(d)
        #expect(idB == idA + 1)

        // A second connection (as another process would have) sees the same rows.
        let other = try Store.open(directory: temp.path)
        let all = try other.tickets()
        #expect(all.map(\.ticket) == [a, b, c, d])
        #expect(all.first?.created == Date(timeIntervalSince1970: 1_795_000_000.123))
        #expect(try other.tickets(game: "powerball").map(\.ticket) == [a, b])
        #expect(try other.tickets(game: "powerball", draw: wednesday).map(\.ticket) == [a])
        #expect(try other.tickets(draw: saturday).map(\.ticket) == [b, d])
        #expect(try other.tickets(game: "euromillions").isEmpty)
    }

    @Test func remindersAreStoredByUUIDToTheMillisecond() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let id = try #require(UUID(uuidString: "D82ED5AE-C363-46AF-9B0D-301C2E21C58E"))
        let due = Date(timeIntervalSince1970: 1_795_300_200.5)  // 2026-11-22T…:00.500Z
        try store.addReminder(Reminder(id: id, title: "Dentist", due: due, notes: "Bring the card"))
        let later = Reminder(id: UUID(), title: "Later", due: due.addingTimeInterval(3600))
        try store.addReminder(later)
        #expect(try store.reminder(id: id) == Reminder(id: id, title: "Dentist", due: due, notes: "Bring the card"))
        #expect(try store.reminder(id: UUID()) == nil)
        try store.addReminder(Reminder(id: id, title: "Dentist (moved)", due: due.addingTimeInterval(7200)))
        #expect(try store.reminders().map(\.title) == ["Later", "Dentist (moved)"])
        #expect(try store.reminder(id: id)?.notes == nil)
    }

    @Test func badgeSetsIncrementsAndClampsAtZero() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        #expect(try store.badge() == 0)
        #expect(try store.incrementBadge() == 1)
        #expect(try store.incrementBadge(by: 4) == 5)
        try store.setBadge(2)
        #expect(try store.badge() == 2)
        #expect(try store.incrementBadge(by: -5) == 0)
        #expect(throws: StoreError.badgeOutOfRange(-1)) { try store.setBadge(-1) }
        try store.setBadge(Store.maximumBadge)
        #expect(throws: StoreError.badgeOutOfRange(Store.maximumBadge + 1)) { try store.incrementBadge() }
        #expect(try store.badge() == Store.maximumBadge)
    }

    @Test func aFileThatIsNotSQLiteIsReportedAsCorrupt() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: temp.path + "/herald.sqlite"))
        #expect {
            try Store.open(directory: temp.path)
        } throws: { error in
            guard case StoreError.corrupt(let path, _) = error else { return false }
            return path == temp.path + "/herald.sqlite"
        }
    }

    @Test func aFileWhereTheDirectoryShouldBeIsAnError() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        try Data("x".utf8).write(to: URL(fileURLWithPath: temp.path + "/file"))
        #expect(throws: StoreError.directory(path: temp.path + "/file", detail: "not a directory")) {
            try Store.open(directory: temp.path + "/file")
        }
    }

    @Test func aStoreLockedPastTheDeadlineFailsWithLocked() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        // The sqlite3 shell holds the write lock in another process until told to commit.
        let holder = try StoreLocker(database: store.path, statements: "UPDATE badge SET count = 40;")

        #expect(throws: StoreError.locked(path: store.path)) {
            try store.incrementBadge(deadline: .now + .milliseconds(200))
        }
        // Readers are not blocked by a writer in WAL mode: the committed value is still 0.
        #expect(try store.badge() == 0)

        try holder.commit()
        #expect(try store.incrementBadge(deadline: .now + .seconds(5)) == 41)
    }

    @Test func rowsTamperedWithOutsideTheStoreAreErrorsNotCrashes() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        try store.addTicket(try Ticket(game: "loto6", draw: try DrawDate("2026-11-19"), numbers: [1, 2, 3, 4, 5, 6], bonus: []))
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [store.path, "UPDATE ticket SET numbers = '1,2,x'; INSERT INTO reminder VALUES ('not-a-uuid', 't', 0, NULL);"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(throws: StoreError.invalidRow(table: "ticket", id: "1", detail: "numbers '1,2,x'")) { try store.tickets() }
        #expect(throws: StoreError.invalidRow(table: "reminder", id: "not-a-uuid", detail: "id is not a UUID")) { try store.reminders() }
    }
}
