/// Reads a `LinearPattern`'s syntax (see there), refusing what a linear-time matcher cannot do.
struct PatternParser {
    typealias Problem = LinearPattern.Problem
    let scalars: [Unicode.Scalar]
    var pos = 0
    var sets: [LinearPattern.CharSet] = []
    var depth = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    func fail(_ what: String) -> Problem { Problem(message: "\(what) at character \(pos + 1)") }
    var peek: Unicode.Scalar? { pos < scalars.count ? scalars[pos] : nil }

    mutating func parse() throws(Problem) -> PatternNode {
        let node = try alternation()
        if pos < scalars.count { throw fail("an unmatched \")\"") }
        return node
    }

    mutating func alternation() throws(Problem) -> PatternNode {
        var options = [try concatenation()]
        while peek == "|" {
            pos += 1
            options.append(try concatenation())
        }
        return options.count == 1 ? options[0] : .alternation(options)
    }

    mutating func concatenation() throws(Problem) -> PatternNode {
        var parts: [PatternNode] = []
        while let c = peek, c != "|", c != ")" {
            parts.append(try repetition())
        }
        return parts.isEmpty ? .empty : parts.count == 1 ? parts[0] : .concat(parts)
    }

    mutating func repetition() throws(Problem) -> PatternNode {
        let atom = try self.atom()
        guard let q = try quantifier() else { return atom }
        if case .lineStart = atom { throw fail("a quantifier after an anchor") }
        if case .lineEnd = atom { throw fail("a quantifier after an anchor") }
        if let c = peek, c == "*" || c == "+" || c == "?" || c == "{" {
            throw fail("a quantifier right after a quantifier (lazy and possessive quantifiers are not supported)")
        }
        return .repeated(atom, min: q.min, max: q.max)
    }

    mutating func quantifier() throws(Problem) -> (min: Int, max: Int?)? {
        switch peek {
        case "*": pos += 1; return (0, nil)
        case "+": pos += 1; return (1, nil)
        case "?": pos += 1; return (0, 1)
        case "{":
            pos += 1
            let m = try number()
            var n: Int? = m
            if peek == "," {
                pos += 1
                n = peek == "}" ? nil : try number()
            }
            guard peek == "}" else { throw fail("a \"{\" that is not a repetition {m}, {m,} or {m,n} (write \\{ for the character)") }
            pos += 1
            if let n, n < m { throw fail("a repetition {\(m),\(n)} whose maximum is below its minimum") }
            return (m, n)
        default: return nil
        }
    }

    mutating func number() throws(Problem) -> Int {
        var value = 0
        var digits = 0
        while let c = peek, let d = Int(String(c)), c.isASCII {
            value = value * 10 + d
            digits += 1
            pos += 1
            if value > 100 { throw fail("a repetition count over 100") }
        }
        guard digits > 0 else { throw fail("a \"{\" that is not a repetition {m}, {m,} or {m,n} (write \\{ for the character)") }
        return value
    }

    mutating func atom() throws(Problem) -> PatternNode {
        guard let c = peek else { throw fail("a pattern that ends early") }
        pos += 1
        switch c {
        case "(":
            if peek == "?" { throw fail("a \"(?\" group (lookaround, named or flagged groups are not supported)") }
            depth += 1
            guard depth <= 100 else { throw fail("groups nested more than 100 deep") }
            let inner = try alternation()
            guard peek == ")" else { throw fail("a \"(\" that is not closed") }
            pos += 1
            depth -= 1
            return inner
        case "[": return try charClass()
        case ".": return .any
        case "^": return .lineStart
        case "$": return .lineEnd
        case "*", "+", "?", "{":
            pos -= 1
            throw fail("\"\(c)\" with nothing to repeat (write \\\(c) for the character)")
        case "\\": return try escape(inClass: false).node(&sets)
        default: return .scalar(c)
        }
    }

    enum Escaped {
        case scalar(Unicode.Scalar)
        case named(Character, negated: Bool)

        func node(_ sets: inout [LinearPattern.CharSet]) -> PatternNode {
            switch self {
            case .scalar(let s): return .scalar(s)
            case .named(let k, let neg):
                sets.append(LinearPattern.CharSet(named: [(k, neg)]))
                return .set(sets.count - 1)
            }
        }
    }

    mutating func escape(inClass: Bool) throws(Problem) -> Escaped {
        guard let c = peek else { throw fail("a \"\\\" at the end of the pattern") }
        pos += 1
        switch c {
        case "d", "w", "s": return .named(Character(c), negated: false)
        case "D", "W", "S": return .named(Character(String(c).lowercased()), negated: true)
        case "n": return .scalar("\n")
        case "t": return .scalar("\t")
        case "1"..."9": pos -= 2; throw fail("a backreference \"\\\(c)\" (not supported: it cannot be matched in linear time)")
        default:
            if c.isASCII, !c.properties.isAlphabetic, !("0"..."9").contains(c) { return .scalar(c) }
            pos -= 2
            throw fail("an unsupported escape \"\\\(c)\" (supported: \\d \\w \\s \\D \\W \\S \\n \\t and an escaped punctuation mark)")
        }
    }

    mutating func charClass() throws(Problem) -> PatternNode {
        var set = LinearPattern.CharSet()
        if peek == "^" { set.negated = true; pos += 1 }
        var first = true
        while true {
            guard let c = peek else { throw fail("a \"[\" that is not closed") }
            if c == "]" && !first { pos += 1; break }
            first = false
            pos += 1
            var low: Unicode.Scalar
            if c == "\\" {
                switch try escape(inClass: true) {
                case .named(let k, let neg): set.named.append((k, neg)); continue
                case .scalar(let s): low = s
                }
            } else {
                low = c
            }
            if peek == "-", pos + 1 < scalars.count, scalars[pos + 1] != "]" {
                pos += 1
                var high = scalars[pos]
                pos += 1
                if high == "\\" {
                    guard case .scalar(let s) = try escape(inClass: true) else { throw fail("a range ending in a class escape") }
                    high = s
                }
                guard low.value <= high.value else { throw fail("a range \"\(low)-\(high)\" that runs backwards") }
                set.ranges.append(low.value...high.value)
            } else {
                set.ranges.append(low.value...low.value)
            }
        }
        sets.append(set)
        return .set(sets.count - 1)
    }
}
