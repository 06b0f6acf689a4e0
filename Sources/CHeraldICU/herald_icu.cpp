// The C shim over ICU 72. See include/herald_icu.h for the contract.
// This is the only file in Herald that includes ICU headers.

#include "herald_icu.h"

#include <unicode/ubidi.h>
#include <unicode/ucal.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumsys.h>
#include <unicode/upluralrules.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>
#include <unicode/fmtable.h>
#include <unicode/msgfmt.h>
#include <unicode/unistr.h>
#include <unicode/locid.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

// A per-thread UTF-16 scratch buffer, so the hot paths allocate nothing.
struct Scratch {
    std::vector<UChar> a;
    std::vector<UChar> b;
    UFormattedNumber *result = nullptr;
    Scratch() : a(512), b(512) {}
    ~Scratch() {
        if (result) unumf_closeResult(result);
    }
};

thread_local Scratch scratch;

UFormattedNumber *threadResult(UErrorCode *ec) {
    if (!scratch.result) scratch.result = unumf_openResult(ec);
    return scratch.result;
}

// Copies a NUL-free UTF-8 string into (out, cap) with the header's contract.
int32_t copyOut(const char *src, int32_t len, char *out, int32_t cap, int32_t *status) {
    if (len < 0) len = (int32_t)strlen(src);
    if (len < cap) {
        if (len > 0) memcpy(out, src, (size_t)len);
        out[len] = 0;
    } else {
        if (cap > 0) {
            memcpy(out, src, (size_t)cap);
        }
        if (*status <= 0) *status = U_BUFFER_OVERFLOW_ERROR;
    }
    return len;
}

// UTF-16 -> UTF-8 into the caller's buffer.
int32_t toUTF8(const UChar *src, int32_t len, char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strToUTF8WithSub(out, cap, &needed, src, len, 0xFFFD, nullptr, &ec);
    if (ec == U_BUFFER_OVERFLOW_ERROR || ec == U_STRING_NOT_TERMINATED_WARNING) {
        if (needed >= cap && *status <= 0) *status = U_BUFFER_OVERFLOW_ERROR;
        return needed;
    }
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return needed;
}

// UTF-8 -> UTF-16 into a reusable vector. Returns the length or -1.
int32_t toUTF16(const char *src, int32_t len, std::vector<UChar> &buf, int32_t *status) {
    if (len < 0) len = (int32_t)strlen(src);
    if ((int32_t)buf.size() < len + 1) buf.resize((size_t)len + 1);
    UErrorCode ec = U_ZERO_ERROR;
    int32_t n = 0;
    u_strFromUTF8WithSub(buf.data(), (int32_t)buf.size(), &n, src, len, 0xFFFD, nullptr, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return -1;
    }
    return n;
}

// Calls an ICU UTF-16 producer, growing the scratch buffer once if needed,
// then converts to UTF-8.
template <typename F>
int32_t produce(F &&f, char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    std::vector<UChar> &buf = scratch.b;
    int32_t n = f(buf.data(), (int32_t)buf.size(), &ec);
    if (ec == U_BUFFER_OVERFLOW_ERROR || n >= (int32_t)buf.size()) {
        buf.resize((size_t)n + 1);
        ec = U_ZERO_ERROR;
        n = f(buf.data(), (int32_t)buf.size(), &ec);
    }
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    if (ec > U_ZERO_ERROR && ec != U_STRING_NOT_TERMINATED_WARNING) *status = ec;
    return toUTF8(buf.data(), n, out, cap, status);
}

// Runs one of ICU's uloc_* calls that writes a locale id (or a part of one) to a
// buffer, `f(buffer, capacity, &ec)`, and copies the result out.
template <typename F>
int32_t localeOut(F &&f, char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    char buf[ULOC_FULLNAME_CAPACITY * 2];
    int32_t n = f(buf, (int32_t)sizeof buf, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return copyOut(buf, n, out, cap, status);
}

}  // namespace

struct HICUPluralRules {
    UPluralRules *rules;
};
struct HICUNumberFormatter {
    UNumberFormatter *fmt;
    // True for the bare "precision-integer" skeleton: an int64 is shown as
    // exactly that integer (no rounding, scale or compact notation), so its
    // plural operands are the integer's own (i = n, v = f = t = e = 0).
    bool exactInteger;
};
struct HICUDateFormatter {
    UDateFormat *fmt;
};
struct HICURelativeFormatter {
    URelativeDateTimeFormatter *fmt;
};
struct HICUMessageFormat {
    icu::MessageFormat *fmt;
};

