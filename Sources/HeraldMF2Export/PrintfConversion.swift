import HeraldDiagnostics
import HeraldICU
import HeraldRender
import HeraldTables

// printf-style messages (`.strings` texts, `.stringsdict` plural variables, String Catalog
// substitutions) as MessageFormat 2 messages that render the same text, for the arguments
// a push gives (text, and numbers written as text).
//
// What converts, and how:
// - text → text, `{` `}` `\` escaped; `%%` → `%`;
// - `%@` (`%2$@`) → `{$arg2}`: the argument as given;
// - `%d %i %u` (`%ld`, `%lld`, `%lu`, `%qd`, `%zd`…) → `{$arg1 :integer useGrouping=always}`:
//   the locale's digits, always grouped (CoreFoundation's localized `%d`);
// - a plural variable (`%#@files@`) whose value type is an integer conversion or absent →
//   `.match` on the argument as `:integer`, one variant per form: a `zero` form also under
//   the exact key `0` (Apple shows it for 0 in every language), `other` under `*`; several
//   variables are several selectors, and the text around them is in every variant.
// Anything else (widths, flags, `%f`, `%x`, `%c`, `%s`, `%h`/`%hh` sizes, fractional value
// types, a form naming another variable, an argument read as text and as a number, a text
// with format problems) is refused with the reason: no guess is written.

/// Why a message was not converted, in one line.
public struct ConversionRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
    init(_ reason: String) { self.reason = reason }
}

/// One piece of a converted pattern.
enum PatternPiece: Hashable {
    case text(String)
    case argument(Int)
    /// A plural variable: the index of its selector.
    case choice(Int)
}

/// How an argument is shown.
enum ArgumentUse: Hashable {
    case text
    case integer
}

struct PrintfConversion {
    /// The most variants one message may become (the product of its variables' forms).
    static let maximumVariants = 64

    struct Selector {
        var name: String
        var argument: Int
        /// Category → the form's pieces.
        var forms: [PluralCategory: [PatternPiece]]
    }

    var uses: [Int: ArgumentUse] = [:]
    var selectors: [Selector] = []
    /// Plural variable names that name an argument, by argument.
    var preferredNames: [Int: String] = [:]

    /// `message` (`.plain` or `.plural`) as MessageFormat 2 source.
    static func convert(_ message: Message) throws(ConversionRefusal) -> String {
        var c = PrintfConversion()
        switch message {
        case .plain(let text):
            let pieces = try c.pieces(text.value, firstArgument: 0, variables: [:], substitution: nil, inForm: false)
            return c.write(pieces)
        case .plural(let format, let variables):
            let pieces = try c.pieces(format.value, firstArgument: 0, variables: variables, substitution: nil, inForm: false)
            guard c.variantCount <= maximumVariants else {
                throw ConversionRefusal("it would be \(c.variantCount) variants (at most \(maximumVariants) are written)")
            }
            return c.write(pieces)
        case .widths, .devices, .phrases:
            throw ConversionRefusal("not a single message")
        }
    }

    mutating func use(_ argument: Int, _ how: ArgumentUse) throws(ConversionRefusal) {
        if let was = uses[argument], was != how {
            throw ConversionRefusal("argument \(argument + 1) is shown both as text and as a number")
        }
        uses[argument] = how
    }

    static func integerSpecifier(_ spec: FormatSpecifier) -> Bool {
        guard spec.conversion == .signedInteger || spec.conversion == .unsignedInteger else { return false }
        guard spec.width == nil, spec.precision == nil, spec.flags == FormatSpecifier.Flags() else { return false }
        switch spec.length {
        case .none, .l, .ll, .q, .z, .t, .j: return true
        default: return false
        }
    }

