// An ICU MessageFormat (v1) pattern read into a tree, for conversion to MessageFormat 2:
// text (ICU's apostrophe quoting undone), arguments, and the choices `plural`,
// `selectordinal` and `select` with their sub-messages. Only what converts faithfully is
// read; anything else throws the reason (`ICUConversion` says what converts).

indirect enum ICUNode: Equatable {
    case text(String)
    /// `#` inside a plural: the number less the offset, formatted as `{n, number}` would.
    case pound
    /// `{name}` (`style` nil), `{name, number}` (`"number"`), `{name, number, integer}` (`"integer"`).
    case argument(name: String, style: String?)
    case choice(ICUChoice)
}

struct ICUChoice: Equatable {
    enum Kind: Equatable { case plural, ordinal, select }
    var name: String
    var kind: Kind
    var offset: Int
    /// Keys as written (`=0`, `one`, `male`, `other`) in order, with their messages.
    var cases: [(key: String, message: [ICUNode])]

    static func == (a: ICUChoice, b: ICUChoice) -> Bool {
        a.name == b.name && a.kind == b.kind && a.offset == b.offset && a.cases.map(\.key) == b.cases.map(\.key)
            && zip(a.cases, b.cases).allSatisfy { $0.message == $1.message }
    }
}

struct ICUPatternReader {
    let s: [Unicode.Scalar]
    var i = 0
    /// Bounds the nesting of choices (a hostile pattern cannot recurse without end).
    static let maximumDepth = 8

    init(_ pattern: String) { s = Array(pattern.unicodeScalars) }

    static func read(_ pattern: String) throws(ConversionRefusal) -> [ICUNode] {
        var r = ICUPatternReader(pattern)
        let nodes = try r.message(inPlural: false, depth: 0)
        guard r.i == r.s.count else { throw ConversionRefusal("the pattern has an unmatched '}'") }
        return nodes
    }

    /// Text and arguments up to an unquoted `}` (not consumed) or the end.
    mutating func message(inPlural: Bool, depth: Int) throws(ConversionRefusal) -> [ICUNode] {
        var out: [ICUNode] = []
        var text = ""
        func flush() {
            if !text.isEmpty { out.append(.text(text)) }
            text = ""
        }
        while i < s.count {
            let c = s[i]
            if c == "'" {
                if i + 1 < s.count, s[i + 1] == "'" {
                    text += "'"
                    i += 2
                    continue
                }
                if i + 1 < s.count, s[i + 1] == "{" || s[i + 1] == "}" || (inPlural && s[i + 1] == "#") {
                    // Quoted literal text up to the next lone apostrophe ('' inside is one).
                    i += 1
                    while i < s.count {
                        if s[i] == "'" {
                            if i + 1 < s.count, s[i + 1] == "'" {
                                text += "'"
                                i += 2
                                continue
                            }
                            i += 1
                            break
                        }
                        text.unicodeScalars.append(s[i])
                        i += 1
                    }
                    continue
                }
                text += "'"
                i += 1
                continue
            }
            if c == "}" { break }
            if c == "#" && inPlural {
                flush()
                out.append(.pound)
                i += 1
                continue
            }
            if c == "{" {
                flush()
                out.append(try argument(depth: depth))
                continue
            }
            text.unicodeScalars.append(c)
            i += 1
        }
        flush()
        return out
    }

    mutating func skipSpace() {
        while i < s.count, s[i].properties.isPatternWhitespace { i += 1 }
    }

    /// A name, type or keyword: up to space, `,`, `{` or `}`.
    mutating func word() -> String {
        skipSpace()
        var w = ""
        while i < s.count, !s[i].properties.isPatternWhitespace, s[i] != ",", s[i] != "{", s[i] != "}" {
            w.unicodeScalars.append(s[i])
            i += 1
        }
        skipSpace()
        return w
    }

    mutating func expect(_ c: Unicode.Scalar) throws(ConversionRefusal) {
        skipSpace()
        guard i < s.count, s[i] == c else { throw ConversionRefusal("the pattern does not parse (expected '\(c)')") }
        i += 1
    }

    mutating func argument(depth: Int) throws(ConversionRefusal) -> ICUNode {
        i += 1  // {
        let name = word()
        guard !name.isEmpty else { throw ConversionRefusal("an argument without a name") }
        skipSpace()
        if i < s.count, s[i] == "}" {
            i += 1
            return .argument(name: name, style: nil)
        }
        try expect(",")
        let type = word()
        switch type {
        case "number":
            skipSpace()
            if i < s.count, s[i] == "}" {
                i += 1
                return .argument(name: name, style: "number")
            }
            try expect(",")
            let style = word()
            try expect("}")
            guard style == "integer" else { throw ConversionRefusal("'{\(name), number, \(style)}' is not converted (only plain and integer numbers)") }
            return .argument(name: name, style: "integer")
        case "plural", "selectordinal", "select":
            guard depth < Self.maximumDepth else { throw ConversionRefusal("choices nest more than \(Self.maximumDepth) deep") }
            try expect(",")
            let kind: ICUChoice.Kind = type == "plural" ? .plural : type == "select" ? .select : .ordinal
            var choice = ICUChoice(name: name, kind: kind, offset: 0, cases: [])
            while true {
                skipSpace()
                guard i < s.count else { throw ConversionRefusal("the pattern does not parse (a choice is not closed)") }
                if s[i] == "}" {
                    i += 1
                    break
                }
                let key = word()
                if key.hasPrefix("offset:"), kind != .select, choice.cases.isEmpty {
                    var value = String(key.dropFirst("offset:".count))
                    if value.isEmpty { value = word() }
                    guard let n = Int(value), n >= 0, n < 1_000_000 else { throw ConversionRefusal("offset '\(value)' is not converted") }
                    choice.offset = n
                    continue
                }
                if key.isEmpty { throw ConversionRefusal("the pattern does not parse (a case without a key)") }
                if key.hasPrefix("="), kind == .select { throw ConversionRefusal("a select key '\(key)'") }
                guard !choice.cases.contains(where: { $0.key == key }) else { throw ConversionRefusal("the key '\(key)' is written twice") }
                try expect("{")
                let message = try self.message(inPlural: kind != .select, depth: depth + 1)
                try expect("}")
                choice.cases.append((key, message))
            }
            guard choice.cases.contains(where: { $0.key == "other" }) else {
                throw ConversionRefusal("'{\(name), \(type)}' has no 'other' case")
            }
            return .choice(choice)
        default:
            throw ConversionRefusal("'{\(name), \(type)}' is not converted (only plain arguments, number, plural, selectordinal and select)")
        }
    }
}
