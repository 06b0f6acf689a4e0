// What a lint run hands back: its findings, each a `Diagnostic` in a file, and the
// counts of what it read (the findings themselves have no type of their own any more).
public import HeraldDiagnostics

/// The result of a run (only the linter makes one): every finding in a stable order, and
/// what was read.
public struct LintReport: Sendable {
    /// Every finding, in file then position order: each at a place in a file
    /// (1-based line and column, as a compiler prints it), error or warning after
    /// the configuration's overrides, with the locale, table and key it concerns.
    public var diagnostics: [Diagnostic]
    /// Table files read.
    public var files: Int
    /// Distinct localizations seen.
    public var locales: Int
    /// Distinct (table, key) pairs seen.
    public var keys: Int
    /// String Catalog review states per localization (ReviewStates.swift).
    public var states = ReviewStates()
    /// With `--sources`: what was read of the code (nil without it).
    public var code: CodeSummary? = nil

    /// How many findings are errors.
    public var errors: Int { diagnostics.count(where: { $0.severity == .error }) }
    /// How many findings are warnings.
    public var warnings: Int { diagnostics.count(where: { $0.severity == .warning }) }

    /// True when the run should fail: any error, or any warning under `strict`.
    public func fails(strict: Bool) -> Bool { errors > 0 || (strict && warnings > 0) }

    /// `3 files, 2 locales, 40 keys: 1 error, 0 warnings`.
    public var summaryLine: String {
        func n(_ v: Int, _ one: String, _ many: String) -> String { "\(v) \(v == 1 ? one : many)" }
        return "\(n(files, "file", "files")), \(n(locales, "locale", "locales")), \(n(keys, "key", "keys")): "
            + "\(n(errors, "error", "errors")), \(n(warnings, "warning", "warnings"))"
            + (code.map { c in
                "; code: \(n(c.lookups, "lookup", "lookups")) in \(n(c.files, "Swift file", "Swift files"))"
                    + (c.dynamicLookups == 0 ? "" : ", \(n(c.dynamicLookups, "lookup", "lookups")) with a computed key or table not checked")
            } ?? "")
    }
}

/// What `--sources` read: Swift files, lookups with written-out keys, lookups skipped.
public struct CodeSummary: Sendable {
    /// Swift files read.
    public var files: Int
    /// Lookups whose key is written out (checked).
    public var lookups: Int
    /// Lookups whose key or table is computed (counted, not checked).
    public var dynamicLookups: Int
}
