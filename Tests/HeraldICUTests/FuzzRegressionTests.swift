import Testing

@testable import HeraldICU

/// Inputs found by fuzzing (Tools/fuzz) that broke HeraldICU, kept as tests.
@Suite struct FuzzRegressionTests {
    final class Box: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// fuzz-icu-message: every new pattern was cached for good, so the
    /// process grew by megabytes a second. The cache is now bounded.
    @Test func formatterCacheStaysWithinItsLimit() throws {
        let cache = FormatterCache<Int, Box>(limit: 8)
        let en = try LocaleID("en")
        for i in 0..<100 {
            let made = try cache.value(for: en, i) { () throws(ICUError) in Box(i) }
            #expect(made.value == i)
            #expect(cache.count <= 8)
        }
        // A hit returns the cached object itself.
        let first = try cache.value(for: en, 99) { () throws(ICUError) in Box(-1) }
        let second = try cache.value(for: en, 99) { () throws(ICUError) in Box(-2) }
        #expect(first === second && first.value == 99)
    }

    /// The cache pairs each formatter's options with the locale: the same options in
    /// another locale are another formatter.
    @Test func formatterCacheKeysByLocaleAndOptions() throws {
        let cache = FormatterCache<String, Box>()
        let en = try LocaleID("en"), de = try LocaleID("de")
        let enFirst = try cache.value(for: en, "x") { () throws(ICUError) in Box(1) }
        let deFirst = try cache.value(for: de, "x") { () throws(ICUError) in Box(2) }
        let enOther = try cache.value(for: en, "y") { () throws(ICUError) in Box(3) }
        #expect(enFirst.value == 1 && deFirst.value == 2 && enOther.value == 3)
        #expect(try cache.value(for: en, "x") { () throws(ICUError) in Box(4) } === enFirst)
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
