public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let missingKey = Self("missing-key")
}

extension LintRule {
    static let missingKey = LintRule(
        .missingKey, .warning,
        "A key of the source locale is missing in a translation (the device shows the development language).",
        help: "Translate the key in that language (or mark it shouldTranslate: false in a String Catalog if it must stay in the source language).",
        check: .pass("the bundle pass (TableChecks.swift)"))
}
