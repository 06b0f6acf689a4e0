public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let whitespaceParity = Self("whitespace-parity")
}

extension LintRule {
    /// Spaces and line breaks at the start or end of a translation that the source does
    /// not have (or lacks those it has): text joined to other text in code loses its
    /// separator, or gains a double one.
    static let whitespaceParity = LintRule(
        .whitespaceParity, .warning,
        "A translation starts or ends with other spaces or line breaks than its source (text the app joins to other text loses its separator or gains one).",
        help: "Start and end the translation with the same spaces and line breaks as the source.",
        check: .entry(EntryCheck { run, ctx, _ in
            for (s, t) in ctx.parityPairs {
                let a = TextParity.edges(s.value)
                let b = TextParity.edges(t.value)
                func kind(_ w: Substring) -> String {
                    w.isEmpty ? "nothing" : w.contains(where: \.isNewline) ? "a line break" : "a space"
                }
                func same(_ x: Substring, _ y: Substring) -> Bool {
                    x.contains(where: \.isNewline) == y.contains(where: \.isNewline) && x.isEmpty == y.isEmpty
                }
                var said: [String] = []
                if !same(a.leading, b.leading) { said.append("starts with \(kind(b.leading)) where the \(ctx.sourceLocalization ?? "source") text starts with \(kind(a.leading))") }
                if !same(a.trailing, b.trailing) { said.append("ends with \(kind(b.trailing)) where the \(ctx.sourceLocalization ?? "source") text ends with \(kind(a.trailing))") }
                guard !said.isEmpty else { continue }
                run.emit(.whitespaceParity, ctx.place(t.origin),
                         "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) \(said.joined(separator: " and ")): \(Excerpt.quoted(t.value))")
            }
        }))
}
