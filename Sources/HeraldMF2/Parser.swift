/// The MessageFormat 2 parser: source text to `MF2Message`, in one pass (linear in the
/// source; the syntax has no recursion). The first syntax error stops it, with its
/// line and column.
public enum MF2Parser {
    /// The longest message source parsed (in Unicode scalars).
    public static let maxSourceScalars = 1 << 20

    public static func parse(_ source: String) throws(MF2Error) -> MF2Message {
        var p = Cursor(source)
        if p.s.count > maxSourceScalars {
            throw MF2Error(.syntaxError, "message longer than \(maxSourceScalars) characters", at: MF2Position(line: 1, column: 1))
        }
        return try p.message()
    }
}

private struct Cursor {
    let s: [UInt32]
    var i = 0
    var expressionCount = 0

    /// Where each line starts (indexes into `s`), for positions in O(log n).
    let lineStarts: [Int]

    init(_ source: String) {
        s = source.unicodeScalars.map(\.value)
        var starts = [0]
        for (k, c) in s.enumerated() where c == 0x0A { starts.append(k + 1) }
        lineStarts = starts
    }

    var atEnd: Bool { i >= s.count }
    @inline(__always) func peek(_ k: Int = 0) -> UInt32? { i + k < s.count ? s[i + k] : nil }
    @inline(__always) func at(_ c: Character) -> Bool { peek() == c.unicodeScalars.first!.value }

    func position(_ index: Int) -> MF2Position {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return MF2Position(line: lo + 1, column: index - lineStarts[lo] + 1)
    }
    var here: MF2Position { position(i) }

    func fail(_ message: String, at index: Int? = nil) -> MF2Error {
        let k = index ?? i
        let what: String
        if k >= s.count {
            what = "end of message"
        } else if let u = Unicode.Scalar(s[k]) {
            let c = u.value < 0x20 || u.value == 0x7F || MF2Chars.isBidi(u.value) || u.value == 0x3000
                ? "U+" + String(u.value, radix: 16, uppercase: true) : String(Character(u))
            what = "'\(c)'"
        } else {
            what = "an invalid character"
        }
        return MF2Error(.syntaxError, "\(message), found \(what)", at: position(k))
    }

    /// `o`: whitespace and bidi marks.
    mutating func skipO() {
        while let c = peek(), MF2Chars.isWhitespace(c) || MF2Chars.isBidi(c) { i += 1 }
    }
    /// `s`: whitespace and bidi marks holding at least one whitespace. False (and nothing
    /// consumed) when there is none.
    mutating func skipS() -> Bool {
        let start = i
        var ws = false
        while let c = peek(), MF2Chars.isWhitespace(c) || MF2Chars.isBidi(c) {
            if MF2Chars.isWhitespace(c) { ws = true }
            i += 1
        }
        if !ws { i = start }
        return ws
    }

    mutating func expect(_ c: Character, _ what: String) throws(MF2Error) {
        guard at(c) else { throw fail("expected \(what)") }
        i += 1
    }

    // MARK: Message

    mutating func message() throws(MF2Error) -> MF2Message {
        skipO()
        if at(".") || (at("{") && peek(1) == 0x7B) { return try complexMessage() }
        i = 0
        let pattern = try self.pattern(quoted: false)
        return MF2Message(declarations: [], body: .pattern(pattern))
    }

    mutating func complexMessage() throws(MF2Error) -> MF2Message {
        var declarations: [MF2Declaration] = []
        while at(".") {
            let start = i
            if keyword(".input") {
                skipO()
                guard at("{") else { throw fail("expected '{' after .input") }
                let e = try expression()
                guard case .variable(let v) = e.operand else {
                    throw fail("an .input declaration holds a variable expression ({$name …})", at: start)
                }
                declarations.append(.input(name: v.name, e))
            } else if keyword(".local") {
                guard skipS() else { throw fail("expected whitespace after .local") }
                guard at("$") else { throw fail("expected a variable ($name) after .local") }
                let v = try variable()
                skipO()
                try expect("=", "'=' after the variable of .local")
                skipO()
                guard at("{") else { throw fail("expected '{' after '='") }
                declarations.append(.local(v, try expression()))
            } else if keyword(".match") {
                let m = try matcher(start: start)
                return MF2Message(declarations: declarations, body: m)
            } else {
                throw fail("expected .input, .local or .match", at: start)
            }
            skipO()
        }
        guard at("{") && peek(1) == 0x7B else { throw fail("expected a declaration, .match or a quoted pattern {{…}}") }
        let p = try quotedPattern()
        skipO()
        guard atEnd else { throw fail("expected the end of the message after the quoted pattern") }
        return MF2Message(declarations: declarations, body: .pattern(p))
    }

