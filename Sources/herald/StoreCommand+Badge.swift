import ArgumentParser
import HeraldCommandLine
import HeraldStore

/// `herald store badge`: prints the badge count, or sets / increments it and prints the result.
struct StoreBadge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badge", abstract: "Print the badge count; --set N sets it, --increment N adds to it atomically.")

    @OptionGroup var options: StoreOptions

    @Option(parsing: .unconditional, help: "Set the badge to N (0 clears it).") var set: Int?
    @Option(parsing: .unconditional, help: "Add N (may be negative) atomically, as a delivery does, and print the new count.")
    var increment: Int?

    func run() throws {
        if set != nil, increment != nil { throw CommandFailure.usage("badge takes --set or --increment, not both") }
        if let set, !(0...Store.maximumBadge).contains(set) {
            throw CommandFailure.usage("--set: \(set) is outside 0…\(Store.maximumBadge)")
        }
        if let increment, !(-Store.maximumBadge...Store.maximumBadge).contains(increment) {
            throw CommandFailure.usage("--increment: \(increment) is outside ±\(Store.maximumBadge)")
        }
        // Reading the count writes nothing: a read-only store can be read.
        if set == nil, increment == nil {
            guard let store = try options.openStoreForReading() else {
                print(0)
                return
            }
            print(try CommandFailure.catching(.failure) { try store.badge(deadline: options.deadline) })
            return
        }
        let store = try options.openStore()
        let count = try CommandFailure.catching(.failure) {
            if let set {
                try store.setBadge(set, deadline: options.deadline)
                return set
            }
            if let increment { return try store.incrementBadge(by: increment, deadline: options.deadline) }
            return try store.badge(deadline: options.deadline)
        }
        print(count)
    }
}
