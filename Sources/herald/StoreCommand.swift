import ArgumentParser
import HeraldCommandLine
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
    @Option(name: .customLong("store"), help: "The store directory (default: $HERALD_STORE or ~/.herald).") var directory: String?
    @Option(name: .customLong("deadline-ms"), help: "Give up when the store stays locked this long (milliseconds).")
    var deadlineMilliseconds: Int = 5000

    /// The directory to use: the flag, else $HERALD_STORE, else ~/.herald.
    var resolvedDirectory: String { StoreLocation.directory(directory) }

    var deadline: ContinuousClock.Instant {
        .now + .milliseconds(min(max(0, deadlineMilliseconds), DeadlineOption.maximumMilliseconds))
    }

    /// Opens the store, or exits 1 with one line on stderr.
    func openStore() throws -> Store {
        guard let store = try open(readOnly: false) else { throw CommandFailure.failure("\(resolvedDirectory): no store") }
        return store
    }

    /// Opens the store only to read it: nothing is created, migrated or written, so a store
    /// the user may only read can be listed. Nil when there is no store yet (nothing to list).
    func openStoreForReading() throws -> Store? { try open(readOnly: true) }

    private func open(readOnly: Bool) throws -> Store? {
        try DeadlineOption.check(deadlineMilliseconds, minimum: 0)
        warnIfExposed()
        do {
            return try Store.open(directory: resolvedDirectory, readOnly: readOnly, deadline: deadline)
        } catch .missing where readOnly {
            return nil
        } catch {
            throw CommandFailure.failure(error.description)
        }
    }

    /// The store holds tickets, reminders and (in keys/) private keys: a folder group or
    /// others may read gets a warning, as `herald keygen` gives for the key folder.
    func warnIfExposed() { Self.warnIfExposed(resolvedDirectory, "store folder") }

    /// `<what> <directory> is mode 0755; consider chmod 700 <directory>` when group or
    /// others may read `directory`.
    static func warnIfExposed(_ directory: String, _ what: String) {
        if let mode = Store.exposedMode(ofDirectory: directory) {
            CommandMain.say(.warning, "\(what) \(directory) is mode \(mode); consider chmod 700 \(directory)")
        }
    }
}
