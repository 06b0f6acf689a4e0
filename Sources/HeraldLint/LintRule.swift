// A rule of `herald validate` is one value: its stable id, default severity, a one-line
// summary (`--list-rules`, SARIF's shortDescription), a help text (SARIF's help: what to
// do about a finding) and how it is found. Each rule's value lives in
// Sources/HeraldLint/Rules/<Rule>.swift with its check; `LintRule.all` (LintRegistry.swift)
// lists them, and the per-entry checks run from that list, in its order.
public import HeraldDiagnostics
import HeraldTables
import HeraldRender

/// One rule: a stable id (what configurations and reports name), its
/// default severity, what it checks and how it is found.
public struct LintRule: Sendable, Hashable {
    /// The id used in output and configuration (`missing-key`).
    public var id: Diagnostic.Rule
    /// Its severity unless the configuration says otherwise (never `note`).
    public var defaultSeverity: Diagnostic.Severity
    /// What it checks, in one line.
    public var summary: String
    /// What to do about a finding (SARIF's `help`).
    public var help: String
    /// False for a rule whose measured precision is under 95 % on real apps' tables
    /// (Tools/lint-precision): it reports only when the configuration sets its severity.
    public var enabledByDefault: Bool
    /// How its findings are made.
    let check: LintCheck

    /// Makes a rule.
    init(_ id: Diagnostic.Rule, _ severity: Diagnostic.Severity, _ summary: String, help: String, enabledByDefault: Bool = true, check: LintCheck) {
        self.id = id
        self.defaultSeverity = severity
        self.summary = summary
        self.help = help
        self.enabledByDefault = enabledByDefault
        self.check = check
    }

    public static func == (a: LintRule, b: LintRule) -> Bool { a.id == b.id }
    public func hash(into h: inout Hasher) { h.combine(id) }

    /// Rules by id.
    public static let byID: [Diagnostic.Rule: LintRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The rules with a per-entry check, in registry order (the order they run in).
    static let entryChecks: [(LintRule, EntryCheck)] = all.compactMap { r in
        if case .entry(let c) = r.check { return (r, c) }
        return nil
    }
}

/// What one entry's checks share, computed once before they run.
struct EntryFacts {
    /// The entry's own arguments and specifier problems.
    let own: MessageArguments
    /// A `.mf2` table: only the rules that say `onMF2` run.
    let isMF2: Bool
    /// An ICU MessageFormat table (`.icu`): no printf specifiers.
    let isICU: Bool
    /// The text is a format string (its source's, else its own, reading).
    let isFormat: Bool
    /// Plural variables whose reference was mangled (`%# @name @`); set by the specifier
    /// check, which runs first, and read by the plural and parity checks.
    var mangled: Set<String> = []
}

/// A per-entry check: emits its findings through `run.emit`.
struct EntryCheck: Sendable {
    /// Whether it runs on MessageFormat 2 tables (most checks read printf specifiers).
    var onMF2 = false
    let body: @Sendable (inout LintRun, LintRun.EntryContext, inout EntryFacts) -> Void
}

/// How a rule's findings are made.
enum LintCheck: Sendable {
    /// Once per entry of every table, in the order of `LintRule.all`.
    case entry(EntryCheck)
    /// By another rule's check, which finds this one's cases in the same analysis (the
    /// rule named; e.g. `specifier-missing` by `specifier-mismatch`'s comparison).
    case sharedWith(Diagnostic.Rule)
    /// By a pass over a whole bundle or run (the readers, the key comparison, `--pseudo`,
    /// `--sources`, `--pushes`; `pseudo-unchanged` in HeraldPreview, given to the linter
    /// as `postPassFindings`); what it is, in words.
    case pass(String)
}
