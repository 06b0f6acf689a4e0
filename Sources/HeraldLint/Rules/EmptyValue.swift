public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let emptyValue = Self("empty-value")
}

extension LintRule {
    static let emptyValue = LintRule(
        .emptyValue, .error,
        "A value or plural form is empty where the source is not.",
        help: "Translate the value (or the form); the device shows nothing for it.",
        check: .entry(EntryCheck(onMF2: true) { run, ctx, _ in run.checkEmpty(ctx) }))
}

extension LintRun {
    /// Empty values and plural forms where the source has text.
    mutating func checkEmpty(_ ctx: EntryContext) {
        let sourceHasEmpty = ctx.sourceTexts.contains { $0.value.isEmpty }
        if sourceHasEmpty { return }
        switch ctx.entry.message {
        case .plain(let t):
            // A source value may be empty on purpose; a translation may not.
            if t.value.isEmpty, ctx.source != nil {
                emit(.emptyValue, ctx.place(t.origin), "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) is empty; the device shows nothing")
            }
        default:
            for t in ctx.texts where t.value.isEmpty {
                emit(.emptyValue, ctx.place(t.origin), "a format or plural form of \(Excerpt.quoted(ctx.entry.key)) is empty")
            }
        }
    }
}
