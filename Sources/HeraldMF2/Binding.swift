/// What `MF2Formatter` settles once per message: each variable reference's declaration
/// and each expression's function handler, so formatting looks neither up by name.
struct Binding {
    let declarations: [String: Int]
    let functions: MF2Functions

    func bind(_ message: MF2Message, handlers: inout [(any MF2Function)?]) -> MF2Message {
        var m = message
        var exprs: [(Int, String?)] = []
        func variable(_ v: MF2VariableRef) -> MF2VariableRef {
            var copy = v
            copy.declaration = declarations[v.name] ?? -1
            return copy
        }
        func operand(_ o: MF2Operand) -> MF2Operand {
            if case .variable(let v) = o { return .variable(variable(v)) }
            return o
        }
        func options(_ list: [MF2Option]) -> [MF2Option] {
            list.map { var o = $0; o.value = operand(o.value); return o }
        }
        func expression(_ e: MF2Expression) -> MF2Expression {
            var copy = e
            copy.operand = e.operand.map(operand)
            if var f = e.function {
                f.options = options(f.options)
                copy.function = f
            }
            exprs.append((e.index, e.function?.name))
            return copy
        }
        func pattern(_ p: MF2Pattern) -> MF2Pattern {
            MF2Pattern(parts: p.parts.map { part in
                switch part {
                case .text: return part
                case .expression(let e): return .expression(expression(e))
                case .markup(var mk):
                    mk.options = options(mk.options)
                    return .markup(mk)
                }
            })
        }
        m.declarations = message.declarations.map { d in
            switch d {
            case .input(let name, let e): return .input(name: name, expression(e))
            case .local(let v, let e): return .local(v, expression(e))
            }
        }
        switch message.body {
        case .pattern(let p): m.body = .pattern(pattern(p))
        case .matcher(let selectors, let variants):
            m.body = .matcher(
                selectors: selectors.map(variable),
                variants: variants.map { var v = $0; v.pattern = pattern(v.pattern); return v })
        }
        let count = (exprs.map(\.0).max() ?? -1) + 1
        handlers = Array(repeating: nil, count: count)
        for (i, name) in exprs { if let name { handlers[i] = functions.byName[name] } }
        return m
    }
}
