public import HeraldICU
import HeraldJSON

/// One argument for a message. Arguments are data: a `.string` holding `%d`
/// or `{0}` is inserted literally, never parsed as a format.
///
/// A `.string` given to a numeric specifier (`%d`, `%.2f`) or a plural
/// variable is read as a number keeping its written decimals ("1.50" stays
/// 1.50, "1.0" is not "1"); a `.number` given to `%@` prints as the locale
/// writes numbers.
public enum RenderArgument: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case number(NumericValue)

    /// Text whose meaning the specifier decides (what the CLI passes for `--arg`).
    public static func text(_ value: String) -> RenderArgument { .string(value) }

    public var description: String {
        switch self {
        case .string(let s): return s
        case .number(let n): return n.description
        }
    }
}

/// How to render: which device and width variant, whether to isolate arguments.
public struct RenderOptions: Sendable {
    /// Device variant to pick (`iphone`, `ipad`, `mac`, `applewatch`…); `other` is the fallback.
    public var device: String
    /// Presentation width for width variants: the largest width ≤ this one,
    /// else the smallest. Nil picks the largest variant.
    public var width: Int?
    /// Wrap every inserted argument in FSI U+2068 … PDI U+2069 when the
    /// localization that served the message is right-to-left.
    public var isolateArguments: Bool

    public init(device: String = "iphone", width: Int? = nil, isolateArguments: Bool = true) {
        self.device = device
        self.width = width
        self.isolateArguments = isolateArguments
    }
}

/// Something the renderer had to work around. The text is still rendered.
public struct RenderDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case error, warning }

    public var severity: Severity
    public var message: String
    /// Stable id: `missing-argument`, `unused-argument`, `not-a-number`,
    /// `integer-overflow`, `fraction-dropped`, `invalid-specifier`,
    /// `plural-form-missing`, `plural-value`, `no-variant`, `icu`, `recursion`…
    public var code: String

    public init(severity: Severity, message: String, code: String) {
        self.severity = severity
        self.message = message
        self.code = code
    }

    public var description: String { "\(severity.rawValue): \(message) [\(code)]" }
}

/// A rendered message and how it was made.
public struct RenderResult: Sendable {
    public var text: String
    /// The localization (folder or catalog name) that served the message.
    public var servedBy: String
    /// The requested locale (it formats the numbers).
    public var locale: LocaleID
    public var key: String
    public var table: String
    /// Plural variable → the category whose form was used, in the order the
    /// variables were rendered.
    public var pluralChoices: [(variable: String, category: PluralCategory)]
    public var diagnostics: [RenderDiagnostic]

    /// Plural variable name → the category whose form was used.
    public var plural: [String: PluralCategory] {
        get { Dictionary(pluralChoices.map { ($0.variable, $0.category) }, uniquingKeysWith: { _, last in last }) }
        set { pluralChoices = newValue.keys.sorted().map { ($0, newValue[$0]!) } }
    }

    public init(
        text: String, servedBy: String, locale: LocaleID, key: String, table: String,
        pluralChoices: [(variable: String, category: PluralCategory)], diagnostics: [RenderDiagnostic]
    ) {
        self.text = text
        self.servedBy = servedBy
        self.locale = locale
        self.key = key
        self.table = table
        self.pluralChoices = pluralChoices
        self.diagnostics = diagnostics
    }
}

/// Everything about a render but its text and the requested locale (the
/// caller has that): what `Renderer.render(…, text:)` hands over with the
/// text's bytes. The fields mean what they mean in `RenderResult`.
public struct RenderDetails: Sendable {
    public var servedBy: String
    public var key: String
    public var table: String
    public var pluralChoices: [(variable: String, category: PluralCategory)]
    public var diagnostics: [RenderDiagnostic]

    public init(
        servedBy: String, key: String, table: String,
        pluralChoices: [(variable: String, category: PluralCategory)], diagnostics: [RenderDiagnostic]
    ) {
        self.servedBy = servedBy
        self.key = key
        self.table = table
        self.pluralChoices = pluralChoices
        self.diagnostics = diagnostics
    }
}

/// Why a message could not be rendered at all.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No localization on the locale's chain has the key. `tried` lists the
    /// localizations looked at, best first.
    case keyMissing(key: String, table: String, locale: LocaleID, tried: [String])

    public var description: String {
        switch self {
        case .keyMissing(let key, let table, let locale, let tried):
            let where_ = tried.isEmpty ? "no localization matches" : "looked in " + tried.joined(separator: ", ")
            return "key '\(Excerpt.escaped(key))' is not in table '\(Excerpt.escaped(table))' for \(locale.bcp47) (\(where_))"
        }
    }
}
