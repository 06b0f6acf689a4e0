// The rules of `herald validate`: stable ids, default severities, one line
// of explanation each (shown in SARIF's rule list and `--list-rules`).

/// How much a finding matters. `off` only appears in configurations.
public enum LintSeverity: String, Sendable, Hashable, Codable, Comparable {
    /// Fails the run.
    case error
    /// Fails the run only when strict.
    case warning
    /// Not reported (configurations only).
    case off

    /// Orders `off` < `warning` < `error`.
    public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
    private var rank: Int {
        switch self {
        case .off: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
}

/// One rule: a stable id (what configurations and reports name), its
/// default severity and what it checks.
public struct LintRule: Sendable, Hashable {
    /// The id used in output and configuration (`missing-key`).
    public var id: String
    /// Its severity unless the configuration says otherwise.
    public var defaultSeverity: LintSeverity
    /// What it checks, in one line.
    public var summary: String

    /// Makes a rule.
    public init(_ id: String, _ severity: LintSeverity, _ summary: String) {
        self.id = id
        self.defaultSeverity = severity
        self.summary = summary
    }

    /// Every rule, in the order they are documented.
    public static let all: [LintRule] = [
        // Reading the files (reported by HeraldTables' readers).
        LintRule("syntax", .error, "The file does not parse; a device drops the whole file (or everything after the error)."),
        LintRule("encoding", .error, "Encoding damage: invalid UTF-8, U+FFFD replacement characters, a byte order mark in mid-file, an undetectable encoding."),
        LintRule("duplicate-key", .warning, "A key is defined twice in one file; the last definition wins."),
        LintRule("structure", .error, "A .stringsdict or .xcstrings entry is not shaped the way Foundation and Xcode read it."),
        LintRule("io", .error, "A file or folder cannot be read."),
        // Keys against the source locale.
        LintRule("missing-source", .warning, "A bundle has no tables in the source locale (nor Base), so translations cannot be compared with it; --source DIR names where they are kept."),
        LintRule("missing-locale", .error, "A table lacks a localization the configuration's \"locales\" lists (a deleted .lproj folder, a language left out of a String Catalog)."),
        LintRule("missing-key", .warning, "A key of the source locale is missing in a translation (the device shows the development language)."),
        LintRule("extra-key", .warning, "A key exists only in a translation, not in the source locale."),
        LintRule("untranslated", .warning, "A translation is identical to the source text (sentences: three words or more, two in lower case)."),
        LintRule("empty-value", .error, "A value or plural form is empty where the source is not."),
        // Specifiers.
        LintRule("specifier-mismatch", .error, "A translation reads an argument the source does not supply, or reads it as another type (crash or garbage)."),
        LintRule("specifier-missing", .warning, "A translation does not show an argument the source shows."),
        LintRule("specifier-length", .warning, "A translation reads an integer argument with another size than the source (%d vs %ld)."),
        LintRule("dangling-percent", .error, "A lone '%' at the end of a format string."),
        LintRule("invalid-specifier", .error, "'%' followed by something that is not a conversion (%y, %1ημ)."),
        LintRule("accidental-specifier", .error, "Text that parses as a conversion but is a percent sign followed by a word ('50% a day' reads '% a')."),
        LintRule("mixed-positional", .error, "Positional (%1$@) and sequential (%@) specifiers in one string."),
        LintRule("bad-position", .error, "A position of 0 or beyond 64 (%0$@)."),
        LintRule("width-too-large", .warning, "A width or precision above 1024; it is capped."),
        LintRule("star-width", .error, "A width or precision taken from an argument (%*d), which localized strings cannot supply."),
        LintRule("bad-variable", .error, "A %#@ without a closing '@' or a name."),
        LintRule("conflicting-types", .error, "One argument read as two incompatible types in one string."),
        LintRule("unusual-length", .warning, "A length modifier that does not fit the conversion (%lc, %hf)."),
        // Plural structure.
        LintRule("plural-missing-other", .error, "A plural variable has no 'other' form, which Foundation requires."),
        LintRule("variable-unused", .warning, "A plural variable is defined but the format string never uses it."),
        LintRule("value-type", .error, "A plural variable's value type is missing, not a number (%@) or not a printf conversion."),
        LintRule("plural-missing-category", .error, "A plural variable lacks a CLDR category the language needs (Polish without 'few' reads wrong for 2-4)."),
        LintRule("plural-unused-category", .warning, "A plural form for a category the language never selects (Apple's 'zero' for integer 0 is allowed)."),
        LintRule("variable-nesting", .warning, "A message's plural variables refer to each other more often than the linter explores (256 expansions); the forms past that point are not checked."),
        LintRule("plural-count-omitted", .warning, "A plural form does not show the number although its category covers several numbers (Russian 'one' is 1, 21, 101…), so one wording serves them all."),
        LintRule("plural-same-text", .warning, "Every plural form of a variable has the same text (with a word of four letters or more); the noun is not inflected."),
        // String Catalogs.
        LintRule("catalog-state", .warning, "A String Catalog unit is 'new', 'needs_review' or 'stale' (Xcode's 'new' on the source language's own units is not reported)."),
        LintRule("should-translate", .warning, "A key marked shouldTranslate: false has a translation that differs from the source."),
        LintRule("phrase-placeholder", .error, "An App Shortcuts phrase uses a ${parameter} no source phrase of its key uses, lacks ${applicationName}, or leaves '${' unclosed; a translation never using a source parameter is a warning."),
        // Render checks (every key, every locale, ICU's samples per plural category).
        LintRule("render-leftover-specifier", .error, "The rendered text still shows a format specifier."),
        LintRule("render-empty", .error, "The rendered text is empty for some sample value."),
        LintRule("render-icu", .error, "ICU could not format the message."),
        LintRule("bidi-control", .warning, "Bidirectional control characters out of place: unbalanced embeddings or isolates, or overrides (U+202D, U+202E)."),
        // Push budget.
        LintRule("push-payload-size", .error, "A notification message whose worst-case APNs payload exceeds 4096 bytes."),
        LintRule("lock-screen-length", .warning, "A notification body longer than a lock screen shows."),
    ]

    /// Rules by id.
    public static let byID: [String: LintRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