extern "C" {

const char *hicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

void hicu_versions(char *icu, int32_t icu_cap, char *cldr, int32_t cldr_cap) {
    UVersionInfo v;
    u_getVersion(v);
    char buf[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(v, buf);
    int32_t st = 0;
    copyOut(buf, -1, icu, icu_cap, &st);
    UErrorCode ec = U_ZERO_ERROR;
    UVersionInfo c;
    ulocdata_getCLDRVersion(c, &ec);
    u_versionToString(c, buf);
    copyOut(U_SUCCESS(ec) ? buf : "", -1, cldr, cldr_cap, &st);
}

// MARK: locale

int32_t hicu_locale_from_tag(const char *tag, char *out, int32_t cap, int32_t *parsed,
                             int32_t *status) {
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_forLanguageTag(tag, b, c, parsed, ec); },
        out, cap, status);
}

int32_t hicu_locale_to_tag(const char *locale, int strict, char *out, int32_t cap,
                           int32_t *status) {
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_toLanguageTag(locale, b, c, strict ? 1 : 0, ec); },
        out, cap, status);
}

int32_t hicu_locale_canonicalize(const char *locale, char *out, int32_t cap,
                                 int32_t *status) {
    // Locale::createCanonical applies CLDR's aliases (iw -> he, in -> id,
    // sh -> sr_Latn, tl -> fil), which uloc_canonicalize in ICU 72 does not.
    icu::Locale l = icu::Locale::createCanonical(locale);
    if (l.isBogus()) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    return copyOut(l.getName(), -1, out, cap, status);
}

int32_t hicu_locale_cldr_parent(const char *locale, char *out, int32_t cap, int32_t *status) {
    // The locale's own "%%Parent" (nb -> no, en_AU -> en_001), read through
    // ures_open, the same cached open every formatter uses. ures_openDirect
    // must not be used here: ICU 72 caches the direct open's entry without
    // its parent link, and every later formatter for that locale (nb, nn,
    // nb_NO) would then fall through to root data.
    UErrorCode ec = U_ZERO_ERROR;
    UResourceBundle *rb = ures_open(nullptr, locale, &ec);
    // U_ZERO_ERROR: the locale has its own resource file (a fallback or
    // default warning means ICU opened an ancestor instead).
    if (ec == U_ZERO_ERROR) {
        UErrorCode e2 = U_ZERO_ERROR;
        int32_t l = 0;
        const UChar *s = ures_getStringByKey(rb, "%%Parent", &l, &e2);
        // Only the locale's own entry: a value found in an ancestor comes
        // with U_USING_FALLBACK_WARNING (nb_NO must not inherit nb's "no").
        if (e2 == U_ZERO_ERROR && l > 0 && l < ULOC_FULLNAME_CAPACITY) {
            char b[ULOC_FULLNAME_CAPACITY];
            u_UCharsToChars(s, b, l);
            b[l] = 0;
            ures_close(rb);
            return copyOut(b, l, out, cap, status);
        }
    }
    if (rb) ures_close(rb);
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_getParent(locale, b, c, ec); },
        out, cap, status);
}

int32_t hicu_locale_add_likely(const char *locale, char *out, int32_t cap, int32_t *status) {
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_addLikelySubtags(locale, b, c, ec); },
        out, cap, status);
}

int32_t hicu_locale_minimize(const char *locale, char *out, int32_t cap, int32_t *status) {
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return uloc_minimizeSubtags(locale, b, c, ec); },
        out, cap, status);
}

int32_t hicu_locale_part(const char *locale, HICULocalePart part, char *out, int32_t cap,
                         int32_t *status) {
    int32_t (*get)(const char *, char *, int32_t, UErrorCode *) = uloc_getVariant;
    switch (part) {
        case HICULocalePartLanguage: get = uloc_getLanguage; break;
        case HICULocalePartScript: get = uloc_getScript; break;
        case HICULocalePartRegion: get = uloc_getCountry; break;
        case HICULocalePartVariant: get = uloc_getVariant; break;
    }
    return localeOut(
        [&](char *b, int32_t c, UErrorCode *ec) { return get(locale, b, c, ec); },
        out, cap, status);
}

