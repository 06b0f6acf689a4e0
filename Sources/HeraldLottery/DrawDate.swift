/// A draw day as written in payloads and the store: a proleptic Gregorian calendar day
/// `YYYY-MM-DD`, with no time or zone (a draw is identified by the operator's local day).
public struct DrawDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year (four digits).
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// A validated day; throws ``LotteryError/invalidDate(_:)`` for 2026-02-30 and the like.
    public init(year: Int, month: Int, day: Int) throws(LotteryError) {
        let text = DrawDate.format(year, month, day)
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...DrawDate.daysIn(month: month, year: year)).contains(day)
        else { throw .invalidDate(text) }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (ASCII digits, four-two-two).
    public init(_ text: String) throws(LotteryError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            throw .invalidDate(text)
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            throw .invalidDate(text)
        }
        do {
            try self.init(year: year, month: month, day: day)
        } catch {
            throw .invalidDate(text)
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String { DrawDate.format(year, month, day) }

    /// Calendar order.
    public static func < (a: DrawDate, b: DrawDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        case 1...12: return 31
        default: return 0
        }
    }

    private static func format(_ year: Int, _ month: Int, _ day: Int) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
