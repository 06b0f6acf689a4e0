internal import CHeraldICU

/// Currency facts and formatting. Amounts are integers in minor units
/// (cents; yen have none) — never floating point.
public enum Currency {
    /// ISO 4217 default fraction digits: JPY 0, USD 2, BHD 3. `cash` uses the
    /// cash rounding digits where they differ (HUF 0).
    public static func fractionDigits(_ isoCode: String, cash: Bool = false) throws(ICUError) -> Int {
        guard isoCode.utf8.count == 3, isoCode.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
            throw ICUError(message: "not an ISO 4217 code", operation: "currency", input: isoCode)
        }
        var status: Int32 = 0
        let d = hicu_currency_fraction_digits(isoCode.uppercased(), cash ? 1 : 0, &status)
        if status > 0 { throw ICUError(code: status, operation: "currency", input: isoCode) }
        return Int(d)
    }

    /// True when ICU knows the code (current or historic).
    public static func isKnown(_ isoCode: String) -> Bool { hicu_currency_is_known(isoCode) != 0 }

    /// The decimal string for an amount in minor units: (123456, 2) → "1234.56",
    /// (-5, 2) → "-0.05", (1000, 0) → "1000". Exact for every Int64.
    public static func decimalString(minorUnits: Int64, digits: Int) -> String {
        let negative = minorUnits < 0
        // magnitude avoids overflow at Int64.min
        var text = String(minorUnits.magnitude)
        if digits > 0 {
            if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        return negative ? "-" + text : text
    }

    /// Formats an amount in minor units in the currency's own digits, in the
    /// locale's conventions: (123450, "EUR", de) → "1.234,50 €".
    /// `width`: nil (symbol), "narrow", "iso-code", "full-name".
    public static func format(
        minorUnits: Int64, currency isoCode: String, locale: LocaleID, width: String? = nil
    ) throws(ICUError) -> String {
        let digits = try fractionDigits(isoCode)
        var skeleton = "currency/\(isoCode.uppercased())"
        if let width { skeleton += " unit-width-\(width)" }
        let fmt = try NumberFormat.for(skeleton: skeleton, locale: locale)
        return try fmt.format(decimal: decimalString(minorUnits: minorUnits, digits: digits))
    }
}