int hicu_locale_is_rtl(const char *locale) { return uloc_isRightToLeft(locale) ? 1 : 0; }

int hicu_locale_numbers_known(const char *locale) {
    char name[64];
    UErrorCode st = U_ZERO_ERROR;
    int32_t n = uloc_getKeywordValue(locale, "numbers", name, (int32_t)sizeof name, &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING) return n > 0 ? 0 : 1;
    if (n <= 0) return 1;
    st = U_ZERO_ERROR;
    UNumberingSystem *ns = unumsys_openByName(name, &st);
    if (ns) unumsys_close(ns);
    return U_SUCCESS(st) && ns ? 1 : 0;
}

int hicu_locale_has_data(const char *locale) {
    UErrorCode ec = U_ZERO_ERROR;
    UResourceBundle *rb = ures_open(nullptr, locale, &ec);
    if (U_FAILURE(ec)) return 0;
    int result = 1;
    if (ec == U_USING_DEFAULT_WARNING) result = 0;
    const char *valid = ures_getLocaleByType(rb, ULOC_VALID_LOCALE, &ec);
    if (U_FAILURE(ec) || !valid || !*valid || strcmp(valid, "root") == 0) result = 0;
    ures_close(rb);
    return result;
}

// MARK: plural rules

static UPluralType pluralType(HICUPluralType type) {
    return type == HICUPluralTypeOrdinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL;
}

HICUPluralRules *hicu_plural_open(const char *locale, HICUPluralType type, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UPluralRules *r = uplrules_openForType(locale, pluralType(type), &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        if (r) uplrules_close(r);
        return nullptr;
    }
    *status = ec;
    return new HICUPluralRules{r};
}

void hicu_plural_close(HICUPluralRules *rules) {
    if (!rules) return;
    uplrules_close(rules->rules);
    delete rules;
}

int32_t hicu_plural_keywords(const HICUPluralRules *rules, char *out, int32_t cap,
                             int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UEnumeration *e = uplrules_getKeywords(rules->rules, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    static const char *order[] = {"zero", "one", "two", "few", "many", "other"};
    std::vector<std::string> found;
    const char *kw;
    int32_t len;
    while ((kw = uenum_next(e, &len, &ec)) != nullptr && U_SUCCESS(ec)) found.emplace_back(kw, len);
    uenum_close(e);
    std::string joined;
    for (const char *o : order) {
        for (auto &f : found)
            if (f == o) {
                if (!joined.empty()) joined += ' ';
                joined += f;
            }
    }
    return copyOut(joined.c_str(), (int32_t)joined.size(), out, cap, status);
}

int32_t hicu_plural_select_double(const HICUPluralRules *rules, double value, char *out,
                                  int32_t cap, int32_t *status) {
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) {
            return uplrules_select(rules->rules, value, b, c, ec);
        },
        out, cap, status);
}

