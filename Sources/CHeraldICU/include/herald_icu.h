// The only interface between Herald and ICU.
//
// Everything here is plain C: opaque handles, UTF-8 strings, int32 status codes.
// No ICU type or header leaks out, so a Swift module can import this next to
// Foundation (which bundles its own, differently versioned ICU).
//
// Conventions
// - `status` is an ICU UErrorCode value. 0 is success, negative values are
//   warnings (not failures), positive values are failures. `hicu_error_name`
//   turns one into ICU's symbolic name.
// - String outputs are UTF-8, written to (out, capacity). The return value is
//   the full length needed (excluding the NUL); when it is >= capacity the
//   output was truncated and the status is U_BUFFER_OVERFLOW_ERROR (15), so the
//   caller retries with a larger buffer. Outputs are NUL-terminated when there
//   is room.
// - Handles are immutable after creation unless noted, and safe to use from
//   several threads at once. Date and message formatters are NOT thread safe:
//   the Swift layer serialises access to them.
// - Every choice among fixed values (plural type, number kind, date style, unit…)
//   is a closed C enum with explicit values, which Swift imports as an enum.
#ifndef HERALD_ICU_H
#define HERALD_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A closed enum with an int32_t representation: `typedef HICU_ENUM(Name) {…} Name;`.
#define HICU_ENUM(name) enum __attribute__((enum_extensibility(closed))) name : int32_t

/// The status a call returns when `out` was too small (U_BUFFER_OVERFLOW_ERROR).
static const int32_t HICU_BUFFER_OVERFLOW = 15;

/// ICU's symbolic name for a status code ("U_ILLEGAL_ARGUMENT_ERROR").
const char *hicu_error_name(int32_t status);

/// The ICU version ("72.1") and the CLDR version ("42.0").
void hicu_versions(char *icu, int32_t icu_cap, char *cldr, int32_t cldr_cap);

// MARK: - Locale ids

/// BCP 47 tag ("zh-Hant-TW") to an ICU id ("zh_Hant_TW"). `parsed` receives how
/// many bytes of the tag were understood (a shorter value than the tag's length
/// means trailing garbage).
int32_t hicu_locale_from_tag(const char *tag, char *out, int32_t cap, int32_t *parsed,
                             int32_t *status);
/// ICU id to a BCP 47 tag. `strict` rejects ids that have no valid tag form.
int32_t hicu_locale_to_tag(const char *locale, int strict, char *out, int32_t cap,
                           int32_t *status);
/// CLDR canonical form (Locale::createCanonical): "en_us" -> "en_US",
/// "iw" -> "he", "in" -> "id", "sh" -> "sr_Latn" (deprecated codes mapped).
int32_t hicu_locale_canonicalize(const char *locale, char *out, int32_t cap,
                                 int32_t *status);
/// The CLDR parent locale (ICU's "%%Parent" resource when the locale has
/// one: en_AU -> en_001, es_MX -> es_419, sr_Latn -> root, pt_AO -> pt_PT;
/// otherwise the id with its last subtag removed: en_XZ -> en, en -> "").
int32_t hicu_locale_cldr_parent(const char *locale, char *out, int32_t cap, int32_t *status);
int32_t hicu_locale_add_likely(const char *locale, char *out, int32_t cap, int32_t *status);
int32_t hicu_locale_minimize(const char *locale, char *out, int32_t cap, int32_t *status);
typedef HICU_ENUM(HICULocalePart) {
    HICULocalePartLanguage = 0, HICULocalePartScript = 1, HICULocalePartRegion = 2,
    HICULocalePartVariant = 3,
} HICULocalePart;
/// One subtag of an ICU id ("" when absent).
int32_t hicu_locale_part(const char *locale, HICULocalePart part, char *out, int32_t cap,
                         int32_t *status);
/// 1 when the locale's characters run right to left.
int hicu_locale_is_rtl(const char *locale);
/// 1 when the locale names no numbering system (`@numbers=`/`-u-nu-`) or one ICU knows
/// (`arab`, `latn`, `beng`…); 0 for an unknown one (`-u-nu-bogus`), which ICU's number
/// formatters refuse.
int hicu_locale_numbers_known(const char *locale);
/// The numbering system the locale's numbers use ("latn", "arab" for ar, "arabext" for
/// fa, or the one its `@numbers=` keyword names).
int32_t hicu_locale_numbering_system(const char *locale, char *out, int32_t cap, int32_t *status);
/// 1 when ICU has locale data for this language (or language_script/region)
/// itself, not just the root fallback.
int hicu_locale_has_data(const char *locale);

