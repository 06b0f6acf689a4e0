public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let bidiControl = Self("bidi-control")
}

extension LintRule {
    static let bidiControl = LintRule(
        .bidiControl, .warning,
        "Bidirectional control characters out of place: unbalanced embeddings or isolates, or overrides (U+202D, U+202E).",
        help: "Close each embedding or isolate it opens, and drop overrides (they can disguise text).",
        check: .sharedWith(.renderLeftoverSpecifier))
}