    /// Consumes `word` when it is next and not followed by a name character.
    mutating func keyword(_ word: String) -> Bool {
        let w = word.unicodeScalars.map(\.value)
        guard i + w.count <= s.count, Array(s[i..<i + w.count]) == w else { return false }
        if let next = peek(w.count), MF2Chars.isNameChar(next) { return false }
        i += w.count
        return true
    }

    mutating func matcher(start: Int) throws(MF2Error) -> MF2Message.Body {
        var selectors: [MF2VariableRef] = []
        while true {
            let save = i
            guard skipS(), at("$") else {
                i = save
                break
            }
            selectors.append(try variable())
        }
        guard !selectors.isEmpty else { throw fail("expected a selector ($name) after .match") }
        guard skipS() else { throw fail("expected whitespace before the first variant") }
        var variants: [MF2Variant] = [try variant()]
        while true {
            skipO()
            if atEnd { break }
            variants.append(try variant())
        }
        return .matcher(selectors: selectors, variants: variants)
    }

    mutating func variant() throws(MF2Error) -> MF2Variant {
        let start = here
        var keys: [MF2Key] = [try key()]
        while true {
            let save = i
            if skipS(), !(at("{")) {
                keys.append(try key())
            } else {
                i = save
                break
            }
        }
        skipO()
        guard at("{") && peek(1) == 0x7B else { throw fail("expected a key or the variant's quoted pattern {{…}}") }
        return MF2Variant(keys: keys, pattern: try quotedPattern(), position: start)
    }

    mutating func key() throws(MF2Error) -> MF2Key {
        if at("*") {
            i += 1
            return .catchAll
        }
        guard let l = try literalIfAny() else { throw fail("expected a variant key (a literal or '*')") }
        return .literal(l)
    }

    mutating func quotedPattern() throws(MF2Error) -> MF2Pattern {
        i += 2  // {{
        let p = try pattern(quoted: true)
        guard at("}") && peek(1) == 0x7D else { throw fail("expected '}}' to end the quoted pattern") }
        i += 2
        return p
    }

    // MARK: Patterns

    mutating func pattern(quoted: Bool) throws(MF2Error) -> MF2Pattern {
        var parts: [MF2Pattern.Part] = []
        var text: [Unicode.Scalar] = []
        func flush() {
            if !text.isEmpty {
                var str = ""
                str.unicodeScalars.append(contentsOf: text)
                parts.append(.text(str))
                text.removeAll(keepingCapacity: true)
            }
        }
        while let c = peek() {
            switch c {
            case 0x7B:  // {
                flush()
                parts.append(try placeholder())
            case 0x7D:  // }
                if quoted { flush(); return MF2Pattern(parts: parts) }
                throw fail("'}' in text must be escaped as \\}")
            case 0x5C:
                text.append(try escape())
            case 0:
                throw fail("NUL is not allowed in a message")
            default:
                text.append(Unicode.Scalar(c)!)
                i += 1
            }
        }
        flush()
        return MF2Pattern(parts: parts)
    }

    mutating func escape() throws(MF2Error) -> Unicode.Scalar {
        guard let n = peek(1), n == 0x5C || n == 0x7B || n == 0x7C || n == 0x7D else {
            throw fail("only \\\\, \\{, \\| and \\} are escapes", at: i)
        }
        i += 2
        return Unicode.Scalar(n)!
    }

    mutating func placeholder() throws(MF2Error) -> MF2Pattern.Part {
        let save = i
        i += 1
        skipO()
        if at("#") || at("/") {
            i = save
            return .markup(try markup())
        }
        i = save
        return .expression(try expression())
    }

    mutating func markup() throws(MF2Error) -> MF2Markup {
        let start = here
        i += 1
        skipO()
        let close = at("/")
        i += 1
        let name = try identifier()
        let options = try optionsList()
        let attributes = try attributeList()
        skipO()
        var kind: MF2Markup.Kind = close ? .close : .open
        if !close && at("/") {
            i += 1
            kind = .standalone
        }
        try expect("}", "'}' to end the markup")
        return MF2Markup(kind: kind, name: name, options: options, attributes: attributes, position: start)
    }