// MARK: - Plural rules

typedef struct HICUPluralRules HICUPluralRules;

/// Rules for counts or for positions.
typedef HICU_ENUM(HICUPluralType) {
    HICUPluralTypeCardinal = 0, HICUPluralTypeOrdinal = 1,
} HICUPluralType;
/// A CLDR plural category, as hicu_number_format_select_index reports it.
typedef HICU_ENUM(HICUPluralCategory) {
    HICUPluralCategoryNotSelected = -1,  // no rules were given
    HICUPluralCategoryZero = 0,
    HICUPluralCategoryOne = 1,
    HICUPluralCategoryTwo = 2,
    HICUPluralCategoryFew = 3,
    HICUPluralCategoryMany = 4,
    HICUPluralCategoryOther = 5,
} HICUPluralCategory;

HICUPluralRules *hicu_plural_open(const char *locale, HICUPluralType type, int32_t *status);
void hicu_plural_close(HICUPluralRules *rules);
/// Space-separated keywords in CLDR order (zero one two few many other, those present).
int32_t hicu_plural_keywords(const HICUPluralRules *rules, char *out, int32_t cap,
                             int32_t *status);
/// The category for a plain double (no visible fraction digits information).
int32_t hicu_plural_select_double(const HICUPluralRules *rules, double value, char *out,
                                  int32_t cap, int32_t *status);
/// The rule text for one keyword with CLDR's samples
/// ("v = 0 and i % 10 = 1 … @integer 1, 21, … @decimal …").
/// Empty for "other" when it has no condition (its samples still follow).
int32_t hicu_plural_rule_with_samples(const char *locale, HICUPluralType type, const char *keyword,
                                      char *out, int32_t cap, int32_t *status);

// MARK: - Number formatting (ICU number skeletons)

typedef struct HICUNumberFormatter HICUNumberFormatter;

/// Opens a formatter for a skeleton ("currency/EUR", ".00", "compact-short",
/// "" for the locale's default). On a syntax error, *error_offset is the
/// offset in the skeleton (UTF-16 units) where ICU stopped, else -1.
HICUNumberFormatter *hicu_number_open(const char *skeleton, const char *locale,
                                      int32_t *error_offset, int32_t *status);
void hicu_number_close(HICUNumberFormatter *fmt);

int32_t hicu_number_format_int(const HICUNumberFormatter *fmt, int64_t value, char *out,
                               int32_t cap, int32_t *status);
int32_t hicu_number_format_double(const HICUNumberFormatter *fmt, double value, char *out,
                                  int32_t cap, int32_t *status);
/// `decimal` is a decimal string as written ("1234.50", "-3", "1e6").
int32_t hicu_number_format_decimal(const HICUNumberFormatter *fmt, const char *decimal,
                                   int32_t decimal_len, char *out, int32_t cap,
                                   int32_t *status);

/// What hicu_number_format_select_index formats.
typedef HICU_ENUM(HICUNumberKind) {
    HICUNumberKindInt64 = 0,       // `int_value`
    HICUNumberKindDouble = 1,      // `double_value`
    HICUNumberKindDecimal = 2,     // `decimal`, a decimal string as written ("1234.50")
    HICUNumberKindMinorUnits = 3,  // `int_value` in minor units with `digits` fraction digits
    HICUNumberKindFixed = 4,       // `double_value` shown by a formatter of `digits` (0...20)
                                   // fraction digits, rounded half-even from its shortest
                                   // decimal; finite values below 1e100 in magnitude only
} HICUNumberKind;

/// Formats and selects the plural category of the *formatted* number in one
/// step (uplrules_selectFormatted), so "1.0" and "1" differ. Writes the text to
/// out and the category to *category (HICUPluralCategoryNotSelected when `rules`
/// is NULL). An amount in minor units (`int_value`, e.g. 123450) with `digits`
/// fraction digits (0...18, e.g. 2 → 1234.50) is formatted exactly, without
/// floating point.
int32_t hicu_number_format_select_index(const HICUNumberFormatter *fmt,
                                        const HICUPluralRules *rules, HICUNumberKind kind,
                                        int64_t int_value, double double_value,
                                        const char *decimal, int32_t decimal_len,
                                        int32_t digits, char *out, int32_t cap,
                                        HICUPluralCategory *category, int32_t *status);

