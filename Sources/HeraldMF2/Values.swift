public import HeraldICU

/// A value a message works with: what the caller passes for a variable, a literal, or
/// what a function resolved an expression to.
public enum MF2Value: Sendable {
    case string(String)
    /// A number, its digits kept as written ("1.50").
    case number(NumericValue)
    case bool(Bool)
    case dateTime(MF2DateTime)
    /// An amount of money: the number and its ISO 4217 code.
    case currency(NumericValue, code: String)
    /// What a function resolved an expression to (`:number`, `:string`, a custom function).
    case resolved(any MF2Resolved)
    /// A value of no type the functions know (JSON null).
    case unsupported
    /// An operand that failed to resolve (a variable without a value), given to the
    /// function as its fallback text (`$count`): most functions refuse it (Bad Operand).
    case fallback(String)

    /// The value as a string, when it has one (a string, a number as written, a
    /// resolved value's own string form).
    public var stringValue: String? {
        switch self {
        case .string(let s): s
        case .number(let n): n.description
        case .bool(let b): b ? "true" : "false"
        case .resolved(let r): r.optionValue.stringValue
        case .dateTime, .currency, .unsupported, .fallback: nil
        }
    }
}

/// A text direction as MessageFormat 2 tracks it for a value.
public enum MF2Direction: String, Sendable {
    case ltr, rtl
    /// Not known: isolated with FSI (first strong isolate).
    case auto
}

/// The result of a function: it formats, and may support selection.
public protocol MF2Resolved: Sendable {
    /// The part type formatToParts reports ("number", "string", "datetime").
    var partType: String { get }
    /// The direction of the formatted text.
    var direction: MF2Direction { get }
    /// What an option given this value (`minimumFractionDigits=$n`) or a `:string` sees.
    var optionValue: MF2Value { get }
    /// The formatted text, or an error (the placeholder then shows its fallback).
    func format() throws(MF2Error) -> String
    /// The formatted text in typed pieces (a number's integer, group, decimal…), when
    /// the function has them; nil for a single piece.
    func formatParts() throws(MF2Error) -> [MF2Part.Piece]?
    /// The keys that match, best first; nil when this value does not support selection
    /// (a Bad Selector error). Errors for single keys (Bad Variant Key) go to `errors`.
    func select(keys: [String], errors: inout [MF2Error]) -> [String]?
}

extension MF2Resolved {
    public func formatParts() throws(MF2Error) -> [MF2Part.Piece]? { nil }
    public func select(keys: [String], errors: inout [MF2Error]) -> [String]? { nil }
}

/// An option's value as a function sees it, and whether it was written as a literal.
public struct MF2OptionValue: Sendable {
    public var value: MF2Value
    public var isLiteral: Bool
    public init(_ value: MF2Value, isLiteral: Bool) {
        self.value = value
        self.isLiteral = isLiteral
    }
}

/// One call of a function: what it is given, and where it reports its errors.
public struct MF2Call: Sendable {
    public let function: String
    public let locale: LocaleID
    /// The resolved operand (nil for `{:function}`).
    public let operand: MF2Value?
    public let options: [String: MF2OptionValue]
    /// The direction `u:dir` set (nil for none or `inherit`).
    public let direction: MF2Direction?
    /// The direction of the locale's text (numbers and dates take it).
    public let localeDirection: MF2Direction
    /// The default time zone of date/time functions (an IANA id).
    public let timeZone: String
    public let position: MF2Position
    public internal(set) var errors: [MF2Error] = []
    /// The formatter's cache of ICU formatters (nil outside a formatter).
    let memo: MF2Memo?

    public mutating func report(_ kind: MF2Error.Kind, _ message: String) {
        errors.append(MF2Error(kind, message, at: position))
    }
}

/// A function handler: resolves one call to a value, or to nil (then the expression
/// shows its fallback, and the handler has reported why).
public protocol MF2Function: Sendable {
    func resolve(_ call: inout MF2Call) -> (any MF2Resolved)?
}

/// The functions a formatter knows, by name.
public struct MF2Functions: Sendable {
    public var byName: [String: any MF2Function]

    public init(_ byName: [String: any MF2Function]) { self.byName = byName }

    /// `:string`, `:number`, `:integer`, `:offset`, `:percent`, `:currency`, `:date`,
    /// `:time` and `:datetime`.
    public static let standard = MF2Functions([
        "string": MF2StringFunction(),
        "number": MF2NumberFunction(kind: .number),
        "integer": MF2NumberFunction(kind: .integer),
        "percent": MF2NumberFunction(kind: .percent),
        "currency": MF2NumberFunction(kind: .currency),
        "offset": MF2OffsetFunction(),
        "date": MF2DateTimeFunction(kind: .date),
        "time": MF2DateTimeFunction(kind: .time),
        "datetime": MF2DateTimeFunction(kind: .datetime),
    ])

    /// These functions and `function` under `name` (custom functions belong in a namespace, `ns:name`).
    public func adding(_ name: String, _ function: any MF2Function) -> MF2Functions {
        var copy = self
        copy.byName[name] = function
        return copy
    }
}

/// A piece of a formatted message, for callers that style or inspect them.
public enum MF2Part: Sendable, Equatable {
    case text(String)
    /// A bidi isolate (U+2066…U+2068) or its end (U+2069).
    case bidiIsolation(String)
    case markup(kind: MF2Markup.Kind, name: String, id: String?, options: [String: String])
    case expression(type: String, value: String, pieces: [Piece]?, direction: MF2Direction?, locale: String, id: String?)
    /// A placeholder that could not be formatted: its source (`$count`, `|42|`, `:fn`).
    case fallback(source: String)

    public struct Piece: Sendable, Equatable {
        public var type: String
        public var value: String
        public init(type: String, value: String) {
            self.type = type
            self.value = value
        }
    }
}
