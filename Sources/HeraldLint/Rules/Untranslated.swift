public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let untranslated = Self("untranslated")
}

extension LintRule {
    static let untranslated = LintRule(
        .untranslated, .warning,
        "A translation is identical to the source text (sentences: three words or more, two in lower case, or four in Title Case; addresses are no words).",
        help: "Translate the text; if it is meant to read the same (a name), turn the rule off for the key with \"ignore\".",
        check: .entry(EntryCheck { run, ctx, _ in
            guard ctx.translatable, let src = ctx.source else { return }
            run.checkUntranslated(ctx, src)
        }))
}
