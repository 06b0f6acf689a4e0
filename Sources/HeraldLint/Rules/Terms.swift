import Foundation
public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let termKept = Self("term-kept")
    public static let termTranslation = Self("term-translation")
}

extension LintRule {
    /// The glossary's do-not-translate terms (`terms`, `"keep": true`): a translation of a
    /// source text naming the term must name it as written ("Powerball", "Herald").
    static let termKept = LintRule(
        .termKept, .warning,
        "A translation leaves out or changes a term the configuration's glossary says to keep as written (a brand: \"Powerball\") where its source names it.",
        help: "Write the term exactly as the glossary gives it.",
        check: .entry(EntryCheck { run, ctx, _ in
            let terms = run.configuration.textRules.terms
            guard !terms.isEmpty, !ctx.sameLanguageAsSource else { return }
            for (s, t) in ctx.parityPairs {
                for term in terms where term.keep && Glossary.contains(s.value, term.term, ignoringCase: true) && !Glossary.contains(t.value, term.term, ignoringCase: false) {
                    run.emit(.termKept, ctx.place(t.origin),
                             "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) does not write \(Excerpt.quoted(term.term)) as written, which the glossary keeps untranslated: \(Excerpt.quoted(t.value))")
                }
            }
        }))

    /// The glossary's required translations (`terms`, `"translations": {"de": "Los"}`).
    static let termTranslation = LintRule(
        .termTranslation, .warning,
        "A translation does not use the glossary's translation of a term its source names (\"ticket\" must read \"Los\" in German).",
        help: "Use the glossary's translation of the term (in the form the sentence needs; the glossary entry is matched as a whole word, ignoring case).",
        check: .entry(EntryCheck { run, ctx, _ in
            let terms = run.configuration.textRules.terms
            guard !terms.isEmpty, !ctx.sameLanguageAsSource else { return }
            let tag = ctx.localization.lowercased()
            let lang = ctx.plan?.locale.language ?? tag
            for (s, t) in ctx.parityPairs {
                for term in terms {
                    guard let wanted = term.translations[tag] ?? term.translations[lang], Glossary.contains(s.value, term.term, ignoringCase: true),
                        !Glossary.contains(t.value, wanted, ignoringCase: true)
                    else { continue }
                    run.emit(.termTranslation, ctx.place(t.origin),
                             "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) does not use \(Excerpt.quoted(wanted)), the glossary's translation of \(Excerpt.quoted(term.term)): \(Excerpt.quoted(t.value))")
                }
            }
        }))
}

/// Whole-word matching for the glossary.
enum Glossary {
    /// True when `term` occurs in `text` with no letter or digit right before or after it.
    static func contains(_ text: String, _ term: String, ignoringCase: Bool) -> Bool {
        var options: String.CompareOptions = []
        if ignoringCase { options.insert(.caseInsensitive) }
        var from = text.startIndex
        while let r = text.range(of: term, options: options, range: from..<text.endIndex) {
            let before = r.lowerBound > text.startIndex ? text[text.index(before: r.lowerBound)] : nil
            let after = r.upperBound < text.endIndex ? text[r.upperBound] : nil
            if !(before.map { $0.isLetter || $0.isNumber } ?? false), !(after.map { $0.isLetter || $0.isNumber } ?? false) { return true }
            from = text.index(after: r.lowerBound)
        }
        return false
    }
}
