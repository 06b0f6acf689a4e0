import HeraldDiagnostics
import HeraldTables

extension LintRule {
    /// Found by the readers (invalid UTF-8, an undetectable encoding) and, for damage that
    /// decodes fine, by this check of each entry's texts and key.
    static let encoding = LintRule(
        .encoding, .error,
        "Encoding damage: invalid UTF-8, U+FFFD replacement characters, a byte order mark in mid-file, an undetectable encoding.",
        help: "Save the file as UTF-8 (or UTF-16 with a byte order mark) and retype the damaged text from the source; a U+FFFD or a stray U+FEFF came from a lossy conversion or a pasted file.",
        check: .entry(EntryCheck { run, ctx, _ in run.checkDamage(ctx) }))
}

extension LintRun {
    /// Encoding damage that decodes fine: U+FFFD left by a lossy conversion,
    /// a byte order mark inside the text (files concatenated with their BOMs).
    mutating func checkDamage(_ ctx: EntryContext) {
        for t in ctx.texts { checkDamage(of: t, ctx) }
        checkDamage(of: SourceText(ctx.entry.key, origin: ctx.entry.origin), ctx)
    }

    private mutating func checkDamage(of t: SourceText, _ ctx: EntryContext) {
        // U+FFFD is EF BF BD and U+FEFF is EF BB BF in UTF-8: only texts with 0xEF need a look.
        guard t.value.utf8.contains(0xEF) else { return }
        for s in t.value.unicodeScalars {
            if s.value == 0xFFFD {
                emit(.encoding, ctx.place(t.origin), "U+FFFD replacement character in \(Excerpt.quoted(t.value)): the text was damaged by a lossy conversion")
                return
            }
            if s.value == 0xFEFF {
                emit(.encoding, ctx.place(t.origin), "byte order mark U+FEFF inside \(Excerpt.quoted(t.value)) (a file pasted in with its BOM?)")
                return
            }
        }
    }
}
