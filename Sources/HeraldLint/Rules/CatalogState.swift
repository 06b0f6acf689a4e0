public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let catalogState = Self("catalog-state")
}

extension LintRule {
    static let catalogState = LintRule(
        .catalogState, .warning,
        "A String Catalog unit is 'new', 'needs_review' or 'stale' (Xcode's 'new' on the source language's own units is not reported).",
        help: "Have the unit reviewed and marked translated in Xcode (or by an XLIFF import); delete a stale key the code no longer uses.",
        check: .entry(EntryCheck { run, ctx, _ in
            let entry = ctx.entry
            // Xcode marks the source language's own units 'new' when it extracts them (App Shortcuts
            // phrases, extracted_with_value): nothing for a translator to do there.
            guard let state = entry.state, entry.shouldTranslate, ["new", "needs_review", "stale"].contains(state), !(ctx.isSource && state == "new")
            else { return }
            run.emit(.catalogState, ctx.place, "\(ctx.localization) unit of \(Excerpt.quoted(entry.key)) is '\(Excerpt.escaped(state))'\(state == "stale" ? " (the key is no longer in the source code)" : "; it needs a translator's review")")
        }))
}
