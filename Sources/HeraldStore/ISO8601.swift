public import Foundation

/// ISO 8601 instants as Herald reads and writes them (reminders' due times, `--now`).
public enum ISO8601 {
    /// Accepts `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`.
    public static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// UTC with milliseconds when there are any: `2026-11-21T18:30:00Z`.
    public static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        let hasMilliseconds = (date.timeIntervalSince1970 * 1000).rounded() .truncatingRemainder(dividingBy: 1000) != 0
        formatter.formatOptions = hasMilliseconds ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
