public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let phrasePlaceholder = Self("phrase-placeholder")
}

extension LintRule {
    /// App Shortcuts phrase sets (PhraseChecks.swift; an empty set is an `empty-value`).
    static let phrasePlaceholder = LintRule(
        .phrasePlaceholder, .error,
        "An App Shortcuts phrase uses a ${parameter} no source phrase of its key uses, lacks ${applicationName}, or leaves '${' unclosed; a translation never using a source parameter is a warning.",
        help: "Use only the parameters the source phrases use, name ${applicationName} in every phrase and close each '${'.",
        check: .entry(EntryCheck { run, ctx, _ in run.checkPhrases(ctx) }))
}
