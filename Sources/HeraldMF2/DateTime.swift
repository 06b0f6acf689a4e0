import HeraldICU

/// A date and time as MessageFormat 2 passes it: a wall-clock time, with the offset
/// from UTC it was given in, or none (a floating time, shown in the formatter's zone).
public struct MF2DateTime: Sendable, Equatable {
    /// The wall-clock time as milliseconds since 1970-01-01T00:00:00 on that clock.
    public var localMilliseconds: Double
    /// Offset from UTC in seconds; nil for a floating time.
    public var offsetSeconds: Int?

    /// An instant (milliseconds since 1970-01-01T00:00:00Z), in UTC.
    public init(epochMilliseconds: Double) {
        localMilliseconds = epochMilliseconds
        offsetSeconds = 0
    }

    public init(localMilliseconds: Double, offsetSeconds: Int?) {
        self.localMilliseconds = localMilliseconds
        self.offsetSeconds = offsetSeconds
    }

    /// The instant, when the value has an offset.
    public var epochMilliseconds: Double? {
        offsetSeconds.map { localMilliseconds - Double($0) * 1000 }
    }

    /// An ISO 8601 date (`2006-01-02`) or date and time (`2006-01-02T15:04:06`, with
    /// optional `.sss` and `Z` or `±hh:mm`); nil for anything else or an impossible date.
    public init?(iso s: String) {
        let u = Array(s.utf8)
        var k = 0
        func number(_ width: Int) -> Int? {
            guard k + width <= u.count else { return nil }
            var n = 0
            for c in u[k..<k + width] {
                guard c >= 0x30 && c <= 0x39 else { return nil }
                n = n * 10 + Int(c - 0x30)
            }
            k += width
            return n
        }
        func take(_ c: Character) -> Bool {
            guard k < u.count, u[k] == c.asciiValue! else { return false }
            k += 1
            return true
        }
        guard let year = number(4), year > 0, take("-"), let month = number(2), (1...12).contains(month), take("-"),
            let day = number(2), day >= 1, day <= CivilDays.daysIn(month: month, year: year)
        else { return nil }
        var ms = 0.0
        var offset: Int?
        if k < u.count {
            guard take("T"), let h = number(2), h < 24, take(":"), let m = number(2), m < 60, take(":"), let sec = number(2), sec < 60
            else { return nil }
            ms = Double((h * 60 + m) * 60 + sec) * 1000
            if take(".") {
                let start = k
                var frac = 0
                while k < u.count, u[k] >= 0x30, u[k] <= 0x39, k - start < 3 {
                    frac = frac * 10 + Int(u[k] - 0x30)
                    k += 1
                }
                guard k > start else { return nil }
                for _ in 0..<(3 - (k - start)) { frac *= 10 }
                ms += Double(frac)
            }
            if take("Z") {
                offset = 0
            } else if k < u.count, u[k] == UInt8(ascii: "+") || u[k] == UInt8(ascii: "-") {
                let sign = u[k] == UInt8(ascii: "-") ? -1 : 1
                k += 1
                guard let oh = number(2), take(":"), let om = number(2), om < 60, oh < 14 || (oh == 14 && om == 0) else { return nil }
                offset = sign * (oh * 3600 + om * 60)
            }
            guard k == u.count else { return nil }
        }
        localMilliseconds = Double(CivilDays.from(year: year, month: month, day: day)) * 86_400_000 + ms
        offsetSeconds = offset
    }
}
