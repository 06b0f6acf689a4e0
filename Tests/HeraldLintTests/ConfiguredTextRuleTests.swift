import Foundation
import HeraldDiagnostics
import HeraldLint
import Testing

/// The rules a configuration declares (terms, lengthLimits, sameAsSource), read from a real
/// `.herald-validate.json` and run on tables written here; expectations worked out by hand.
@Suite struct ConfiguredTextRuleTests {
    static let config = #"""
        {
          "terms": [
            { "term": "Powerball", "keep": true },
            { "term": "ticket", "translations": { "de": "Los" } }
          ],
          "lengthLimits": [ { "keys": "Localizable:title.*", "max": 10, "unit": "graphemes" },
                            { "keys": "Localizable:bytes", "max": 4, "unit": "utf8" } ],
          "sameAsSource": { "words": { "de": ["Status"] }, "keys": ["Localizable:brand.*"] },
          "rules": { "same-as-source": "warning" }
        }
        """#

    func run(_ en: String, _ de: String) throws -> [Diagnostic] {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write(en, "en.lproj/Localizable.strings", in: root)
        try Fixtures.write(de, "de.lproj/Localizable.strings", in: root)
        let c = try LintConfiguration.parse(Array(Self.config.utf8), path: ".herald-validate.json")
        return try Fixtures.lint([root], configuration: c).diagnostics
    }

    @Test func glossaryTermsAreKeptAndTranslated() throws {
        let d = try run(
            "\"a\" = \"Your Powerball ticket won\";\n\"b\" = \"Your Powerball ticket won\";\n\"c\" = \"Play Powerballs\";\n",
            "\"a\" = \"Dein Powerball-Los hat gewonnen\";\n\"b\" = \"Dein PowerBall-Ticket hat gewonnen\";\n\"c\" = \"Spiele Lotto\";\n")
        let kept = d.filter { $0.rule == .termKept }.map { $0.subject.key ?? "" }
        let translated = d.filter { $0.rule == .termTranslation }.map { $0.subject.key ?? "" }
        // b writes "PowerBall" (case changed) and "Ticket" for "Los"; c names "Powerballs", not the term.
        #expect(kept == ["b"])
        #expect(translated == ["b"])
        #expect(d.first { $0.rule == .termTranslation }?.message == #"de text of "b" does not use "Los", the glossary's translation of "ticket": "Dein PowerBall-Ticket hat gewonnen""#)
    }

    @Test func lengthLimitsCountTheirUnit() throws {
        let d = try run(
            "\"title.a\" = \"Short\";\n\"title.b\" = \"Short\";\n\"bytes\" = \"abc\";\n\"other\" = \"A very long text indeed\";\n",
            "\"title.a\" = \"Kurz\";\n\"title.b\" = \"Viel zu lang hier\";\n\"bytes\" = \"äöü\";\n\"other\" = \"Ein sehr langer Text wirklich\";\n")
        let found = d.filter { $0.rule == .lengthLimit }
        // "Viel zu lang hier" is 17 graphemes; "äöü" 6 UTF-8 bytes; "other" has no limit.
        #expect(found.map { $0.subject.key ?? "" }.sorted() == ["bytes", "title.b"])
        #expect(found.allSatisfy { $0.severity == .error })
        #expect(found.contains { $0.message.hasPrefix(#"de text of "title.b" is 17 graphemes, over the limit of 10"#) })
        #expect(found.contains { $0.message.hasPrefix(#"de text of "bytes" is 6 UTF-8 bytes, over the limit of 4"#) })
    }

    @Test func sameAsSourceHonoursItsExclusions() throws {
        let d = try run(
            "\"s\" = \"Settings\";\n\"st\" = \"Status\";\n\"brand.name\" = \"Herald\";\n\"u\" = \"https://example.com\";\n\"id\" = \"api_key\";\n\"n\" = \"%d\";\n",
            "\"s\" = \"Settings\";\n\"st\" = \"Status\";\n\"brand.name\" = \"Herald\";\n\"u\" = \"https://example.com\";\n\"id\" = \"api_key\";\n\"n\" = \"%d\";\n")
        #expect(d.filter { $0.rule == .sameAsSource }.map { $0.subject.key ?? "" } == ["s"])
    }

    @Test func badConfigurationsAreClearErrors() {
        func problem(_ json: String) -> String? {
            do { _ = try LintConfiguration.parse(Array(json.utf8), path: "c.json"); return nil } catch { return error.message }
        }
        #expect(problem(#"{"terms": [{"term": "x"}]}"#) == #"c.json: term "x" says neither "keep": true nor "translations""#)
        #expect(problem(#"{"lengthLimits": [{"keys": "*:*", "max": 3, "unit": "bytes"}]}"#) == #"c.json: "unit" is "characters", "graphemes" or "utf8", not "bytes""#)
        #expect(problem(#"{"sameAsSource": {"word": {}}}"#) == #"c.json: unknown setting "sameAsSource.word" (known: words, keys)"#)
    }
}
