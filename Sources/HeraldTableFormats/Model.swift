public import HeraldPluralCategory
public import HeraldJSON

// The catalog model: locale → table → key → message, whatever format the
// message came from (.strings, .stringsdict, .xcstrings), each piece with the
// place it was read from so the linter can point at it.

extension Origin {
    /// Makes an origin from a JSON reader's position.
    public init(file: String, position: SourcePosition) {
        self.init(file: file, line: position.line, column: position.column)
    }
}

/// A piece of text and where it was written.
public struct SourceText: Sendable, Hashable {
    /// The text, escapes decoded: what a device holds in memory.
    public var value: String
    /// Where it was written.
    public var origin: Origin

    /// Makes a text with its origin.
    public init(_ value: String, origin: Origin) {
        self.value = value
        self.origin = origin
    }
}

/// One plural variable of a `.stringsdict` entry (`%#@files@`) or one
/// `.xcstrings` substitution.
public struct PluralVariable: Sendable, Hashable {
    /// The variable's name (`files` in `%#@files@`).
    public var name: String
    /// NSStringFormatValueTypeKey / formatSpecifier without `%` ("d", "ld",
    /// "lld", "f", ".2f"…). Nil when the table does not say.
    public var valueType: String?
    /// `.xcstrings` substitutions: the 1-based argument this variable reads.
    /// Nil for `.stringsdict` (position comes from `%n$#@var@` or order).
    public var argNum: Int?
    /// NSStringFormatSpecTypeKey as written (normally "NSStringPluralRuleType").
    public var specType: String?
    /// Category → text. `other` should be present; the linter reports when not.
    public var forms: PluralForms
    /// Where the variable's dictionary starts.
    public var origin: Origin

    /// Makes a plural variable.
    public init(
        name: String, valueType: String?, argNum: Int? = nil, specType: String? = "NSStringPluralRuleType",
        forms: PluralForms, origin: Origin
    ) {
        self.name = name
        self.valueType = valueType
        self.argNum = argNum
        self.specType = specType
        self.forms = forms
        self.origin = origin
    }

    /// Makes a plural variable from a dictionary of forms.
    public init(
        name: String, valueType: String?, argNum: Int? = nil, specType: String? = "NSStringPluralRuleType",
        forms: [PluralCategory: SourceText], origin: Origin
    ) {
        self.init(name: name, valueType: valueType, argNum: argNum, specType: specType, forms: PluralForms(forms), origin: origin)
    }
}

/// What a key maps to.
public indirect enum Message: Sendable, Hashable {
    /// A format string (`"%d new messages from %@"`).
    case plain(SourceText)
    /// A plural format: `format` (NSStringLocalizedFormatKey, or the
    /// `.xcstrings` string unit value) references variables as `%#@name@`.
    case plural(format: SourceText, variables: [String: PluralVariable])
    /// NSStringVariableWidthRuleType: width → message. Sorted by width.
    case widths([WidthVariant])
    /// NSStringDeviceSpecificRuleType / `.xcstrings` device variations:
    /// device name (iphone, ipad, mac, appletv, applewatch, ipod,
    /// applevision, other) → message.
    case devices([String: Message])
    /// An App Shortcuts phrase set (`.xcstrings` `stringSet`): the phrases
    /// Siri and Shortcuts accept for one shortcut, the first the primary
    /// one. Phrases are not format strings: `%` is literal text and
    /// `${name}` names an App Intents parameter. Rendering shows the primary phrase.
    case phrases([SourceText])

    /// One width variant: the message for presentations at least `width` wide.
    public struct WidthVariant: Sendable, Hashable {
        /// The width (in characters) from which this variant applies.
        public var width: Int
        /// The message at that width.
        public var message: Message
        /// Makes a width variant.
        public init(width: Int, message: Message) {
            self.width = width
            self.message = message
        }
    }

    /// True when the message is, or varies into, an App Shortcuts phrase set.
    public var containsPhrases: Bool {
        switch self {
        case .phrases: return true
        case .plain, .plural: return false
        case .widths(let ws): return ws.contains { $0.message.containsPhrases }
        case .devices(let ds): return ds.values.contains { $0.containsPhrases }
        }
    }

    /// Every piece of text the message holds, with its origin (for linting). Each is
    /// made as the walk reaches it: iterate rather than keep them all (a message of
    /// thousands of plural variables holds tens of thousands of forms).
    public var texts: MessageTexts { MessageTexts(self) }
}

