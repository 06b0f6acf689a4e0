public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let renderLeftoverSpecifier = Self("render-leftover-specifier")
}

extension LintRule {
    /// The render check (RenderChecks.swift): every entry rendered in its own locale with
    /// sample values, one per plural category; it finds the rules that say
    /// `.sharedWith(.renderLeftoverSpecifier)` too (render-empty, render-icu, bidi-control,
    /// and the push budget's push-payload-size).
    static let renderLeftoverSpecifier = LintRule(
        .renderLeftoverSpecifier, .error,
        "The rendered text still shows a format specifier.",
        help: "Fix the specifier so the renderer fills it (a plural reference %#@name@ with its variable, a conversion the arguments supply).",
        check: .entry(EntryCheck { run, ctx, facts in run.checkRender(ctx, facts.own, isFormat: facts.isFormat) }))
}
