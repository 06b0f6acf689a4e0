import HeraldDiagnostics

extension LintRule {
    /// MessageFormat 2 tables (`*.mf2`, MF2Checks.swift); the printf checks do not run there.
    static let mf2 = LintRule(
        .mf2, .error,
        "A MessageFormat 2 message (a .mf2 table) does not parse or breaks the data model (line:column in the message), or reads variables its source does not give (a source variable it leaves out: warning).",
        help: "Fix the message at the line:column given inside it; read only the variables the source message declares.",
        check: .entry(EntryCheck(onMF2: true) { run, ctx, facts in
            guard facts.isMF2 else { return }
            run.checkMF2(ctx)
        }))
}
