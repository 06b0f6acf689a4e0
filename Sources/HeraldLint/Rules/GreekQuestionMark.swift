public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let greekQuestionMark = Self("greek-question-mark")
}

extension LintRule {
    /// Greek asks with `;` (U+037E, or the semicolon it is equivalent to); a Latin `?` after
    /// a Greek letter is the English mark left in.
    static let greekQuestionMark = LintRule(
        .greekQuestionMark, .warning,
        "Greek text ends a question with the Latin '?' after a Greek letter; Greek's question mark is ';'.",
        help: "Write ';' (the Greek question mark) for '?' in Greek.",
        check: .entry(EntryCheck { run, ctx, _ in
            guard ctx.plan?.locale.language == "el" else { return }
            for t in ctx.texts {
                guard let hit = ScriptTypography.firstMark(in: t.value, marks: ["?"], after: ScriptTypography.isGreek) else { continue }
                run.emit(.greekQuestionMark, ctx.place(t.origin),
                         "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) asks with the Latin '?' (\(Excerpt.quoted(hit.excerpt))); Greek's question mark is ';'")
            }
        }))
}
