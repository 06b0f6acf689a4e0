import Foundation
import HeraldICU
import HeraldTables
import Testing

@testable import HeraldLint

/// Tables shaped to make the linter's work explode: nested plural variables, strings of
/// thousands of specifiers. The work stays linear and the report stays short.
@Suite struct HostileLintTests {
    static let forms: [PluralCategory] = [.zero, .one, .two, .few, .many, .other]

    /// Variables v0…v(levels-1); each of v's six forms names the next variable.
    static func nested(levels: Int) -> Message {
        var variables: [String: PluralVariable] = [:]
        let origin = Origin(file: "en.lproj/Localizable.stringsdict", line: 1, column: 1)
        for level in 0..<levels {
            var forms: [PluralCategory: SourceText] = [:]
            for c in Self.forms {
                let next = level + 1 < levels ? " %#@v\(level + 1)@" : ""
                forms[c] = SourceText("\(c.rawValue) %d\(next)", origin: origin)
            }
            variables["v\(level)"] = PluralVariable(name: "v\(level)", valueType: "d", argNum: nil, specType: "NSStringPluralRuleType", forms: forms, origin: origin)
        }
        return .plural(format: SourceText("%#@v0@", origin: origin), variables: variables)
    }

    @Test func nestedPluralsAreReadOncePerVariable() {
        // Six levels of six forms: read naively that is 6^6 = 46,656 form sets (13 s of
        // `validate`); each variable's forms are read once.
        let a = MessageArguments.analyze(Self.nested(levels: 6), substitutions: false)
        #expect(a.expansions == 6)
        #expect(a.stoppedAt == nil)
        #expect(a.uses[0]?.isEmpty == false)
    }

    @Test func theLinterStopsExploringPastItsBudgetAndSaysSo() throws {
        // 300 levels: more variables than the 256 expansions read per message.
        let a = MessageArguments.analyze(Self.nested(levels: 300), substitutions: false)
        #expect(a.expansions == MessageArguments.expansionLimit + 1)
        #expect(a.stoppedAt?.name == "v256")
    }

