public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let pluralMissingOther = Self("plural-missing-other")
}

extension LintRule {
    /// The plural check (PluralChecks.swift) of each entry with plural variables: it finds
    /// this rule and every rule that says `.sharedWith(.pluralMissingOther)` in one walk of
    /// the variables.
    static let pluralMissingOther = LintRule(
        .pluralMissingOther, .error,
        "A plural variable has no 'other' form, which Foundation requires.",
        help: "Add an 'other' form: Foundation shows nothing (or the key) without it.",
        check: .entry(EntryCheck { run, ctx, facts in run.checkPlurals(ctx, facts.own, mangled: facts.mangled) }))
}