int32_t hicu_plural_rule_with_samples(const char *locale, HICUPluralType type, const char *keyword,
                                      char *out, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UResourceBundle *root = ures_openDirect(nullptr, "plurals", &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    UResourceBundle *locs =
        ures_getByKey(root, type == HICUPluralTypeOrdinal ? "locales_ordinals" : "locales", nullptr, &ec);
    // Walk the locale's parents (sr_Latn_RS -> sr_Latn -> sr) until a rule set is named.
    char cur[ULOC_FULLNAME_CAPACITY];
    strncpy(cur, locale, sizeof cur - 1);
    cur[sizeof cur - 1] = 0;
    std::string set;
    while (U_SUCCESS(ec) && cur[0]) {
        UErrorCode e2 = U_ZERO_ERROR;
        int32_t l = 0;
        const UChar *s = ures_getStringByKey(locs, cur, &l, &e2);
        if (U_SUCCESS(e2)) {
            char b[64];
            u_UCharsToChars(s, b, l < 63 ? l : 63);
            b[l < 63 ? l : 63] = 0;
            set = b;
            break;
        }
        UErrorCode e3 = U_ZERO_ERROR;
        char parent[ULOC_FULLNAME_CAPACITY];
        int32_t pl = uloc_getParent(cur, parent, (int32_t)sizeof parent, &e3);
        if (U_FAILURE(e3) || pl <= 0) break;
        memcpy(cur, parent, (size_t)pl + 1);
    }
    if (set.empty()) {
        // root: everything is "other"
        ures_close(locs);
        ures_close(root);
        if (strcmp(keyword, "other") == 0) return copyOut("", 0, out, cap, status);
        *status = U_MISSING_RESOURCE_ERROR;
        return 0;
    }
    UResourceBundle *rules = ures_getByKey(root, "rules", nullptr, &ec);
    UResourceBundle *setb = ures_getByKey(rules, set.c_str(), nullptr, &ec);
    int32_t n = 0;
    if (U_SUCCESS(ec)) {
        UErrorCode e2 = U_ZERO_ERROR;
        int32_t l = 0;
        const UChar *s = ures_getStringByKey(setb, keyword, &l, &e2);
        if (U_SUCCESS(e2)) {
            n = toUTF8(s, l, out, cap, status);
        } else {
            *status = e2;
        }
    } else {
        *status = ec;
    }
    ures_close(setb);
    ures_close(rules);
    ures_close(locs);
    ures_close(root);
    return n;
}

// MARK: numbers

HICUNumberFormatter *hicu_number_open(const char *skeleton, const char *locale,
                                      int32_t *error_offset, int32_t *status) {
    int32_t st = 0;
    int32_t n = toUTF16(skeleton, -1, scratch.a, &st);
    if (n < 0) {
        *status = st;
        return nullptr;
    }
    UErrorCode ec = U_ZERO_ERROR;
    UParseError pe;
    pe.offset = -1;
    UNumberFormatter *f =
        unumf_openForSkeletonAndLocaleWithError(scratch.a.data(), n, locale, &pe, &ec);
    if (U_FAILURE(ec)) {
        if (error_offset) *error_offset = pe.offset;
        *status = ec;
        if (f) unumf_close(f);
        return nullptr;
    }
    if (error_offset) *error_offset = -1;
    return new HICUNumberFormatter{f, strcmp(skeleton, "precision-integer") == 0};
}

void hicu_number_close(HICUNumberFormatter *fmt) {
    if (!fmt) return;
    unumf_close(fmt->fmt);
    delete fmt;
}

static int32_t resultOut(UFormattedNumber *r, char *out, int32_t cap, int32_t *status) {
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) { return unumf_resultToString(r, b, c, ec); },
        out, cap, status);
}

