import Foundation
import Testing
import HeraldTestSupport

/// `herald store` as a user runs it (Docs/cli.md), the real binary in subprocesses.
@Suite struct StoreCLITests {
    @Test func eightProcessesIncrementingTheBadgeAtOnceEndExact() async throws {
        let store = try TemporaryFolder("herald-cli-store", create: false)
        let rounds = 4
        var printed: [Int] = []
        for _ in 0..<rounds {
            let running = try (0..<8).map { _ in try HeraldBinary.start(["store", "badge", "--increment", "1", "--store", store.path]) }
            for process in running {
                let result = process.finish()
                #expect(result.status == 0, "\(result.stderr)")
                if let value = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) { printed.append(value) }
            }
        }
        // Every process saw its own count: 1 … 32, none lost or repeated.
        #expect(printed.sorted() == Array(1...(8 * rounds)))
        let final = try await HeraldBinary.run(["store", "badge", "--store", store.path])
        #expect(final.status == 0)
        #expect(final.stdout == "\(8 * rounds)\n")
    }

    @Test func addTicketThenListShowsIt() async throws {
        let store = try TemporaryFolder("herald-cli-store", create: false)
        let added = try await HeraldBinary.run([
            "store", "add-ticket", "--game", "powerball", "--numbers", "4,11,23,45,61", "--bonus", "9",
            "--draw", "2026-11-18", "--power-play", "--store", store.path,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "added ticket 1: powerball 2026-11-18 4,11,23,45,61 + 9 (Power Play)\n")
        let euro = try await HeraldBinary.run([
            "store", "add-ticket", "--game", "euromillions", "--numbers", "1, 2, 3, 4, 50", "--bonus", "3,12",
            "--draw", "2026-11-20",
        ], environment: ["HERALD_STORE": store.path])
        #expect(euro.status == 0, "\(euro.stderr)")
        let listed = try await HeraldBinary.run(["store", "list", "tickets", "--store", store.path])
        #expect(listed.status == 0)
        #expect(listed.stdout == "1\tpowerball\t2026-11-18\t4,11,23,45,61\t9\tPP\n2\teuromillions\t2026-11-20\t1,2,3,4,50\t3,12\t-\n")
    }

    @Test func addReminderThenListShowsItInUTC() async throws {
        let store = try TemporaryFolder("herald-cli-store", create: false)
        let added = try await HeraldBinary.run([
            "store", "add-reminder", "--id", "D82ED5AE-C363-46AF-9B0D-301C2E21C58E", "--title", "Call\tback",
            "--due", "2026-11-21T19:30:00+01:00", "--notes", "line one\nline two", "--store", store.path,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try await HeraldBinary.run(["store", "list", "reminders", "--store", store.path])
        #expect(listed.stdout == "D82ED5AE-C363-46AF-9B0D-301C2E21C58E\t2026-11-21T18:30:00Z\tCall back\tline one line two\n")
    }

    @Test func badgeSetAndRead() async throws {
        let store = try TemporaryFolder("herald-cli-store", create: false)
        #expect(try await HeraldBinary.run(["store", "badge", "--store", store.path]).stdout == "0\n")
        #expect(try await HeraldBinary.run(["store", "badge", "--set", "7", "--store", store.path]).stdout == "7\n")
        #expect(try await HeraldBinary.run(["store", "badge", "--increment", "-2", "--store", store.path]).stdout == "5\n")
        #expect(try await HeraldBinary.run(["store", "badge", "--store", store.path]).stdout == "5\n")
    }

    @Test func gamesListsEveryGameId() async throws {
        let result = try await HeraldBinary.run(["store", "games"])
        #expect(result.status == 0)
        let ids = result.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        #expect(ids == ["powerball", "megamillions", "euromillions", "uk-lotto", "lotto6aus49", "fr-loto", "loto6"])
    }

    @Test(arguments: [
        (["add-ticket", "--game", "keno", "--numbers", "1,2,3,4,5", "--bonus", "1"], "unknown game 'keno'"),
        (["add-ticket", "--game", "powerball", "--numbers", "1,2,3,4,70", "--bonus", "1"], "main number 70 is outside 1–69"),
        (["add-ticket", "--game", "powerball", "--numbers", "1,2,3,3,5", "--bonus", "1"], "main number 3 appears more than once"),
        (["add-ticket", "--game", "powerball", "--numbers", "1,2,3,4", "--bonus", "1"], "main needs 5 numbers, got 4"),
        (["add-ticket", "--game", "powerball", "--numbers", "1,2,x,4,5", "--bonus", "1"], "--numbers: 'x' is not a whole number"),
        (["add-ticket", "--game", "powerball", "--numbers", "1,2,3,4,5", "--bonus", "1", "--draw", "2026-02-30"], "invalid draw date '2026-02-30'"),
        (["add-ticket", "--numbers", "1,2,3,4,5"], "add-ticket needs --game"),
        (["add-reminder", "--id", "nope", "--title", "t", "--due", "2026-11-21T10:00:00Z"], "--id: 'nope' is not a UUID"),
        (["add-reminder", "--id", "D82ED5AE-C363-46AF-9B0D-301C2E21C58E", "--title", "t", "--due", "tomorrow"], "--due: 'tomorrow' is not an ISO 8601"),
        (["badge", "--set", "-1"], "--set: -1 is outside"),
        (["list", "everything"], "'everything' is not one of tickets, reminders"),
    ])
    func badInputIsOneLineOnStderrAndExitTwo(arguments: [String], message: String) async throws {
        let store = try TemporaryFolder("herald-cli-store", create: false)
        let result = try await HeraldBinary.run(["store"] + arguments + ["--store", store.path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("herald: error: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        // Bad input never creates the store.
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func aCorruptStoreIsExitOneWithItsPath() async throws {
        let store = try TemporaryFolder("herald-cli-store", create: false)
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: store.path + "/herald.sqlite"))
        let result = try await HeraldBinary.run(["store", "badge", "--store", store.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(store.path)/herald.sqlite is not a readable SQLite database"), "\(result.stderr)")
    }
}
