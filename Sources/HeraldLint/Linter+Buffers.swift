import HeraldTables

extension Linter {
    /// Lints one bundle's tables held in memory: path → the file's bytes, paths laid out
    /// as on disk relative to the bundle (`de.lproj/Localizable.strings`,
    /// `Localizable.xcstrings`). An editor's unsaved buffer is linted this way with the
    /// sibling languages it is compared with; findings name those paths.
    ///
    /// The same checks as `run(paths:)` for one bundle (the configuration's rules, required
    /// locales and pseudo-locales; `--source DIR` and `--sources` do not apply).
    public func run(bundle contents: [String: [UInt8]]) -> LintReport {
        var state = LintRun(configuration: configuration)
        state.cancellation = cancellation
        let wanted = sourceLocale ?? configuration.sourceLocale
        let group = TableFiles.Group(directory: "", files: contents.keys.sorted())
        let bundle = BundleTables.load(contents: contents, development: wanted)
        state.readDiagnostics(bundle.diagnostics, group: group)
        let source = wanted ?? bundle.development
        state.checkRequiredLocales(configuration.locales, bundle: bundle, source: source)
        state.check(bundle, requestedSource: wanted) { _ in }
        if !pseudoLocales.isEmpty { state.checkPseudo(bundle, source: source, locales: pseudoLocales) }
        let keys = state.keysSeen
        return LintReport(diagnostics: state.takeSortedDiagnostics(), files: contents.count, locales: bundle.localizations.count, keys: keys)
    }
}

extension BundleTables {
    /// A bundle's tables from bytes held in memory, read as one catalog (as `load` reads a
    /// bundle whose String Catalog and `.lproj` files share a table name).
    static func load(contents: [String: [UInt8]], development: String?) -> BundleTables {
        let catalog = Catalog(contents: contents, development: development, keepDroppedEntries: true)
        let loaded = catalog.loadAll()
        var out = BundleTables()
        out.tables = loaded.tables
        out.diagnostics = loaded.diagnostics
        var seen = Set<String>()
        for l in catalog.localizations where seen.insert(LocalizationLookup.normalize(l)).inserted { out.localizations.append(l) }
        let hasCatalog = contents.keys.contains { $0.hasSuffix(".xcstrings") }
        out.development = development ?? (hasCatalog ? catalog.developmentLocalization : nil) ?? "en"
        out.localizations.sort()
        return out
    }
}
