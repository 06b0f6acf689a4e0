import Foundation
import HeraldICU
import HeraldPayload
import HeraldRender
import HeraldStore

/// The reminder texts (reminder.* keys).
enum ReminderContent {
    /// "A reminder is due" — for an unknown or unreadable id, and as the best
    /// attempt before the store answers. Never shows the id.
    static func genericDraft(texts: Texts) -> Draft {
        var d = Draft(alert: RenderedAlert())
        let title = texts.text("reminder.title", into: &d)
        let body = texts.text("reminder.unknown.body", into: &d, serves: true)
        d.alert = RenderedAlert(title: title, body: body)
        return d
    }

    static func draft(_ reminder: Reminder, now: Date, zone: String, texts: Texts) throws(StageWorkError) -> Draft {
        // The title is the user's text, inserted into a sentence: isolated (BidiIsolation).
        let reminderTitle = BidiIsolation.isolate(reminder.title)
        var d = Draft(alert: RenderedAlert(), literals: [reminderTitle])
        let seconds = reminder.due.timeIntervalSince(now)
        let relative: String
        let absolute: String
        do {
            relative = try RelativeTimeFormat.for(texts.locale).format(seconds: seconds)
            absolute = try DateFormat.for(date: .medium, time: .short, locale: texts.locale, zone: zone)
                .format(epochMilliseconds: reminder.due.timeIntervalSince1970 * 1000)
        } catch {
            throw .failed(.reminder, "cannot format the reminder's date: \(error)")
        }
        let title = texts.text("reminder.title", into: &d)
        let key = seconds >= 0 ? "reminder.due.body" : "reminder.overdue.body"
        let body = texts.text(key, [.string(reminderTitle), .string(relative), .string(absolute)], into: &d, serves: true)
        d.alert = RenderedAlert(title: title, body: body)
        return d
    }
}

/// A decrypted message from headquarters (table Messages).
enum MessageContent {
    static func draft(text rawText: String, from rawFrom: String?, texts: Texts) -> Draft {
        // Both are outside text: isolated, the message line by line (it is the whole body).
        let text = BidiIsolation.isolate(rawText, singleLine: false)
        let from = rawFrom.map { BidiIsolation.isolate($0) }
        var d = Draft(alert: RenderedAlert(), literals: [text] + (from.map { [$0] } ?? []))
        let title: String?
        if let from, let rawFrom, !AlertText.isBlank(rawFrom) {
            title = texts.text("message.titleFrom", table: "Messages", [.string(from)], into: &d, serves: true)
        } else {
            title = texts.text("message.title", table: "Messages", into: &d, serves: true)
        }
        d.alert = RenderedAlert(title: title, body: text)
        return d
    }
}
