/// One finding: where (file:line:column, as a compiler prints it), which
/// rule, how severe, and which locale, table and key it concerns.
public struct LintDiagnostic: Sendable, Hashable {
    /// The file, as given or relative to the folder validated.
    public var file: String
    /// 1-based line (0 when the finding is about the whole file).
    public var line: Int
    /// 1-based column, in Unicode scalars (0 with `line` 0).
    public var column: Int
    /// Error or warning, after the configuration's overrides.
    public var severity: LintSeverity
    /// The rule id (`herald validate --list-rules`).
    public var rule: String
    /// The localization as its folder or catalog names it ("pt-BR", "Base"); empty when the finding is about a whole file of no locale.
    public var locale: String
    /// The table (`Localizable`), empty when not about one table.
    public var table: String
    /// The key, empty when not about one key.
    public var key: String
    /// What is wrong, in one line.
    public var message: String

    /// Makes a finding.
    public init(
        file: String, line: Int, column: Int, severity: LintSeverity, rule: String, locale: String = "",
        table: String = "", key: String = "", message: String
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.rule = rule
        self.locale = locale
        self.table = table
        self.key = key
        self.message = message
    }

    /// `path:line:col: error|warning: message [rule-id]`, on one line
    /// (line breaks in the message are written as `\n` and `\r`).
    public var compilerStyle: String {
        var oneLine = ""
        for ch in message.unicodeScalars {
            switch ch {
            case "\n": oneLine += "\\n"
            case "\r": oneLine += "\\r"
            default: oneLine.unicodeScalars.append(ch)
            }
        }
        return "\(file):\(max(line, 1)):\(max(column, 1)): \(severity.rawValue): \(oneLine) [\(rule)]"
    }
}

/// The result of a run: every finding in a stable order, and what was read.
public struct LintReport: Sendable {
    /// Every finding, in file then position order.
    public var diagnostics: [LintDiagnostic]
    /// Table files read.
    public var files: Int
    /// Distinct localizations seen.
    public var locales: Int
    /// Distinct (table, key) pairs seen.
    public var keys: Int

    /// Makes a report.
    public init(diagnostics: [LintDiagnostic], files: Int, locales: Int, keys: Int) {
        self.diagnostics = diagnostics
        self.files = files
        self.locales = locales
        self.keys = keys
    }

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
    }
}
