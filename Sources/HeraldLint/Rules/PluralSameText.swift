public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let pluralSameText = Self("plural-same-text")
}

extension LintRule {
    static let pluralSameText = LintRule(
        .pluralSameText, .warning,
        "Every plural form of a variable has the same text (with a word of four letters or more) where the source's differ; the noun is not inflected (not checked in Germanic languages).",
        help: "Write each form with the words the number needs in that language.",
        check: .sharedWith(.pluralMissingOther))
}
