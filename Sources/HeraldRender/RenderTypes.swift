public import HeraldICU
import HeraldJSON
import HeraldDiagnostics

/// One argument for a message. Arguments are data: a `.string` holding `%d`
/// or `{0}` is inserted literally, never parsed as a format.
///
/// A `.string` given to a numeric specifier (`%d`, `%.2f`) or a plural
/// variable is read as a number keeping its written decimals ("1.50" stays
/// 1.50, "1.0" is not "1"); a `.number` given to `%@` prints as the locale
/// writes numbers.
public enum RenderArgument: Sendable, Hashable, CustomStringConvertible {
    /// Text, shown as given (a numeric specifier reads it as a number).
    case string(String)
    /// A number, keeping its written decimals (`1.50`).
    case number(NumericValue)

    /// Text whose meaning the specifier decides (what the CLI passes for `--arg`).
    public static func text(_ value: String) -> RenderArgument { .string(value) }

    /// The value as written (a number keeps its written decimals).
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
    /// The IANA time zone dates and times are shown in (`{d, date, short}` in an ICU
    /// MessageFormat table). Checked when used: an unknown zone fails the render.
    public var timeZone: String

    /// Makes options.
    ///
    /// - Parameters:
    ///   - device: The device variant to pick (`iphone`, `ipad`, `mac`, `applewatch`…).
    ///   - width: The presentation width for width variants (nil: the widest).
    ///   - isolateArguments: Wrap arguments in FSI…PDI in right-to-left text.
    ///   - timeZone: The IANA zone dates are shown in.
    public init(device: String = "iphone", width: Int? = nil, isolateArguments: Bool = true, timeZone: String = "UTC") {
        self.device = device
        self.width = width
        self.isolateArguments = isolateArguments
        self.timeZone = timeZone
    }
}

/// A rendered message and how it was made (only the renderer makes one).
public struct RenderResult: Sendable {
    /// The rendered text, ready to show.
    public var text: String
    /// The localization (folder or catalog name) that served the message.
    public var servedBy: String
    /// The requested locale (it formats the numbers).
    public var locale: LocaleID
    /// The key rendered.
    public var key: String
    /// The table it was found in.
    public var table: String
    /// Plural variable → the category whose form was used, in the order the
    /// variables were rendered.
    public var pluralChoices: [(variable: String, category: PluralCategory)]
    /// Problems met while rendering (a missing argument, a value that is not a number…),
    /// each under one of the rules in `RenderRules.swift`; the text is rendered all the same.
    public var diagnostics: [Diagnostic]

    /// Plural variable name → the category whose form was used.
    public var plural: [String: PluralCategory] {
        get { Dictionary(pluralChoices.map { ($0.variable, $0.category) }, uniquingKeysWith: { _, last in last }) }
        set { pluralChoices = newValue.keys.sorted().map { ($0, newValue[$0]!) } }
    }
}

/// Everything about a render but its text and the requested locale (the
/// caller has that): what `Renderer.render(…, text:)` hands over with the
/// text's bytes. The fields mean what they mean in `RenderResult`.
public struct RenderDetails: Sendable {
    /// The localization that served the message.
    public var servedBy: String
    /// The key rendered.
    public var key: String
    /// The table it was found in.
    public var table: String
    /// The plural category chosen for each plural variable.
    public var pluralChoices: [(variable: String, category: PluralCategory)]
    /// Problems met while rendering.
    public var diagnostics: [Diagnostic]
}

/// Why a message could not be rendered at all.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No localization on the locale's chain has the key. `tried` lists the
    /// localizations looked at, best first; `otherTables` the catalog's other
    /// tables that do have the key for this locale (a key put in the wrong table).
    case keyMissing(key: String, table: String, locale: LocaleID, tried: [String], otherTables: [String])
    /// The key's message (an ICU MessageFormat pattern) cannot be formatted with the
    /// arguments given: `reason` says which argument and why (a date that is not one,
    /// a value of the wrong kind). Nothing is shown rather than the raw pattern.
    case formatFailed(key: String, table: String, locale: LocaleID, servedBy: String, reason: String)

    /// One line: the key, the table, the locale, where it looked, and which other
    /// tables have the key — `key 'a' is not in table 'Localizable' for de (looked in
    /// de, en); table 'Notifications' has it`.
    public var description: String {
        switch self {
        case .keyMissing(let key, let table, let locale, let tried, let otherTables):
            let where_ = tried.isEmpty ? "no localization matches" : "looked in " + tried.joined(separator: ", ")
            var text = "key '\(Excerpt.escaped(key))' is not in table '\(Excerpt.escaped(table))' for \(locale.bcp47) (\(where_))"
            switch otherTables.count {
            case 0: break
            case 1: text += "; table '\(Excerpt.escaped(otherTables[0]))' has it"
            default: text += "; tables " + otherTables.map { "'\(Excerpt.escaped($0))'" }.joined(separator: ", ") + " have it"
            }
            return text
        case .formatFailed(let key, let table, let locale, let servedBy, let reason):
            return "key '\(Excerpt.escaped(key))' in table '\(Excerpt.escaped(table))' (\(Excerpt.escaped(servedBy))) cannot be formatted for \(locale.bcp47): \(reason)"
        }
    }
}
