public import Foundation
public import HeraldLottery

/// A reminder the app stored for the extension: looked up by id when a `reminder` push
/// arrives.
public struct Reminder: Sendable, Hashable {
    public let id: UUID
    public let title: String
    /// The instant it is due (stored to the millisecond, UTC).
    public let due: Date
    public let notes: String?

    public init(id: UUID, title: String, due: Date, notes: String? = nil) {
        self.id = id
        self.title = title
        self.due = due
        self.notes = notes
    }
}

/// A ticket as the store holds it: its row id and when it was added.
public struct StoredTicket: Sendable, Hashable {
    public let id: Int64
    public let ticket: Ticket
    public let created: Date
}
