import ArgumentParser
import Foundation
import HeraldLint
import HeraldSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `herald validate [DIR|FILE]... [--source-locale TAG] [--source DIR] [--format text|json|sarif|github] [--strict]`
/// (Docs/cli.md): the translation linter for CI.
///
/// Configuration: `.herald-validate.json` in the first folder validated (or
/// the current folder), or the file given with `--config`; see
/// `LintConfiguration` for its keys (sourceLocale, rules, ignore,
/// notifications, pushArgumentBytes, pushOverheadBytes, lockScreenCharacters, strict).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Lint translation tables (.strings, .stringsdict, .xcstrings) for CI.",
        discussion: """
            Reads every table below each DIR (default: ./Localizations) and reports syntax and \
            encoding damage, keys missing against the source locale, specifier mismatches, plural \
            structure and CLDR coverage, String Catalog states, render problems with ICU's sample \
            values, and notification payload budgets, each at file:line:column. A folder without \
            the source locale is still checked (one missing-source finding); --source DIR compares \
            it with source tables kept elsewhere.
            Exit 0: no errors (warnings allowed unless --strict). 1: findings that fail. 2: usage.
            Configuration: .herald-validate.json in the validated folder, or --config FILE: \
            {"sourceLocale": "en", "rules": {"untranslated": "off"}, "ignore": ["Pods/**"], \
            "notifications": ["Notifications:*"], "pushArgumentBytes": 64, "pushOverheadBytes": 256, \
            "lockScreenCharacters": 178, "strict": false}. Rule ids: --list-rules.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, github
    }

    @Argument(help: "Folders or table files (default: Localizations).")
    var paths: [String] = []

    @Option(name: .customLong("source-locale"), help: "The locale translations are compared with (default: config, else the catalogs' source language or en, else Base).")
    var sourceLocale: String?

    @Option(name: .customLong("source"), help: ArgumentHelp(
        "A folder (or table file) holding the source locale's tables, when the folders validated do not ship them.",
        valueName: "DIR"))
    var sourcePath: String?

    @Option(help: "text, json, sarif or github.")
    var format: Format = .text

    @Flag(help: "Warnings fail the run too.")
    var strict = false

    @Option(help: "A configuration file (default: .herald-validate.json in the validated folder).")
    var config: String?

    @Flag(name: .customLong("list-rules"), help: "Print every rule id with its default severity and exit.")
    var listRules = false

    func run() throws {
        if listRules {
            var out = ""
            for r in LintRule.all {
                out += r.id.rawValue.padding(toLength: 26, withPad: " ", startingAt: 0) + r.defaultSeverity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + r.summary + "\n"
            }
            writeStdout(out)
            return
        }
        // Read like every --locale (a malformed tag is a usage error naming the problem);
        // `Base`, the folder that stands in for the source, is taken as it is.
        let source: String?
        do {
            source = try sourceLocale.map { $0 == "Base" ? $0 : try LocaleFlag.read($0, flag: "--source-locale").bcp47 }
        } catch let failure as CLIFailure {
            throw failure.exit()
        }
        let inputs = paths.isEmpty ? ["Localizations"] : paths
        let configuration = try loadConfiguration(inputs)
        let linter = Linter(configuration: configuration, sourceLocale: source, sourcePath: sourcePath)
        let progress: (@Sendable (LintProgress) -> Void)? = isatty(2) != 0 ? ProgressLine.shared.update : nil
        let report: LintReport
        do {
            report = try linter.run(paths: inputs, progress: progress)
        } catch {
            ProgressLine.shared.clear()
            throw CLIFailure(code: 2, message: error.message).exit()
        }
        ProgressLine.shared.clear()
        let lintFormat = LintOutputFormat(rawValue: format.rawValue) ?? .text
        writeStdout(LintOutput.render(report, format: lintFormat))
        if lintFormat == .sarif || lintFormat == .github {
            writeStderr("herald validate: " + report.summaryLine + "\n")
        }
        if report.fails(strict: strict || configuration.strict) { throw ExitCode(1) }
    }

    /// --config, else `.herald-validate.json` in the first folder given, else in the current folder.
    func loadConfiguration(_ inputs: [String]) throws -> LintConfiguration {
        var candidates: [String] = []
        if let config {
            guard FileManager.default.fileExists(atPath: config) else {
                throw CLIFailure(code: 2, message: "--config \(config): no such file or directory").exit()
            }
            candidates = [config]
        } else {
            for p in inputs where CommonOptions.isDirectory(p) {
                candidates.append((p.hasSuffix("/") ? p : p + "/") + LintConfiguration.fileName)
            }
            candidates.append(LintConfiguration.fileName)
        }
        for path in candidates {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            do {
                return try LintConfiguration.parse([UInt8](data), path: path)
            } catch {
                throw CLIFailure(code: 2, message: error.message).exit()
            }
        }
        return LintConfiguration()
    }

    func writeStdout(_ s: String) {
        var text = s
        _ = text.withUTF8 { writeAll(fd: 1, $0) }
    }
}

/// The progress line on a terminal's standard error: files read, locales
/// checked, redrawn at most ten times a second and erased at the end.
final class ProgressLine: Sendable {
    static let shared = ProgressLine()
    private let state = Locked<(last: Double, shown: Bool)>((0, false))

    @Sendable func update(_ p: LintProgress) {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let now = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        let draw = state.withLock { s -> Bool in
            guard now - s.last >= 0.1 else { return false }
            s.last = now
            s.shown = true
            return true
        }
        guard draw else { return }
        var line = "\rherald validate: \(p.filesRead)/\(p.filesTotal) files read"
        if p.localesTotal > 0 { line += ", \(p.localesChecked)/\(p.localesTotal) locales checked" }
        writeStderr(line + "\u{1B}[K")
    }

    func clear() {
        let shown = state.withLock { s -> Bool in
            defer { s.shown = false }
            return s.shown
        }
        if shown { writeStderr("\r\u{1B}[K") }
    }
}
