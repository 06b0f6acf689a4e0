/// The data-model checks a well-formed message must pass before it is formatted:
/// declarations, options, selectors and variants (each error with where it is).
public enum MF2Validation {
    public static func errors(in message: MF2Message) -> [MF2Error] {
        var out: [MF2Error] = []
        // Duplicate declarations: a name declared twice, or a .local naming a variable
        // already used (as an input) before it.
        var seen = Set<String>()
        var annotated: [String: Bool] = [:]
        func noteUses(_ e: MF2Expression) {
            if case .variable(let v) = e.operand { seen.insert(v.name) }
            for o in e.function?.options ?? [] { if case .variable(let v) = o.value { seen.insert(v.name) } }
        }
        for d in message.declarations {
            let e = d.expression
            checkOptions(e.function?.options ?? [], into: &out)
            switch d {
            case .input(let name, _):
                if annotated[name] != nil || seen.contains(name) {
                    out.append(MF2Error(.duplicateDeclaration, "'$\(name)' is declared twice", at: e.position))
                }
                noteUses(e)
                annotated[name] = e.function != nil
            case .local(let v, _):
                noteUses(e)
                if seen.contains(v.name) || annotated[v.name] != nil {
                    out.append(MF2Error(.duplicateDeclaration, "'$\(v.name)' is used or declared before this .local", at: v.position))
                }
                seen.insert(v.name)
                var isAnnotated = e.function != nil
                if !isAnnotated, case .variable(let operand) = e.operand { isAnnotated = annotated[operand.name] ?? false }
                annotated[v.name] = isAnnotated
            }
        }
        func checkPattern(_ p: MF2Pattern) {
            for part in p.parts {
                switch part {
                case .text: break
                case .expression(let e): checkOptions(e.function?.options ?? [], into: &out)
                case .markup(let m): checkOptions(m.options, into: &out)
                }
            }
        }
        switch message.body {
        case .pattern(let p): checkPattern(p)
        case .matcher(let selectors, let variants):
            for s in selectors where annotated[s.name] != true {
                out.append(MF2Error(
                    .missingSelectorAnnotation,
                    "the selector '$\(s.name)' must be declared with a function (.input {$\(s.name) :number} or .local)",
                    at: s.position))
            }
            var mismatch = false
            for v in variants where v.keys.count != selectors.count {
                mismatch = true
                out.append(MF2Error(
                    .variantKeyMismatch, "this variant has \(v.keys.count) key(s) for \(selectors.count) selector(s)", at: v.position))
            }
            for v in variants { checkPattern(v.pattern) }
            if !mismatch {
                if !variants.contains(where: { $0.keys.allSatisfy { $0 == .catchAll } }) {
                    let stars = Array(repeating: "*", count: selectors.count).joined(separator: " ")
                    out.append(MF2Error(
                        .missingFallbackVariant, "no fallback variant: add one whose keys are all '*' (\(stars))",
                        at: variants.first?.position))
                }
                var keys = Set<[MF2Key]>()
                for v in variants where !keys.insert(v.keys).inserted {
                    out.append(MF2Error(.duplicateVariant, "a variant with these keys comes earlier", at: v.position))
                }
            }
        }
        return out
    }

    private static func checkOptions(_ options: [MF2Option], into out: inout [MF2Error]) {
        guard options.count > 1 else { return }
        var names = Set<String>()
        for o in options where !names.insert(o.name).inserted {
            out.append(MF2Error(.duplicateOptionName, "the option '\(o.name)' is given twice", at: o.position))
        }
    }
}
