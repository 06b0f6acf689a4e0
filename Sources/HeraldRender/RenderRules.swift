// The rules the renderer reports under. The text is still rendered; an `error`
// means it is not what the message means, a `warning` that something is off. Each
// rule's meaning is beside it.

extension Diagnostic.Rule {
    public static let missingArgument = Self("missing-argument")  // A specifier reads an argument that was not given; it is left empty.
    public static let unusedArgument = Self("unused-argument")  // An argument was given that no specifier reads.
    public static let notANumber = Self("not-a-number")  // A numeric specifier or plural variable got text that is not a number.
    public static let integerOverflow = Self("integer-overflow")  // A number beyond what a 64-bit integer holds; it is capped.
    public static let fractionDropped = Self("fraction-dropped")  // An integer specifier got a number with a fraction; the fraction is dropped.
    public static let pluralFormMissing = Self("plural-form-missing")  // A plural variable has neither the chosen category's form nor `other`.
    public static let pluralValue = Self("plural-value")  // A value the plural rules cannot select on.
    public static let noVariant = Self("no-variant")  // A width or device rule with no variant to show.
    public static let icu = Self("icu")  // ICU could not parse or format a MessageFormat pattern, or has no plural rules.
    public static let recursion = Self("recursion")  // Plural variables that refer to themselves, or to each other too often.
    public static let unknownVariable = Self("unknown-variable")  // `%#@name@` names a variable the message does not define.
    public static let specType = Self("spec-type")  // A plural variable's spec type is not NSStringPluralRuleType.
    public static let valueType = Self("value-type")  // A plural variable's value type is missing, not numeric or not a printf conversion.
    public static let unknownLocale = Self("unknown-locale")  // The requested locale's language has no ICU data (said by callers that read a locale tag).

    // Problems in a format string (`FormatProblem.kind`), which the linter reports too.

    public static let danglingPercent = Self("dangling-percent")  // A `%` at the end of the string.
    public static let invalidSpecifier = Self("invalid-specifier")  // `%` followed by something that is not a conversion.
    public static let accidentalSpecifier = Self("accidental-specifier")  // Parses as a conversion but is probably ordinary text (`50% a day`).
    public static let mixedPositional = Self("mixed-positional")  // Positional and sequential specifiers in one string.
    public static let badPosition = Self("bad-position")  // A position of 0 or beyond the maximum.
    public static let widthTooLarge = Self("width-too-large")  // A width or precision above the maximum; it is capped.
    public static let starWidth = Self("star-width")  // A width or precision taken from an argument (`%*d`).
    public static let badVariable = Self("bad-variable")  // `%#@` without a closing `@` or a name.
    public static let conflictingTypes = Self("conflicting-types")  // One argument read as two incompatible types.
    public static let unusualLength = Self("unusual-length")  // A length modifier that does not fit the conversion.
}
