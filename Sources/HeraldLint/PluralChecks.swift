import HeraldICU
import HeraldRender
import HeraldTables
import HeraldDiagnostics

// The plural checks of one entry: structure (other, value type, unused variables), CLDR
// coverage, forms that leave the number out, and forms that never change.

extension LintRun {
    /// Two-category languages whose nouns change after a number other than 1
    /// ("1 file", "2 files", el "1 κωδικό", "2 κωδικούς"). Others with one/other (hu, tr, fa,
    /// bn, fi…) keep the noun as is after numerals, so identical forms are correct there; so
    /// do many nouns of the Germanic languages (de "1 Tracker", "2 Tracker"; nb and sv
    /// "passord", "lösenord", "objekt", "svar"), which are left out (measured on real apps:
    /// Tools/lint-precision). Languages with three or more categories are always checked.
    static let inflectingLanguages: Set<String> = [
        "en", "it", "es", "pt", "fr", "ca", "gl", "el", "bg",
    ]

    /// `plural-count-omitted`: a form without its number is only right when
    /// its category is a single number. Where CLDR's sample list for the
    /// category holds several (ru `one`: 1, 21, 31, 101…), "ваш билет" (your
    /// ticket) is wrong for 21. Apple's rule sends integer 0 to a `zero` form
    /// when there is one, so 0 does not count then.
    mutating func checkCountShown(_ ctx: EntryContext, _ own: MessageArguments) {
        guard let plan = ctx.plan, !own.silentForms.isEmpty else { return }
        let unused = Set(own.unusedVariables.map(\.name))
        for s in own.silentForms where !unused.contains(s.variable.name) {
            // 'few', 'many' and 'other' name the plural the numbers they cover share ("konti",
            // "účty"): a form without the number reads right for each. 'zero', 'one' and 'two'
            // read as one number ("your account", "1 other site") and are wrong for the others.
            // Only when that argument is another plural variable's count: "One file in %2$ld
            // folders" may spell its own number out on purpose.
            if let foreign = s.foreign, own.uses[foreign.argument]?.contains(where: { $0.argClass == .number }) == true {
                // Not a wording choice: the form prints the wrong count (`%2$ld Äpfel` in the
                // variable counting argument 1 says "5 Äpfel" when there is one).
                emit(.pluralFormArgument, ctx.place(s.text.origin),
                     "'\(s.category.rawValue)' form of \(Excerpt.quoted(s.variable.name)) in \(Excerpt.quoted(ctx.entry.key)) prints argument \(foreign.argument + 1) (\(Excerpt.quoted(foreign.text))), not the number \(Excerpt.quoted(s.variable.name)) counts; \(Excerpt.quoted(s.text.value)) shows another count")
                continue
            }
            guard [.zero, .one, .two].contains(s.category), let samples = plan.samples[s.category] else { continue }
            let integer = ValueType.isInteger(s.variable.valueType) || s.variable.valueType == nil
            var numbers = samples.integers + (integer ? [] : samples.decimals)
            // 0 is not counted either: a form without the number for "none" and for 1 (fr, pt
            // 'one': 0, 1) takes the singular both times ("compte"), and apps show 0 apart.
            if integer, s.category != .zero { numbers.removeAll { $0 == "0" } }
            guard numbers.count > 1 else { continue }
            let shown = numbers.prefix(4).joined(separator: ", ")
            emit(.pluralCountOmitted, ctx.place(s.text.origin),
                 "'\(s.category.rawValue)' form of \(Excerpt.quoted(s.variable.name)) in \(Excerpt.quoted(ctx.entry.key)) does not show the number, but \(ctx.localization) selects '\(s.category.rawValue)' for \(shown)…; \(Excerpt.quoted(s.text.value)) reads the same for all of them")
        }
    }

    mutating func checkPlurals(_ ctx: EntryContext, _ own: MessageArguments, mangled: Set<String> = []) {
        if case .plain = ctx.entry.message { return }
        if let v = own.stoppedAt {
            emit(.variableNesting, ctx.place(v.origin), "the plural variables of \(Excerpt.quoted(ctx.entry.key)) refer to each other more than \(MessageArguments.expansionLimit) times; the linter stopped exploring at \(Excerpt.quoted(v.name)) and did not check the forms below it")
        }
        checkCountShown(ctx, own)
        for v in own.unusedVariables where !mangled.contains(v.name) {
            emit(.variableUnused, ctx.place(v.origin), "plural variable \(Excerpt.quoted(v.name)) of \(Excerpt.quoted(ctx.entry.key)) is defined but the format string never uses it (%#@\(v.name)@)")
        }
        // Each message's variables, looked up in order of their names: the variables
        // themselves are not copied (a message may have thousands).
        var groups: [[String: PluralVariable]] = []
        func collect(_ m: Message, _ depth: Int) {
            guard depth < 16 else { return }
            switch m {
            case .plain: break
            case .plural(_, let vars): groups.append(vars)
            case .widths(let ws): for w in ws { collect(w.message, depth + 1) }
            case .devices(let ds): for k in ds.keys.sorted() { if let d = ds[k] { collect(d, depth + 1) } }
            case .phrases: break
            }
        }
        collect(ctx.entry.message, 0)
        let unused = Set(own.unusedVariables.map(\.name))
        for vars in groups {
            for name in vars.keys.sorted() {
                // Past the exploration limit (said once, as variable-nesting): not checked.
                guard let v = vars[name], !own.unexploredVariables.contains(name) else { continue }
                checkVariable(v, ctx, unused: unused)
            }
        }
    }