// MARK: - Localized printf numbers (as CoreFoundation prints them)

typedef struct HICUPrintfNumber HICUPrintfNumber;

/// The conversion a localized printf number is: d i u D U (integer), f F (fixed),
/// e E (exponent), g G (general).
typedef HICU_ENUM(HICUPrintfConversion) {
    HICUPrintfConversionInteger = 0, HICUPrintfConversionFixed = 1,
    HICUPrintfConversionExponent = 2, HICUPrintfConversionGeneral = 3,
} HICUPrintfConversion;
/// Flags of a printf specifier that CoreFoundation's localized numbers use.
static const int32_t HICUPrintfFlagMinus = 1;
static const int32_t HICUPrintfFlagPlus = 2;
static const int32_t HICUPrintfFlagZero = 4;

/// Opens the formatter CoreFoundation configures for one specifier (printf.cpp says how):
/// `width` and `precision` -1 when not written, `flags` HICUPrintfFlag… bits.
HICUPrintfNumber *hicu_printf_number_open(const char *locale, HICUPrintfConversion conversion,
                                          int32_t width, int32_t precision, int32_t flags,
                                          int32_t *status);
void hicu_printf_number_close(HICUPrintfNumber *p);
/// The whole field (padding included) for a 64-bit signed integer.
int32_t hicu_printf_number_format_int(const HICUPrintfNumber *p, int64_t value, char *out,
                                      int32_t cap, int32_t *status);
/// The whole field (padding included) for a double.
int32_t hicu_printf_number_format_double(const HICUPrintfNumber *p, double value, char *out,
                                         int32_t cap, int32_t *status);

/// Which rounding: the standard one or cash (HUF 0).
typedef HICU_ENUM(HICUCurrencyUsage) {
    HICUCurrencyUsageStandard = 0, HICUCurrencyUsageCash = 1,
} HICUCurrencyUsage;
/// ucurr_getDefaultFractionDigits.
int32_t hicu_currency_fraction_digits(const char *iso_code, HICUCurrencyUsage usage,
                                      int32_t *status);

// MARK: - Dates

typedef struct HICUDateFormatter HICUDateFormatter;

typedef HICU_ENUM(HICUDateStyle) {
    HICUDateStyleNone = -1, HICUDateStyleFull = 0, HICUDateStyleLong = 1, HICUDateStyleMedium = 2,
    HICUDateStyleShort = 3,
} HICUDateStyle;

/// Opens a date formatter. Either give `skeleton` (e.g. "yMMMdjmm", resolved
/// with the locale's best pattern) or styles with skeleton NULL. `zone` is an
/// IANA id; unknown zones fail with U_ILLEGAL_ARGUMENT_ERROR.
/// NOT thread safe: format from one thread at a time.
HICUDateFormatter *hicu_date_open(const char *locale, const char *zone, const char *skeleton,
                                  HICUDateStyle date_style, HICUDateStyle time_style,
                                  int32_t *status);
void hicu_date_close(HICUDateFormatter *fmt);
int32_t hicu_date_format(HICUDateFormatter *fmt, double epoch_ms, char *out, int32_t cap,
                         int32_t *status);
/// The pattern in use ("MMM d, y, h:mm a").
int32_t hicu_date_pattern(const HICUDateFormatter *fmt, char *out, int32_t cap,
                          int32_t *status);
/// 1 when ICU knows this IANA zone id.
int hicu_zone_is_known(const char *zone);
/// Offset from UTC in ms of `zone` at `epoch_ms` (raw + DST).
int32_t hicu_zone_offset_ms(const char *zone, double epoch_ms, int32_t *status);

// MARK: - Relative time

typedef struct HICURelativeFormatter HICURelativeFormatter;

typedef HICU_ENUM(HICURelativeWidth) {
    HICURelativeWidthLong = 0, HICURelativeWidthShort = 1, HICURelativeWidthNarrow = 2,
} HICURelativeWidth;
typedef HICU_ENUM(HICURelativeUnit) {
    HICURelativeUnitYear = 0, HICURelativeUnitQuarter = 1, HICURelativeUnitMonth = 2,
    HICURelativeUnitWeek = 3, HICURelativeUnitDay = 4, HICURelativeUnitHour = 5,
    HICURelativeUnitMinute = 6, HICURelativeUnitSecond = 7,
} HICURelativeUnit;

