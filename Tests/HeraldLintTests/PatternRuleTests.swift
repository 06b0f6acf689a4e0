import Foundation
import HeraldDiagnostics
import HeraldLint
import Testing

/// The `pattern` rule from a real `.herald-validate.json`, run on tables written here;
/// expectations worked out by hand.
@Suite struct PatternRuleTests {
    static let config = #"""
        {
          "patterns": [
            { "id": "no-exclamation", "pattern": "!{2,}", "in": "translation",
              "message": "Write one exclamation mark at most.", "severity": "error" },
            { "id": "du-not-sie", "pattern": "(^|\\W)(Sie|Ihnen)(\\W|$)", "locales": ["de"],
              "keys": "Localizable:onboarding.*", "message": "Onboarding says du." },
            { "id": "no-todo", "pattern": "TODO", "in": "both", "message": "Unfinished text." },
            { "id": "source-ellipsis", "pattern": "\\.\\.\\.", "in": "source", "message": "Write … not three dots." }
          ]
        }
        """#

    func run(_ en: String, _ de: String, _ fr: String) throws -> [Diagnostic] {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Fixtures.write(en, "en.lproj/Localizable.strings", in: root)
        try Fixtures.write(de, "de.lproj/Localizable.strings", in: root)
        try Fixtures.write(fr, "fr.lproj/Localizable.strings", in: root)
        let c = try LintConfiguration.parse(Array(Self.config.utf8), path: ".herald-validate.json")
        return try Fixtures.lint([root], configuration: c).diagnostics.filter { $0.rule == .pattern }
    }

    @Test func reportsWhatTheConfigurationDeclares() throws {
        let d = try run(
            "\"win\" = \"You won!!\";\n\"onboarding.hi\" = \"Welcome...\";\n\"other.hi\" = \"Hello\";\n\"todo\" = \"TODO\";\n",
            "\"win\" = \"Gewonnen!!\";\n\"onboarding.hi\" = \"Willkommen, haben Sie Zeit?\";\n\"other.hi\" = \"Haben Sie Zeit?\";\n\"todo\" = \"Fertig\";\n",
            "\"win\" = \"Gagné !\";\n\"onboarding.hi\" = \"Avez-vous Sie ?\";\n\"other.hi\" = \"Bonjour\";\n\"todo\" = \"TODO\";\n")
        let found = d.map { "\($0.subject.locale ?? "") \($0.subject.key ?? "") \($0.severity.rawValue)" }.sorted()
        // "!!" only in translations (en's is the source); du-not-sie only in de's onboarding keys;
        // TODO in both; the source's three dots only in the source.
        #expect(found == [
            "de onboarding.hi warning", "de win error",
            "en onboarding.hi warning", "en todo warning",
            "fr todo warning",
        ])
        let sie = try #require(d.first { $0.subject.locale == "de" && $0.subject.key == "onboarding.hi" })
        #expect(sie.message == #"de text of "onboarding.hi" matches pattern "du-not-sie" at " Sie ": Onboarding says du."#)
        #expect(sie.origin?.line == 2)
        #expect(sie.origin?.column == 19)
    }

    @Test func badPatternsAreClearErrors() {
        func problem(_ json: String) -> String? {
            do { _ = try LintConfiguration.parse(Array(json.utf8), path: "c.json"); return nil } catch { return error.message }
        }
        #expect(problem(#"{"patterns": [{"id": "x", "pattern": "(a)\\1", "message": "m"}]}"#)
            == #"c.json: pattern "x": "(a)\\1" is refused: a backreference "\1" (not supported: it cannot be matched in linear time) at character 4"#)
        #expect(problem(#"{"patterns": [{"id": "x", "pattern": "(?<=a)b", "message": "m"}]}"#)
            == #"c.json: pattern "x": "(?<=a)b" is refused: a "(?" group (lookaround, named or flagged groups are not supported) at character 2"#)
        #expect(problem(#"{"patterns": [{"id": "x", "pattern": "a"}]}"#) == #"c.json: pattern "x" has no "message" (text, at most 500 characters, no control characters)"#)
        #expect(problem(#"{"patterns": [{"id": "x", "pattern": "a", "message": "m", "in": "target"}]}"#)
            == #"c.json: pattern "x": "in" is "source", "translation" or "both", not "target""#)
        #expect(problem(#"{"patterns": [{"id": "x", "pattern": "a", "message": "m", "severity": "fatal"}]}"#)
            == #"c.json: pattern "x": "severity" is "error", "warning" or "note", not "fatal""#)
        #expect(problem(#"{"patterns": [{"id": "x", "pattern": "a", "message": "m", "flags": "i"}]}"#)
            == #"c.json: pattern "x": unknown setting "flags" (known: id, pattern, in, locales, keys, message, severity)"#)
        #expect(problem(#"{"patterns": [{"id": "x", "pattern": "a", "message": "m"}, {"id": "x", "pattern": "b", "message": "m"}]}"#)
            == #"c.json: pattern "x" is declared twice"#)
        #expect(problem(#"{"patterns": [{"pattern": "a", "message": "m"}]}"#) == #"c.json: each of "patterns" has an "id" (text, at most 100 characters)"#)
        #expect(problem(#"{"patterns": {"id": "x"}}"#) == #"c.json: "patterns" is a list of {"id": …, "pattern": …, "message": …}"#)
    }
}
