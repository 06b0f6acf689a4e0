public import Foundation
public import HeraldLottery

/// A reminder the app stored for the extension: looked up by id when a `reminder` push
/// arrives.
public struct Reminder: Sendable, Hashable {
    /// The reminder's id, as the push names it (`reminder-uuid`).
    public let id: UUID
    /// What the user called it.
    public let title: String
    /// The instant it is due (stored to the millisecond, UTC).
    public let due: Date
    /// The user's notes, if any.
    public let notes: String?

    /// Makes a reminder.
    public init(id: UUID, title: String, due: Date, notes: String? = nil) {
        self.id = id
        self.title = title
        self.due = due
        self.notes = notes
    }
}

/// A ticket as the store holds it: its row id and when it was added.
public struct StoredTicket: Sendable, Hashable {
    /// The store's row id.
    public let id: Int64
    /// The ticket.
    public let ticket: Ticket
    /// When it was added.
    public let created: Date
}