int32_t hicu_number_format_int(const HICUNumberFormatter *fmt, int64_t value, char *out,
                               int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *r = threadResult(&ec);
    unumf_formatInt(fmt->fmt, value, r, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return resultOut(r, out, cap, status);
}

int32_t hicu_number_format_double(const HICUNumberFormatter *fmt, double value, char *out,
                                  int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *r = threadResult(&ec);
    unumf_formatDouble(fmt->fmt, value, r, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return resultOut(r, out, cap, status);
}

int32_t hicu_number_format_decimal(const HICUNumberFormatter *fmt, const char *decimal,
                                   int32_t decimal_len, char *out, int32_t cap,
                                   int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *r = threadResult(&ec);
    unumf_formatDecimal(fmt->fmt, decimal, decimal_len, r, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return resultOut(r, out, cap, status);
}

// "123450", 2 -> "1234.50"; "-5", 2 -> "-0.05". Returns the length.
static int32_t minorUnitsDecimal(int64_t minor, int32_t digits, char *out) {
    char rev[24];
    int32_t n = 0;
    uint64_t mag = minor < 0 ? (uint64_t)0 - (uint64_t)minor : (uint64_t)minor;
    do {
        rev[n++] = (char)('0' + mag % 10);
        mag /= 10;
    } while (mag);
    while (n <= digits) rev[n++] = '0';  // at least one integer digit
    int32_t len = 0;
    if (minor < 0) out[len++] = '-';
    for (int32_t i = n - 1; i >= 0; i--) {
        out[len++] = rev[i];
        if (i == digits && digits > 0) out[len++] = '.';
    }
    out[len] = 0;
    return len;
}

static HICUPluralCategory keywordCategory(const UChar *kw, int32_t len) {
    if (len < 3) return HICUPluralCategoryOther;
    switch (kw[0]) {
        case u'z': return HICUPluralCategoryZero;
        case u'o': return kw[1] == u'n' ? HICUPluralCategoryOne : HICUPluralCategoryOther;
        case u't': return HICUPluralCategoryTwo;
        case u'f': return HICUPluralCategoryFew;
        case u'm': return HICUPluralCategoryMany;
        default: return HICUPluralCategoryOther;
    }
}

int32_t hicu_number_format_select_index(const HICUNumberFormatter *fmt,
                                        const HICUPluralRules *rules, HICUNumberKind kind,
                                        int64_t int_value, double double_value,
                                        const char *decimal, int32_t decimal_len,
                                        int32_t digits, char *out, int32_t cap,
                                        HICUPluralCategory *category, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UFormattedNumber *r = threadResult(&ec);
    switch (kind) {
        case HICUNumberKindInt64: unumf_formatInt(fmt->fmt, int_value, r, &ec); break;
        case HICUNumberKindDouble: unumf_formatDouble(fmt->fmt, double_value, r, &ec); break;
        case HICUNumberKindMinorUnits: {
            if (digits < 0 || digits > 18) {
                *status = U_ILLEGAL_ARGUMENT_ERROR;
                return 0;
            }
            char buf[48];
            int32_t n = minorUnitsDecimal(int_value, digits, buf);
            unumf_formatDecimal(fmt->fmt, buf, n, r, &ec);
            break;
        }
        case HICUNumberKindDecimal:
            unumf_formatDecimal(fmt->fmt, decimal, decimal_len, r, &ec);
            break;
    }
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    if (category) *category = HICUPluralCategoryNotSelected;
    if (rules && category) {
        UChar kw[16];
        UErrorCode e2 = U_ZERO_ERROR;
        int32_t kl;
        // An integer shown by a bare precision-integer formatter has the
        // operands of the integer itself: select on it directly (exact up to
        // 2^53), which gives the same category as uplrules_selectFormatted
        // without ICU rebuilding a double from the formatted digits' text.
        if (kind == HICUNumberKindInt64 && fmt->exactInteger && int_value >= -(INT64_C(1) << 53) &&
            int_value <= (INT64_C(1) << 53)) {
            kl = uplrules_select(rules->rules, (double)int_value, kw, 16, &e2);
        } else {
            kl = uplrules_selectFormatted(rules->rules, r, kw, 16, &e2);
        }
        if (U_FAILURE(e2)) {
            *status = e2;
            return 0;
        }
        *category = keywordCategory(kw, kl);
    }
    return resultOut(r, out, cap, status);
}

int32_t hicu_currency_fraction_digits(const char *iso_code, HICUCurrencyUsage usage,
                                      int32_t *status) {
    UChar code[4];
    if (strlen(iso_code) != 3) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    u_charsToUChars(iso_code, code, 3);
    code[3] = 0;
    UErrorCode ec = U_ZERO_ERROR;
    int32_t d = ucurr_getDefaultFractionDigitsForUsage(
        code, usage == HICUCurrencyUsageCash ? UCURR_USAGE_CASH : UCURR_USAGE_STANDARD, &ec);
    if (U_FAILURE(ec)) *status = ec;
    return d;
}

// MARK: dates

int hicu_zone_is_known(const char *zone) {
    int32_t st = 0;
    std::vector<UChar> z;
    int32_t n = toUTF16(zone, -1, z, &st);
    if (n <= 0) return 0;
    UChar canon[128];
    UBool isSystem = 0;
    UErrorCode ec = U_ZERO_ERROR;
    ucal_getCanonicalTimeZoneID(z.data(), n, canon, 128, &isSystem, &ec);
    return U_SUCCESS(ec) && isSystem ? 1 : 0;
}

int32_t hicu_zone_offset_ms(const char *zone, double epoch_ms, int32_t *status) {
    if (!hicu_zone_is_known(zone)) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    int32_t st = 0;
    std::vector<UChar> z;
    int32_t n = toUTF16(zone, -1, z, &st);
    UErrorCode ec = U_ZERO_ERROR;
    UCalendar *cal = ucal_open(z.data(), n, "en", UCAL_GREGORIAN, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    ucal_setMillis(cal, epoch_ms, &ec);
    int32_t off = ucal_get(cal, UCAL_ZONE_OFFSET, &ec) + ucal_get(cal, UCAL_DST_OFFSET, &ec);
    ucal_close(cal);
    if (U_FAILURE(ec)) *status = ec;
    return off;
}

HICUDateFormatter *hicu_date_open(const char *locale, const char *zone, const char *skeleton,
                                  HICUDateStyle date_style, HICUDateStyle time_style,
                                  int32_t *status) {
    if (!hicu_zone_is_known(zone)) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return nullptr;
    }
    int32_t st = 0;
    std::vector<UChar> z;
    int32_t zn = toUTF16(zone, -1, z, &st);
    UErrorCode ec = U_ZERO_ERROR;
    UDateFormat *f = nullptr;
    if (skeleton) {
        std::vector<UChar> sk;
        int32_t sn = toUTF16(skeleton, -1, sk, &st);
        if (sn < 0) {
            *status = st;
            return nullptr;
        }
        UDateTimePatternGenerator *g = udatpg_open(locale, &ec);
        if (U_FAILURE(ec)) {
            *status = ec;
            return nullptr;
        }
        UChar pattern[256];
        int32_t pn = udatpg_getBestPattern(g, sk.data(), sn, pattern, 256, &ec);
        udatpg_close(g);
        if (U_FAILURE(ec)) {
            *status = ec;
            return nullptr;
        }
        f = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, z.data(), zn, pattern, pn, &ec);
    } else {
        auto style = [](HICUDateStyle s) -> UDateFormatStyle {
            switch (s) {
                case HICUDateStyleFull: return UDAT_FULL;
                case HICUDateStyleLong: return UDAT_LONG;
                case HICUDateStyleMedium: return UDAT_MEDIUM;
                case HICUDateStyleShort: return UDAT_SHORT;
                case HICUDateStyleNone: break;
            }
            return UDAT_NONE;
        };
        f = udat_open(style(time_style), style(date_style), locale, z.data(), zn, nullptr, 0,
                      &ec);
    }
    if (U_FAILURE(ec)) {
        *status = ec;
        if (f) udat_close(f);
        return nullptr;
    }
    return new HICUDateFormatter{f};
}

void hicu_date_close(HICUDateFormatter *fmt) {
    if (!fmt) return;
    udat_close(fmt->fmt);
    delete fmt;
}

int32_t hicu_date_format(HICUDateFormatter *fmt, double epoch_ms, char *out, int32_t cap,
                         int32_t *status) {
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) {
            return udat_format(fmt->fmt, epoch_ms, b, c, nullptr, ec);
        },
        out, cap, status);
}