/// One key of one table in one localization.
///
/// A table can hold hundreds of thousands of entries, so an entry keeps inline only what
/// every entry has (key, message, format, origin); the String Catalog details and the
/// comment, which most `.strings` entries lack, live in one shared box that exists only
/// when one of them differs from its default (an entry without them is 64 bytes).
public struct Entry: Sendable, Hashable {
    /// The key as written (escapes decoded).
    public var key: String
    /// What the key maps to.
    public var message: Message
    /// Where the key was written.
    public var origin: Origin
    /// The format the entry was read from.
    public var format: TableFormat
    /// True when no file wrote this entry: a String Catalog key without a
    /// source-language localization serves the key itself (the device's
    /// behaviour). Writers leave such entries out.
    public var isSourceFallback: Bool
    /// The details below that differ from their defaults; nil when none does.
    private var details: Details?

    /// `.xcstrings` string unit state (translated, new, needs_review, stale).
    public var state: String? { get { details?.fields.state } set { edit { $0.state = newValue } } }
    /// `.xcstrings` shouldTranslate (true when absent).
    public var shouldTranslate: Bool { get { details?.fields.shouldTranslate ?? true } set { edit { $0.shouldTranslate = newValue } } }
    /// The translator's comment (`/* … */` above a `.strings` entry, `comment` in `.xcstrings`).
    public var comment: String? { get { details?.fields.comment } set { edit { $0.comment = newValue } } }
    /// `.xcstrings` isCommentAutoGenerated (the comment was written by Xcode, not a person).
    public var isCommentAutoGenerated: Bool { get { details?.fields.isCommentAutoGenerated ?? false } set { edit { $0.isCommentAutoGenerated = newValue } } }
    /// `.xcstrings` extractionState as written (manual, extracted_with_value,
    /// stale, migrated…); nil when absent. Kept for export, not interpreted.
    public var extractionState: String? { get { details?.fields.extractionState } set { edit { $0.extractionState = newValue } } }

    /// Makes an entry.
    public init(
        key: String, message: Message, format: TableFormat, origin: Origin, state: String? = nil,
        shouldTranslate: Bool = true, comment: String? = nil, isSourceFallback: Bool = false,
        isCommentAutoGenerated: Bool = false, extractionState: String? = nil
    ) {
        self.key = key
        self.message = message
        self.format = format
        self.origin = origin
        self.isSourceFallback = isSourceFallback
        self.details = Details(DetailFields(
            state: state, shouldTranslate: shouldTranslate, comment: comment,
            isCommentAutoGenerated: isCommentAutoGenerated, extractionState: extractionState))
    }

    /// The rarely set fields, by value.
    private struct DetailFields: Sendable, Hashable {
        var state: String?
        var shouldTranslate = true
        var comment: String?
        var isCommentAutoGenerated = false
        var extractionState: String?

        var isDefault: Bool {
            state == nil && shouldTranslate && comment == nil && !isCommentAutoGenerated && extractionState == nil
        }
    }

    /// `DetailFields` out of line (one pointer in the entry); never made for all defaults,
    /// so two entries that say the same compare equal however they were made.
    private indirect enum Details: Sendable, Hashable {
        case boxed(DetailFields)

        init?(_ fields: DetailFields) {
            if fields.isDefault { return nil }
            self = .boxed(fields)
        }

        var fields: DetailFields {
            switch self { case .boxed(let f): return f }
        }
    }

    private mutating func edit(_ change: (inout DetailFields) -> Void) {
        var fields = details?.fields ?? DetailFields()
        change(&fields)
        details = Details(fields)
    }
}

/// One table (`Localizable`, `Notifications`…) of one localization, merged
/// the way the device merges it: `.stringsdict` entries override `.strings`
/// entries with the same key.
public struct Table: Sendable {
    /// The table name (`Localizable`).
    public var name: String
    /// The localization as the folder or catalog names it ("pt-BR", "zh-hans", "Base").
    public var localization: String
    /// The entries, in the order their keys were first read, with a lookup by key.
    public var entries: TableEntries
    /// Files this table was read from.
    public var files: [String]
    /// Problems found reading the table's files.
    public var diagnostics: [Diagnostic]
    /// The `version` of the String Catalog the entries came from (nil for `.lproj` tables).
    public var catalogVersion: String?

    /// An empty table.
    public init(name: String, localization: String) {
        self.name = name
        self.localization = localization
        self.catalogVersion = nil
        self.entries = TableEntries()
        self.files = []
        self.diagnostics = []
    }

    /// The entry for `key`, nil when the table has none.
    public subscript(key: String) -> Entry? { entries[key] }

    /// Adds or replaces an entry (a replaced key keeps its first position).
    public mutating func set(_ entry: Entry) {
        entries.set(entry)
    }
}
