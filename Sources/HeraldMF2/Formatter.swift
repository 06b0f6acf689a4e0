public import HeraldICU

/// A MessageFormat 2 message ready to format for one locale: parsed and checked once,
/// then formatted with each call's arguments (thread safe; no state between calls but
/// its cache of ICU formatters). A class, so a formatting call holds one reference.
public final class MF2Formatter: Sendable {
    public let message: MF2Message
    public let locale: LocaleID
    public let functions: MF2Functions
    /// Isolate placeholders with Unicode bidi isolates (the default strategy); false for none.
    public let bidiIsolation: Bool
    /// The time zone of date/time values that carry none (an IANA id).
    public let timeZone: String
    let declarationIndex: [String: Int]
    let isRightToLeft: Bool
    let memo = MF2Memo()
    /// Each selector's distinct literal keys, in order (what its value is asked to match).
    let selectorKeys: [[String]]
    /// Each expression's function handler, by `MF2Expression.index` (nil: unknown).
    let handlers: [(any MF2Function)?]
    /// For each variant, each key's index in its selector's `selectorKeys` (-1 for `*`).
    let variantKeys: [[Int]]

    /// Parses and checks `source`.
    ///
    /// - Throws: `MF2Error` for the first syntax or data-model error (with its line:column).
    public convenience init(
        _ source: String, locale: LocaleID, functions: MF2Functions = .standard, bidiIsolation: Bool = true,
        timeZone: String = "UTC"
    ) throws(MF2Error) {
        let message = try MF2Parser.parse(source)
        if let first = MF2Validation.errors(in: message).first { throw first }
        self.init(message: message, locale: locale, functions: functions, bidiIsolation: bidiIsolation, timeZone: timeZone)
    }

    /// A message already parsed and validated (`MF2Validation.errors(in:)` empty).
    public init(
        message: MF2Message, locale: LocaleID, functions: MF2Functions = .standard, bidiIsolation: Bool = true,
        timeZone: String = "UTC"
    ) {
        var index: [String: Int] = [:]
        for (k, d) in message.declarations.enumerated() where index[d.name] == nil { index[d.name] = k }
        var handlers: [(any MF2Function)?] = []
        self.message = Binding(declarations: index, functions: functions).bind(message, handlers: &handlers)
        self.handlers = handlers
        self.locale = locale
        self.functions = functions
        self.bidiIsolation = bidiIsolation
        self.timeZone = timeZone
        declarationIndex = index
        isRightToLeft = locale.isRightToLeft
        var keys: [[String]] = []
        var indexes: [[Int]] = []
        if case .matcher(let selectors, let variants) = message.body {
            var positions: [[String: Int]] = []
            for k in selectors.indices {
                var list: [String] = []
                var position: [String: Int] = [:]
                for v in variants where k < v.keys.count {
                    if case .literal(let l) = v.keys[k], position[l] == nil {
                        position[l] = list.count
                        list.append(l)
                    }
                }
                keys.append(list)
                positions.append(position)
            }
            indexes = variants.map { v in
                v.keys.enumerated().map { k, key in
                    if case .literal(let l) = key, k < positions.count { return positions[k][l] ?? -1 }
                    return -1
                }
            }
        }
        selectorKeys = keys
        variantKeys = indexes
    }

    /// The message as text, and the errors met on the way (the text then shows each
    /// failed placeholder as `{$name}`, `{|literal|}` or `{:function}`). `bidiIsolation`
    /// overrides the formatter's own for this call (`herald format --no-isolate`: false).
    public func format(_ arguments: [String: MF2Value], bidiIsolation: Bool? = nil) -> (text: String, errors: [MF2Error]) {
        var run = Evaluation(formatter: self, arguments: arguments, bidiIsolation: bidiIsolation ?? self.bidiIsolation)
        var out = ""
        var none: [MF2Part]? = nil
        run.emit(pattern: run.selectPattern(), text: &out, parts: &none)
        return (out, run.errors)
    }

    /// The message as typed parts (text, placeholders with their direction and id, markup).
    public func formatToParts(_ arguments: [String: MF2Value]) -> (parts: [MF2Part], errors: [MF2Error]) {
        var run = Evaluation(formatter: self, arguments: arguments, bidiIsolation: bidiIsolation)
        var text = ""
        var parts: [MF2Part]? = []
        run.emit(pattern: run.selectPattern(), text: &text, parts: &parts)
        return (parts ?? [], run.errors)
    }
}

/// A resolved value with what the `u:` options added to it.
struct Resolved {
    var value: MF2Value
    var direction: MF2Direction?
    var isolate = false
    var id: String?
}

enum Resolution {
    case value(Resolved)
    case fallback(String)
}

/// One formatting call: the arguments, declarations resolved so far, errors met.
struct Evaluation {
    let formatter: MF2Formatter
    let arguments: [String: MF2Value]
    /// Whether placeholders are isolated (the default strategy) or left as they are.
    let bidiIsolation: Bool
    var cache: [Resolution?]
    var errors: [MF2Error] = []

    init(formatter: MF2Formatter, arguments: [String: MF2Value], bidiIsolation: Bool) {
        self.formatter = formatter
        self.arguments = arguments
        self.bidiIsolation = bidiIsolation
        cache = Array(repeating: nil, count: formatter.message.declarations.count)
    }

    // MARK: Resolution

    mutating func variable(_ v: MF2VariableRef, external: Bool = false) -> Resolution {
        if !external, v.declaration >= 0 {
            let k = v.declaration
            if let hit = cache[k] { return hit }
            let d = formatter.message.declarations[k]
            let r: Resolution
            switch d {
            case .input(_, let e): r = expression(e, inputName: v.name)
            case .local(_, let e): r = expression(e, inputName: nil)
            }
            let stored: Resolution
            if case .fallback = r { stored = .fallback("$" + v.name) } else { stored = r }
            cache[k] = stored
            return stored
        }
        if let value = arguments[v.name] { return .value(Resolved(value: value)) }
        errors.append(MF2Error(.unresolvedVariable, "no value was given for '$\(v.name)'", at: v.position))
        return .fallback("$" + v.name)
    }

