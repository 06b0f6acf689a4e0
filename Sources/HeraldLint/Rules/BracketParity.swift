public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let bracketParity = Self("bracket-parity")
}

extension LintRule {
    /// Brackets left unbalanced by a translation whose source balances them: a `(` with no
    /// `)`, full-width forms counted as their pair (`（` is `(`).
    static let bracketParity = LintRule(
        .bracketParity, .warning,
        "A translation leaves brackets unbalanced ('(' without ')', full-width forms counted alike) where its source balances them.",
        help: "Close each bracket the translation opens.",
        check: .entry(EntryCheck { run, ctx, _ in
            for (s, t) in ctx.parityPairs {
                // Most texts hold no bracket: only one that does is parsed.
                guard t.value.unicodeScalars.contains(where: { TextParity.bracketScalars.contains($0) }) else { continue }
                let b = TextParity.brackets(t.value)
                let pairs: [(Character, Character)] = [("(", ")"), ("[", "]"), ("{", "}")]
                guard let bad = pairs.first(where: { b[$0.0, default: 0] != b[$0.1, default: 0] }) else { continue }
                let a = TextParity.brackets(s.value)
                guard a[bad.0, default: 0] == a[bad.1, default: 0] else { continue }
                run.emit(.bracketParity, ctx.place(t.origin),
                         "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) opens \(b[bad.0, default: 0]) '\(bad.0)' and closes \(b[bad.1, default: 0]); the \(ctx.sourceLocalization ?? "source") text balances them: \(Excerpt.quoted(t.value))")
            }
        }))
}
