// ICU MessageFormat (v1) patterns (`.icu` tables) as MessageFormat 2 messages that render the
// same text for the arguments a push gives:
// - `{name}` → `{$name}`; `{0}` → `{$arg1}` (numbered arguments keep their positions);
// - `{n, number}` → `{$n :number useGrouping=always}`, `{n, number, integer}` → `{$n :integer
//   useGrouping=always}` (ICU's MessageFormat groups every number of four digits or more,
//   whatever the locale's minimum grouping: Polish 1000 is "1 000" there);
// - `plural` → `.match` on `$n` (`:number useGrouping=always`): `=3` → key `3`, keywords as they are, `other` → `*`;
//   with `offset:k`, exact keys on `$n` and keywords on `.local $n-offset = {$n :offset
//   subtract=k}`, `#` → the offset value; `selectordinal` on `{$n :number select=ordinal}`;
// - `select` → `.match` on `$g` (`:string`), `other` → `*`;
// - choices inside choices become one variant per path through them.
// Everything else (dates, times, currencies, skeletons, `choice`, an argument both selected
// as text and used as a number) is refused with the reason.

struct ICUConversion {
    enum Use { case text, number, select }

    /// Arguments in the order they bind: first use (named), or 0, 1, 2… (numbered).
    var order: [String] = []
    var uses: [String: Use] = [:]
    var numbered = false
    /// One selector column: the variable matched on.
    var columns: [String] = []
    var locals: [(name: String, source: String)] = []

    static func convert(_ pattern: String) throws(ConversionRefusal) -> String {
        let nodes = try ICUPatternReader.read(pattern)
        var c = ICUConversion()
        try c.collect(nodes)
        return try c.write(nodes)
    }

    func variable(_ name: String) -> String { numbered ? "arg\((Int(name) ?? 0) + 1)" : name }

    mutating func note(_ name: String, _ use: Use) throws(ConversionRefusal) {
        if uses[name] == nil { order.append(name) }
        switch (uses[name], use) {
        case (nil, _): uses[name] = use
        case (.text?, _): uses[name] = use
        case (.number?, .text), (.select?, .text): break
        case (let was?, let now) where was == now: break
        default: throw ConversionRefusal("'\(name)' is both selected on as text and used as a number")
        }
    }

    /// Notes every argument in the order ICU binds them (first use, depth first).
    mutating func collect(_ nodes: [ICUNode]) throws(ConversionRefusal) {
        for n in nodes {
            switch n {
            case .text, .pound: break
            case .argument(let name, let style): try note(name, style == nil ? .text : .number)
            case .choice(let c):
                try note(c.name, c.kind == .select ? .select : .number)
                for k in c.cases { try collect(k.message) }
            }
        }
    }

    static func literalKey(_ key: String) -> String {
        if PrintfConversion.isPlainName(key) { return key }
        var out = "|"
        for c in key.unicodeScalars {
            if c == "\\" || c == "|" { out += "\\" }
            out.unicodeScalars.append(c)
        }
        return out + "|"
    }

    /// The columns of one choice and each case's keys in them.
    mutating func columns(for c: ICUChoice) -> (first: Int, keys: [[String]]) {
        let v = variable(c.name)
        let first = columns.count
        switch c.kind {
        case .select:
            columns.append(v)
            return (first, c.cases.map { [$0.key == "other" ? "*" : Self.literalKey($0.key)] })
        case .ordinal:
            let local = v + "-ordinal"
            if !locals.contains(where: { $0.name == local }) { locals.append((local, "{$\(v) :number select=ordinal}")) }
            columns.append(local)
            return (first, c.cases.map { [$0.key == "other" ? "*" : $0.key.hasPrefix("=") ? String($0.key.dropFirst()) : $0.key] })
        case .plural where c.offset == 0:
            columns.append(v)
            return (first, c.cases.map { [$0.key == "other" ? "*" : $0.key.hasPrefix("=") ? String($0.key.dropFirst()) : $0.key] })
        case .plural:
            let local = v + "-offset\(c.offset)"
            if !locals.contains(where: { $0.name == local }) { locals.append((local, "{$\(v) :offset subtract=\(c.offset)}")) }
            columns.append(v)
            columns.append(local)
            return (first, c.cases.map { k in
                k.key == "other" ? ["*", "*"] : k.key.hasPrefix("=") ? [String(k.key.dropFirst()), "*"] : ["*", k.key]
            })
        }
    }

    /// A path through the choices: each choice occurrence's case, and the keys it sets.
    struct Path { var keys: [Int: String] = [:]; var cases: [Int] = [] }

