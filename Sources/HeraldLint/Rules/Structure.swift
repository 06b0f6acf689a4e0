import HeraldDiagnostics

extension LintRule {
    static let structure = LintRule(
        .structure, .error,
        "A .stringsdict or .xcstrings entry is not shaped the way Foundation and Xcode read it.",
        help: "Reshape the entry as Xcode writes it (the message names the field); Foundation ignores or mis-reads an entry shaped otherwise.",
        check: .pass("the table readers (HeraldTables), and the plural check for a variable's spec type"))
}
