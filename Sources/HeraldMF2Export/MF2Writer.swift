import HeraldICU

// Writing a converted message as MessageFormat 2 source: a simple message when it selects
// nothing and its arguments are first named in order; otherwise declarations (one per
// argument, in argument order, so arguments bind as they did), then `.match` and variants.

extension PrintfConversion {
    /// `name` is usable as a MessageFormat 2 variable name as written (ASCII letters,
    /// digits, `_`, `-`, `.`, not starting with a digit, `-` or `.`).
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 64 else { return false }
        func letter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == UInt8(ascii: "_") }
        guard letter(first) else { return false }
        return name.utf8.allSatisfy { letter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// The variable name of each argument: the plural variable's own name where one names
    /// it (`files`), else `arg1`, `arg2`… (1-based, as `%1$@` counts).
    func names() -> [Int: String] {
        var out: [Int: String] = [:]
        var taken = Set<String>()
        let arguments = allArguments
        for index in arguments {
            if let n = preferredNames[index], Self.isPlainName(n), !n.hasPrefix("arg"), !taken.contains(n) {
                out[index] = n
                taken.insert(n)
            }
        }
        for index in arguments where out[index] == nil {
            var n = "arg\(index + 1)"
            while taken.contains(n) { n += "_" }
            out[index] = n
            taken.insert(n)
        }
        return out
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            if c == "{" || c == "}" || c == "\\" { out += "\\" }
            out.unicodeScalars.append(c)
        }
        return out
    }

    /// The variable a selector matches on: the argument's own (declared `:integer`),
    /// or, when the message shows the argument as text, a local of it as `:integer`.
    func selectorVariable(_ s: Selector, _ names: [Int: String]) -> String {
        let base = names[s.argument] ?? "arg\(s.argument + 1)"
        return uses[s.argument] == .text ? base + "-count" : base
    }

    func write(_ pieces: [PatternPiece]) -> String {
        let names = names()
        let simple = selectors.isEmpty && !needsDeclarations(pieces)
        func pattern(_ ps: [PatternPiece], choices: [PluralCategory]) -> String {
            var out = ""
            for p in ps {
                switch p {
                case .text(let t): out += Self.escaped(t)
                case .argument(let i):
                    let n = names[i] ?? "arg\(i + 1)"
                    // An integer argument is declared with its function; a simple message
                    // writes the function in place.
                    out += simple && uses[i] == .integer
                        ? "{$\(n) :integer useGrouping=always}" : "{$\(n)}"
                case .choice(let k):
                    out += pattern(selectors[k].forms[choices[k]] ?? selectors[k].forms[.other] ?? [], choices: choices)
                }
            }
            return out
        }
        if simple {
            let text = pattern(pieces, choices: [])
            // A simple message may not start with `.` after its leading whitespace, and
            // leading whitespace is easy to lose: such texts are written quoted.
            if let first = text.unicodeScalars.first, first == "." || first.properties.isWhitespace || isBidiMark(first) {
                return "{{" + text + "}}"
            }
            return text
        }
        var lines: [String] = []
        // Every argument up to the last one read, those it skips too (`%2$@` alone still
        // reads the second argument): arguments bind in the order variables are first named.
        for i in allArguments {
            let n = names[i] ?? "arg\(i + 1)"
            switch uses[i] {
            case .integer?: lines.append(".input {$\(n) :integer useGrouping=always}")
            case .text?: lines.append(".input {$\(n)}")
            case nil:
                // Only selected on, or not read at all.
                lines.append(selectors.contains { $0.argument == i } ? ".input {$\(n) :integer}" : ".input {$\(n)}")
            }
        }
        for s in selectors where uses[s.argument] == .text {
            let local = selectorVariable(s, names)
            if !lines.contains(where: { $0.hasPrefix(".local $\(local) ") }) {
                lines.append(".local $\(local) = {$\(names[s.argument] ?? "") :integer}")
            }
        }
        guard !selectors.isEmpty else {
            lines.append("{{" + pattern(pieces, choices: []) + "}}")
            return lines.joined(separator: "\n")
        }
        lines.append(".match " + selectors.map { "$" + selectorVariable($0, names) }.joined(separator: " "))
        // Each selector's keys: `0` for a zero form (Apple's rule for 0), then the
        // categories in CLDR order, then `*` for `other`.
        let keys: [[(key: String, form: PluralCategory)]] = selectors.map { s in
            var k: [(String, PluralCategory)] = []
            if s.forms[.zero] != nil { k.append(("0", .zero)) }
            for c in PluralCategory.allCases where c != .other && s.forms[c] != nil { k.append((c.rawValue, c)) }
            k.append(("*", .other))
            return k
        }
        var combination = [Int](repeating: 0, count: selectors.count)
        while true {
            let chosen = combination.enumerated().map { keys[$0.offset][$0.element] }
            lines.append(chosen.map(\.key).joined(separator: " ") + " {{" + pattern(pieces, choices: chosen.map(\.form)) + "}}")
            var k = selectors.count - 1
            while k >= 0 {
                combination[k] += 1
                if combination[k] < keys[k].count { break }
                combination[k] = 0
                k -= 1
            }
            if k < 0 { break }
        }
        return lines.joined(separator: "\n")
    }

    /// Every argument index from the first to the last one the message reads.
    var allArguments: [Int] {
        let last = max(uses.keys.max() ?? -1, selectors.map(\.argument).max() ?? -1)
        return last < 0 ? [] : Array(0...last)
    }

    /// Variant count of the message (the product of its selectors' keys).
    var variantCount: Int {
        selectors.reduce(1) { total, s in
            let n = (s.forms[.zero] != nil ? 1 : 0) + s.forms.count
            return total.multipliedReportingOverflow(by: n).overflow ? Int.max : total * n
        }
    }

    /// True when the arguments are not first named in the order 1, 2, 3… with none
    /// skipped: declarations then fix the order they bind in.
    func needsDeclarations(_ pieces: [PatternPiece]) -> Bool {
        var next = 0
        var seen = Set<Int>()
        for p in pieces {
            guard case .argument(let i) = p, seen.insert(i).inserted else { continue }
            if i != next { return true }
            next += 1
        }
        return false
    }

    func isBidiMark(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x061C, 0x200E, 0x200F, 0x2066...0x2069: return true
        default: return false
        }
    }
}