    /// Columns are given out in the order choices are met; `paths` of a node list are the
    /// cross product of its choices' paths.
    mutating func paths(_ nodes: [ICUNode], limit: Int) throws(ConversionRefusal) -> [Path] {
        var out = [Path()]
        for n in nodes {
            guard case .choice(let c) = n else { continue }
            let (first, keys) = columns(for: c)
            var mine: [Path] = []
            for (index, k) in c.cases.enumerated() {
                // Each nested choice has columns of its own (`*` on the paths that miss it).
                for inner in try paths(k.message, limit: limit) {
                    var p = inner
                    for (j, key) in keys[index].enumerated() { p.keys[first + j] = key }
                    p.cases.insert(index, at: 0)
                    mine.append(p)
                }
            }
            var combined: [Path] = []
            for a in out {
                for b in mine {
                    combined.append(Path(keys: a.keys.merging(b.keys) { x, _ in x }, cases: a.cases + b.cases))
                    if combined.count > limit { throw ConversionRefusal("it would be more than \(limit) variants") }
                }
            }
            out = combined
        }
        return out
    }

    func pattern(_ nodes: [ICUNode], cases: inout ArraySlice<Int>, pound: String?) -> String {
        var out = ""
        for n in nodes {
            switch n {
            case .text(let t): out += PrintfConversion.escaped(t)
            case .pound: out += pound.map { "{$\($0)}" } ?? "#"
            case .argument(let name, let style):
                let v = variable(name)
                switch style {
                case "number"?: out += "{$\(v) :number useGrouping=always}"
                case "integer"?: out += "{$\(v) :integer useGrouping=always}"
                default: out += "{$\(v)}"
                }
            case .choice(let c):
                let k = cases.popFirst() ?? 0
                let inner = c.kind == .select ? pound : (c.offset == 0 ? variable(c.name) : variable(c.name) + "-offset\(c.offset)")
                out += pattern(c.cases[k].message, cases: &cases, pound: inner)
            }
        }
        return out
    }

    mutating func write(_ nodes: [ICUNode]) throws(ConversionRefusal) -> String {
        numbered = !order.isEmpty && order.allSatisfy { Int($0) != nil }
        if !numbered, let bad = order.first(where: { !PrintfConversion.isPlainName($0) }) {
            throw ConversionRefusal("the argument name '\(bad)' is not converted")
        }
        var bound = order
        if numbered {
            // Positions as given: every argument up to the highest one named.
            let highest = order.compactMap { Int($0) }.max() ?? -1
            guard highest < 64 else { throw ConversionRefusal("argument {\(highest)} is beyond 64") }
            bound = (0...max(highest, 0)).map(String.init)
        }
        let paths = try paths(nodes, limit: PrintfConversion.maximumVariants)
        var lines: [String] = []
        for name in bound {
            let v = variable(name)
            switch uses[name] {
            case .number?: lines.append(".input {$\(v) :number useGrouping=always}")
            case .select?: lines.append(".input {$\(v) :string}")
            case .text?, nil: lines.append(".input {$\(v)}")
            }
        }
        for l in locals { lines.append(".local $\(l.name) = \(l.source)") }
        if columns.isEmpty {
            var cases = ArraySlice<Int>()
            let text = pattern(nodes, cases: &cases, pound: nil)
            // No selection: a simple message when arguments are first named in binding order.
            if order == bound.filter({ uses[$0] != nil }) && order == Array(bound.prefix(order.count)) && !uses.values.contains(.number) {
                if let first = text.unicodeScalars.first, first == "." || first.properties.isWhitespace || first == "\u{200E}" || first == "\u{200F}" {
                    return "{{" + text + "}}"
                }
                return text
            }
            lines.append("{{" + text + "}}")
            return lines.joined(separator: "\n")
        }
        lines.append(".match " + columns.map { "$" + $0 }.joined(separator: " "))
        var seen = Set<[String]>()
        for p in paths {
            let keys = columns.indices.map { p.keys[$0] ?? "*" }
            // Two paths with the same keys: the first is the one ICU would take.
            guard seen.insert(keys).inserted else { continue }
            var cases = ArraySlice(p.cases)
            lines.append(keys.joined(separator: " ") + " {{" + pattern(nodes, cases: &cases, pound: nil) + "}}")
        }
        if !seen.contains(columns.map { _ in "*" }) {
            throw ConversionRefusal("no variant for every '*' (please report it)")
        }
        return lines.joined(separator: "\n")
    }
}
