import HeraldICU
import Testing

@testable import HeraldTableFormats
@testable import HeraldTableInterchange
@testable import HeraldTables

/// A String Catalog of thousands of languages loads and exports in work linear in the
/// languages: each catalog's languages are indexed once by normalized name. Scanning
/// them per table (what made an 8,000-language catalog take seconds) normalizes ~N/2
/// names for each of N tables. Counted in names normalized (`namesNormalized`), not in time.
@Suite struct CatalogLanguagesScaleTests {
    /// A catalog of one key in `n` languages, en-001, en-002…: all share the language
    /// `en`, so no cheap prefix test tells them apart (each must be normalized).
    static func catalog(languages n: Int) -> Catalog {
        let units = (1...n).map { i in
            "\"en-\(String(format: "%03d", i))\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"v\(i)\"}}"
        }
        let json = "{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{\"k\":{\"localizations\":{"
            + units.joined(separator: ",") + "}}}}"
        return Catalog(contents: ["Localizable.xcstrings": Array(json.utf8)])
    }

    /// Loads every table, exports them, and looks the key up in each language:
    /// the names normalized on the way, and the tables made.
    static func work(languages n: Int) throws -> (names: Int, tables: Int) {
        let c = catalog(languages: n)
        let contents = c.loadAll()
        _ = TableExport.json(contents.tables)
        let r = try #require(c.lookup(key: "k", table: "Localizable", locale: try LocaleID("en-150")))
        #expect(r.entry.message.texts.first?.value == "v150")
        return (c.state.withLock { $0.namesNormalized }, contents.tables.count)
    }

    @Test func namingIsLinearInTheLanguages() throws {
        // 999 is the most en-NNN names there are; 240 is a quarter of 960.
        let small = try Self.work(languages: 240)
        let large = try Self.work(languages: 960)
        // Nearly every language is a table of its own (a few regions are aliases of others).
        #expect(small.tables > 200)
        #expect(large.tables > 900)
        // A few normalizations per language (listing, indexing, each table's own name);
        // a per-table scan would be hundreds per language at 960.
        #expect(large.names <= 8 * 960)
        #expect(large.names <= 5 * small.names)
    }
}
