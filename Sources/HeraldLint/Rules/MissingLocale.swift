public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let missingLocale = Self("missing-locale")
}

extension LintRule {
    static let missingLocale = LintRule(
        .missingLocale, .error,
        "A table lacks a localization the configuration's \"locales\" lists (a deleted .lproj folder, a language left out of a String Catalog).",
        help: "Add the localization's table (or the language to the String Catalog), or take the language out of the configuration's \"locales\".",
        check: .pass("the bundle pass (RequiredLocales.swift)"))
}
