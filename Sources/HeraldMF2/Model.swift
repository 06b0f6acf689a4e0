/// The data model of a MessageFormat 2 message, as the parser builds it from the syntax.
/// Escapes are already resolved; names are as written, without their bidi marks.

/// A place in a message's source: 1-based line and column (columns count Unicode scalars).
public struct MF2Position: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// A parsed message: its declarations, then either one pattern or a matcher.
public struct MF2Message: Sendable {
    public var declarations: [MF2Declaration]
    public var body: Body

    public enum Body: Sendable {
        case pattern(MF2Pattern)
        case matcher(selectors: [MF2VariableRef], variants: [MF2Variant])
    }

    /// Every variable the message reads from its caller: the `.input` names and the
    /// variables used without a declaration, in order of first appearance.
    public var externalVariables: [String] {
        var declared = Set<String>()
        var seen = Set<String>()
        var out: [String] = []
        func use(_ name: String) {
            if !declared.contains(name), seen.insert(name).inserted { out.append(name) }
        }
        func visit(_ e: MF2Expression) {
            if case .variable(let v) = e.operand { use(v.name) }
            for o in e.function?.options ?? [] { if case .variable(let v) = o.value { use(v.name) } }
        }
        func visit(_ p: MF2Pattern) {
            for part in p.parts {
                switch part {
                case .text: break
                case .expression(let e): visit(e)
                case .markup(let m): for o in m.options { if case .variable(let v) = o.value { use(v.name) } }
                }
            }
        }
        for d in declarations {
            switch d {
            case .input(let name, let e):
                use(name)
                visit(e)
                declared.insert(name)
            case .local(let name, let e):
                visit(e)
                declared.insert(name.name)
            }
        }
        switch body {
        case .pattern(let p): visit(p)
        case .matcher(let selectors, let variants):
            for s in selectors { use(s.name) }
            for v in variants { visit(v.pattern) }
        }
        return out
    }
}

/// `.input {$x …}` (the name is the expression's variable) or `.local $x = {…}`.
public enum MF2Declaration: Sendable {
    case input(name: String, MF2Expression)
    case local(MF2VariableRef, MF2Expression)

    public var name: String {
        switch self {
        case .input(let n, _): n
        case .local(let v, _): v.name
        }
    }
    public var expression: MF2Expression {
        switch self {
        case .input(_, let e), .local(_, let e): e
        }
    }
}

/// `$name` where it is written.
public struct MF2VariableRef: Sendable {
    public var name: String
    public var position: MF2Position
    /// The index of the declaration of `name` (-1: an argument), set by `MF2Formatter`.
    public internal(set) var declaration = -1
}

/// A literal (quoted or not) or a variable.
public enum MF2Operand: Sendable {
    case literal(String)
    case variable(MF2VariableRef)
}

/// Text, a placeholder expression or markup.
public struct MF2Pattern: Sendable {
    public var parts: [Part]
    public enum Part: Sendable {
        case text(String)
        case expression(MF2Expression)
        case markup(MF2Markup)
    }
}

/// `{operand :function options @attributes}`.
public struct MF2Expression: Sendable {
    public var operand: MF2Operand?
    public var function: MF2FunctionRef?
    public var attributes: [MF2Attribute]
    public var position: MF2Position
    /// Index among the message's expressions (per-message caches use it).
    public var index: Int
}

/// `:namespace:name option=value…`.
public struct MF2FunctionRef: Sendable {
    public var name: String
    public var options: [MF2Option]
}

public struct MF2Option: Sendable {
    public var name: String
    public var value: MF2Operand
    public var position: MF2Position
}

public struct MF2Attribute: Sendable {
    public var name: String
    public var value: String?
}

/// `{#name …}`, `{#name …/}` or `{/name …}`.
public struct MF2Markup: Sendable {
    public enum Kind: String, Sendable { case open, standalone, close }
    public var kind: Kind
    public var name: String
    public var options: [MF2Option]
    public var attributes: [MF2Attribute]
    public var position: MF2Position
}

/// One variant of a matcher: a key per selector, and its pattern.
public struct MF2Variant: Sendable {
    public var keys: [MF2Key]
    public var pattern: MF2Pattern
    public var position: MF2Position
}

public enum MF2Key: Sendable, Hashable {
    case literal(String)
    case catchAll
}