    @Test func variablesPastTheLimitAreNeitherUnusedNorChecked() throws {
        // v0 … v299 in a chain, plus one variable nothing names. Before, every variable the
        // analysis did not reach (v257 … v299) was reported unused, and the 9,358-level
        // benchmark nest printed 9,100 such false warnings.
        guard case .plural(let format, var variables) = Self.nested(levels: 300) else { Issue.record("not plural"); return }
        let o = Origin(file: "en.lproj/Localizable.stringsdict", line: 2, column: 1)
        variables["orphan"] = PluralVariable(name: "orphan", valueType: "d", forms: [.one: SourceText("%d one", origin: o), .other: SourceText("%d other", origin: o)], origin: o)
        let message = Message.plural(format: format, variables: variables)
        let a = MessageArguments.analyze(message, substitutions: false)
        #expect(a.unusedVariables.map(\.name) == ["orphan"])
        #expect(a.unexploredVariables == Set((257..<300).map { "v\($0)" }))

        var table = Table(name: "Localizable", localization: "en")
        table.set(Entry(key: "k", message: message, format: .stringsdict, origin: o))
        var run = LintRun(configuration: LintConfiguration())
        run.check(BundleTables(localizations: ["en"], tables: [table]), requestedSource: nil, onLocale: { _ in })
        let found = run.takeSortedDiagnostics()
        #expect(found.filter { $0.rule.rawValue == "variable-unused" }.map(\.message) == [
            "plural variable \"orphan\" of \"k\" is defined but the format string never uses it (%#@orphan@)"
        ])
        #expect(found.filter { $0.rule.rawValue == "variable-nesting" }.count == 1)
        // en has one and other: zero (integer), two, few, many are checked for v0 … v256 only.
        let unusedForms = found.filter { $0.rule.rawValue == "plural-unused-category" }
        #expect(unusedForms.count == 3 * 257)
        #expect(!unusedForms.contains { $0.message.contains("\"v257\"") || $0.message.contains("\"v299\"") })
    }

    @Test(arguments: [1_000, 100_000])
    func thousandsOfBadSpecifiersGiveAShortReport(n: Int) throws {
        // `%1$@ … %1000$@`: every position past 64 is a problem. The first 20 are listed,
        // then a count; no diagnostic quotes more than a short excerpt of the string.
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let value = (1...n).map { "%\($0)$@" }.joined(separator: " ")
        try FileManager.default.createDirectory(atPath: dir + "/en.lproj", withIntermediateDirectories: true)
        try Data("\"k\" = \"\(value)\";\n".utf8).write(to: URL(fileURLWithPath: dir + "/en.lproj/Localizable.strings"))
        let report = try Fixtures.lint([dir])
        let positions = report.diagnostics.filter { $0.rule.rawValue == "bad-position" }
        #expect(positions.count == HeraldLint.LintRun.problemsPerText + 1)
        #expect(positions.contains { $0.message == "\(n - 64 - LintRun.problemsPerText) more specifier problems in this string, not listed" })
        for d in report.diagnostics { #expect(d.message.count < 400, "\(d.message.prefix(200))") }
    }

    @Test func aMessageKeepsAFewProblemsPerTextAndCountsTheRest() throws {
        // 100,000 bad positions in one text, 30 in a plural form: each text keeps the 21 the
        // linter needs (20 listed, the 21st names the rule the count goes under), the rest
        // counted by the text's origin (a message once kept every problem, ~200 bytes each).
        let o = Origin(file: "en.lproj/Localizable.stringsdict", line: 1, column: 1)
        let form = Origin(file: "en.lproj/Localizable.stringsdict", line: 9, column: 5)
        let many = (1...100_000).map { "%\($0)$@" }.joined(separator: " ")
        let few = (1...30).map { _ in "%0$@" }.joined(separator: " ")
        let v = PluralVariable(
            name: "n", valueType: "d", argNum: nil, specType: "NSStringPluralRuleType",
            forms: [.one: SourceText("one %d", origin: o), .other: SourceText("%d " + few, origin: form)], origin: o)
        let a = MessageArguments.analyze(
            .plural(format: SourceText("%#@n@ " + many, origin: o), variables: ["n": v]), substitutions: false)
        #expect(a.problems.listed.count == 2 * MessageProblems.keptPerText)
        // The format string: 99,936 bad positions and one mix of `%#@n@` with `%1$@`.
        #expect(a.problems.unlisted[o] == 100_000 - 64 + 1 - MessageProblems.keptPerText)
        #expect(a.problems.unlisted[form] == 30 - MessageProblems.keptPerText)
        #expect(a.problems.listed.allSatisfy { $0.problem.kind == .badPosition || $0.problem.kind == .mixedPositional })
    }

    /// A table of `n` keys in `localization`, each `"k<i>" = "%d v<i>"`.
    static func table(_ localization: String, _ n: Int) -> Table {
        var t = Table(name: "Localizable", localization: localization)
        for i in 0..<n {
            let o = Origin(file: "\(localization).lproj/Localizable.strings", line: i + 1, column: 1)
            t.set(Entry(key: "k\(i)", message: .plain(SourceText("%d v\(i)", origin: o)), format: .strings, origin: o))
        }
        return t
    }

    @Test(arguments: [200, 800])
    func sourceEntriesAreAnalysedOnlyForTranslationsAndOnce(n: Int) {
        // A table with no translation is checked without a second analysis of its entries
        // (a 370,000-key source once kept one per key, ~200 bytes each, all at once).
        var alone = LintRun(configuration: LintConfiguration())
        alone.check(BundleTables(localizations: ["en"], tables: [Self.table("en", n)]), requestedSource: nil, onLocale: { _ in })
        #expect(alone.sourcesAnalyzed == 0)
        #expect(alone.keysSeen == n)
        // Two translations: each source key is analysed once, for the first that needs it.
        var three = LintRun(configuration: LintConfiguration())
        three.check(
            BundleTables(localizations: ["de", "en", "fr"], tables: [Self.table("en", n), Self.table("de", n), Self.table("fr", n)]),
            requestedSource: nil, onLocale: { _ in })
        #expect(three.sourcesAnalyzed == n)
    }
}
