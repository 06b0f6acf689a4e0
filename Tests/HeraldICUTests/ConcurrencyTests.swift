import HeraldICU
import Testing

/// Many tasks open and use the shared formatters at once; every result must
/// equal the single-threaded one (CLDR 42 facts, Docs/locales.md).
@Suite struct ConcurrencyTests {
    @Test func cachesUnderContention() async throws {
        let expected: [(String, String)] = [
            ("de_DE", "1.234,50\u{A0}€"), ("fr_FR", "1\u{202F}234,50\u{A0}€"), ("en_US", "€1,234.50"),
        ]
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<32 {
                group.addTask {
                    var bad = 0
                    for i in 0..<200 {
                        let (id, text) = expected[(task + i) % expected.count]
                        // Fresh LocaleIDs each time: the interned slots and caches race.
                        let locale = try LocaleID(id)
                        if try Currency.format(minorUnits: 123450, currency: "EUR", locale: locale) != text { bad += 1 }
                        let rules = try PluralRules.for(locale, type: i % 2 == 0 ? .cardinal : .ordinal)
                        if rules.categories.last != .other { bad += 1 }
                        if try PluralRules.for(LocaleID("ru")).select(decimal: "21") != .one { bad += 1 }
                        let msg = try MessageFormat.for(pattern: "{n, plural, one {# day} other {# days}}", locale: LocaleID("en"))
                        if try msg.format([(name: "n", value: .number(.int(Int64(i % 3))))]) != ["0 days", "1 day", "2 days"][i % 3] { bad += 1 }
                        let rel = try RelativeTimeFormat.for(LocaleID("en"))
                        if try rel.format(-1, unit: .day) != "yesterday" { bad += 1 }
                        let date = try DateFormat.for(skeleton: "yMMMd", locale: LocaleID("en_US"), zone: "UTC")
                        if try date.format(epochMilliseconds: 0) != "Jan 1, 1970" { bad += 1 }
                    }
                    return bad
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}

/// Formatters are opened once per locale and options: every way of asking
/// returns the same shared instance.
@Suite struct CacheIdentityTests {
    @Test func sameInstanceEveryTime() throws {
        let a = try LocaleID("de-CH")
        let b = try LocaleID("de_CH")
        #expect(try NumberFormat.decimal(fractionDigits: 2, locale: a) === NumberFormat.for(skeleton: ".00", locale: b))
        #expect(try NumberFormat.decimal(fractionDigits: 0, locale: a) === NumberFormat.decimal(fractionDigits: 0, locale: b))
        #expect(try NumberFormat.decimal(fractionDigits: 15, locale: a) === NumberFormat.decimal(fractionDigits: 15, locale: b))
        #expect(try NumberFormat.plainDecimal(for: a) === NumberFormat.for(skeleton: "", locale: b))
        #expect(try PluralRules.for(a) === PluralRules.for(b))
        #expect(try PluralRules.for(a, type: .ordinal) !== PluralRules.for(b))
        #expect(try Currency.formatter(currency: "CHF", locale: a) === Currency.formatter(currency: "CHF", locale: b))
        #expect(try Currency.formatter(currency: "EUR", locale: a) !== Currency.formatter(currency: "CHF", locale: b))
        #expect(try Currency.formatter(currency: "EUR", locale: a, width: "iso-code")
            === Currency.formatter(currency: "EUR", locale: b, width: "iso-code"))
        #expect(try MessageFormat.for(pattern: "{0}", locale: a) === MessageFormat.for(pattern: "{0}", locale: b))
        #expect(try DateFormat.for(skeleton: "yMd", locale: a, zone: "Europe/Zurich")
            === DateFormat.for(skeleton: "yMd", locale: b, zone: "Europe/Zurich"))
    }
}
