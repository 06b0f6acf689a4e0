import HeraldICU
import Testing

/// Number and currency output byte for byte, from
/// CLDR 42 / ICU 72 number formats (Docs/locales.md) and Apple's specifiers (Docs/tables.md)
/// (ICU 72 / CLDR 42). U+00A0 no-break space, U+202F narrow no-break space,
/// U+066C Arabic thousands separator, U+066B Arabic decimal separator,
/// U+061C Arabic letter mark.
@Suite struct NumberFormatTests {
    func fmt(_ skeleton: String, _ locale: String) throws(ICUError) -> NumberFormat {
        try NumberFormat.for(skeleton: skeleton, locale: LocaleID(locale))
    }

    @Test func skeletonOutputs() throws {
        #expect(try fmt("currency/EUR", "de_DE").format(decimal: "1234.5") == "1.234,50\u{A0}€")
        #expect(try fmt("currency/EUR", "fr_FR").format(decimal: "1234567.891") == "1\u{202F}234\u{202F}567,89\u{A0}€")
        #expect(try fmt("currency/EUR", "en_US").format(decimal: "1234.5") == "€1,234.50")
        #expect(try fmt("currency/JPY", "ja_JP").format(decimal: "1234.5") == "￥1,234")
        #expect(try fmt("currency/USD unit-width-narrow", "en_AU").format(decimal: "5") == "$5.00")
        #expect(try fmt("currency/USD unit-width-narrow", "en_CA").format(decimal: "5") == "US$5.00")
        #expect(try fmt("currency/USD unit-width-narrow", "fr_CA").format(decimal: "5") == "5,00\u{A0}$")
        #expect(try fmt("currency/GBP unit-width-iso-code", "en_GB").format(decimal: "2") == "GBP\u{A0}2.00")
        #expect(try fmt("currency/GBP unit-width-full-name", "en_GB").format(decimal: "1") == "1.00 British pounds")
        #expect(try fmt("currency/CHF precision-currency-cash", "de_CH").format(decimal: "1.23") == "CHF\u{A0}1.25")
        #expect(try fmt("compact-short", "en").format(decimal: "1234567") == "1.2M")
        #expect(try fmt("compact-long", "en").format(decimal: "1234567") == "1.2 million")
        #expect(try fmt("compact-short", "de").format(decimal: "1234567") == "1,2\u{A0}Mio.")
        #expect(try fmt("compact-long", "de").format(decimal: "1234567") == "1,2 Millionen")
        #expect(try fmt("sign-always", "en").format(decimal: "5") == "+5")
        #expect(try fmt("sign-except-zero", "en").format(decimal: "0") == "0")
        #expect(try fmt("currency/USD sign-accounting", "en").format(decimal: "-5") == "($5.00)")
        #expect(try fmt(".00", "en").format(decimal: "1") == "1.00")
        #expect(try fmt(".0#", "en").format(decimal: "1.567") == "1.57")
        #expect(try fmt("@@@", "en").format(decimal: "1234.5678") == "1,230")
        #expect(try fmt("precision-integer", "en").format(decimal: "2.5") == "2")
        #expect(try fmt("precision-integer rounding-mode-half-up", "en").format(decimal: "2.5") == "3")
        #expect(try fmt("", "en").format(decimal: "12345") == "12,345")
        #expect(try fmt("group-off", "en").format(decimal: "12345") == "12345")
        #expect(try fmt("", "es").format(decimal: "1234") == "1234")
        #expect(try fmt("percent", "en").format(decimal: "0.25") == "0.25%")
        #expect(try fmt("percent scale/100", "en").format(decimal: "0.25") == "25%")
        #expect(try fmt("measure-unit/length-kilometer", "en").format(decimal: "5") == "5 km")
        #expect(try fmt("currency/XYZ", "en").format(decimal: "1") == "XYZ\u{A0}1.00")
        #expect(try fmt("currency/eur", "en").format(decimal: "1") == "€1.00")
    }

