/// Why a store operation failed. Each case reads as one line (`description`).
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process held the database locked past the operation's deadline.
    case locked(path: String)
    /// The file is not a SQLite database, or its pages are damaged.
    case corrupt(path: String, detail: String)
    /// The store's directory could not be created or used.
    case directory(path: String, detail: String)
    /// A row that no longer reads as a valid value (e.g. a ticket the rules now reject).
    case invalidRow(table: String, id: String, detail: String)
    /// A badge count outside 0…2147483647 (the badge is a non-negative 32-bit number).
    case badgeOutOfRange(Int)
    /// A display receipt the store refuses to record (empty or over-long push id …).
    case invalidReceipt(pushID: String, detail: String)
    /// A read-only open found no store at `path` (nothing is created for a read).
    case missing(path: String)
    /// Any other SQLite failure (disk full, read-only file …), with SQLite's message.
    case database(path: String, detail: String)

    /// The problem in one line, naming the store file; never a row's content.
    public var description: String {
        switch self {
        case .locked(let path):
            return "store \(path) stayed locked by another process past the deadline"
        case .corrupt(let path, let detail):
            return "store \(path) is not a readable SQLite database (\(detail))"
        case .directory(let path, let detail):
            return "cannot use store directory \(path): \(detail)"
        case .invalidRow(let table, let id, let detail):
            return "stored \(table) \(id) is invalid: \(detail)"
        case .badgeOutOfRange(let value):
            return "badge \(value) is outside 0…\(Store.maximumBadge)"
        case .invalidReceipt(let pushID, let detail):
            return "receipt '\(pushID)' not recorded: \(detail)"
        case .database(let path, let detail):
            return "store \(path): \(detail)"
        case .missing(let path):
            return "no store at \(path)"
        }
    }
}
