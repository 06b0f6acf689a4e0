import Foundation
public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let pattern = Self("pattern")
}

extension LintRule {
    /// The configuration's `patterns`: a regular expression a team declares on its source or
    /// translated texts, with its message and severity (PatternRules.swift). Matched in
    /// linear time (LinearPattern.swift); the first match of each text is quoted.
    static let pattern = LintRule(
        .pattern, .warning,
        "A text matches one of the configuration's patterns (a regular expression on source or translated texts, with the team's own message and severity).",
        help: "Follow the pattern's message, or narrow the pattern (its \"in\", \"locales\" or \"keys\") if the text is right.",
        check: .entry(EntryCheck { run, ctx, _ in
            let patterns = run.configuration.textRules.patterns
            guard !patterns.isEmpty else { return }
            let name = ctx.table + ":" + ctx.entry.key
            let tag = ctx.localization.lowercased()
            let lang = ctx.plan?.locale.language.lowercased() ?? tag
            for p in patterns {
                switch p.scope {
                case .source: if !ctx.isSource { continue }
                case .translation: if ctx.isSource { continue }
                case .both: break
                }
                if let locales = p.locales, !locales.contains(tag), !locales.contains(lang) { continue }
                if let keys = p.keys, !keys.matches(name) { continue }
                for t in ctx.texts {
                    guard let found = p.pattern.firstMatch(in: t.value).match else { continue }
                    run.emit(.pattern, ctx.place(t.origin),
                             "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)) matches pattern \(Excerpt.quoted(p.id)) at \(Excerpt.quoted(found)): \(p.message)",
                             severity: p.severity)
                }
            }
        }))
}
