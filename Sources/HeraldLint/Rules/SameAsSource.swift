import Foundation
public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let sameAsSource = Self("same-as-source")
}

extension LintRule {
    /// A translation identical to its source whatever its length or case ("Settings" left
    /// in English), beyond `untranslated`'s sentences. Left out: texts with no letters, URLs,
    /// e-mail addresses, identifiers (`snake_case`, `camelCase`, `CONSTANT`, file names), the
    /// configuration's words per language and keys (`sameAsSource`), and languages sharing
    /// the source's.
    static let sameAsSource = LintRule(
        .sameAsSource, .warning,
        "A translation is identical to the source text, however short ('Settings' left in English); URLs, e-mail addresses, identifiers and the configuration's own words and keys (sameAsSource) are left out.",
        help: "Translate the text, or list it in sameAsSource.words for the language (a word that reads the same) or its key in sameAsSource.keys.",
        enabledByDefault: false,
        check: .entry(EntryCheck { run, ctx, _ in
            guard !ctx.sameLanguageAsSource, ctx.translatable else { return }
            let mine = ctx.texts
            guard mine.elementsEqual(ctx.sourceTexts, by: { $0.value == $1.value }), let first = mine.first else { return }
            // Sentences are untranslated's (said once).
            if mine.contains(where: { LintRun.isSentence($0.value) }) { return }
            guard mine.contains(where: { SameAsSource.isWording($0.value) }) else { return }
            let rules = run.configuration.textRules
            let lang = ctx.plan?.locale.language ?? ctx.localization.lowercased()
            let words = rules.sameWords[lang, default: []].union(rules.sameWords[ctx.localization.lowercased(), default: []])
            if mine.allSatisfy({ words.contains($0.value) }) { return }
            let name = ctx.table + ":" + ctx.entry.key
            if rules.sameKeys.contains(where: { $0.matches(name) }) { return }
            run.emit(.sameAsSource, ctx.place(first.origin),
                     "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) is the \(ctx.sourceLocalization ?? "source") text \(Excerpt.quoted(first.value))")
        }))
}

enum SameAsSource {
    /// Text a translator words: letters outside specifiers, not an address or an identifier.
    static func isWording(_ s: String) -> Bool {
        let literal = TextParity.literal(s).trimmingCharacters(in: .whitespacesAndNewlines)
        guard literal.contains(where: \.isLetter) else { return false }
        let tokens = literal.split(whereSeparator: { $0.isWhitespace })
        let words = tokens.filter { !LintRun.isAddress($0) && !isIdentifier($0) }
        return words.contains { $0.contains(where: \.isLetter) }
    }

    /// `snake_case`, `camelCase`, `SCREAMING_CASE`, `file.ext`, `v1.2`.
    static func isIdentifier(_ t: Substring) -> Bool {
        if t.contains("_") { return true }
        let letters = t.filter(\.isLetter)
        if letters.count >= 2, letters.allSatisfy(\.isUppercase) { return true }
        if let f = t.first, f.isLowercase, t.dropFirst().contains(where: \.isUppercase) { return true }
        return t.contains(".") && !t.hasSuffix(".") && t.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
    }
}
