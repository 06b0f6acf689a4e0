import HeraldDiagnostics

extension LintRule {
    static let duplicateKey = LintRule(
        .duplicateKey, .warning,
        "A key is defined twice in one file; the last definition wins.",
        help: "Keep one definition of the key: the device shows the last one, which may not be the one reviewed.",
        check: .pass("the table readers (HeraldTables)"))
}
