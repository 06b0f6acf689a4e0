import HeraldICU
import Testing

/// Plural facts from CLDR 42's plural rules (ICU 72; Docs/locales.md).
@Suite struct PluralRulesTests {
    typealias C = PluralCategory

    /// §2: cardinal and ordinal categories per locale (48 locales).
    static let categoryTable: [(String, [C], [C])] = [
        ("en", [.one, .other], [.one, .two, .few, .other]),
        ("mr", [.one, .other], [.one, .two, .few, .other]),
        ("de", [.one, .other], [.other]), ("nl", [.one, .other], [.other]),
        ("da", [.one, .other], [.other]), ("nb", [.one, .other], [.other]),
        ("fi", [.one, .other], [.other]), ("el", [.one, .other], [.other]),
        ("tr", [.one, .other], [.other]), ("fa", [.one, .other], [.other]),
        ("sw", [.one, .other], [.other]), ("am", [.one, .other], [.other]),
        ("sv", [.one, .other], [.one, .other]), ("hu", [.one, .other], [.one, .other]),
        ("fil", [.one, .other], [.one, .other]),
        ("ka", [.one, .other], [.one, .many, .other]), ("sq", [.one, .other], [.one, .many, .other]),
        ("az", [.one, .other], [.one, .few, .many, .other]),
        ("kk", [.one, .other], [.many, .other]),
        ("it", [.one, .many, .other], [.many, .other]),
        ("es", [.one, .many, .other], [.other]), ("pt", [.one, .many, .other], [.other]),
        ("pt_PT", [.one, .many, .other], [.other]),
        ("ca", [.one, .many, .other], [.one, .two, .few, .other]),
        ("fr", [.one, .many, .other], [.one, .other]),
        ("ro", [.one, .few, .other], [.one, .other]),
        ("pl", [.one, .few, .many, .other], [.other]), ("cs", [.one, .few, .many, .other], [.other]),
        ("sk", [.one, .few, .many, .other], [.other]), ("ru", [.one, .few, .many, .other], [.other]),
        ("lt", [.one, .few, .many, .other], [.other]),
        ("uk", [.one, .few, .many, .other], [.few, .other]), ("be", [.one, .few, .many, .other], [.few, .other]),
        ("lv", [.zero, .one, .other], [.other]),
        ("hr", [.one, .few, .other], [.other]), ("sr", [.one, .few, .other], [.other]),
        ("bs", [.one, .few, .other], [.other]),
        ("sl", [.one, .two, .few, .other], [.other]),
        ("mk", [.one, .other], [.one, .two, .many, .other]),
        ("ga", [.one, .two, .few, .many, .other], [.one, .other]),
        ("gd", [.one, .two, .few, .other], [.one, .two, .few, .other]),
        ("cy", [.zero, .one, .two, .few, .many, .other], [.zero, .one, .two, .few, .many, .other]),
        ("mt", [.one, .two, .few, .many, .other], [.other]),
        ("he", [.one, .two, .other], [.other]),
        ("ar", [.zero, .one, .two, .few, .many, .other], [.other]),
        ("hi", [.one, .other], [.one, .two, .few, .many, .other]),
        ("bn", [.one, .other], [.one, .two, .few, .many, .other]),
        ("id", [.other], [.other]), ("th", [.other], [.other]), ("ja", [.other], [.other]),
        ("ko", [.other], [.other]), ("zh", [.other], [.other]), ("zh_Hant", [.other], [.other]),
        ("ms", [.other], [.one, .other]), ("vi", [.other], [.one, .other]),
    ]

    @Test(arguments: categoryTable)
    func categories(locale: String, cardinal: [C], ordinal: [C]) throws {
        let id = try LocaleID(locale)
        #expect(try PluralRules.for(id).categories == cardinal)
        #expect(try PluralRules.for(id, type: .ordinal).categories == ordinal)
    }