    /// "Слов: %ld", "Words: %d": the number stands as a value after a label, a wording
    /// every count reads right with.
    static func isLabelled(_ text: String) -> Bool {
        var literal = ""
        for seg in FormatStringParser.parse(text, substitutionArgument: true).segments {
            if case .literal(let l) = seg { literal += l } else {
                while let c = literal.last, c == " " || c == "\u{00A0}" { literal.removeLast() }
                if literal.hasSuffix(":") { return true }
                literal += "\u{1}"
            }
        }
        return false
    }

    /// Whether the source's forms of the same variable are all one text too ("%d sheep"):
    /// then identical forms in the translation follow it.
    func sourceFormsAgree(_ name: String, _ ctx: EntryContext) -> Bool {
        guard let source = ctx.source, case .plural(_, let vars) = source.message, let v = vars[name] else { return false }
        return Set(v.forms.values.map(\.value)).count == 1
    }

    /// The checks of one plural variable of `ctx`'s message.
    private mutating func checkVariable(_ v: PluralVariable, _ ctx: EntryContext, unused: Set<String>) {
        let vp = ctx.place(v.origin)
        if !v.forms.contains(.other) {
            emit(.pluralMissingOther, vp, "plural variable \(Excerpt.quoted(v.name)) of \(Excerpt.quoted(ctx.entry.key)) has no 'other' form, which Foundation requires")
        }
        if let spec = v.specType, spec != "NSStringPluralRuleType" {
            emit(.structure, vp, "plural variable \(Excerpt.quoted(v.name)) has NSStringFormatSpecTypeKey '\(Excerpt.escaped(spec))'; the only plural rule type is NSStringPluralRuleType")
        }
        if let vt = v.valueType {
            if let why = ValueType.problem(vt) {
                emit(.valueType, vp, "plural variable \(Excerpt.quoted(v.name)) of \(Excerpt.quoted(ctx.entry.key)): \(why)")
            }
        } else if ctx.entry.format == .stringsdict {
            emit(.valueType, vp, "plural variable \(Excerpt.quoted(v.name)) of \(Excerpt.quoted(ctx.entry.key)) has no NSStringFormatValueTypeKey (d, ld, f…)", severity: .warning)
        }
        guard !unused.contains(v.name), let plan = ctx.plan else { return }
        let integer = ValueType.isInteger(v.valueType) || v.valueType == nil
        for c in plan.categories where c != .other && !v.forms.contains(c) {
            if integer && !plan.hasIntegers(c) { continue }  // cs/sk/lt 'many' is for fractions only
            let example = (plan.samples[c]?.integers.prefix(3) ?? []).joined(separator: ", ")
            if plan.locale.language == "he" && c == .two {
                emit(.pluralMissingCategory, vp,
                     "plural variable \(Excerpt.quoted(v.name)) has no 'two' form; Hebrew selects it for 2, which then reads the 'other' form (right for most nouns, wrong for the few with a dual)",
                     severity: .warning)
            } else if plan.isMillionsOnly(c) {
                emit(.pluralMissingCategory, vp,
                     "plural variable \(Excerpt.quoted(v.name)) has no '\(c.rawValue)' form; \(ctx.localization) selects it only for millions (\(example)), which then read the 'other' form",
                     severity: .warning)
            } else {
                let samples = example.isEmpty ? (plan.samples[c]?.decimals.prefix(3) ?? []).joined(separator: ", ") : example
                emit(.pluralMissingCategory, vp,
                     "plural variable \(Excerpt.quoted(v.name)) has no '\(c.rawValue)' form; \(ctx.localization) needs it for \(samples)…, which would read the 'other' form")
            }
        }
        for (c, form) in v.forms where !plan.categories.contains(c) {
            if c == .zero && integer { continue }  // Apple's rule: a 'zero' form is used for integer 0 in every language
            let origin = form.origin
            emit(.pluralUnusedCategory, ctx.place(origin),
                 "'\(c.rawValue)' form of \(Excerpt.quoted(v.name)) is never selected in \(ctx.localization) (its categories: \(plan.categories.map(\.rawValue).joined(separator: ", ")))\(c == .zero ? "; Apple's zero rule applies to integer value types only" : "")")
        }
        let needed = plan.categories.filter { c in c == .other || !integer || plan.hasIntegers(c) }
        let texts = needed.compactMap { v.forms[$0]?.value }
        let inflects = needed.count >= 3 || Self.inflectingLanguages.contains(plan.locale.language)
        if needed.count >= 2, inflects, texts.count == needed.count, Set(texts).count == 1, let t = texts.first, Self.words(t).contains(where: { $0.count >= 4 }),
            !Self.isLabelled(t), !sourceFormsAgree(v.name, ctx)
        {
            emit(.pluralSameText, vp,
                 "every form of \(Excerpt.quoted(v.name)) reads \(Excerpt.quoted(t)); \(ctx.localization) has \(needed.map(\.rawValue).joined(separator: ", ")) and the words should follow the number")
        }
    }
}