int32_t hicu_date_pattern(const HICUDateFormatter *fmt, char *out, int32_t cap,
                          int32_t *status) {
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) {
            return udat_toPattern(fmt->fmt, 0, b, c, ec);
        },
        out, cap, status);
}

// MARK: relative time

HICURelativeFormatter *hicu_relative_open(const char *locale, HICURelativeWidth width,
                                          int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UDateRelativeDateTimeFormatterStyle s =
        width == HICURelativeWidthNarrow ? UDAT_STYLE_NARROW
        : width == HICURelativeWidthShort ? UDAT_STYLE_SHORT : UDAT_STYLE_LONG;
    URelativeDateTimeFormatter *f =
        ureldatefmt_open(locale, nullptr, s, UDISPCTX_CAPITALIZATION_NONE, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        if (f) ureldatefmt_close(f);
        return nullptr;
    }
    return new HICURelativeFormatter{f};
}

void hicu_relative_close(HICURelativeFormatter *fmt) {
    if (!fmt) return;
    ureldatefmt_close(fmt->fmt);
    delete fmt;
}

int32_t hicu_relative_format(HICURelativeFormatter *fmt, double offset, HICURelativeUnit unit,
                             int numeric, char *out, int32_t cap, int32_t *status) {
    static const URelativeDateTimeUnit units[] = {
        UDAT_REL_UNIT_YEAR, UDAT_REL_UNIT_QUARTER, UDAT_REL_UNIT_MONTH, UDAT_REL_UNIT_WEEK,
        UDAT_REL_UNIT_DAY,  UDAT_REL_UNIT_HOUR,    UDAT_REL_UNIT_MINUTE, UDAT_REL_UNIT_SECOND};
    if (unit < HICURelativeUnitYear || unit > HICURelativeUnitSecond) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    return produce(
        [&](UChar *b, int32_t c, UErrorCode *ec) {
            return numeric ? ureldatefmt_formatNumeric(fmt->fmt, offset, units[unit], b, c, ec)
                           : ureldatefmt_format(fmt->fmt, offset, units[unit], b, c, ec);
        },
        out, cap, status);
}

