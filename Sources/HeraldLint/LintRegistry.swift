// The registry: every rule of `herald validate`, in the order they are documented
// (Docs/validate-rules.md, `--list-rules`, SARIF's rule list). A new rule is a file in
// Rules/ declaring its id and its `LintRule` value, plus a line here (and its fixture,
// its docs). Per-entry checks run in this order, each on every entry; no check depends
// on another having run (what they share is computed first, in `EntryFacts`).

extension LintRule {
    /// Every rule, in the order they are documented.
    public static let all: [LintRule] = [
        // Reading the files (reported by HeraldTables' readers).
        .syntax, .encoding, .duplicateKey, .structure, .io,
        // Keys against the source locale.
        .missingSource, .missingLocale, .missingKey, .extraKey, .untranslated, .emptyValue,
        // Specifiers.
        .specifierMismatch, .specifierMissing, .specifierLength,
        .danglingPercent, .invalidSpecifier, .accidentalSpecifier, .mixedPositional, .badPosition,
        .widthTooLarge, .starWidth, .badVariable, .conflictingTypes, .unusualLength,
        // Plural structure.
        .pluralMissingOther, .variableUnused, .valueType, .pluralMissingCategory, .pluralUnusedCategory,
        .variableNesting, .pluralCountOmitted, .pluralFormArgument, .pluralSameText,
        // String Catalogs.
        .catalogState, .shouldTranslate, .phrasePlaceholder,
        // Render checks (every key, every locale, ICU's samples per plural category).
        .renderLeftoverSpecifier, .renderEmpty, .renderICU, .mf2, .bidiControl,
        // Push budget.
        .pushPayloadSize,
        // Push payloads (`--pushes DIR`).
        .pushKeyMissing, .pushArgumentCount,
        // Does it fit on the lock screen (Docs/fit.md).
        .fit,
        // `--pseudo`.
        .pseudoPushPayloadSize, .pseudoLockScreenLines, .pseudoUnchanged,
        // `--sources`.
        .codeMissingKey, .codeArguments,
        // Plural candidates (issue 34).
        .pluralCandidate,
        // Source and translation parity.
        .punctuationParity, .whitespaceParity, .numberParity, .addressParity, .markupParity, .bracketParity,
        // Script typography.
        .cjkPunctuation, .frenchSpacing, .arabicPunctuation, .greekQuestionMark,
        // Configured text rules.
        .sameAsSource, .termKept, .termTranslation, .lengthLimit, .pattern,
        // Apple's grammar agreement.
        .inflection,
    ]
}
