import HeraldDiagnostics

extension LintRule {
    static let io = LintRule(
        .io, .error,
        "A file or folder cannot be read.",
        help: "Check the path, its permissions and links; nothing in it was validated.",
        check: .pass("collecting the files (TableFiles)"))
}