    static func fallbackSource(_ e: MF2Expression) -> String {
        switch e.operand {
        case .literal(let l):
            var out = "|"
            for c in l.unicodeScalars {
                if c == "\\" || c == "|" { out += "\\" }
                out.unicodeScalars.append(c)
            }
            return out + "|"
        case .variable(let v): return "$" + v.name
        case nil: return ":" + (e.function?.name ?? "")
        }
    }

    mutating func expression(_ e: MF2Expression, inputName: String? = nil) -> Resolution {
        var operand: MF2Value?
        var operandFailed = false
        switch e.operand {
        case .literal(let l): operand = .string(l)
        case .variable(let v):
            switch variable(v, external: v.name == inputName) {
            case .value(let r):
                guard e.function != nil else { return .value(r) }
                operand = r.value
            case .fallback(let s):
                if e.function == nil { return .fallback(s) }
                operandFailed = true
            }
        case nil: break
        }
        guard let f = e.function else { return .value(Resolved(value: operand ?? .string(""))) }
        let source = Evaluation.fallbackSource(e)
        guard let handler = e.index < formatter.handlers.count ? formatter.handlers[e.index] : formatter.functions.byName[f.name] else {
            errors.append(MF2Error(.unknownFunction, "unknown function ':\(f.name)'", at: e.position))
            return .fallback(source)
        }
        if operandFailed { operand = .fallback(source) }
        var options: [String: MF2OptionValue] = [:]
        var direction: MF2Direction?
        var isolate = false
        var id: String?
        for o in f.options {
            guard let value = optionValue(o) else { continue }
            switch o.name {
            case "u:dir":
                switch value.value.stringValue {
                case "ltr": direction = .ltr; isolate = true
                case "rtl": direction = .rtl; isolate = true
                case "auto": direction = .auto; isolate = true
                case "inherit": direction = nil; isolate = false
                default: errors.append(MF2Error(.badOption, "u:dir is ltr, rtl, auto or inherit", at: o.position))
                }
            case "u:id":
                if let s = value.value.stringValue { id = s } else {
                    errors.append(MF2Error(.badOption, "u:id must be a string", at: o.position))
                }
            default:
                options[o.name] = value
            }
        }
        var call = MF2Call(
            function: f.name, locale: formatter.locale, operand: operand, options: options, direction: direction,
            localeDirection: formatter.isRightToLeft ? .rtl : .ltr, timeZone: formatter.timeZone, position: e.position, memo: formatter.memo)
        let result = handler.resolve(&call)
        errors.append(contentsOf: call.errors)
        guard let result else { return .fallback(source) }
        return .value(Resolved(value: .resolved(result), direction: direction, isolate: isolate, id: id))
    }

    mutating func optionValue(_ o: MF2Option) -> MF2OptionValue? {
        switch o.value {
        case .literal(let l): return MF2OptionValue(.string(l), isLiteral: true)
        case .variable(let v):
            switch variable(v) {
            case .value(let r): return MF2OptionValue(r.value, isLiteral: false)
            case .fallback:
                errors.append(MF2Error(.badOption, "the option '\(o.name)' has no value ('$\(v.name)' failed)", at: o.position))
                return nil
            }
        }
    }

    // MARK: Selection

    mutating func selectPattern() -> MF2Pattern {
        switch formatter.message.body {
        case .pattern(let p): return p
        case .matcher(let selectors, let variants):
            // ranks[k][i]: how well selector k's value matches its key i (0 best), Int.max for no match.
            var ranks: [[Int]] = []
            ranks.reserveCapacity(selectors.count)
            for (k, s) in selectors.enumerated() {
                let keys = formatter.selectorKeys[k]
                var rank = [Int](repeating: Int.max, count: keys.count)
                switch variable(s) {
                case .value(let r):
                    if case .resolved(let value) = r.value, let matched = value.select(keys: keys, errors: &errors) {
                        for (n, key) in matched.enumerated() {
                            if let i = keys.firstIndex(of: key), rank[i] == Int.max { rank[i] = n }
                        }
                    } else {
                        errors.append(MF2Error(.badSelector, "'$\(s.name)' does not support selection", at: s.position))
                    }
                case .fallback:
                    errors.append(MF2Error(.badSelector, "'$\(s.name)' has no value to select on", at: s.position))
                }
                ranks.append(rank)
            }
            var best = -1
            for (n, keys) in formatter.variantKeys.enumerated() where matches(keys, ranks) {
                if best < 0 || better(keys, than: formatter.variantKeys[best], ranks) { best = n }
            }
            return best >= 0 ? variants[best].pattern : MF2Pattern(parts: [])
        }
    }

    func matches(_ keys: [Int], _ ranks: [[Int]]) -> Bool {
        for (k, key) in keys.enumerated() where key >= 0 {
            if k >= ranks.count || ranks[k][key] == Int.max { return false }
        }
        return true
    }

    /// SelectorsCompare: the first selector where the keys differ decides; a key beats `*`.
    func better(_ a: [Int], than b: [Int], _ ranks: [[Int]]) -> Bool {
        for k in 0..<min(a.count, b.count) {
            switch (a[k] >= 0, b[k] >= 0) {
            case (false, false): continue
            case (false, true): return false
            case (true, false): return true
            case (true, true):
                if a[k] == b[k] { continue }
                return ranks[k][a[k]] < ranks[k][b[k]]
            }
        }
        return false
    }
}
