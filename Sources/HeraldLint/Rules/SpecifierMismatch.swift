public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let specifierMismatch = Self("specifier-mismatch")
}

extension LintRule {
    /// The arguments a translation reads against its source's (TableChecks' `checkParity`),
    /// which also finds `specifier-missing` and `specifier-length`. A mangled plural reference
    /// hides its variable's arguments: the specifier check's one finding says it.
    static let specifierMismatch = LintRule(
        .specifierMismatch, .error,
        "A translation reads an argument the source does not supply, or reads it as another type (crash or garbage).",
        help: "Read the arguments the source reads, with the same conversions (%@ for an object, %ld for an Int); reorder them with positions (%2$@).",
        check: .entry(EntryCheck { run, ctx, facts in
            guard ctx.translatable, let sa = ctx.sourceArguments, facts.isFormat, facts.mangled.isEmpty else { return }
            run.checkParity(ctx, facts.own, sa)
        }))
}
