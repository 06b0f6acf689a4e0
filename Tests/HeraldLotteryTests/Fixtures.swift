@testable import HeraldLottery

/// Short constructors for hand-worked examples.
func day(_ text: String) throws -> DrawDate { try DrawDate(text) }

func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }
func eur(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "EUR") }
func gbp(_ pence: Int64) -> Money { Money(minorUnits: pence, currency: "GBP") }
func jpy(_ yen: Int64) -> Money { Money(minorUnits: yen, currency: "JPY") }
