public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let frenchSpacing = Self("french-spacing")
}

extension LintRule {
    /// French (France, Belgium, Switzerland) puts a (narrow) no-break space before `; : ! ?`;
    /// Canadian French only before `:`. A mark glued to the word before it is a typo (and a
    /// plain space lets the mark wrap onto the next line: not reported, a style choice).
    /// Off by default: code tokens kept in French text (`when: 0`) read as glued colons.
    static let frenchSpacing = LintRule(
        .frenchSpacing, .warning,
        "French text glues ';', ':', '!' or '?' to the word before it; French typography puts a (narrow) no-break space there (Canadian French before ':' only).",
        help: "Put a narrow no-break space (U+202F) or a no-break space (U+00A0) before ; : ! ? in French.",
        enabledByDefault: false,
        check: .entry(EntryCheck { run, ctx, _ in
            guard let id = ctx.plan?.locale, id.language == "fr" else { return }
            let canadian = id.region == "CA"
            let marks: Set<Unicode.Scalar> = canadian ? [":"] : [";", ":", "!", "?"]
            // A text left in the source language (untranslated's concern) is not French typography.
            let source = Set(ctx.sourceTexts.map(\.value))
            for t in ctx.texts where !source.contains(t.value) {
                // Only a mark ending a word or the text ("Remarque:" / "Quoi?"), not "1:30" or "a:b".
                guard let hit = ScriptTypography.firstMark(in: t.value, marks: marks, after: { $0.properties.isAlphabetic }, before: { n in
                    n == nil || n == " " || n == "\n" || n == "\u{00A0}" || n == "\"" || n == "»" || n == ")"
                }) else { continue }
                run.emit(.frenchSpacing, ctx.place(t.origin),
                         "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) glues '\(hit.mark)' to the word before it (\(Excerpt.quoted(hit.excerpt))); French puts a no-break space before it")
            }
        }))
}
