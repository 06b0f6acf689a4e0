import Testing

@testable import HeraldICU

/// Inputs found by fuzzing (Tools/fuzz) that broke HeraldICU, kept as tests.
@Suite struct FuzzRegressionTests {
    final class Box: Sendable {
        let value: String
        init(_ value: String) { self.value = value }
    }

    /// A cache whose values say what they were opened for ("en/3"): a second object for the
    /// same locale and options would mean it was opened again.
    static func cache<Options: Hashable & Sendable>(limit: Int = 4096) -> FormatterCache<Options, Box> {
        FormatterCache(limit: limit) { (locale, options) throws(ICUError) in Box("\(locale.icuID)/\(options)") }
    }

    /// fuzz-icu-message: every new pattern was cached for good, so the
    /// process grew by megabytes a second. The cache is now bounded.
    @Test func formatterCacheStaysWithinItsLimit() throws {
        let cache: FormatterCache<Int, Box> = Self.cache(limit: 8)
        let en = try LocaleID("en")
        for i in 0..<100 {
            let made = try cache.value(for: en, i)
            #expect(made.value == "en/\(i)")
            #expect(cache.count <= 8)
        }
        // A hit returns the cached object itself.
        let first = try cache.value(for: en, 99)
        let second = try cache.value(for: en, 99)
        #expect(first === second && first.value == "en/99")
    }

    /// The cache pairs each formatter's options with the locale: the same options in
    /// another locale are another formatter.
    @Test func formatterCacheKeysByLocaleAndOptions() throws {
        let cache: FormatterCache<String, Box> = Self.cache()
        let en = try LocaleID("en"), de = try LocaleID("de")
        let enX = try cache.value(for: en, "x")
        let deX = try cache.value(for: de, "x")
        let enY = try cache.value(for: en, "y")
        #expect([enX.value, deX.value, enY.value] == ["en/x", "de/x", "en/y"])
        #expect(try cache.value(for: en, "x") === enX)
        #expect(cache.count == 3)
    }

    @Test func manyDistinctMessagePatternsStillFormat() throws {
        let en = try LocaleID("en")
        for i in 0..<5000 {
            let format = try MessageFormat.for(pattern: "{0} and \(i)", locale: en)
            #expect(try format.format([("0", .string("x"))]) == "x and \(i)")
        }
    }
}