    mutating func expression() throws(MF2Error) -> MF2Expression {
        let start = here
        i += 1  // {
        skipO()
        var operand: MF2Operand?
        if at("$") {
            operand = .variable(try variable())
        } else if let l = try literalIfAny() {
            operand = .literal(l)
        } else if !at(":") {
            throw fail(atEnd || at("}") ? "empty placeholder: expected a literal, a variable or a function"
                : "expected a literal, a variable, a function or markup")
        }
        var function: MF2FunctionRef?
        let save = i
        let spaced = operand == nil || skipS()
        if at(":") {
            guard spaced else { throw fail("expected whitespace before the function") }
            i += 1
            let name = try identifier()
            function = MF2FunctionRef(name: name, options: try optionsList())
        } else {
            i = save
        }
        let attributes = try attributeList()
        skipO()
        guard at("}") else {
            throw fail(atEnd ? "expected '}' to end the placeholder" : "expected whitespace and an option, an attribute or '}'")
        }
        i += 1
        let e = MF2Expression(operand: operand, function: function, attributes: attributes, position: start, index: expressionCount)
        expressionCount += 1
        return e
    }

    mutating func optionsList() throws(MF2Error) -> [MF2Option] {
        var out: [MF2Option] = []
        while true {
            let save = i
            guard skipS(), let c = peek(), MF2Chars.isNameStart(c) || MF2Chars.isBidi(c) else {
                i = save
                return out
            }
            let pos = here
            let name = try identifier()
            skipO()
            try expect("=", "'=' after the option name '\(name)'")
            skipO()
            let value: MF2Operand
            if at("$") {
                value = .variable(try variable())
            } else if let l = try literalIfAny() {
                value = .literal(l)
            } else {
                throw fail("expected a literal or a variable as the value of '\(name)'")
            }
            out.append(MF2Option(name: name, value: value, position: pos))
        }
    }

    mutating func attributeList() throws(MF2Error) -> [MF2Attribute] {
        var out: [MF2Attribute] = []
        while true {
            let save = i
            guard skipS(), at("@") else {
                i = save
                return out
            }
            i += 1
            let name = try identifier()
            let afterName = i
            skipO()
            var value: String?
            if at("=") {
                i += 1
                skipO()
                guard let l = try literalIfAny() else { throw fail("expected a literal as the value of the attribute '@\(name)'") }
                value = l
            } else {
                i = afterName
            }
            out.append(MF2Attribute(name: name, value: value))
        }
    }

    // MARK: Names and literals

    mutating func variable() throws(MF2Error) -> MF2VariableRef {
        let pos = here
        i += 1  // $
        return MF2VariableRef(name: try name(), position: pos)
    }

    /// `[bidi] name-start *name-char [bidi]`, without the bidi marks.
    mutating func name() throws(MF2Error) -> String {
        if let c = peek(), MF2Chars.isBidi(c) { i += 1 }
        guard let c = peek(), MF2Chars.isNameStart(c) else { throw fail("expected a name") }
        var out = ""
        while let c = peek(), MF2Chars.isNameChar(c) {
            out.unicodeScalars.append(Unicode.Scalar(c)!)
            i += 1
        }
        if let c = peek(), MF2Chars.isBidi(c) { i += 1 }
        return out
    }

    mutating func identifier() throws(MF2Error) -> String {
        let first = try name()
        if at(":") {
            i += 1
            return first + ":" + (try name())
        }
        return first
    }

    /// A quoted or unquoted literal when one starts here.
    mutating func literalIfAny() throws(MF2Error) -> String? {
        if at("|") {
            let start = i
            i += 1
            var out = ""
            while true {
                guard let c = peek() else { throw fail("expected '|' to end the quoted literal started at \(position(start))") }
                if c == 0x7C { i += 1; return out }
                if c == 0x5C {
                    out.unicodeScalars.append(try escape())
                } else if c == 0 {
                    throw fail("NUL is not allowed in a literal")
                } else {
                    out.unicodeScalars.append(Unicode.Scalar(c)!)
                    i += 1
                }
            }
        }
        guard let c = peek(), MF2Chars.isNameChar(c) else { return nil }
        var out = ""
        while let c = peek(), MF2Chars.isNameChar(c) {
            out.unicodeScalars.append(Unicode.Scalar(c)!)
            i += 1
        }
        return out
    }
}