    mutating func pieces(
        _ text: String, firstArgument: Int, variables: [String: PluralVariable], substitution: (index: Int, valueType: String?)?,
        inForm: Bool
    ) throws(ConversionRefusal) -> [PatternPiece] {
        let parsed = FormatStringParser.parse(text, firstArgument: firstArgument, substitutionArgument: substitution != nil)
        if let p = parsed.problems.first(where: { $0.kind != Diagnostic.Rule.accidentalSpecifier }) {
            throw ConversionRefusal("the text has a format problem (\(p.message))")
        }
        var out: [PatternPiece] = []
        // Adjacent literal pieces (`a%%b`) are joined in one String, appended to in place.
        var pending = ""
        for segment in parsed.segments {
            if case .literal(let s) = segment {
                pending += s
                continue
            }
            if case .invalid(let s) = segment {
                pending += s
                continue
            }
            if !pending.isEmpty {
                out.append(.text(pending))
                pending = ""
            }
            switch segment {
            case .literal, .invalid: break
            case .specifier(let spec):
                let index = spec.argumentIndex ?? 0
                switch spec.conversion {
                case .object:
                    guard spec.width == nil, spec.precision == nil, spec.flags == FormatSpecifier.Flags() else {
                        throw ConversionRefusal("'\(spec.text)' has a width, precision or flags")
                    }
                    try use(index, .text)
                    out.append(.argument(index))
                case .signedInteger, .unsignedInteger:
                    guard Self.integerSpecifier(spec) else {
                        throw ConversionRefusal("'\(spec.text)' has a width, precision, flags or a short integer size")
                    }
                    try use(index, .integer)
                    out.append(.argument(index))
                case .substitutionArgument:
                    guard let substitution else { throw ConversionRefusal("'%arg' outside a substitution") }
                    let type = substitution.valueType ?? "@"
                    let typed = FormatStringParser.parse("%" + (type.hasPrefix("%") ? String(type.dropFirst()) : type)).specifiers.first
                    if let typed, Self.integerSpecifier(typed) {
                        try use(substitution.index, .integer)
                    } else if let typed, typed.conversion == .object, typed.width == nil, typed.precision == nil {
                        try use(substitution.index, .text)
                    } else {
                        throw ConversionRefusal("a substitution printed as '%\(type)'")
                    }
                    out.append(.argument(substitution.index))
                case .variable(let name):
                    guard !inForm else { throw ConversionRefusal("a plural form names another variable (%#@\(name)@)") }
                    guard let v = variables[name] else { throw ConversionRefusal("no variable '\(name)' for %#@\(name)@") }
                    out.append(.choice(try selector(name, v, at: index, variables: variables)))
                default:
                    throw ConversionRefusal("'\(spec.text)' has no MessageFormat 2 equivalent that prints the same")
                }
            }
        }
        if !pending.isEmpty { out.append(.text(pending)) }
        return out
    }

    mutating func selector(_ name: String, _ v: PluralVariable, at position: Int, variables: [String: PluralVariable]) throws(ConversionRefusal) -> Int {
        let index = v.argNum.map { max(0, $0 - 1) } ?? position
        if let k = selectors.firstIndex(where: { $0.name == name && $0.argument == index }) { return k }
        if let spec = v.specType, spec != "NSStringPluralRuleType" {
            throw ConversionRefusal("variable '\(name)' has spec type '\(spec)'")
        }
        if let type = v.valueType, !type.isEmpty {
            let body = type.hasPrefix("%") ? String(type.dropFirst()) : type
            guard let spec = FormatStringParser.parse("%" + body).specifiers.first, Self.integerSpecifier(spec) else {
                throw ConversionRefusal("variable '\(name)' selects on a value of type '\(type)' (only whole numbers convert)")
            }
        }
        var forms: [PluralCategory: [PatternPiece]] = [:]
        for (category, text) in v.forms {
            forms[category] = try pieces(
                text.value, firstArgument: index, variables: variables,
                substitution: v.argNum != nil ? (index, v.valueType) : nil, inForm: true)
        }
        guard forms[.other] != nil else { throw ConversionRefusal("variable '\(name)' has no 'other' form") }
        if preferredNames[index] == nil { preferredNames[index] = name }
        selectors.append(Selector(name: name, argument: index, forms: forms))
        return selectors.count - 1
    }
}
