public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let fit = Self("fit")
}

extension LintRule {
    /// The fit check (FitCheck.swift): every notification key of every locale laid out on the
    /// surfaces of the fit table with real fonts and ICU's line breaks.
    static let fit = LintRule(
        .fit, .warning,
        "A notification text the device cuts with '…' on some surface and width (real fonts, HarfBuzz, ICU line breaks; Docs/fit.md); an error when a number or amount is cut off.",
        help: "Shorten the text in that language, or declare the real arguments of the key under \"fit\" → \"arguments\" in .herald-validate.json when the samples are longer than what is ever passed.",
        check: .entry(EntryCheck { run, ctx, facts in
            if ctx.isNotification { run.checkFit(ctx, facts.own) }
        }))
}