/// NOT thread safe.
HICURelativeFormatter *hicu_relative_open(const char *locale, HICURelativeWidth width,
                                          int32_t *status);
void hicu_relative_close(HICURelativeFormatter *fmt);
/// numeric = 1 always uses numbers ("in 1 day"); 0 allows words ("tomorrow").
int32_t hicu_relative_format(HICURelativeFormatter *fmt, double offset, HICURelativeUnit unit,
                             int numeric, char *out, int32_t cap, int32_t *status);

// MARK: - MessageFormat

typedef struct HICUMessageFormat HICUMessageFormat;

/// Parses an ICU MessageFormat pattern. On a syntax error, *error_line and
/// *error_offset say where (0-based line, offset in that line, UTF-16 units).
/// With `isolate` non-zero, every argument that is shown ({x}, {x, number…},
/// {x, date…}, a plural's #) comes out wrapped in FSI U+2068 … PDI U+2069;
/// the values themselves reach ICU unchanged (a select compares them as given).
/// NOT thread safe.
HICUMessageFormat *hicu_message_open(const char *pattern, const char *locale, int isolate,
                                     int32_t *error_line, int32_t *error_offset,
                                     int32_t *status);
void hicu_message_close(HICUMessageFormat *fmt);
/// 1 when the pattern uses named arguments ({count}), 0 for numbered ({0}).
int hicu_message_uses_names(const HICUMessageFormat *fmt);
/// 1 when the pattern formats a date or time ({d, date, short}, {t, time}).
int hicu_message_has_dates(const HICUMessageFormat *fmt);
/// What a MessageFormat argument is.
typedef HICU_ENUM(HICUMessageArgumentKind) {
    HICUMessageArgumentKindString = 0,   // values[i]: UTF-8 text, which may hold NUL characters
    HICUMessageArgumentKindDecimal = 1,  // values[i]: a decimal string ("1.50")
    HICUMessageArgumentKindDate = 2,     // numbers[i]: epoch ms; values[i] unused
} HICUMessageArgumentKind;
/// Formats with `count` arguments; dates are shown in the IANA `zone` (NULL: UTC).
/// names[i] is the argument name (or its number as text, "0"). values[i] is
/// valueLengths[i] bytes, not NUL-terminated. On failure, *failed_argument is
/// the index of the argument at fault when known, else -1.
int32_t hicu_message_format(HICUMessageFormat *fmt, const char *zone, int32_t count, const char *const *names,
                            const HICUMessageArgumentKind *kinds, const char *const *values,
                            const int32_t *valueLengths, const double *numbers, char *out,
                            int32_t cap, int32_t *failed_argument, int32_t *status);

// MARK: - Text

typedef HICU_ENUM(HICUDirection) {
    HICUDirectionLeftToRight = 0,
    HICUDirectionRightToLeft = 1,
    HICUDirectionNeutral = 3,  // no strong character (ICU's UBIDI_NEUTRAL)
} HICUDirection;
/// Base direction of UTF-8 text by its first strong character.
HICUDirection hicu_text_base_direction(const char *text, int32_t len);

/// A paragraph's direction for the bidi algorithm.
typedef HICU_ENUM(HICUBidiParagraph) {
    HICUBidiParagraphLeftToRight = 0,
    HICUBidiParagraphRightToLeft = 1,
    HICUBidiParagraphFirstStrong = -1,  // the first strong character's (UBIDI_DEFAULT_LTR)
} HICUBidiParagraph;
// The Unicode Bidirectional Algorithm (ubidi) over UTF-16 `text`: writes, for each
// visual position, the logical UTF-16 index shown there (ubidi_getVisualMap; bidi
// controls stay in the map). Returns the map's length (> cap: nothing written), 0
// with *status set on failure.
int32_t hicu_bidi_visual_map(const uint16_t *text, int32_t len, HICUBidiParagraph paragraph,
                             int32_t *map, int32_t cap, int32_t *status);

// Line break opportunities (ubrk, UBRK_LINE) in UTF-16 `text` for `locale` (Thai, Lao,
// Khmer and Burmese by dictionary; CJK by the locale's rules): writes each boundary after
// the start, with hard[i] = 1 for a mandatory break (after a line separator). Returns the
// count (> cap: only cap written; call again with room), 0 with *status set on failure.
// The iterator is kept per thread for the last locale.
int32_t hicu_line_breaks(const char *locale, const uint16_t *text, int32_t len,
                         int32_t *breaks, uint8_t *hard, int32_t cap, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
