public import HeraldTables
import HeraldRender

/// Transforms the source language's messages into a pseudo-locale's
/// (Docs/pseudo-locales.md). Only literal text changes: format specifiers
/// (`%d`, `%1$@`, `%.2f`), plural variable references (`%#@count@`) and a
/// substitution's `%arg` are copied byte for byte, so the transformed
/// message takes the same arguments and chooses the same plural forms.
///
/// Deterministic: the same text always gives the same result. Linear in the
/// text's length.
public struct Pseudolocalizer: Sendable {
    /// The transform applied.
    public var kind: PseudoLocale

    /// Makes a pseudo-localizer for `kind`.
    public init(_ kind: PseudoLocale) { self.kind = kind }

    /// `message` transformed. Each format string and plural form is
    /// transformed on its own (and expanded by its own length); the brackets
    /// go around the outermost format string only, so they enclose the
    /// whole rendered text.
    public func message(_ message: Message) -> Message {
        switch message {
        case .plain(let t):
            return .plain(SourceText(format(t.value, outer: true, substitution: false), origin: t.origin))
        case .plural(let f, let variables):
            var out: [String: PluralVariable] = [:]
            for (name, v) in variables {
                var v = v
                v.forms = v.forms.mapValues { SourceText(format($0.value, outer: false, substitution: v.argNum != nil), origin: $0.origin) }
                out[name] = v
            }
            return .plural(format: SourceText(format(f.value, outer: true, substitution: false), origin: f.origin), variables: out)
        case .widths(let ws):
            return .widths(ws.map { Message.WidthVariant(width: $0.width, message: self.message($0.message)) })
        case .devices(let ds):
            return .devices(ds.mapValues { self.message($0) })
        case .phrases(let ps):
            // A phrase is literal text (a '%' is a percent sign), not a format string.
            return .phrases(ps.map { SourceText(wrap(literal($0.value), length: $0.value.count, outer: true), origin: $0.origin) })
        }
    }

    /// One printf-style format string transformed: literal pieces changed,
    /// specifiers kept as written. `outer`: the message's own format string
    /// (bracketed); `substitution`: a form that may use `%arg`.
    public func format(_ text: String, outer: Bool, substitution: Bool) -> String {
        let parsed = FormatStringParser.parse(text, substitutionArgument: substitution)
        var out = ""
        out.reserveCapacity(text.utf8.count * 2)
        var length = 0
        for segment in parsed.segments {
            switch segment {
            case .literal(let s):
                length += s.count
                // The parser reads `%%` as one '%'; write it back escaped.
                for c in literal(s) {
                    if c == "%" { out += "%%" } else { out.append(c) }
                }
            case .specifier(let spec):
                out += spec.text
            case .invalid(let s):
                // Not a specifier and not text: kept as written (validate reports it).
                out += s
            }
        }
        return wrap(out, length: length, outer: outer)
    }

    /// Brackets and padding around a transformed text whose literal pieces
    /// were `length` characters long.
    func wrap(_ text: String, length: Int, outer: Bool) -> String {
        switch kind {
        case .accented:
            let padded = text + PseudoExpansion.padding(forLength: length).map(Self.accent)
            return outer ? "[" + padded + "]" : padded
        case .double, .bounded:
            return outer ? "[" + text + "]" : text
        case .rtl:
            return text
        }
    }

    /// A literal piece transformed (no brackets, no padding).
    func literal(_ s: String) -> String {
        switch kind {
        case .accented:
            return String(s.map(Self.accent))
        case .double:
            var out = ""
            out.reserveCapacity(s.utf8.count * 2)
            for c in s {
                out.append(c)
                if !c.isWhitespace { out.append(c) }
            }
            return out
        case .bounded:
            return s
        case .rtl:
            // Each word: RLM, RLO, the word, PDF, RLM. The override lays the word's
            // letters out right to left; the marks make the text's first strong
            // character right-to-left, so a paragraph that takes its direction from
            // its content runs right to left too. Whitespace stays outside.
            var out = ""
            var word = ""
            func flush() {
                guard !word.isEmpty else { return }
                out += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}"
                word = ""
            }
            for c in s {
                if c.isWhitespace {
                    flush()
                    out.append(c)
                } else {
                    word.append(c)
                }
            }
            flush()
            return out
        }
    }

    /// Latin letters to accented look-alikes of the same letter (one precomposed
    /// scalar each); every other character unchanged.
    static func accent(_ c: Character) -> Character {
        guard let a = c.asciiValue, let i = Self.index(a) else { return c }
        return a >= 0x61 ? lower[i] : upper[i]
    }

    private static func index(_ a: UInt8) -> Int? {
        switch a {
        case 0x61...0x7A: return Int(a - 0x61)
        case 0x41...0x5A: return Int(a - 0x41)
        default: return nil
        }
    }

    private static let lower: [Character] = Array("åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž")
    private static let upper: [Character] = Array("ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
}
