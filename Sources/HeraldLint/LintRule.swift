// The rules of `herald validate`: stable ids, default severities, one line
// of explanation each (shown in SARIF's rule list and `--list-rules`). The
// readers' rules (`syntax`, `encoding`…) are declared in HeraldTables, the format
// string rules (`invalid-specifier`…) and `value-type` in HeraldRender; the rest here,
// each explained by its entry in `LintRule.all`.
public import HeraldDiagnostics
import HeraldTables
import HeraldRender

extension Diagnostic.Rule {
    public static let missingSource = Self("missing-source")
    public static let missingLocale = Self("missing-locale")
    public static let missingKey = Self("missing-key")
    public static let extraKey = Self("extra-key")
    public static let untranslated = Self("untranslated")
    public static let emptyValue = Self("empty-value")
    public static let specifierMismatch = Self("specifier-mismatch")
    public static let specifierMissing = Self("specifier-missing")
    public static let specifierLength = Self("specifier-length")
    public static let pluralMissingOther = Self("plural-missing-other")
    public static let variableUnused = Self("variable-unused")
    public static let pluralMissingCategory = Self("plural-missing-category")
    public static let pluralUnusedCategory = Self("plural-unused-category")
    public static let variableNesting = Self("variable-nesting")
    public static let pluralCountOmitted = Self("plural-count-omitted")
    public static let pluralFormArgument = Self("plural-form-argument")
    public static let pluralSameText = Self("plural-same-text")
    public static let catalogState = Self("catalog-state")
    public static let shouldTranslate = Self("should-translate")
    public static let phrasePlaceholder = Self("phrase-placeholder")
    public static let renderLeftoverSpecifier = Self("render-leftover-specifier")
    public static let renderEmpty = Self("render-empty")
    public static let renderICU = Self("render-icu")
    public static let bidiControl = Self("bidi-control")
    public static let pushPayloadSize = Self("push-payload-size")
}

/// One rule: a stable id (what configurations and reports name), its
/// default severity and what it checks.
public struct LintRule: Sendable, Hashable {
    /// The id used in output and configuration (`missing-key`).
    public var id: Diagnostic.Rule
    /// Its severity unless the configuration says otherwise (never `note`).
    public var defaultSeverity: Diagnostic.Severity
    /// What it checks, in one line.
    public var summary: String

    /// Makes a rule.
    public init(_ id: Diagnostic.Rule, _ severity: Diagnostic.Severity, _ summary: String) {
        self.id = id
        self.defaultSeverity = severity
        self.summary = summary
    }

