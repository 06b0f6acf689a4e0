import Foundation
import HeraldICU
import HeraldJSON
import HeraldLottery
import HeraldStore

/// A `/v1/render` request's `context` (Docs/service.md): the device state a push's content
/// depends on — lottery tickets, reminders, the badge count — and the clock and zone to show
/// it with. The state goes into a store in memory made for the request and dropped with it:
/// nothing is written anywhere.
struct RenderContext {
    var store: Store?
    /// The badge count the store starts each locale's render from.
    var badge = 0
    var now: Date?
    var timeZone: String?

    /// Most tickets and reminders one context may hold.
    static let maximumRows = 10_000

    /// Reads `context` (absent: no store, the server's clock and zone); a 400 names the
    /// first field that is wrong, as a path (`context.tickets[2].numbers`).
    static func read(_ value: JSONValue?) async throws -> RenderContext {
        guard let value else { return RenderContext() }
        guard let object = value.objectValue else { throw ServiceError.badRequest("context must be an object, found \(value.typeName)") }
        var context = RenderContext()
        for key in object.keys where !["tickets", "reminders", "badge", "now", "timeZone"].contains(key) {
            throw ServiceError.badRequest("context.\(key): unknown field (known: tickets, reminders, badge, now, timeZone)")
        }
        if let now = object["now"] {
            guard let text = now.stringValue, let date = ISO8601.parse(text) else {
                throw ServiceError.badRequest("context.now: expected an ISO 8601 date-time with a zone (2026-11-21T18:30:00Z)")
            }
            context.now = date
        }
        if let zone = object["timeZone"] {
            guard let text = zone.stringValue, DateFormat.isKnownZone(text) else {
                throw ServiceError.badRequest("context.timeZone: expected a known IANA time zone (Europe/Berlin)")
            }
            context.timeZone = text
        }
        let tickets = try list(object["tickets"], "context.tickets")
        let reminders = try list(object["reminders"], "context.reminders")
        let badge: Int?
        if let raw = object["badge"] {
            guard let n = raw.intValue, n >= 0, n <= Int64(Store.maximumBadge) else {
                throw ServiceError.badRequest("context.badge: expected a whole number 0…\(Store.maximumBadge)")
            }
            badge = Int(n)
            context.badge = Int(n)
        } else {
            badge = nil
        }
        guard !tickets.isEmpty || !reminders.isEmpty || badge != nil else { return context }
        let store: Store
        do { store = try Store.inMemory() } catch { throw ServiceError(status: 500, code: "internal", "no store in memory: \(error)") }
        do {
            // Stopped between rows once the request is cancelled (its deadline passed).
            for (i, raw) in tickets.enumerated() {
                if i % 256 == 0 { try Task.checkCancellation() }
                try store.addTicket(try ticket(raw, "context.tickets[\(i)]"))
            }
            for (i, raw) in reminders.enumerated() {
                if i % 256 == 0 { try Task.checkCancellation() }
                try store.addReminder(try reminder(raw, "context.reminders[\(i)]"))
            }
            if let badge { try store.setBadge(badge) }
        } catch let error as ServiceError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw ServiceError(status: 500, code: "internal", "the context could not be stored: \(error)")
        }
        context.store = store
        return context
    }

    private static func list(_ value: JSONValue?, _ path: String) throws(ServiceError) -> [JSONValue] {
        guard let value else { return [] }
        guard let items = value.arrayValue else { throw ServiceError.badRequest("\(path): expected an array, found \(value.typeName)") }
        guard items.count <= maximumRows else { throw ServiceError.badRequest("\(path): more than \(maximumRows) entries") }
        return items
    }

    private static func ticket(_ value: JSONValue, _ path: String) throws(ServiceError) -> Ticket {
        guard let o = value.objectValue else { throw ServiceError.badRequest("\(path): expected an object, found \(value.typeName)") }
        guard let game = o["game"]?.stringValue else { throw ServiceError.badRequest("\(path).game: expected a string (powerball, megamillions…)") }
        guard let drawText = o["draw"]?.stringValue else { throw ServiceError.badRequest("\(path).draw: expected a date (2026-11-18)") }
        let numbers = try integers(o["numbers"], "\(path).numbers")
        let bonus = try o["bonus"] == nil ? [] : integers(o["bonus"], "\(path).bonus")
        var multiplier: Int?
        if let raw = o["multiplier"], raw != .null {
            guard let n = raw.intValue, let small = Int(exactly: n) else { throw ServiceError.badRequest("\(path).multiplier: expected a whole number") }
            multiplier = small
        }
        var powerPlay = false
        if let raw = o["powerPlay"] {
            guard let b = raw.boolValue else { throw ServiceError.badRequest("\(path).powerPlay: expected true or false") }
            powerPlay = b
        }
        do {
            return try Ticket(
                game: game, draw: try DrawDate(drawText), numbers: numbers, bonus: bonus, multiplier: multiplier,
                multiplierAddOn: powerPlay)
        } catch {
            throw ServiceError.badRequest("\(path): \(error)")
        }
    }

    private static func integers(_ value: JSONValue?, _ path: String) throws(ServiceError) -> [Int] {
        guard let items = value?.arrayValue else { throw ServiceError.badRequest("\(path): expected an array of whole numbers") }
        var out: [Int] = []
        for item in items.prefix(64) {
            guard let n = item.intValue, let small = Int(exactly: n) else { throw ServiceError.badRequest("\(path): expected whole numbers") }
            out.append(small)
        }
        guard items.count <= 64 else { throw ServiceError.badRequest("\(path): more than 64 numbers") }
        return out
    }

    private static func reminder(_ value: JSONValue, _ path: String) throws(ServiceError) -> Reminder {
        guard let o = value.objectValue else { throw ServiceError.badRequest("\(path): expected an object, found \(value.typeName)") }
        guard let idText = o["id"]?.stringValue, let id = UUID(uuidString: idText) else { throw ServiceError.badRequest("\(path).id: expected a UUID") }
        guard let title = o["title"]?.stringValue else { throw ServiceError.badRequest("\(path).title: expected a string") }
        guard let dueText = o["due"]?.stringValue, let due = ISO8601.parse(dueText) else {
            throw ServiceError.badRequest("\(path).due: expected an ISO 8601 date-time with a zone")
        }
        var notes: String?
        if let raw = o["notes"], raw != .null {
            guard let text = raw.stringValue else { throw ServiceError.badRequest("\(path).notes: expected a string") }
            notes = text
        }
        return Reminder(id: id, title: title, due: due, notes: notes)
    }
}
