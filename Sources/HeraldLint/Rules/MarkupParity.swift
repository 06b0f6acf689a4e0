public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let markupParity = Self("markup-parity")
}

extension LintRule {
    /// The Markdown an AttributedString reads from a localized string (`**bold**`,
    /// `[link](url)`, `` `code` ``, `^[…](inflect: true)`) is kept in the translation: the
    /// same runs and as many links (their targets are compared by `address-parity`).
    static let markupParity = LintRule(
        .markupParity, .warning,
        "The Markdown of an AttributedString text (**bold**, [link](url), `code`, ^[…](inflect: true)) differs between source and translation: a bold or code run or a link lost, added or left open (link targets are address-parity's).",
        help: "Keep the source's Markdown in the translation: the same **, __ and ` runs and as many [text](target) links, none with an empty target.",
        check: .entry(EntryCheck { run, ctx, _ in
            for (s, t) in ctx.parityPairs {
                let a = TextParity.markdown(s.value)
                guard !a.isEmpty || t.value.contains("](") || t.value.contains("**") else { continue }
                let b = TextParity.markdown(t.value)
                guard a != b else { continue }
                func show(_ m: [String]) -> String { m.isEmpty ? "none" : m.map { Excerpt.quoted($0) }.joined(separator: " ") }
                run.emit(.markupParity, ctx.place(t.origin),
                         "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) has the Markdown \(show(b)), the \(ctx.sourceLocalization ?? "source") text \(show(a))"
                            + (t.value.contains("] (") ? " ('] (' with a space is no link: it shows as text)" : ""))
            }
        }))
}
