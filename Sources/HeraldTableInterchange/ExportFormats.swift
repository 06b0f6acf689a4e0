import HeraldTableFormats
import HeraldTables
// Format strings converted between `.stringsdict` and String Catalog conventions,
// so that a converted message reads the same arguments and prints them the same way:
//
// - In a `.stringsdict`, `%N$#@v@` (or its place among the format's specifiers) is the
//   argument a variable reads, and a form's specifiers are read from that argument on
//   (`%d` in a form of the first variable reads argument 1).
// - In a catalog, a substitution names its argument in `argNum`; Xcode writes the string
//   unit's `%#@v@` without a position next to positional specifiers
//   (`%#@dogs@ rated %2$lld`), and a form's `%arg` is the substitution's own argument,
//   printed with `formatSpecifier`. `%arg` takes no place among the form's specifiers.
//
// A form's specifier becomes `%arg` only when it is exactly that (the own argument, the
// same conversion text as formatSpecifier) and no sequential specifier follows it;
// otherwise the form is kept as written (it reads the same arguments either way).
// Going back, `%arg` becomes `%N$spec`, and a text given positions is given them
// throughout, so that it does not mix positional and sequential specifiers.

extension TableExport {
    /// The 1-based argument each variable of a `.stringsdict` format reads: its
    /// `%N$#@v@` position, else its place among the format's arguments.
    static func argumentNumbers(format: String) -> [String: Int] {
        var out: [String: Int] = [:]
        for t in FormatTokens.tokens(format) {
            if case .variable(let name) = t.kind, let a = t.argument, out[name] == nil { out[name] = a }
        }
        return out
    }

    /// A `.stringsdict` format (or any text whose variables have `argNums`) as a catalog's
    /// string unit holds it: each variable whose argNum is known written `%#@v@` when the
    /// other specifiers are all positional or all sequential (a variable's place then
    /// changes no other specifier's argument), else kept as written.
    static func catalogFormat(_ format: String, argNums: [String: Int]) -> String {
        let tokens = FormatTokens.tokens(format)
        var positional = false
        var sequential = false
        for t in tokens {
            switch t.kind {
            case .specifier: if t.position != nil { positional = true } else { sequential = true }
            case .variable: if t.position != nil { positional = true }
            default: continue
            }
        }
        // Variables written with a position among sequential specifiers: a mix kept as written.
        guard !(positional && sequential) else { return format }
        return rewrite(format, tokens) { t in
            guard case .variable(let name) = t.kind, argNums[name] != nil else { return nil }
            // Without a position a variable still takes its place among sequential ones.
            if sequential, t.position != nil { return nil }
            return "%#@\(name)@"
        }
    }

    /// A form of a `.stringsdict` variable reading argument `argNum`, as a catalog
    /// substitution's form: the specifier printing exactly that argument as `spec`
    /// prints it becomes `%arg`, when no sequential specifier follows it.
    static func catalogForm(_ form: String, argNum: Int, spec: String) -> String {
        let tokens = FormatTokens.tokens(form, firstArgument: argNum)
        guard let i = tokens.firstIndex(where: { t in
            if case .specifier(let body) = t.kind { return t.argument == argNum && body == spec }
            return false
        }) else { return form }
        if tokens[i].position == nil, tokens[(i + 1)...].contains(where: \.isSequential) { return form }
        return rewrite(form, tokens) { t in t.range == tokens[i].range ? "%arg" : nil }
    }

    /// A catalog text (a string unit's value, or a form of a substitution reading
    /// `own = (argNum, formatSpecifier)`) as a `.stringsdict` holds it: `%arg` becomes
    /// `%N$spec`, a variable whose argNum is known gets that position, and when any
    /// position is written every sequential specifier is given its own.
    static func stringsdictText(_ text: String, own: (argNum: Int, spec: String)?, argNums: [String: Int]) -> String {
        let tokens = FormatTokens.tokens(text, firstArgument: own?.argNum ?? 1, percentArg: own != nil)
        let needsPositions = tokens.contains { t in
            switch t.kind {
            case .percentArg: return true
            case .variable(let name): return argNums[name] != nil || t.position != nil
            default: return false
            }
        }
        guard needsPositions else { return text }
        let bytes = Array(text.utf8)
        return rewrite(text, tokens) { t in
            switch t.kind {
            case .percentArg:
                guard let own else { return nil }
                return "%\(own.argNum)$\(own.spec)"
            case .variable(let name):
                guard let a = argNums[name] ?? t.argument else { return nil }
                return "%\(a)$#@\(name)@"
            case .specifier:
                guard t.position == nil, let a = t.argument else { return nil }
                return "%\(a)$" + String(decoding: bytes[(t.range.lowerBound + 1)..<t.range.upperBound], as: UTF8.self)
            default: return nil
            }
        }
    }

    /// `text` with each token `replacement` gives text for replaced.
    private static func rewrite(_ text: String, _ tokens: [FormatToken], _ replacement: (FormatToken) -> String?) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var changed = false
        for t in tokens {
            if let r = replacement(t) {
                out += Array(r.utf8)
                changed = true
            } else {
                out += bytes[t.range]
            }
        }
        return changed ? String(decoding: out, as: UTF8.self) : text
    }

    /// `%arg` → `%N$spec` (or `%spec` when N is unknown), nothing else changed: the text
    /// XLIFF shows for a catalog substitution's form, turned back by replacing `%N$spec`.
    static func fromPercentArg(_ form: String, argNum: Int?, spec: String?) -> String {
        let replacement = argNum.map { "%\($0)$\(spec ?? "d")" } ?? "%\(spec ?? "d")"
        var out = ""
        var rest = Substring(form)
        while let r = rest.range(of: "%arg") {
            // `%%arg` is a literal percent followed by "arg".
            let before = rest[..<r.lowerBound]
            let trailingPercents = before.reversed().prefix { $0 == "%" }.count
            out += before
            if trailingPercents % 2 == 1 { out += "%arg" } else { out += replacement }
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