    /// Every rule, in the order they are documented.
    public static let all: [LintRule] = [
        // Reading the files (reported by HeraldTables' readers).
        LintRule(.syntax, .error, "The file does not parse; a device drops the whole file (or everything after the error)."),
        LintRule(.encoding, .error, "Encoding damage: invalid UTF-8, U+FFFD replacement characters, a byte order mark in mid-file, an undetectable encoding."),
        LintRule(.duplicateKey, .warning, "A key is defined twice in one file; the last definition wins."),
        LintRule(.structure, .error, "A .stringsdict or .xcstrings entry is not shaped the way Foundation and Xcode read it."),
        LintRule(.io, .error, "A file or folder cannot be read."),
        // Keys against the source locale.
        LintRule(.missingSource, .warning, "A bundle has no tables in the source locale (nor Base), so translations cannot be compared with it; --source DIR names where they are kept."),
        LintRule(.missingLocale, .error, "A table lacks a localization the configuration's \"locales\" lists (a deleted .lproj folder, a language left out of a String Catalog)."),
        LintRule(.missingKey, .warning, "A key of the source locale is missing in a translation (the device shows the development language)."),
        LintRule(.extraKey, .warning, "A key nothing shows: with --sources, a key no code names (said once per key); without, a key like 'settings.title' that only translations have (a dead key, or a raw key on source-language devices)."),
        LintRule(.untranslated, .warning, "A translation is identical to the source text (sentences: three words or more, two in lower case, or four in Title Case; addresses are no words)."),
        LintRule(.emptyValue, .error, "A value or plural form is empty where the source is not."),
        // Specifiers.
        LintRule(.specifierMismatch, .error, "A translation reads an argument the source does not supply, or reads it as another type (crash or garbage)."),
        LintRule(.specifierMissing, .warning, "A translation does not show an argument the source shows."),
        LintRule(.specifierLength, .warning, "A translation reads an integer argument with another size than the source (%d vs %ld)."),
        LintRule(.danglingPercent, .error, "A lone '%' at the end of a format string."),
        LintRule(.invalidSpecifier, .error, "'%' followed by something that is not a conversion (%y, %1ημ)."),
        LintRule(.accidentalSpecifier, .error, "Text that parses as a conversion but is a percent sign followed by a word ('50% a day' reads '% a')."),
        LintRule(.mixedPositional, .error, "Positional (%1$@) and sequential (%@) specifiers in one string."),
        LintRule(.badPosition, .error, "A position of 0 or beyond 64 (%0$@)."),
        LintRule(.widthTooLarge, .warning, "A width or precision above 1024; it is capped."),
        LintRule(.starWidth, .error, "A width or precision taken from an argument (%*d), which localized strings cannot supply."),
        LintRule(.badVariable, .error, "A %#@ without a closing '@' or a name."),
        LintRule(.conflictingTypes, .error, "One argument read as two incompatible types in one string."),
        LintRule(.unusualLength, .warning, "A length modifier that does not fit the conversion (%lc, %hf)."),
        // Plural structure.
        LintRule(.pluralMissingOther, .error, "A plural variable has no 'other' form, which Foundation requires."),
        LintRule(.variableUnused, .warning, "A plural variable is defined but the format string never uses it."),
        LintRule(.valueType, .error, "A plural variable's value type is missing, not a number (%@) or not a printf conversion."),
        LintRule(.pluralMissingCategory, .error, "A plural variable lacks a CLDR category the language needs (Polish without 'few' reads wrong for 2-4); a warning for categories only millions select and Hebrew's 'two'."),
        LintRule(.pluralUnusedCategory, .warning, "A plural form for a category the language never selects (Apple's 'zero' for integer 0 is allowed)."),
        LintRule(.variableNesting, .warning, "A message's plural variables refer to each other more often than the linter explores (256 expansions); the variables past that point are not checked."),
        LintRule(.pluralCountOmitted, .warning, "A 'zero', 'one' or 'two' form does not show the number although its category covers several numbers (Russian 'one' is 1, 21, 101…), and no text around it does, so one wording serves them all."),
        LintRule(.pluralFormArgument, .warning, "A plural form prints the number another plural variable counts instead of its own (%2$ld in the form of the variable counting argument 1), so it shows the wrong count."),
        LintRule(.pluralSameText, .warning, "Every plural form of a variable has the same text (with a word of four letters or more) where the source's differ; the noun is not inflected (not checked in Germanic languages)."),
        // String Catalogs.
        LintRule(.catalogState, .warning, "A String Catalog unit is 'new', 'needs_review' or 'stale' (Xcode's 'new' on the source language's own units is not reported)."),
        LintRule(.shouldTranslate, .warning, "A key marked shouldTranslate: false has a translation that differs from the source."),
        LintRule(.phrasePlaceholder, .error, "An App Shortcuts phrase uses a ${parameter} no source phrase of its key uses, lacks ${applicationName}, or leaves '${' unclosed; a translation never using a source parameter is a warning."),
        // Render checks (every key, every locale, ICU's samples per plural category).
        LintRule(.renderLeftoverSpecifier, .error, "The rendered text still shows a format specifier."),
        LintRule(.renderEmpty, .error, "The rendered text is empty for some sample value."),
        LintRule(.renderICU, .error, "ICU could not format the message."),
        LintRule(.mf2, .error, "A MessageFormat 2 message (a .mf2 table) does not parse or breaks the data model (line:column in the message), or reads variables its source does not give (a source variable it leaves out: warning)."),
        LintRule(.bidiControl, .warning, "Bidirectional control characters out of place: unbalanced embeddings or isolates, or overrides (U+202D, U+202E)."),
        // Push budget.
        LintRule(.pushPayloadSize, .error, "A notification message whose worst-case APNs payload exceeds 4096 bytes."),
        // Push payloads (`--pushes DIR`, PushKeyChecks.swift).
        LintRule(.pushKeyMissing, .error, "A push's loc-key, title-loc-key or subtitle-loc-key is in no Localizable table: the device shows the raw key."),
        LintRule(.pushArgumentCount, .error, "A push's key reads more arguments in some language than its -args array gives: the device shows no value there."),
    ] + [LintRule.fitRule] + LintRule.pseudo + LintRule.code

    /// Rules by id.
    public static let byID: [Diagnostic.Rule: LintRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
