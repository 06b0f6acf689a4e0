import HeraldICU
import HeraldRender
import HeraldTables
import Testing

/// The renderer's compiled-template cache: keyed exactly, and bounded.
@Suite struct TemplateCacheTests {
    let catalog = TestCatalog(tables: [
        "en": [
            "Localizable": ["count": plural(type: "d", [.one: "%d new message", .other: "%d new messages"])],
            // Same bytes when table and key are run together: the cache must tell them apart.
            "Ab": ["c": plain("from Ab/c")],
            "A": ["bc": plain("from A/bc")],
        ]
    ])

    @Test func tableAndKeyBoundariesAreKeptApart() throws {
        let r = Renderer(catalog: catalog)
        for _ in 0..<3 {
            #expect(try r.render(key: "c", table: "Ab", locale: loc("en"), arguments: []).text == "from Ab/c")
            #expect(try r.render(key: "bc", table: "A", locale: loc("en"), arguments: []).text == "from A/bc")
        }
        #expect(r.cachedTemplateCount == 2)
    }

    /// A hostile batch: every request a new locale tag. The cache must stay
    /// within its bound and every render must still be right, before and
    /// after the cache starts over.
    @Test func distinctLocaleTagsStayBounded() throws {
        let r = Renderer(catalog: catalog)
        let limit = Renderer.maximumCachedTemplates
        #expect(limit == 4096)
        let total = limit + 300
        for i in 0..<total {
            // Private-use subtags: valid, distinct tags that all fall back to en.
            let tag = "en-US-x-t\(i)"
            let locale = try LocaleID(tag)
            let value = Int64(i % 3)
            let result = try r.render(key: "count", locale: locale, arguments: [n(1000 + value)])
            // English plural "other", en-US grouping (CLDR): 1,000 / 1,001 / 1,002.
            #expect(result.text == "1,00\(value) new messages", "\(tag)")
            #expect(result.servedBy == "en")
            #expect(r.cachedTemplateCount <= limit)
        }
        #expect(r.cachedTemplateCount == total - limit)
        // Entries from before the cache started over compile again and render the same.
        let again = try r.render(key: "count", locale: LocaleID("en-US-x-t0"), arguments: [n(1)])
        #expect(again.text == "1 new message")
        #expect(again.plural["v"] == .one)
    }

    /// Many tasks render at once through one renderer while its caches fill
    /// (the lock-free slots are published with compare-and-swap): every text
    /// is still right.
    @Test func concurrentRendersStayRight() async throws {
        let r = Renderer(catalog: catalog)
        let tags = (0..<40).map { "en-US-x-c\($0)" }
        let failures = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var bad = 0
                    for i in 0..<400 {
                        let tag = tags[(i * 7 + worker) % tags.count]
                        let value = Int64(i % 2)  // 0 and 1: "other" and "one" in English
                        guard let locale = try? LocaleID(tag),
                            let text = try? r.render(key: "count", locale: locale, arguments: [n(value)]).text
                        else {
                            bad += 1
                            continue
                        }
                        if text != (value == 1 ? "1 new message" : "0 new messages") { bad += 1 }
                    }
                    return bad
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
        #expect(r.cachedTemplateCount == tags.count)
    }
}