    /// The locale's own numbering system and grouping (§5 "(none)").
    @Test func numberingSystems() throws {
        #expect(try fmt("", "ar").format(decimal: "1234") == "١٬٢٣٤")
        #expect(try fmt("", "ar_EG").format(decimal: "1234") == "١٬٢٣٤")
        #expect(try fmt("", "ar-EG").format(1234) == "١٬٢٣٤")
        #expect(try fmt("", "fa").format(decimal: "1234") == "۱٬۲۳۴")
        #expect(try fmt("", "hi_IN").format(decimal: "12345678") == "1,23,45,678")
        #expect(try fmt("", "en-US-u-nu-arab").format(1234) == "١٬٢٣٤")
        // de-CH groups with U+2019 and uses a decimal point (CLDR de_CH symbols).
        #expect(try fmt("", "de_CH").format(decimal: "1234567.5") == "1\u{2019}234\u{2019}567.5")
        // CLDR ar (arab digits) minusSign is U+061C U+002D, like the plus sign in %e.
        #expect(try fmt("", "ar_EG").format(decimal: "-5") == "\u{61C}-٥")
    }

    /// Docs/tables.md, Arguments: localized %d, %.2f and %e.
    @Test func appleLocalizedPrintfNumbers() throws {
        let rows: [(String, String, String, String)] = [
            ("en_US", "1,234,567", "1,234.50", "1.234500E+03"),
            ("de_DE", "1.234.567", "1.234,50", "1,234500E+03"),
            ("fr_FR", "1\u{202F}234\u{202F}567", "1\u{202F}234,50", "1,234500E+03"),
            ("hi_IN", "12,34,567", "1,234.50", "1.234500E+03"),
            // The spec's ar_EG %e ("…أس+٠٣") was taken from Foundation's bundled
            // ICU 76 / CLDR 46; CLDR 42 (system ICU 72, which Herald uses) spells
            // the exponent "اس" (U+0627 U+0633) followed by U+061C before the sign.
            ("ar_EG", "١٬٢٣٤٬٥٦٧", "١٬٢٣٤٫٥٠", "١٫٢٣٤٥٠٠\u{627}\u{633}\u{61C}+٠٣"),
        ]
        for (id, d, f, e) in rows {
            let locale = try LocaleID(id)
            #expect(try NumberFormat.decimal(fractionDigits: 0, locale: locale).format(decimal: "1234567") == d, "\(id) %d")
            #expect(try NumberFormat.decimal(fractionDigits: 2, locale: locale).format(decimal: "1234.5") == f, "\(id) %.2f")
            #expect(try NumberFormat.scientific(locale: locale).format(decimal: "1234.5") == e, "\(id) %e")
        }
    }

    /// Currencies in their own digits (§4: JPY 0, BHD 3, …).
    @Test func currencyDigits() throws {
        let facts: [(String, Int)] = [
            ("JPY", 0), ("KRW", 0), ("CLP", 0), ("ISK", 0), ("VND", 0), ("BHD", 3), ("KWD", 3),
            ("USD", 2), ("EUR", 2), ("GBP", 2), ("CNY", 2), ("HUF", 2), ("TWD", 2), ("IDR", 2),
        ]
        for (code, digits) in facts { #expect(try Currency.fractionDigits(code) == digits, "\(code)") }
        #expect(try Currency.fractionDigits("HUF", cash: true) == 0)
        #expect(try Currency.fractionDigits("TWD", cash: true) == 0)
        #expect(try Currency.fractionDigits("jpy") == 0)
        #expect(throws: ICUError.self) { try Currency.fractionDigits("EURO") }
        #expect(throws: ICUError.self) { try Currency.fractionDigits("E1R") }
    }

    @Test func currencyFromMinorUnits() throws {
        let de = try LocaleID("de-DE")
        #expect(try Currency.format(minorUnits: 123450, currency: "EUR", locale: de) == "1.234,50\u{A0}€")
        #expect(try Currency.format(minorUnits: 1234, currency: "JPY", locale: LocaleID("ja_JP")) == "￥1,234")
        #expect(try Currency.format(minorUnits: 500, currency: "USD", locale: LocaleID("en_CA"), width: "narrow") == "US$5.00")
        #expect(try Currency.format(minorUnits: 200, currency: "GBP", locale: LocaleID("en_GB"), width: "iso-code") == "GBP\u{A0}2.00")
        // BHD has three digits: 1234 fils = 1.234 BHD, shown with all three.
        let bhd = try Currency.format(minorUnits: 1234, currency: "BHD", locale: LocaleID("en_US"))
        #expect(bhd.hasSuffix("1.234"))
        #expect(try Currency.formatter(currency: "BHD", locale: LocaleID("en")).fractionDigits == 3)
        // Negative and tiny amounts are exact.
        #expect(try Currency.format(minorUnits: -5, currency: "EUR", locale: LocaleID("en_US")) == "-€0.05")
        #expect(Currency.decimalString(minorUnits: 123456, digits: 2) == "1234.56")
        #expect(Currency.decimalString(minorUnits: -5, digits: 2) == "-0.05")
        #expect(Currency.decimalString(minorUnits: 1000, digits: 0) == "1000")
        #expect(Currency.decimalString(minorUnits: Int64.min, digits: 2) == "-92233720368547758.08")
        // The extreme amounts format without overflow (C and Swift agree on Int64.min).
        #expect(try Currency.format(minorUnits: Int64.min, currency: "EUR", locale: LocaleID("en_US"))
            == "-€92,233,720,368,547,758.08")
        #expect(throws: ICUError.self) { try Currency.format(minorUnits: 1, currency: "EUR", locale: de, width: "tiny") }
        #expect(throws: ICUError.self) { try Currency.format(minorUnits: 1, currency: "", locale: de) }
    }

