import Foundation
public import HeraldDiagnostics

extension Diagnostic.Rule {
    public static let inflection = Self("inflection")
}

extension LintRule {
    /// Apple's automatic grammar agreement in a localized AttributedString: `^[text](inflect: true)`
    /// and the `agreeWithArgument`, `agreeWithConcept`, `inflectionAlternative` attributes. Linux
    /// Foundation has none of it, so the markup is read here: a `^[` with no `](…)`, attributes
    /// that are not `name: value`, unknown attribute names, an argument number out of range, and
    /// `inflect: true` in a language Apple does not inflect (the text then shows as written).
    static let inflection = LintRule(
        .inflection, .warning,
        "Apple's grammar-agreement markup (^[…](inflect: true), agreeWithArgument, agreeWithConcept, inflectionAlternative) is malformed, names an unknown attribute or argument, or asks to inflect in a language Apple does not inflect.",
        help: "Write ^[text](inflect: true) with attributes as name: value pairs Foundation knows; in a language without automatic grammar agreement, write the forms out (a plural variable) instead.",
        check: .entry(EntryCheck { run, ctx, facts in
            let language = ctx.plan?.locale.language ?? ""
            for t in ctx.texts where t.value.contains("^[") {
                for problem in Inflection.problems(t.value, language: language, arguments: facts.own.argumentCount) {
                    run.emit(.inflection, ctx.place(t.origin), "\(ctx.localization) text of \(Excerpt.quoted(ctx.entry.key)): \(problem)")
                }
            }
        }))
}

/// Reading `^[…](…)` markup.
enum Inflection {
    /// Languages Apple's automatic grammar agreement inflects (iOS 17 / macOS 14).
    static let inflectingLanguages: Set<String> = ["en", "es", "fr", "de", "it", "pt"]
    /// The attribute names Foundation reads inside `^[…](…)`.
    static let knownAttributes: Set<String> = [
        "inflect", "inflectionAlternative", "agreeWithArgument", "agreeWithConcept", "morphology", "referentConcept", "localizedNumberFormat",
    ]

    /// What is wrong with each `^[…](…)` of `text` (at most 8 said per text).
    static func problems(_ text: String, language: String, arguments: Int) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "^["), out.count < 8 {
            let after = rest[open.upperBound...]
            // The bracketed text (nested brackets are not allowed in it) and its attribute list.
            guard let close = after.firstIndex(of: "]"), after[after.index(after: close)...].hasPrefix("("),
                let end = after[close...].firstIndex(of: ")")
            else {
                out.append("'^[' is not followed by '](attributes)': the markup shows as written")
                break
            }
            let attributes = after[after.index(close, offsetBy: 2)..<end]
            for pair in attributes.split(separator: ",") {
                let parts = pair.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    out.append("attribute '\(Excerpt.escaped(String(pair)))' is not 'name: value'")
                    continue
                }
                let name = parts[0], value = parts[1]
                if !knownAttributes.contains(name) {
                    out.append("unknown attribute \(Excerpt.quoted(name)) in ^[…](…) (Foundation reads \(knownAttributes.sorted().joined(separator: ", ")))")
                } else if name == "inflect", value == "true", !language.isEmpty, !inflectingLanguages.contains(language) {
                    out.append("'inflect: true' in \(language), which Apple's grammar agreement does not inflect: the text shows as written")
                } else if name == "agreeWithArgument", let n = Int(value), n < 1 || (arguments > 0 && n > arguments) {
                    out.append("'agreeWithArgument: \(n)' names no argument of the text (it has \(arguments))")
                } else if name == "inflect", value != "true", value != "false" {
                    out.append("'inflect' is true or false, not \(Excerpt.quoted(value))")
                }
            }
            rest = after[after.index(after: end)...]
        }
        return out
    }
}
