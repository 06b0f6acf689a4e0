public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let punctuationParity = Self("punctuation-parity")
}

extension LintRule {
    /// The ending of a translation against its source's, each script's marks read as their
    /// kind (`。` is a stop, `؟` a question mark, Greek `;` a question mark). Thai and Lao end
    /// sentences with no mark, Armenian puts its question mark inside the word: a missing
    /// stop or question mark is not reported there.
    static let punctuationParity = LintRule(
        .punctuationParity, .warning,
        "A translation ends with other punctuation than its source (a full stop, question or exclamation mark, colon or ellipsis, in any script's form) or with none where the source has one.",
        help: "End the translation as the source ends, with the language's own mark (。 ؟ । …); turn the rule off for a language whose style differs.",
        enabledByDefault: false,
        check: .entry(EntryCheck { run, ctx, facts in
            let language = ctx.plan?.locale.language ?? ""
            guard !ctx.sameLanguageAsSource else { return }
            for (s, t) in ctx.parityPairs {
                let a = TextParity.ending(TextParity.literal(s.value), language: "")
                let b = TextParity.ending(TextParity.literal(t.value), language: language)
                guard a != b else { continue }
                if b == .none, ["th", "lo", "km", "my"].contains(language) { continue }
                if a == .question, b == .none, language == "hy" { continue }
                run.emit(.punctuationParity, ctx.place(t.origin),
                         "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) ends with \(b.rawValue), the \(ctx.sourceLocalization ?? "source") text with \(a.rawValue): \(Excerpt.quoted(t.value))")
            }
        }))
}
