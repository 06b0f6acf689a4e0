import HeraldDiagnostics
import HeraldRender

extension LintRule {
    /// The format-string parser's problems in each text of a formatted entry (only texts that
    /// are formatted at all: "Battery 100%" with no specifier anywhere is plain text). This
    /// check emits every rule of `FormatProblem.kind` (dangling-percent, bad-variable…); a
    /// text of thousands of bad specifiers gets its first few, then a count.
    static let invalidSpecifier = LintRule(
        .invalidSpecifier, .error,
        "'%' followed by something that is not a conversion (%y, %1ημ).",
        help: "Write '%%' for a percent sign, or the conversion meant (%@, %ld); a plural reference is %#@name@ with no spaces.",
        check: .entry(EntryCheck { run, ctx, facts in
            guard facts.isFormat else { return }
            var shown: [Origin: Int] = [:]
            var more: [(origin: Origin, rule: Diagnostic.Rule)] = []
            var mangled = Set<String>()
            for p in facts.own.problems.listed {
                let n = shown[p.text.origin, default: 0]
                shown[p.text.origin] = n + 1
                if n < LintRun.problemsPerText {
                    if let m = run.mangledSpecifier(p, ctx, facts.own, mangled: &mangled) {
                        run.emit(p.problem.kind, ctx.place(p.text.origin), m.message, severity: m.severity)
                    } else {
                        run.emit(p.problem.kind, ctx.place(p.text.origin), p.problem.message)
                    }
                } else if n == LintRun.problemsPerText {
                    more.append((p.text.origin, p.problem.kind))
                }
            }
            for m in more {
                let extra = (shown[m.origin] ?? 0) + (facts.own.problems.unlisted[m.origin] ?? 0) - LintRun.problemsPerText
                run.emit(m.rule, ctx.place(m.origin), "\(extra) more specifier problem\(extra == 1 ? "" : "s") in this string, not listed")
            }
        }))
}

extension LintRun {
    /// Specifier problems listed per string before the rest are only counted.
    static let problemsPerText = 20

    /// The plural variables whose reference is mangled (`%# @name @`) among the problems the
    /// specifier check lists: their arguments and variable are then not reported again as
    /// missing or unused (computed before the checks run, so their order does not matter).
    func mangledVariables(_ ctx: EntryContext, _ own: MessageArguments) -> Set<String> {
        var mangled = Set<String>()
        var shown: [Origin: Int] = [:]
        for p in own.problems.listed {
            let n = shown[p.text.origin, default: 0]
            shown[p.text.origin] = n + 1
            if n < Self.problemsPerText, p.problem.kind == .invalidSpecifier { _ = mangledSpecifier(p, ctx, own, mangled: &mangled) }
        }
        return mangled
    }
}
