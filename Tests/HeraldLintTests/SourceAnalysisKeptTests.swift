import HeraldICU
import HeraldTables
import Testing

@testable import HeraldLint

/// A source entry's analysis is kept only for the translations after the first that
/// compare with it: a table with one translation (a String Catalog of one language besides
/// its source, 55,000 keys in the hostile benchmark) keeps none, where it once kept one
/// per key (an object holding a copy of the entry and its analysis, ~350 bytes a key).
@Suite struct SourceAnalysisKeptTests {
    @Test(arguments: [200, 800])
    func analysesAreKeptOnlyWhenASecondTranslationNeedsThem(n: Int) {
        var one = LintRun(configuration: LintConfiguration())
        one.check(
            BundleTables(localizations: ["de", "en"], tables: [HostileLintTests.table("en", n), HostileLintTests.table("de", n)]),
            requestedSource: nil, onLocale: { _ in })
        #expect(one.sourcesAnalyzed == n)
        #expect(one.sourcesKept == 0)

        var two = LintRun(configuration: LintConfiguration())
        two.check(
            BundleTables(
                localizations: ["de", "en", "fr"],
                tables: [HostileLintTests.table("en", n), HostileLintTests.table("de", n), HostileLintTests.table("fr", n)]),
            requestedSource: nil, onLocale: { _ in })
        #expect(two.sourcesAnalyzed == n)
        #expect(two.sourcesKept == n)
        // The findings do not depend on whether the analyses were kept: each translation
        // gets the same ones (here: none, `%d v<i>` in every language).
        #expect(one.diagnostics.isEmpty && two.diagnostics.isEmpty)
    }
}
