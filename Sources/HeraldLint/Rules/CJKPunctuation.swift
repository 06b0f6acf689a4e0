public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let cjkPunctuation = Self("cjk-punctuation")
}

extension LintRule {
    /// Chinese text uses full-width marks (`，。？！：；`); a half-width one written right after
    /// a Han character is a typo a font shows cramped. Japanese: only the half-width comma and
    /// full stop (where `、` and `。` belong); a half-width colon or question mark followed by a
    /// space is a common house style of Japanese UI text (measured: Tools/lint-precision).
    static let cjkPunctuation = LintRule(
        .cjkPunctuation, .warning,
        "Chinese text uses a half-width mark (, . ? ! : ;) right after a Han character where the full-width one (，。？！：；) belongs; Japanese a half-width comma or full stop where 、 or 。 belongs.",
        help: "Write the full-width mark (，。？！：；) in Chinese text, 、 and 。 in Japanese.",
        check: .entry(EntryCheck { run, ctx, _ in
            guard let lang = ctx.plan?.locale.language, lang == "zh" || lang == "ja" || lang == "yue" else { return }
            for t in ctx.texts {
                let marks: Set<Unicode.Scalar> = lang == "ja" ? [",", "."] : [",", ".", "?", "!", ":", ";"]
                guard let hit = ScriptTypography.firstMark(in: t.value, marks: marks, after: ScriptTypography.isCJK) else { continue }
                run.emit(.cjkPunctuation, ctx.place(t.origin),
                         "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) has the half-width '\(hit.mark)' after a Han character or kana (\(Excerpt.quoted(hit.excerpt))); Chinese and Japanese write the full-width mark")
            }
        }))
}