    @Test func currencyAmountAndPlural() throws {
        let fr = try LocaleID("fr")
        let f = try Currency.formatter(currency: "EUR", locale: fr)
        let one = try f.formatAndSelect(minorUnits: 150, rules: PluralRules.for(fr))
        #expect(one.text == "1,50\u{A0}€")
        #expect(one.category == .one)  // fr: i = 0,1 → one
        let en = try LocaleID("en")
        let enOne = try Currency.formatter(currency: "EUR", locale: en).formatAndSelect(minorUnits: 100, rules: PluralRules.for(en))
        #expect(enOne.text == "€1.00")
        #expect(enOne.category == .other)  // "1.00" has v = 2
    }

    /// Bad input: a clear error naming the locale and skeleton, never a crash.
    @Test func invalidSkeletons() throws {
        do {
            _ = try fmt("currency/EUR precision-bogus", "de")
            Issue.record("expected an error")
        } catch {
            #expect(error.name == "U_NUMBER_SKELETON_SYNTAX_ERROR")
            #expect(error.locale == "de")
            #expect(error.input == "currency/EUR precision-bogus")
            #expect(error.description.contains("de"))
            #expect(error.description.contains("precision-bogus"))
            #expect(error.description.contains("invalid number skeleton"))
        }
        #expect(throws: ICUError.self) { try fmt("::", "en") }
        #expect(throws: ICUError.self) { try fmt("currency/", "en") }
        #expect(throws: ICUError.self) { try fmt("a\u{0}b", "en") }
        #expect(throws: ICUError.self) { try fmt(String(repeating: "x", count: 5000), "en") }
    }

    /// Documented rules for NaN, infinities and huge numbers.
    @Test func nonFiniteAndHugeNumbers() throws {
        let en = try fmt("", "en")
        #expect(en.format(Double.nan) == "NaN")
        #expect(en.format(Double.infinity) == "∞")
        #expect(en.format(-Double.infinity) == "-∞")
        #expect(try en.format(decimal: "1e100").hasPrefix("10,000,000,000"))
        for huge in ["1e400", "1e102", "-1e999999999", "1e-999999", "1E99999999999999999999"] {
            #expect(throws: ICUError.self, "\(huge)") { try en.format(decimal: huge) }
        }
        // Tiny numbers round to the display precision.
        #expect(try en.format(decimal: "1e-400") == "0")
        for bad in ["", "1,5", "NaN", "Infinity", "0x10", " 1", "1 ", "+", "."] {
            #expect(throws: ICUError.self, "\(bad)") { try en.format(decimal: bad) }
        }
        // The message names the input and the problem.
        do {
            _ = try en.format(decimal: "1e400")
        } catch {
            #expect(error.description.contains("1e400"))
            #expect(error.description.contains("too large"))
        }
        // Non-finite doubles select "other" (no plural rule matches them).
        let rules = try PluralRules.for(LocaleID("en"))
        let nan = try en.formatAndSelect(.double(.nan), rules: rules)
        #expect(nan.text == "NaN" && nan.category == .other)
        let inf = try en.formatAndSelect(.double(.infinity), rules: rules)
        #expect(inf.text == "∞" && inf.category == .other)
        #expect(rules.select(Double.nan) == .other)
        #expect(rules.select(1) == .one)
        let huge = try fmt("currency/EUR", "en").formatAndSelect(minorUnits: Int64.max, digits: 18, rules: nil)
        #expect(huge.text == "€9.22")
        #expect(throws: ICUError.self) { try fmt("", "en").formatAndSelect(minorUnits: 1, digits: 19, rules: nil) }
    }
}
