import Foundation
import HeraldDiagnostics
import HeraldJSON
import HeraldLint
import Testing

/// The registry: every rule one value, ids unique, SARIF carrying each rule's help, and
/// findings of passes run outside the linter put through the same emit path as the rest.
@Suite struct RuleRegistryTests {
    @Test func everyRuleHasAUniqueIDAndHelp() {
        let ids = LintRule.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for r in LintRule.all {
            #expect(!r.summary.isEmpty && !r.help.isEmpty, "\(r.id)")
            #expect(r.help != r.summary, "\(r.id): the help says what to do, not the summary again")
            #expect(r.defaultSeverity != .note)
        }
    }

    @Test func sarifCarriesEachRulesHelp() throws {
        let report = try Fixtures.lint([Fixtures.bad("missing-key")])
        let v = try JSONParser.parse(LintOutput.render(report, format: .sarif))
        let rules = v["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue ?? []
        #expect(rules.count == LintRule.all.count)
        let missing = rules.first { $0["id"]?.stringValue == "missing-key" }
        #expect(missing?["help"]?["text"]?.stringValue == "Translate the key in that language (or mark it shouldTranslate: false in a String Catalog if it must stay in the source language).")
    }

    /// A post-pass finding (pseudo-unchanged is made in HeraldPreview) takes the configured
    /// severity, is dropped when its rule is off, and is sorted with the linter's own.
    @Test func postPassFindingsGoThroughTheEmitPath() throws {
        let tree = Fixtures.bad("missing-key")
        let made = Diagnostic(
            .pseudoUnchanged, .warning, "lottery-win: /aps/alert/body in en-XA shows 'You won' unaccented outside any argument",
            at: .file(Origin(file: "!first.json", line: 1, column: 1)), subject: Diagnostic.Subject(locale: "en-XA", key: "lottery-win"))
        var linter = Linter()
        linter.postPassFindings = [made]
        let plain = try linter.run(paths: [tree])
        #expect(plain.diagnostics.first?.rule == .pseudoUnchanged, "sorted by file with the rest: \(plain.diagnostics.map(\.description))")
        #expect(plain.diagnostics.first?.severity == .warning)

        var config = LintConfiguration()
        config.rules[.pseudoUnchanged] = .report(.error)
        linter.configuration = config
        let raised = try linter.run(paths: [tree])
        #expect(raised.diagnostics.first { $0.rule == .pseudoUnchanged }?.severity == .error)
        #expect(raised.errors == plain.errors + 1)

        config.rules[.pseudoUnchanged] = .off
        linter.configuration = config
        let off = try linter.run(paths: [tree])
        #expect(!off.diagnostics.contains { $0.rule == .pseudoUnchanged })
        #expect(off.diagnostics.count == plain.diagnostics.count - 1)
    }
}