// MARK: message format

HICUMessageFormat *hicu_message_open(const char *pattern, const char *locale,
                                     int32_t *error_line, int32_t *error_offset,
                                     int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UParseError pe;
    pe.line = 0;
    pe.offset = -1;
    icu::UnicodeString p = icu::UnicodeString::fromUTF8(pattern);
    auto *f = new icu::MessageFormat(p, icu::Locale(locale), pe, ec);
    if (U_FAILURE(ec)) {
        delete f;
        if (error_line) *error_line = pe.line;
        if (error_offset) *error_offset = pe.offset;
        *status = ec;
        return nullptr;
    }
    return new HICUMessageFormat{f};
}

void hicu_message_close(HICUMessageFormat *fmt) {
    if (!fmt) return;
    delete fmt->fmt;
    delete fmt;
}

int hicu_message_uses_names(const HICUMessageFormat *fmt) {
    return fmt->fmt->usesNamedArguments() ? 1 : 0;
}

int32_t hicu_message_format(HICUMessageFormat *fmt, int32_t count, const char *const *names,
                            const HICUMessageArgumentKind *kinds, const char *const *values,
                            const int32_t *valueLengths, const double *numbers, char *out,
                            int32_t cap, int32_t *status) {
    std::vector<icu::UnicodeString> argNames((size_t)(count > 0 ? count : 0));
    std::vector<icu::Formattable> args((size_t)(count > 0 ? count : 0));
    UErrorCode ec = U_ZERO_ERROR;
    for (int32_t i = 0; i < count; i++) {
        argNames[(size_t)i] = icu::UnicodeString::fromUTF8(names[i]);
        switch (kinds[i]) {
            case HICUMessageArgumentKindDecimal: {
                icu::Formattable f(icu::StringPiece(values[i], valueLengths[i]), ec);
                if (U_FAILURE(ec)) {
                    *status = ec;
                    return 0;
                }
                args[(size_t)i] = f;
                break;
            }
            case HICUMessageArgumentKindDate:
                args[(size_t)i] = icu::Formattable(numbers[i], icu::Formattable::kIsDate);
                break;
            case HICUMessageArgumentKindString:
                // By length: a string argument may hold NUL characters.
                args[(size_t)i] = icu::Formattable(
                    icu::UnicodeString::fromUTF8(icu::StringPiece(values[i], valueLengths[i])));
                break;
        }
    }
    icu::UnicodeString result;
    fmt->fmt->format(argNames.data(), args.data(), count, result, ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return toUTF8(result.getBuffer(), result.length(), out, cap, status);
}

// MARK: text

HICUDirection hicu_text_base_direction(const char *text, int32_t len) {
    int32_t st = 0;
    int32_t n = toUTF16(text, len, scratch.a, &st);
    if (n <= 0) return HICUDirectionNeutral;
    UBiDiDirection d = ubidi_getBaseDirection(scratch.a.data(), n);
    return d == UBIDI_LTR ? HICUDirectionLeftToRight
           : d == UBIDI_RTL ? HICUDirectionRightToLeft : HICUDirectionNeutral;
}

int32_t hicu_bidi_visual_map(const uint16_t *text, int32_t len, HICUBidiParagraph paragraph,
                             int32_t *map, int32_t cap, int32_t *status) {
    UErrorCode ec = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(len, 0, &ec);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    UBiDiLevel para = paragraph == HICUBidiParagraphFirstStrong ? UBIDI_DEFAULT_LTR
                      : paragraph == HICUBidiParagraphRightToLeft ? 1 : 0;
    ubidi_setPara(bidi, reinterpret_cast<const UChar *>(text), len, para, nullptr, &ec);
    int32_t n = U_SUCCESS(ec) ? ubidi_getResultLength(bidi) : 0;
    if (U_SUCCESS(ec) && n <= cap) ubidi_getVisualMap(bidi, map, &ec);
    ubidi_close(bidi);
    if (U_FAILURE(ec)) {
        *status = ec;
        return 0;
    }
    return n;
}

}  // extern "C"
