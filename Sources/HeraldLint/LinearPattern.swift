/// A regular expression matched in time linear in the text (a Pike VM over a Thompson
/// NFA): the `patterns` of a configuration run on untrusted texts, so no pattern may make
/// a run backtrack. The syntax is a small, common subset: literals, `.` (any Unicode
/// scalar but a line break), classes `[a-z]` `[^…]`, escapes `\d \w \s \D \W \S \n \t`
/// and an escaped punctuation mark, `*` `+` `?` `{m}` `{m,}` `{m,n}` (m, n ≤ 100, expanded),
/// `|`, groups `( )`, anchors `^` `$`. Anything else (backreferences, lookaround, lazy
/// quantifiers, `(?…)`) is refused when the pattern is read. Matching is on Unicode scalars.
public struct LinearPattern: Sendable {
    /// Why a pattern was refused.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// The longest pattern accepted, in Unicode scalars.
    public static let maxPatternLength = 1_000
    /// The largest program a pattern may expand to (its repetitions written out).
    public static let maxProgramSize = 20_000

    enum Inst: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case set(Int)
        case split(Int, Int)
        case jump(Int)
        case lineStart
        case lineEnd
        case match
    }

    /// A character class: ranges and named classes, maybe negated.
    struct CharSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        var named: [(kind: Character, negated: Bool)] = []
        var negated = false

        func contains(_ s: Unicode.Scalar) -> Bool {
            var hit = ranges.contains { $0.contains(s.value) }
            if !hit { hit = named.contains { LinearPattern.isNamed(s, $0.kind) != $0.negated } }
            return hit != negated
        }
    }

    let program: [Inst]
    let sets: [CharSet]
    /// The pattern as written.
    public let text: String
    /// Instructions in the compiled program (the time bound's pattern factor).
    public var programSize: Int { program.count }

    /// Reads `pattern`, or says why it is refused.
    public init(_ pattern: String) throws(Problem) {
        let scalars = Array(pattern.unicodeScalars)
        guard !scalars.isEmpty else { throw Problem(message: "the pattern is empty") }
        guard scalars.count <= Self.maxPatternLength else {
            throw Problem(message: "the pattern is \(scalars.count) characters long, over the limit of \(Self.maxPatternLength)")
        }
        var parser = PatternParser(scalars: scalars)
        let node = try parser.parse()
        var compiler = PatternCompiler()
        try compiler.emit(node)
        try compiler.append(.match)
        program = compiler.program
        sets = parser.sets
        text = pattern
        // `a*`, `\s*$`, `^`: a pattern matching nothing at all would report every text.
        if firstMatch(in: "").match != nil {
            throw Problem(message: "the pattern matches an empty text, so it would report every text (write + for *, or name what it must find)")
        }
    }

    /// True when `s` is in the named class `\d`, `\w` or `\s`.
    static func isNamed(_ s: Unicode.Scalar, _ kind: Character) -> Bool {
        switch kind {
        case "d": return s.properties.generalCategory == .decimalNumber
        case "w": return s == "_" || s.properties.isAlphabetic || s.properties.generalCategory == .decimalNumber
        default: return s.properties.isWhitespace
        }
    }

    /// The first (leftmost) match in `text`, the alternatives tried in the order written,
    /// and the steps the machine took (at most about twice the program size per scalar).
    public func firstMatch(in text: String) -> (match: Substring?, steps: Int) {
        let scalars = Array(text.unicodeScalars)
        let n = scalars.count
        var marks = [Int](repeating: 0, count: program.count)
        var generation = 1
        var steps = 0
        var current: [(pc: Int, start: Int)] = []
        var next: [(pc: Int, start: Int)] = []
        var stack: [Int] = []
        var found: (Int, Int)? = nil

        // Adds the thread at `pc` and what it reaches without reading, at position `pos`.
        func add(_ list: inout [(pc: Int, start: Int)], _ pc: Int, _ start: Int, _ pos: Int) {
            stack.append(pc)
            while let p = stack.popLast() {
                guard marks[p] != generation else { continue }
                marks[p] = generation
                steps += 1
                switch program[p] {
                case .jump(let to): stack.append(to)
                case .split(let a, let b): stack.append(b); stack.append(a)
                case .lineStart: if pos == 0 || scalars[pos - 1] == "\n" { stack.append(p + 1) }
                case .lineEnd: if pos == n || scalars[pos] == "\n" { stack.append(p + 1) }
                default: list.append((p, start))
                }
            }
        }

        for pos in 0...n {
            if found == nil { add(&current, 0, pos, pos) }
            if current.isEmpty, found != nil { break }
            generation += 1
            next.removeAll(keepingCapacity: true)
            for t in current {
                steps += 1
                let reads: Bool
                switch program[t.pc] {
                case .match:
                    found = (t.start, pos)
                    reads = false
                case .scalar(let c): reads = pos < n && scalars[pos] == c
                case .any: reads = pos < n && scalars[pos] != "\n"
                case .set(let i): reads = pos < n && sets[i].contains(scalars[pos])
                default: reads = false
                }
                if case .match = program[t.pc] { break }
                if reads { add(&next, t.pc + 1, t.start, pos + 1) }
            }
            swap(&current, &next)
        }
        guard let (a, b) = found else { return (nil, steps) }
        let view = text.unicodeScalars
        let from = view.index(view.startIndex, offsetBy: a)
        let to = view.index(from, offsetBy: b - a)
        return (Substring(view[from..<to]), steps)
    }
}

/// The parsed form of a pattern.
indirect enum PatternNode {
    case empty
    case scalar(Unicode.Scalar)
    case any
    case set(Int)
    case lineStart, lineEnd
    case concat([PatternNode])
    case alternation([PatternNode])
    case repeated(PatternNode, min: Int, max: Int?)
}

/// Writes a parsed pattern as Pike VM instructions, refusing one that grows too large.
struct PatternCompiler {
    var program: [LinearPattern.Inst] = []

    mutating func append(_ i: LinearPattern.Inst) throws(LinearPattern.Problem) {
        guard program.count < LinearPattern.maxProgramSize else {
            throw LinearPattern.Problem(message: "the pattern's repetitions expand to more than \(LinearPattern.maxProgramSize) steps; repeat less")
        }
        program.append(i)
    }

    mutating func emit(_ node: PatternNode) throws(LinearPattern.Problem) {
        switch node {
        case .empty: break
        case .scalar(let s): try append(.scalar(s))
        case .any: try append(.any)
        case .set(let i): try append(.set(i))
        case .lineStart: try append(.lineStart)
        case .lineEnd: try append(.lineEnd)
        case .concat(let parts): for p in parts { try emit(p) }
        case .alternation(let options):
            var jumps: [Int] = []
            for (i, o) in options.enumerated() {
                if i == options.count - 1 { try emit(o); break }
                let split = program.count
                try append(.split(split + 1, 0))
                try emit(o)
                jumps.append(program.count)
                try append(.jump(0))
                program[split] = .split(split + 1, program.count)
            }
            for j in jumps { program[j] = .jump(program.count) }
        case .repeated(let inner, let min, let max):
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy skips to the end when not taken.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    try append(.split(0, 0))
                    try emit(inner)
                }
                for s in splits { program[s] = .split(s + 1, program.count) }
            } else {
                let split = program.count
                try append(.split(split + 1, 0))
                try emit(inner)
                try append(.jump(split))
                program[split] = .split(split + 1, program.count)
            }
        }
    }
}
