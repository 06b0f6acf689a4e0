import HeraldDiagnostics

extension LintRule {
    static let pseudoUnchanged = LintRule(
        .pseudoUnchanged, .warning,
        "Text of a built-in example that pseudo-localization leaves unchanged: it does not come from a table.",
        help: "Move the text into a table so it is translated.",
        check: .pass("--pseudo, the examples rendered by HeraldPreview's PseudoCoverage (Linter.postPassFindings)"))
}
