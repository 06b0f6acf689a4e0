internal import CHeraldICU
public import HeraldPluralCategory

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
        let d = hicu_currency_fraction_digits(isoCode.uppercased(), cash ? .cash : .standard, &status)
        if status > 0 { throw ICUError(code: status, operation: "currency", input: isoCode) }
        return Int(d)
    }

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
    /// `width`: nil (symbol), "narrow", "iso-code", "full-name", "hidden".
    public static func format(
        minorUnits: Int64, currency isoCode: String, locale: LocaleID, width: String? = nil
    ) throws(ICUError) -> String {
        try formatter(currency: isoCode, locale: locale, width: width).format(minorUnits: minorUnits)
    }

    /// The cached formatter for a currency in a locale (opened once per
    /// currency, locale and width; shared by all threads).
    public static func formatter(
        currency isoCode: String, locale: LocaleID, width: String? = nil
    ) throws(ICUError) -> CurrencyFormat {
        if let hit = locale.slots.currency(code: isoCode, width: width) { return hit }
        let made = try CurrencyFormat.cache.value(for: locale, CurrencyFormat.Options(code: isoCode, width: width))
        locale.slots.remember(made, code: isoCode, width: width)
        return made
    }
}

/// A currency formatter for one ISO code, locale and width, showing the
/// currency's own number of fraction digits (JPY 0, EUR 2, BHD 3).
public final class CurrencyFormat: Sendable {
    /// The upper-case ISO 4217 code.
    public let isoCode: String
    /// The currency's standard fraction digits, which minor units count in.
    public let fractionDigits: Int
    /// The underlying number formatter (`currency/EUR [unit-width-…]`).
    public let number: NumberFormat
    /// The width asked for (nil: symbol).
    public let width: String?
    /// The code as the caller spelled it (cache key).
    let requestedCode: String

    /// What a formatter is opened for besides its locale.
    struct Options: Hashable, Sendable {
        let code: String
        let width: String?
    }
    static let cache = FormatterCache<Options, CurrencyFormat> { (locale, options) throws(ICUError) in
        try CurrencyFormat(currency: options.code, locale: locale, width: options.width)
    }

    init(currency isoCode: String, locale: LocaleID, width: String?) throws(ICUError) {
        let digits = try Currency.fractionDigits(isoCode)
        let code = isoCode.uppercased()
        var skeleton = "currency/\(code)"
        if let width {
            let widths = ["narrow", "short", "iso-code", "full-name", "hidden", "formal", "variant"]
            guard widths.contains(width) else {
                throw ICUError(
                    message: "unknown currency width '\(width)' (expected one of \(widths.joined(separator: ", ")))",
                    operation: "currency format", locale: locale.icuID, input: width)
            }
            skeleton += " unit-width-\(width)"
        }
        self.isoCode = code
        self.requestedCode = isoCode
        self.width = width
        self.fractionDigits = digits
        self.number = try NumberFormat.for(skeleton: skeleton, locale: locale)
    }

    /// The amount in minor units, exactly: 123450 EUR in de → "1.234,50 €".
    public func format(minorUnits: Int64) throws(ICUError) -> String {
        try number.formatAndSelect(minorUnits: minorUnits, digits: fractionDigits, rules: nil).text
    }

    /// The amount and the plural category of the text as shown (for
    /// "{amount} has been credited" messages that agree with the number).
    public func formatAndSelect(minorUnits: Int64, rules: PluralRules) throws(ICUError)
        -> (text: String, category: PluralCategory)
    {
        let r = try number.formatAndSelect(minorUnits: minorUnits, digits: fractionDigits, rules: rules)
        return (r.text, r.category ?? .other)
    }
}
