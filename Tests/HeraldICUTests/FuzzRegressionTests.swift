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
        for i in 0..<100 {
            let made = try cache.value(for: i) { () throws(ICUError) in Box(i) }
            #expect(made.value == i)
            #expect(cache.count <= 8)
        }
        // A hit returns the cached object itself.
        let first = try cache.value(for: 99) { () throws(ICUError) in Box(-1) }
        let second = try cache.value(for: 99) { () throws(ICUError) in Box(-2) }
        #expect(first === second && first.value == 99)
    }

    @Test func manyDistinctMessagePatternsStillFormat() throws {
        let en = try LocaleID("en")
        for i in 0..<5000 {
            let format = try MessageFormat.for(pattern: "{0} and \(i)", locale: en)
            #expect(try format.format([("0", .string("x"))]) == "x and \(i)")
        }
    }
}
