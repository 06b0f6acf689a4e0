import Foundation
import HeraldDiagnostics
import HeraldLottery
import HeraldPayload
import HeraldRender
import HeraldStore

/// The compute step: what the notification says, worked out from the request, the store
/// and the tables (request → draft).
struct Compute: Sendable {
    let texts: Texts
    let store: StoreAccess
    /// "Now" for a reminder's relative time.
    let now: Date
    /// The zone a reminder's due time is shown in.
    let timeZone: String
    /// The bound of every store read.
    let deadline: ContinuousClock.Instant

    /// The draft for `kind`; `base` is the push's own alert (what a push without work of ours shows).
    /// Throws when the work failed: the orchestrator then shows its best attempt.
    func draft(for kind: PushRequest.Kind, base: Draft) throws(StageWorkError) -> Draft {
        switch kind {
        case .none:
            return base
        case .message(let text, let from):
            return MessageContent.draft(text: text, from: from, texts: texts)
        case .lottery(let request):
            let tickets: [StoredTicket]
            switch store.perform(.tickets, deadline: deadline, { (store) throws(StoreError) in
                try store.tickets(game: request.rules.id, draw: request.draw.date, deadline: deadline)
            }) {
            case .done(let found): tickets = found
            case .noStore:
                var d = LotteryContent.numbersDraft(request, texts: texts)
                d.diagnostics.append(
                    .stage(.noStore, "no store: the tickets are unknown, the numbers are shown", severity: .note))
                return d
            case .failed(let diagnostic): throw .failed(diagnostic.rule, diagnostic.message)
            }
            let outcome: DrawOutcome
            do { outcome = try check(tickets: tickets.map(\.ticket), against: request.draw) } catch {
                throw .failed(.lottery, "tickets not checked: \(error)")
            }
            return try LotteryContent.draft(request, outcome: outcome, texts: texts)
        case .reminder(let idText):
            guard let id = UUID(uuidString: idText) else {
                var d = ReminderContent.genericDraft(texts: texts)
                d.diagnostics.append(.stage(.reminder, "the reminder id is not a UUID; the generic text is shown"))
                return d
            }
            let reminder: Reminder?
            switch store.perform(.reminder, deadline: deadline, { (store) throws(StoreError) in
                try store.reminder(id: id, deadline: deadline)
            }) {
            case .done(let found): reminder = found
            case .noStore:
                var d = ReminderContent.genericDraft(texts: texts)
                d.diagnostics.append(
                    .stage(.noStore, "no store: the reminder is unknown; the generic text is shown", severity: .note))
                return d
            case .failed(let diagnostic): throw .failed(diagnostic.rule, diagnostic.message)
            }
            guard let reminder else {
                var d = ReminderContent.genericDraft(texts: texts)
                d.diagnostics.append(.stage(.reminder, "no such reminder in the store; the generic text is shown"))
                return d
            }
            return try ReminderContent.draft(reminder, now: now, zone: timeZone, texts: texts)
        }
    }
}
