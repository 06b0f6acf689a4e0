import Foundation

/// The fields of one row as `herald store list` and `herald receipts list --all` print
/// them (tab-separated; the caller escapes what came from outside).
extension Reminder {
    /// id, due (ISO 8601 UTC), title, notes ("" when none).
    public var columns: [String] { [id.uuidString, ISO8601.format(due), title, notes ?? ""] }
}

extension Receipt {
    /// state, push id, shown at (ISO 8601 UTC, milliseconds), locale, kind, attempts, last
    /// error (`-` for a missing field).
    public var columns: [String] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return [
            state.rawValue, pushID, formatter.string(from: shownAt), locale ?? "-", kind ?? "-", String(attempts), lastError ?? "-",
        ]
    }
}
