import ArgumentParser
import Foundation
import HeraldLottery
import HeraldStore

/// `herald store`: the shared container (Docs/cli.md, Docs/store.md). Subcommands live in StoreCommand+*.swift.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Inspect and fill the shared container: tickets, reminders, the badge counter.",
        discussion: "The store is <dir>/herald.sqlite, shared by the app and every extension run.",
        subcommands: [
            StoreAddTicket.self, StoreAddReminder.self, StoreBadge.self, StoreList.self, StoreGames.self,
        ]
    )
}

/// Flags every `herald store` subcommand takes.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("store"), help: "The store directory (default: $HERALD_STORE or ~/.herald).")
    var directory: String?

    @Option(name: .customLong("deadline-ms"), help: "Give up when the store stays locked this long (milliseconds).")
    var deadlineMilliseconds: Int = 5000

    /// The directory to use: the flag, else $HERALD_STORE, else ~/.herald.
    var resolvedDirectory: String {
        if let directory, !directory.isEmpty { return directory }
        let environment = ProcessInfo.processInfo.environment
        if let fromEnvironment = environment["HERALD_STORE"], !fromEnvironment.isEmpty { return fromEnvironment }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.herald"
    }

    var deadline: ContinuousClock.Instant {
        .now + .milliseconds(min(max(0, deadlineMilliseconds), DeadlineOption.maximumMilliseconds))
    }

    /// Opens the store, or exits 1 with one line on stderr.
    func openStore() throws -> Store {
        if let problem = DeadlineOption.problem(deadlineMilliseconds, minimum: 0) { throw StoreCLI.usage(problem) }
        warnIfExposed()
        do {
            return try Store.open(directory: resolvedDirectory, deadline: deadline)
        } catch {
            throw StoreCLI.failure(error.description)
        }
    }

    /// Opens the store only to read it: nothing is created, migrated or written, so a store
    /// the user may only read can be listed. Nil when there is no store yet (nothing to list).
    func openStoreForReading() throws -> Store? {
        if let problem = DeadlineOption.problem(deadlineMilliseconds, minimum: 0) { throw StoreCLI.usage(problem) }
        warnIfExposed()
        do {
            return try Store.open(directory: resolvedDirectory, readOnly: true, deadline: deadline)
        } catch .missing {
            return nil
        } catch {
            throw StoreCLI.failure(error.description)
        }
    }

    /// The store holds tickets, reminders and (in keys/) private keys: a folder group or
    /// others may read gets a warning, as `herald keygen` gives for the key folder.
    func warnIfExposed() {
        let directory = resolvedDirectory
        if let mode = Store.exposedMode(ofDirectory: directory) {
            FileHandle.standardError.write(
                Data("herald: warning: store folder \(directory) is mode \(mode); consider chmod 700 \(directory)\n".utf8))
        }
    }
}

/// How `herald store` reports errors: one line `herald: error: …` on stderr; exit 2 for bad
/// input, 1 when the store itself fails (locked past the deadline, corrupt, unwritable).
enum StoreCLI {
    static func usage(_ message: String) -> ExitCode {
        printError(message)
        return ExitCode(2)
    }

    static func failure(_ message: String) -> ExitCode {
        printError(message)
        return ExitCode(1)
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("herald: error: \(message)\n".utf8))
    }

    /// Runs a store operation, turning its error into exit 1.
    static func run<T>(_ body: () throws(StoreError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw failure(error.description)
        }
    }

    /// Parses "1,2,3" (spaces allowed around the commas).
    static func numbers(_ text: String, flag: String) throws -> [Int] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return [] }
        var result: [Int] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard let value = Int(item) else {
                throw usage("\(flag): '\(item)' is not a whole number (expected a comma-separated list like 1,2,3)")
            }
            result.append(value)
        }
        return result
    }
}
