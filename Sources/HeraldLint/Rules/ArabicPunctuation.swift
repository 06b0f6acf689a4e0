public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let arabicPunctuation = Self("arabic-punctuation")
}

extension LintRule {
    /// Arabic, Persian and Urdu text has its own comma, semicolon and question mark (`، ؛ ؟`);
    /// the Latin ones right after an Arabic letter are a typo (and `?` faces the wrong way).
    static let arabicPunctuation = LintRule(
        .arabicPunctuation, .warning,
        "Arabic, Persian or Urdu text uses a Latin comma, semicolon or question mark right after an Arabic letter where its own (، ؛ ؟) belongs.",
        help: "Write the Arabic comma (،), semicolon (؛) and question mark (؟).",
        check: .entry(EntryCheck { run, ctx, _ in
            guard let lang = ctx.plan?.locale.language, ["ar", "fa", "ur", "ps", "ckb", "sd", "ug"].contains(lang) else { return }
            for t in ctx.texts {
                guard let hit = ScriptTypography.firstMark(in: t.value, marks: [",", "?", ";"], after: ScriptTypography.isArabic) else { continue }
                let own: Character = hit.mark == "," ? "،" : hit.mark == "?" ? "؟" : "؛"
                run.emit(.arabicPunctuation, ctx.place(t.origin),
                         "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) has the Latin '\(hit.mark)' after an Arabic letter (\(Excerpt.quoted(hit.excerpt))); write '\(own)'")
            }
        }))
}
