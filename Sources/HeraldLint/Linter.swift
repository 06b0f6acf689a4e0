import HeraldICU
public import HeraldPseudo
public import HeraldDiagnostics
import HeraldRender
import HeraldTables

/// How far a run has got (for a progress line on a terminal).
public struct LintProgress: Sendable {
    /// Table files read so far.
    public var filesRead: Int
    /// Table files to read.
    public var filesTotal: Int
    /// Locales checked so far.
    public var localesChecked: Int
    /// Locales to check.
    public var localesTotal: Int
}

/// `herald validate`: reads every table below the given paths and checks
/// them (see `LintRule.all`). Tables are grouped by bundle (the folder
/// holding the `.lproj` folders and String Catalogs); each group's
/// translations are compared with its source locale.
public struct Linter: Sendable {
    /// The rules, ignores and budgets the run uses.
    public var configuration: LintConfiguration
    /// `--source-locale`: wins over the configuration and the catalogs.
    public var sourceLocale: String?
    /// `--source DIR`: tables that hold the source language when the bundles
    /// validated do not ship it (an extension with only `hy.lproj`). Read for
    /// comparison only; its own problems are not reported.
    public var sourcePath: String?
    /// `--pseudo`: the pseudo-locales the source's notification messages are checked in
    /// (none: not checked). See `checkPseudo`.
    public var pseudoLocales: [PseudoLocale] = []
    /// `--sources DIR`: what the app's code looks up (HeraldSourceKeys reads it), compared
    /// with the tables; nil: the code is not known, and no finding claims what it looks up.
    public var code: CodeLookups? = nil
    /// The folder the code was read from, as the user named it (said in extra-key findings).
    public var codeRoot = ""
    /// Findings of passes run outside the linter (`pseudo-unchanged`, which renders the
    /// examples in HeraldPreview; `--pushes`' PushKeyChecks): put through the run's emit
    /// path — the configuration's severity, or dropped when the rule is off — and sorted
    /// with the rest. A finding with no place in a file is dropped.
    public var postPassFindings: [Diagnostic] = []
    /// Stops the run between files and between entries once cancelled (nil: runs to the end).
    public var cancellation: LintCancellation? = nil

    /// Makes a linter.
    ///
    /// ```swift
    /// let report = try Linter().run(paths: ["Localizations"])
    /// print(LintOutput.render(report, format: .text))
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: Rules, ignores and budgets (default: every rule at its default).
    ///   - sourceLocale: Overrides the configuration's source locale.
    ///   - sourcePath: Tables holding the source language when the paths validated
    ///     do not ship it (compared with, not reported on).
    public init(configuration: LintConfiguration = LintConfiguration(), sourceLocale: String? = nil, sourcePath: String? = nil) {
        self.configuration = configuration
        self.sourceLocale = sourceLocale
        self.sourcePath = sourcePath
    }

    /// A problem with the paths or options (exit 2).
    public struct UsageError: Error, Sendable, CustomStringConvertible {
        /// What is wrong (`Localizations: no such file or directory`).
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// Lints `paths` (folders or table files).
    public func run(paths: [String], progress: (@Sendable (LintProgress) -> Void)? = nil) throws(UsageError) -> LintReport {
        let files: TableFiles
        do {
            files = try TableFiles.collect(paths, ignore: configuration.ignore)
        } catch {
            throw UsageError(message: error.message)
        }
        var state = LintRun(configuration: configuration)
        state.codeGiven = code != nil
        state.cancellation = cancellation
        let total = files.fileCount
        var read = 0
        var groups: [(TableFiles.Group, BundleTables)] = []
        var allLocales = Set<String>()
        let wanted = sourceLocale ?? configuration.sourceLocale
        for g in files.groups where cancellation?.isCancelled != true {
            let bundle = BundleTables.load(g, development: wanted, stop: cancellation) { n in
                read += n
                progress?(LintProgress(filesRead: read, filesTotal: total, localesChecked: 0, localesTotal: 0))
            }
            for loc in bundle.localizations { allLocales.insert(loc) }
            groups.append((g, bundle))
        }
        let external = try externalSource(wanted: wanted ?? groups.first?.1.development)
        var checked = 0
        state.readDiagnostics(files.problems, group: TableFiles.Group(directory: "", files: []))
        let localesTotal = groups.reduce(0) { $0 + Set($1.1.tables.map(\.localization)).count }
        for (g, bundle) in groups where cancellation?.isCancelled != true {
            state.readDiagnostics(bundle.diagnostics, group: g)
            let source = wanted ?? bundle.development
            let has = { (name: String) in bundle.localizations.contains { LocalizationLookup.normalize($0) == LocalizationLookup.normalize(name) } }
            if !bundle.tables.isEmpty, !has(source), !has("Base"), external == nil {
                state.emit(
                    .missingSource,
                    LintRun.Place(origin: Origin(file: g.files.first ?? g.directory, line: 1, column: 1), locale: source, table: TableFiles.tableName(of: g.files.first ?? ""), key: ""),
                    "\(g.directory.isEmpty ? "." : g.directory) has no \(source) tables (it has \(bundle.localizations.joined(separator: ", "))); translations were checked on their own, not against the source — give --source DIR where the \(source) tables are kept")
            }
            state.checkRequiredLocales(configuration.locales, bundle: bundle, source: source)
            state.check(bundle, requestedSource: wanted, external: has(source) || has("Base") ? nil : external) { n in
                checked += n
                progress?(LintProgress(filesRead: read, filesTotal: total, localesChecked: checked, localesTotal: localesTotal))
            }
            if !pseudoLocales.isEmpty { state.checkPseudo(bundle, source: source, locales: pseudoLocales) }
        }
        if let code { state.checkCode(code, bundles: groups.map(\.1), wanted: wanted, root: codeRoot) }
        for d in postPassFindings { state.emit(found: d) }
        let keys = state.keysSeen
        var report = LintReport(diagnostics: state.takeSortedDiagnostics(), files: total, locales: allLocales.count, keys: keys)
        report.states = ReviewStates(groups.flatMap { $0.1.tables })
        report.code = code.map { CodeSummary(files: $0.filesRead, lookups: $0.lookups.count, dynamicLookups: $0.dynamicLookups) }
        return report
    }

    /// The source language's tables below `--source DIR` (nil without it).
    func externalSource(wanted: String?) throws(UsageError) -> ExternalSource? {
        guard let sourcePath else { return nil }
        let files: TableFiles
        do {
            files = try TableFiles.collect([sourcePath], ignore: configuration.ignore)
        } catch {
            throw UsageError(message: "--source \(error.message)")
        }
        var found: [String: Table] = [:]
        var localization: String? = nil
        var seen = Set<String>()
        for g in files.groups {
            let bundle = BundleTables.load(g, development: wanted) { _ in }
            let name = wanted ?? bundle.development
            let n = LocalizationLookup.normalize(name)
            for l in bundle.localizations { seen.insert(l) }
            for t in bundle.tables where LocalizationLookup.normalize(t.localization) == n && found[t.name] == nil {
                found[t.name] = t
                localization = localization ?? t.localization
            }
        }
        guard let localization else {
            let name = wanted ?? "the source language"
            throw UsageError(message: "--source \(sourcePath): no \(name) tables there (localizations found: \(seen.isEmpty ? "none" : seen.sorted().joined(separator: ", ")))")
        }
        return ExternalSource(localization: localization, tables: found)
    }
}

/// Source-language tables kept outside the bundles validated (`--source DIR`).
struct ExternalSource {
    var localization: String
    /// Table name → the source table.
    var tables: [String: Table]
}
