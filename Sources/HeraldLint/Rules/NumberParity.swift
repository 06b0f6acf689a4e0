public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let numberParity = Self("number-parity")
}

extension LintRule {
    /// Numbers written in the source ("up to 5 devices", "iOS 17") that the translation does
    /// not write, in any script's digits ("٥" is 5) or grouping ("1.000" is "1,000").
    static let numberParity = LintRule(
        .numberParity, .warning,
        "A number written in the source text (not an argument) is not in the translation, in any script's digits, or the translation writes a number the source does not.",
        help: "Write the source's numbers in the translation (in the language's digits if it has its own).",
        enabledByDefault: false,
        check: .entry(EntryCheck { run, ctx, _ in
            guard !ctx.sameLanguageAsSource else { return }
            for (s, t) in ctx.parityPairs {
                let a = TextParity.numbers(s.value)
                guard !a.isEmpty || t.value.contains(where: \.isNumber) else { continue }
                let b = TextParity.numbers(t.value)
                let missing = a.filter { !b.contains($0) }
                let extra = b.filter { !a.contains($0) }
                guard !missing.isEmpty || !extra.isEmpty else { continue }
                var said: [String] = []
                if !missing.isEmpty { said.append("does not write \(missing.joined(separator: ", ")), which the \(ctx.sourceLocalization ?? "source") text does") }
                if !extra.isEmpty { said.append("writes \(extra.joined(separator: ", ")), which the \(ctx.sourceLocalization ?? "source") text does not") }
                run.emit(.numberParity, ctx.place(t.origin), "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) \(said.joined(separator: " and ")): \(Excerpt.quoted(t.value))")
            }
        }))
}
