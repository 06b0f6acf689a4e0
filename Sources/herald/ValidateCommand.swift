import Foundation
import ArgumentParser
import HeraldCommandLine
import HeraldJSON
import HeraldLint
import HeraldPreview
import HeraldStageOptions

/// `herald validate [DIR|FILE]... [--source-locale TAG] [--source DIR] [--format text|json|sarif|github] [--strict]`
/// (Docs/cli.md): the translation linter for CI.
///
/// Configuration: `.herald-validate.json` in the first folder validated (or
/// the current folder), or the file given with `--config`; see
/// `LintConfiguration` for its keys (sourceLocale, rules, ignore,
/// notifications, pushArgumentBytes, pushOverheadBytes, strict, fit).
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Lint translation tables (.strings, .stringsdict, .xcstrings) for CI.",
        discussion: """
            Reads every table below each DIR (default: ./Localizations) and reports syntax and \
            encoding damage, keys missing against the source locale, specifier mismatches, plural \
            structure and CLDR coverage, String Catalog states, render problems with ICU's sample \
            values, and notification payload budgets, each at file:line:column. A folder without \
            the source locale is still checked (one missing-source finding); --source DIR compares \
            it with source tables kept elsewhere. --sources DIR reads the app's Swift code and \
            checks its lookups: a key no table has, format calls' arguments against every \
            language, and keys no code names (once each).
            Exit 0: no errors (warnings allowed unless --strict). 1: findings that fail. 2: usage.
            Configuration: .herald-validate.json in the validated folder, or --config FILE: \
            {"sourceLocale": "en", "rules": {"untranslated": "off"}, "ignore": ["Pods/**"], \
            "notifications": ["Notifications:*"], "pushArgumentBytes": 64, "pushOverheadBytes": 256, \
            "strict": false, "fit": {…}}. Rule ids: --list-rules.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, github
    }

    @Argument(help: "Folders or table files (default: Localizations).") var paths: [String] = []
    @Option(name: .customLong("source-locale"), help: "The locale translations are compared with (default: config, else the catalogs' source language or en, else Base).")
    var sourceLocale: String?
    @Option(name: .customLong("source"), help: ArgumentHelp(
        "A folder (or table file) holding the source locale's tables, when the folders validated do not ship them.",
        valueName: "DIR"))
    var sourcePath: String?
    @Option(name: .customLong("sources"), help: ArgumentHelp(
        "The app's Swift code: its lookups are checked against the tables (keys no table has, format arguments, keys no code names).",
        valueName: "DIR"))
    var codePath: String?

    @Option(help: "text, json, sarif or github.") var format: Format = .text
    @Flag(help: "Warnings fail the run too.") var strict = false
    @Option(name: .customLong("fail-on-state"), help: ArgumentHelp(
        "Fail when a String Catalog entry is in one of these review states (comma-separated: new, needs_review, stale).",
        valueName: "STATES"))
    var failOnState: String?
    @Option(help: "A configuration file (default: .herald-validate.json in the validated folder).") var config: String?
    @Flag(name: .customLong("list-rules"), help: "Print every rule id with its default severity and exit.") var listRules = false
    @Option(name: .customLong("pushes"), help: ArgumentHelp(
        "Push payloads or templates (.json) whose alert keys and arguments are checked against the Localizable tables.",
        valueName: "DIR")) var pushes: String?
    @OptionGroup var pseudo: PseudoOptions

    func run() async throws {
        if listRules {
            writeStdout(LintRule.listing)
            return
        }
        // Read like every --locale (a malformed tag is a usage error naming the problem);
        // `Base`, the folder that stands in for the source, is taken as it is.
        let failStates = try failOnState.map { list in try CommandFailure.catching(.usage, "--fail-on-state: ") { try ReviewStates.parse(list) } } ?? []
        let source = try sourceLocale.map { $0 == "Base" ? $0 : try LocaleFlag.read($0, flag: "--source-locale").bcp47 }
        let inputs = paths.isEmpty ? ["Localizations"] : paths
        let configuration = try CommandFailure.catching(.usage) { try LintConfiguration.load(explicit: config, inputs: inputs) }
        var linter = Linter(configuration: configuration, sourceLocale: source, sourcePath: sourcePath)
        if let codePath {
            guard StageSettings.isDirectory(codePath) else { throw CommandFailure.usage("--sources \(codePath): no such directory") }
            linter.code = try SourceKeysHelper.scan(codePath)
            linter.codeRoot = codePath
        }
        linter.pseudoLocales = try pseudo.locales()
        // Passes run outside the linter go through its emit path (the configuration's
        // severity or off) and are sorted with the rest.
        if let pushes {
            do {
                linter.postPassFindings += try PushKeyChecks.findings(pushes: pushes, tables: inputs, configuration: configuration)
            } catch { throw CommandFailure.usage(error.message) }
        }
        // The examples are rendered from the first folder validated (not from a single file).
        if pseudo.pseudo, let root = inputs.first, StageSettings.isDirectory(root) {
            do {
                linter.postPassFindings += try await PseudoCoverage.findings(root: root, source: source, configuration: configuration)
            } catch { throw CommandFailure.failure("--pseudo: the examples could not be rendered: \(error)") }
        }
        let progress: (@Sendable (LintProgress) -> Void)? = isatty(2) != 0 ? LintProgressLine.shared.update : nil
        let report: LintReport
        do {
            report = try linter.run(paths: inputs, progress: progress)
        } catch {
            LintProgressLine.shared.clear()
            throw CommandFailure.usage(error.message)
        }
        LintProgressLine.shared.clear()
        let lintFormat = LintOutputFormat(rawValue: format.rawValue) ?? .text
        writeStdout(LintOutput.render(report, format: lintFormat))
        if lintFormat == .sarif || lintFormat == .github {
            BufferedOutput.writeAll(fd: 2, "herald validate: " + report.summaryLine + "\n")
        }
        let stateFailure = report.states.failure(on: failStates)
        if let stateFailure { BufferedOutput.writeAll(fd: 2, "herald validate: " + stateFailure + "\n") }
        if report.fails(strict: strict || configuration.strict) || stateFailure != nil { throw CommandFailure.exit(.failure) }
    }

    func writeStdout(_ s: String) { BufferedOutput.writeAll(fd: 1, s) }
}
