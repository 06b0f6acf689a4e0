import HeraldICU
import HeraldDiagnostics

/// How an argument for `{d, date…}` / `{t, time…}` of an ICU MessageFormat
/// message is given (Docs/tables.md, "Dates and times"), read strictly:
///
/// - an instant in ISO 8601 with its UTC offset: `2026-11-18T20:00:00Z`,
///   `2026-11-18T21:00+01:00`, `2026-11-18T20:00:00.250-05:00` (seconds and up to
///   nine fraction digits optional; the fraction is cut to milliseconds);
/// - a calendar day, `2026-11-18`: that day's start in the request's time zone;
/// - milliseconds since 1970-01-01T00:00:00Z, a whole number: a JSON number
///   (`1795032000000`) or the same digits as text (`--arg 1795032000000`).
///
/// A date and time without an offset (`2026-11-18T20:00`) is refused: which
/// instant it means depends on a zone the sender did not say.
enum DateArgument {
    /// The largest instant accepted, in milliseconds either side of 1970
    /// (±100,000,000 days, what ECMAScript's Date holds).
    static let limit: Int64 = 8_640_000_000_000_000

    /// An instant (milliseconds since 1970 UTC), or why the argument is not one.
    enum Outcome {
        case instant(Double)
        case problem(String)
    }

    /// What a date argument should look like, for error messages.
    static let expected = "an ISO 8601 date-time with its UTC offset (2026-11-18T20:00:00Z, 2026-11-18T21:00+01:00), a day (2026-11-18), or milliseconds since 1970 (1795032000000)"

    /// The instant `argument` stands for (milliseconds since 1970 UTC), or why it is not one.
    static func epochMilliseconds(_ argument: RenderArgument, timeZone: String) -> Outcome {
        switch argument {
        case .number(let n):
            switch n {
            case .int(let i):
                guard i.magnitude <= limit.magnitude else { return .problem("\(i) is out of range (at most ±\(limit) milliseconds)") }
                return .instant(Double(i))
            default:
                return .problem("\(n) is not a whole number of milliseconds; expected \(expected)")
            }
        case .string(let s):
            return parse(s.trimmingNumberPadding(), timeZone: timeZone)
        }
    }

    static func parse(_ text: String, timeZone: String) -> Outcome {
        let b = Array(text.utf8)
        let quoted = Excerpt.quoted(text)
        func bad(_ why: String = "") -> Outcome {
            .problem("\(quoted) is not a date\(why); expected \(expected)")
        }
        guard !b.isEmpty else { return bad() }
        // Milliseconds since 1970, as text.
        let digitsFrom = b[0] == UInt8(ascii: "-") ? 1 : 0
        if b.count > digitsFrom, b[digitsFrom...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard b.count - digitsFrom <= 17, let i = Int64(text), i.magnitude <= limit.magnitude else {
                return .problem("\(quoted) is out of range (at most ±\(limit) milliseconds)")
            }
            return .instant(Double(i))
        }
        var i = 0
        func number(_ count: Int) -> Int? {
            guard i + count <= b.count else { return nil }
            var v = 0
            for k in i..<(i + count) {
                guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                v = v * 10 + Int(b[k] - 0x30)
            }
            i += count
            return v
        }
        func take(_ c: Character) -> Bool {
            guard i < b.count, b[i] == c.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2) else { return bad() }
        guard (1...12).contains(month) else { return bad(" (month \(month))") }
        guard (1...CivilDays.daysIn(month: month, year: year)).contains(day) else { return bad(" (day \(day) of month \(month))") }
        let days = CivilDays.from(year: year, month: month, day: day)
        if i == b.count {
            // A day: its start in the request's zone.
            let utcMidnight = Double(days) * 86_400_000
            do {
                let first = try DateFormat.utcOffsetSeconds(zone: timeZone, epochMilliseconds: utcMidnight)
                let offset = try DateFormat.utcOffsetSeconds(zone: timeZone, epochMilliseconds: utcMidnight - Double(first) * 1000)
                return .instant(utcMidnight - Double(offset) * 1000)
            } catch {
                return .problem("\(quoted): \(error)")
            }
        }
        guard take("T") else { return bad() }
        guard let hour = number(2), take(":"), let minute = number(2) else { return bad() }
        var second = 0
        var millis = 0
        if take(":") {
            guard let s = number(2) else { return bad() }
            second = s
            if take(".") || take(",") {
                var count = 0
                var scale = 100
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                    if count < 3 { millis += Int(b[i] - 0x30) * scale; scale /= 10 }
                    count += 1
                    i += 1
                }
                guard (1...9).contains(count) else { return bad(" (1 to 9 fraction digits)") }
            }
        }
        guard hour <= 23, minute <= 59, second <= 59 else { return bad(" (time \(hour):\(minute):\(second))") }
        guard i < b.count else {
            return .problem("\(quoted) has no UTC offset (add Z or +hh:mm), so which instant it is depends on a zone; expected \(expected)")
        }
        var offsetMinutes = 0
        if take("Z") {
        } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let oh = number(2) else { return bad(" (offset)") }
            _ = take(":")
            guard let om = number(2), oh <= 23, om <= 59 else { return bad(" (offset)") }
            offsetMinutes = sign * (oh * 60 + om)
        } else {
            return bad()
        }
        guard i == b.count else { return bad() }
        let ms = (Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)) * 1000 + Int64(millis)
        return .instant(Double(ms))
    }
}
