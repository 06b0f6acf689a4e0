import HeraldICU
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
    public init(configuration: LintConfiguration = LintConfiguration(), sourceLocale: String? = nil) {
        self.configuration = configuration
        self.sourceLocale = sourceLocale
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
        let total = files.fileCount
        var read = 0
        var groups: [(TableFiles.Group, BundleTables)] = []
        var allLocales = Set<String>()
        let wanted = sourceLocale ?? configuration.sourceLocale
        for g in files.groups {
            let bundle = BundleTables.load(g, development: wanted) { n in
                read += n
                progress?(LintProgress(filesRead: read, filesTotal: total, localesChecked: 0, localesTotal: 0))
            }
            for loc in bundle.localizations { allLocales.insert(loc) }
            groups.append((g, bundle))
        }
        if let wanted, !groups.isEmpty,
            !groups.contains(where: { g in g.1.localizations.contains { LocalizationLookup.normalize($0) == LocalizationLookup.normalize(wanted) } })
        {
            throw UsageError(message: "source locale \(wanted) is not among the localizations found (\(allLocales.sorted().joined(separator: ", ")))")
        }
        var checked = 0
        state.readDiagnostics(files.problems, group: TableFiles.Group(directory: "", files: []))
        let localesTotal = groups.reduce(0) { $0 + Set($1.1.tables.map(\.localization)).count }
        for (g, bundle) in groups {
            state.readDiagnostics(bundle.diagnostics, group: g)
            state.check(bundle, requestedSource: wanted) { n in
                checked += n
                progress?(LintProgress(filesRead: read, filesTotal: total, localesChecked: checked, localesTotal: localesTotal))
            }
        }
        let keys = state.keysSeen
        return LintReport(diagnostics: state.sortedDiagnostics(), files: total, locales: allLocales.count, keys: keys)
    }
}
