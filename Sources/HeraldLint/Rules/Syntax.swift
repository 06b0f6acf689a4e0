import HeraldDiagnostics

extension LintRule {
    static let syntax = LintRule(
        .syntax, .error,
        "The file does not parse; a device drops the whole file (or everything after the error).",
        help: "Fix the file at the line and column given: a device reads nothing of it after the error. Xcode's plutil -lint and a build show the same place.",
        check: .pass("the table readers (HeraldTables)"))
}
