/// An exact amount of money: an integer count of the currency's minor units (cents, pence;
/// yen have none) and the ISO 4217 code. Never floating point.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The amount in minor units (e.g. 150 = $1.50; 1000 = ¥1000).
    public let minorUnits: Int64
    /// ISO 4217 code, e.g. `USD`.
    public let currency: String

    /// Makes an amount in the currency's minor units (cents for USD).
    public init(minorUnits: Int64, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Zero in `currency`.
    public static func zero(_ currency: String) -> Money { Money(minorUnits: 0, currency: currency) }

    /// The sum, or an error when the currencies differ or the sum overflows 64 bits.
    public func adding(_ other: Money) throws(LotteryError) -> Money {
        guard currency == other.currency else { throw .currencyMismatch(currency, other.currency) }
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .amountOverflow(currency: currency) }
        return Money(minorUnits: sum, currency: currency)
    }

    /// `minorUnits currency`, e.g. `150 USD` — for logs, not for users (HeraldICU formats money).
    public var description: String { "\(minorUnits) \(currency)" }
}
