import Testing
@testable import HeraldICU

// The shim selects the plural category of an integer shown by a bare
// precision-integer formatter on the integer itself (uplrules_select) instead
// of on the formatted result (uplrules_selectFormatted). ICU must agree with
// itself: the decimal literal of the same integer, formatted by the same
// formatter, always goes through uplrules_selectFormatted.
@Suite struct IntegerSelectionTests {
    static let locales = [
        "en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "pt_PT", "ru_RU", "pl_PL", "cs_CZ", "ar_EG", "he_IL",
        "ja_JP", "zh_Hans_CN", "cy_GB", "ga_IE", "lt_LT", "lv_LV", "sl_SI", "br_FR", "mt_MT", "gd_GB",
    ]

    static var values: [Int64] {
        var v: [Int64] = Array(-120...1_200)
        for big: Int64 in [
            1_000_000, 2_000_000, 1_000_001, 10_000_000, 100_000, 1_000_000_000, 1 << 53, -(1 << 53), (1 << 53) - 1,
            (1 << 53) + 1, Int64.max, Int64.min,
        ] {
            v.append(big)
        }
        return v
    }

    @Test(arguments: locales)
    func integerSelectionMatchesFormattedSelection(_ id: String) throws {
        let locale = LocaleID(unchecked: id)
        let rules = try PluralRules.for(locale)
        let format = try NumberFormat.decimal(fractionDigits: 0, locale: locale)
        for v in Self.values {
            let viaInteger = try format.formatAndSelect(.int(v), rules: rules)
            let viaFormatted = try format.formatAndSelect(.decimal(String(v)), rules: rules)
            #expect(viaInteger.text == viaFormatted.text, "\(id) \(v)")
            #expect(viaInteger.category == viaFormatted.category, "\(id) \(v)")
        }
    }

    /// CLDR facts the fast path must keep (CLDR 42, Docs/locales.md): French 1 000 000 is
    /// `many`; Russian 21 is `one`, 11 is `many`; Arabic 100 is `other`, 103 `few`.
    @Test func cldrFacts() throws {
        func category(_ id: String, _ v: Int64) throws -> PluralCategory {
            let locale = LocaleID(unchecked: id)
            return try NumberFormat.decimal(fractionDigits: 0, locale: locale)
                .formatAndSelect(.int(v), rules: PluralRules.for(locale)).category
        }
        #expect(try category("fr_FR", 1_000_000) == .many)
        #expect(try category("fr_FR", 1) == .one)
        #expect(try category("ru_RU", 21) == .one)
        #expect(try category("ru_RU", 11) == .many)
        #expect(try category("ar_EG", 100) == .other)
        #expect(try category("ar_EG", 103) == .few)
        #expect(try category("en_US", 0) == .other)
    }
}