    /// Region and BCP 47 forms select the language's rules (sr_Latn_RS → sr).
    @Test func regionalForms() throws {
        #expect(try PluralRules.for(LocaleID("sr-Latn-RS")).categories == [.one, .few, .other])
        #expect(try PluralRules.for(LocaleID("pt-BR")).categories == [.one, .many, .other])
        #expect(try PluralRules.for(LocaleID("zh_Hant_TW")).categories == [.other])
    }

    /// (locale, number as written, category) from the rules in §3.
    static let selections: [(String, String, C)] = [
        ("en", "1", .one), ("en", "1.0", .other), ("en", "0", .other), ("en", "2", .other),
        ("de", "1", .one), ("de", "1.5", .other), ("nl", "1", .one), ("sv", "1.0", .other),
        ("fr", "0", .one), ("fr", "1.5", .one), ("fr", "2", .other), ("fr", "1000000", .many),
        ("pt", "0", .one), ("pt", "1.5", .one), ("pt", "2", .other),
        ("pt_PT", "0", .other), ("pt_PT", "1", .one), ("pt_PT", "1.5", .other),
        ("es", "1", .one), ("es", "1.0", .one), ("es", "2", .other), ("es", "1000000", .many),
        ("hi", "0", .one), ("hi", "1", .one), ("hi", "0.5", .one), ("hi", "2", .other),
        ("fa", "0", .one), ("bn", "1", .one),
        ("lv", "0", .zero), ("lv", "10", .zero), ("lv", "11", .zero), ("lv", "21", .one), ("lv", "2", .other),
        ("ru", "1", .one), ("ru", "21", .one), ("ru", "11", .many), ("ru", "2", .few), ("ru", "5", .many),
        ("ru", "1.5", .other), ("uk", "22", .few), ("uk", "12", .many),
        ("be", "21.0", .one), ("be", "1.5", .other),
        ("pl", "1", .one), ("pl", "22", .few), ("pl", "25", .many), ("pl", "1234", .few), ("pl", "12", .many),
        ("pl", "1.5", .other),
        ("cs", "1", .one), ("cs", "3", .few), ("cs", "5", .other), ("cs", "1.5", .many),
        ("sk", "4", .few), ("sk", "0.5", .many),
        ("lt", "1", .one), ("lt", "11", .other), ("lt", "2", .few), ("lt", "0.5", .many),
        ("hr", "1", .one), ("hr", "21", .one), ("hr", "11", .other), ("hr", "3", .few), ("hr", "0.1", .one),
        ("sr", "0.2", .few), ("bs", "5", .other),
        ("ro", "1", .one), ("ro", "0", .few), ("ro", "19", .few), ("ro", "20", .other), ("ro", "1.5", .few),
        ("sl", "1", .one), ("sl", "101", .one), ("sl", "2", .two), ("sl", "3", .few), ("sl", "1.5", .few), ("sl", "5", .other),
        ("he", "1", .one), ("he", "2", .two), ("he", "0.5", .one), ("he", "3", .other),
        ("ar", "0", .zero), ("ar", "1", .one), ("ar", "2", .two), ("ar", "3", .few), ("ar", "10", .few),
        ("ar", "11", .many), ("ar", "99", .many), ("ar", "102", .other), ("ar", "1234", .many),
        ("ga", "1", .one), ("ga", "2", .two), ("ga", "5", .few), ("ga", "8", .many), ("ga", "11", .other),
        ("cy", "0", .zero), ("cy", "1", .one), ("cy", "2", .two), ("cy", "3", .few), ("cy", "6", .many), ("cy", "4", .other),
        ("ja", "1", .other), ("zh", "1", .other), ("it", "1", .one), ("it", "1.0", .other),
    ]

    @Test(arguments: selections)
    func selectOnNumberAsWritten(locale: String, number: String, expected: C) throws {
        let rules = try PluralRules.for(LocaleID(locale))
        #expect(try rules.select(decimal: number) == expected, "\(locale) \(number)")
    }

