public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let shouldTranslate = Self("should-translate")
}

extension LintRule {
    static let shouldTranslate = LintRule(
        .shouldTranslate, .warning,
        "A key marked shouldTranslate: false has a translation that differs from the source.",
        help: "Make the translation the source text, or mark the key translatable.",
        check: .entry(EntryCheck { run, ctx, _ in
            guard ctx.source != nil, !ctx.entry.shouldTranslate, !ctx.sourceTexts.elementsEqual(ctx.texts, by: { $0.value == $1.value }) else { return }
            run.emit(.shouldTranslate, ctx.place, "\(Excerpt.quoted(ctx.entry.key)) is marked shouldTranslate: false but its \(ctx.localization) text differs from the source")
        }))
}

extension LintRun.EntryContext {
    /// Both this entry and its source are to be translated (the comparisons with the
    /// source — arguments, untranslated text, parity — apply).
    var translatable: Bool {
        guard let src = source else { return false }
        return entry.shouldTranslate && src.shouldTranslate
    }
}
