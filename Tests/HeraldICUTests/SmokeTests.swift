import HeraldICU
import Testing

@Suite struct ICUSmokeTests {
    @Test func pluralOnFormattedNumber() throws {
        let en = try LocaleID("en")
        let rules = try PluralRules.for(en)
        #expect(rules.categories == [.one, .other])
        #expect(try NumberFormat.for(skeleton: "", locale: en).formatAndSelect(.int(1), rules: rules).category == .one)
        let oneDot = try NumberFormat.for(skeleton: ".0", locale: en).formatAndSelect(.int(1), rules: rules)
        #expect(oneDot.text == "1.0")
        #expect(oneDot.category == .other)
        #expect(try rules.select(decimal: "1.0") == .other)
    }

    @Test func currency() throws {
        #expect(try Currency.format(minorUnits: 123450, currency: "EUR", locale: LocaleID("de-DE")) == "1.234,50\u{A0}€")
        #expect(try Currency.format(minorUnits: 1234, currency: "JPY", locale: LocaleID("ja_JP")) == "￥1,234")
    }

    @Test func localeForms() throws {
        #expect(try LocaleID("zh-Hant-TW").icuID == "zh_Hant_TW")
        #expect(try LocaleID("zh_Hant_TW").bcp47 == "zh-Hant-TW")
        #expect(try LocaleID("ar").isRightToLeft)
        #expect(throws: ICUError.self) { try LocaleID("") }
    }
}