    /// §3: English ordinals (n%10 = 1,2,3 except 11,12,13).
    @Test func englishOrdinals() throws {
        let rules = try PluralRules.for(LocaleID("en"), type: .ordinal)
        let facts: [(String, C)] = [
            ("1", .one), ("2", .two), ("3", .few), ("4", .other), ("11", .other), ("12", .other),
            ("13", .other), ("21", .one), ("22", .two), ("23", .few), ("101", .one), ("111", .other),
        ]
        for (n, c) in facts { #expect(try rules.select(decimal: n) == c, "\(n)") }
    }

    /// §3: "1" → one but "1.0" (shown with one fraction digit) → other.
    @Test func selectionFollowsTheFormattedNumber() throws {
        let en = try LocaleID("en")
        let rules = try PluralRules.for(en)
        let plain = try NumberFormat.for(skeleton: "", locale: en).formatAndSelect(.int(1), rules: rules)
        #expect(plain.text == "1" && plain.category == .one)
        let oneDecimal = try NumberFormat.for(skeleton: ".0", locale: en).formatAndSelect(.int(1), rules: rules)
        #expect(oneDecimal.text == "1.0" && oneDecimal.category == .other)
        // fr compact "1 million" → many (§3)
        let fr = try LocaleID("fr")
        let compact = try NumberFormat.for(skeleton: "compact-long", locale: fr)
            .formatAndSelect(.int(1_000_000), rules: PluralRules.for(fr))
        #expect(compact.text == "1 million")
        #expect(compact.category == .many)
        // en ordinal 23 → few ("23rd")
        #expect(try NumberFormat.for(skeleton: "", locale: en)
            .formatAndSelect(.int(23), rules: PluralRules.for(en, type: .ordinal)).category == .few)
    }

    /// CLDR's sample lists, as written ("0.0", "1.5"), agree with selection.
    @Test(arguments: ["en", "fr", "ru", "pl", "ar", "lv", "cs", "he", "sl", "pt_PT"])
    func samplesSelectTheirOwnCategory(locale: String) throws {
        let rules = try PluralRules.for(LocaleID(locale))
        for category in rules.categories {
            let s = rules.samples(for: category)
            #expect(!(s.integers.isEmpty && s.decimals.isEmpty), "\(locale) \(category) has samples")
            for n in s.integers + s.decimals {
                #expect(try rules.select(decimal: n) == category, "\(locale) sample \(n)")
            }
        }
    }

    /// CLDR 42 en one: "@integer 1" and other: "@decimal 0.0~1.5, 10.0, …".
    @Test func samplesAreWrittenAsCLDRWritesThem() throws {
        let en = try PluralRules.for(LocaleID("en"))
        #expect(en.samples(for: .one).integers == ["1"])
        #expect(en.samples(for: .one).decimals.isEmpty)
        let other = en.samples(for: .other)
        #expect(other.integers.prefix(5) == ["0", "2", "3", "4", "5"])
        #expect(other.decimals.contains("0.0"))
        #expect(other.decimals.contains("1.5"))
        #expect(other.decimals.contains("10.0"))
        // A category the locale does not use has no samples.
        #expect(en.samples(for: .few).integers.isEmpty)
        // fr one: "@integer 0, 1 @decimal 0.0~1.5"
        let fr = try PluralRules.for(LocaleID("fr")).samples(for: .one)
        #expect(fr.integers == ["0", "1"])
        #expect(fr.decimals == ["0.0", "1.5"])
        #expect(try PluralRules.for(LocaleID("en")).rule(for: .one) == "i = 1 and v = 0")
    }

    @Test func invalidNumbersAreErrors() throws {
        let rules = try PluralRules.for(LocaleID("en"))
        for bad in ["", "abc", "1,5", "1.2.3", "--1", "1e", "NaN", "inf", "1e400", "1e999999999"] {
            #expect(throws: ICUError.self, "\(bad)") { try rules.select(decimal: bad) }
        }
    }
}
