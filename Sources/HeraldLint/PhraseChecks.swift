import HeraldTables
import HeraldDiagnostics

// App Shortcuts phrase sets (String Catalog `stringSet`): every phrase must
// name the app (`${applicationName}`), may only use parameters the shortcut
// has (those the source language's phrases use), and a translation should
// offer the parameters the source offers.

extension LintRun {
    /// The `${name}` placeholders of a phrase, and whether a `${` is left unclosed.
    static func placeholders(_ phrase: String) -> (names: [String], unclosed: Bool) {
        var names: [String] = []
        var rest = Substring(phrase)
        while let start = rest.range(of: "${") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "}") else { return (names, true) }
            names.append(String(after[..<end]))
            rest = after[after.index(after: end)...]
        }
        return (names, false)
    }

    mutating func checkPhrases(_ ctx: EntryContext) {
        guard case .phrases(let phrases) = ctx.entry.message else { return }
        if phrases.isEmpty {
            emit(.emptyValue, ctx.place, "the \(ctx.localization) phrase set of \(Excerpt.quoted(ctx.entry.key)) has no phrases; Siri and Shortcuts offer nothing in \(ctx.localization)")
            return
        }
        // The parameters the shortcut has: those the source language's phrases use.
        var known: Set<String>? = nil
        if let src = ctx.source, case .phrases(let sp) = src.message {
            known = Set(sp.flatMap { Self.placeholders($0.value).names })
        }
        var used = Set<String>()
        for p in phrases {
            let (names, unclosed) = Self.placeholders(p.value)
            used.formUnion(names)
            if unclosed {
                emit(.phrasePlaceholder, ctx.place(p.origin), "phrase \(Excerpt.quoted(p.value)) of \(Excerpt.quoted(ctx.entry.key)) opens '${' and never closes it")
            }
            if !names.contains("applicationName") {
                emit(.phrasePlaceholder, ctx.place(p.origin), "phrase \(Excerpt.quoted(p.value)) of \(Excerpt.quoted(ctx.entry.key)) does not name the app; every App Shortcuts phrase must contain ${applicationName}")
            }
            if let known {
                for n in names where n != "applicationName" && !known.contains(n) {
                    emit(.phrasePlaceholder, ctx.place(p.origin), "phrase \(Excerpt.quoted(p.value)) of \(Excerpt.quoted(ctx.entry.key)) uses ${\(n)}, which no \(ctx.sourceLocalization ?? "source") phrase of this shortcut uses: the shortcut has no such parameter")
                }
            }
        }
        if let known {
            for n in known.sorted() where n != "applicationName" && !used.contains(n) {
                emit(.phrasePlaceholder, ctx.place(phrases[0].origin),
                     "no \(ctx.localization) phrase of \(Excerpt.quoted(ctx.entry.key)) uses ${\(n)}; the \(ctx.sourceLocalization ?? "source") phrases do, so \(ctx.localization) users cannot say it", severity: .warning)
            }
        }
    }
}
